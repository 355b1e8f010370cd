import { toValidationError } from '@limbic/core';
import { toRestAction } from '@limbic/protocol';
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context.js';
import { objectBody, sessionIdParam } from './route-input.js';

interface SessionParams {
  Params: { sessionId: string };
}

/**
 * Proactive behaviour: GET /v1/proactive/:sessionId (the pending actions, oldest first; a due time-driven check
 * runs first), PUT /v1/proactive/:sessionId/preferences, and POST /v1/proactive/:sessionId/ack with
 * `{action_id}` (the REST form of the WebSocket's ack_proactive; idempotent).
 */
export function registerProactiveRoutes(app: FastifyInstance, context: GatewayContext): void {
  const { service } = context;

  app.get<SessionParams>('/v1/proactive/:sessionId', async (request) => {
    const actions = await service.pendingActions(
      request.principal.owner,
      sessionIdParam(request.params.sessionId),
    );
    return actions.map(toRestAction);
  });

  app.put<SessionParams>('/v1/proactive/:sessionId/preferences', async (request) =>
    service.setPreferences(
      request.principal.owner,
      sessionIdParam(request.params.sessionId),
      objectBody(request.body),
    ),
  );

  app.post<SessionParams>('/v1/proactive/:sessionId/ack', async (request) => {
    const sessionId = sessionIdParam(request.params.sessionId);
    const body = objectBody(request.body);
    const unknown = Object.keys(body).filter((key) => key !== 'action_id');
    if (unknown.length > 0) {
      throw toValidationError(
        'acknowledgement',
        unknown.map((key) => ({ path: key, message: 'is not a known field' })),
      );
    }
    return service.acknowledge(request.principal.owner, sessionId, body.action_id);
  });
}
