import { toValidationError } from '@limbic/core';
import { routes, toRestAction } from '@limbic/protocol';
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context.js';
import { objectBody, sessionIdParam } from './route-input.js';

interface SessionParams {
  Params: { sessionId: string };
}

interface ParticipantParams {
  Params: { sessionId: string; participantId: string };
}

/**
 * Proactive behaviour: GET /v1/proactive/:sessionId (the pending actions, oldest first; a due time-driven check
 * runs first), PUT /v1/proactive/:sessionId/preferences, PUT /v1/proactive/:sessionId/participants/:participantId
 * (a participant's own policy), and POST /v1/proactive/:sessionId/ack with
 * `{action_id}` or `{id}` (the REST form of the WebSocket's ack_proactive; idempotent).
 */
export function registerProactiveRoutes(app: FastifyInstance, context: GatewayContext): void {
  const { service } = context;

  app.get<SessionParams>(routes.pendingActions.path, async (request) => {
    const actions = await service.pendingActions(
      request.principal.owner,
      sessionIdParam(request.params.sessionId),
    );
    return actions.map(toRestAction);
  });

  app.put<SessionParams>(routes.setPreferences.path, async (request) =>
    service.setPreferences(
      request.principal.owner,
      sessionIdParam(request.params.sessionId),
      objectBody(request.body),
    ),
  );

  app.put<ParticipantParams>(routes.setParticipantPolicy.path, async (request) =>
    service.outreach.setParticipantPolicy(
      request.principal.owner,
      sessionIdParam(request.params.sessionId),
      request.params.participantId,
      objectBody(request.body),
    ),
  );

  app.post<SessionParams>(routes.acknowledgeAction.path, async (request) => {
    const sessionId = sessionIdParam(request.params.sessionId);
    const body = objectBody(request.body);
    const unknown = Object.keys(body).filter((key) => key !== 'action_id' && key !== 'id');
    if (unknown.length > 0) {
      throw toValidationError(
        'acknowledgement',
        unknown.map((key) => ({ path: key, message: 'is not a known field' })),
      );
    }
    // The action's id under either of its names: `action_id` (WebSocket, the reply) or `id` (the REST list).
    if ('id' in body) {
      if ('action_id' in body) {
        throw toValidationError('acknowledgement', [
          { path: 'id', message: 'give one of action_id and id (the same id under two names), not both' },
        ]);
      }
      if (typeof body.id !== 'string' || body.id.length === 0 || body.id.length > 128) {
        throw toValidationError('acknowledgement', [
          { path: 'id', message: 'must be a non-empty string of at most 128 characters' },
        ]);
      }
    }
    return service.acknowledge(request.principal.owner, sessionId, body.action_id ?? body.id);
  });
}
