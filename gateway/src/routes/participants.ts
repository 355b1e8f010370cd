import { routes } from '@limbic/protocol';
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context.js';
import { onlyParams, sessionIdParam, singleParam } from './route-input.js';

interface SessionParams {
  Params: { id: string };
}

interface ParticipantParams {
  Params: { id: string; participantId: string };
}

const listParams = ['cursor', 'limit'] as const;

/**
 * The participants of a group session, under the session's own path: GET /v1/persona/:id/participants (cursor
 * pages in id order, `limit` 1-100, default 20, as the session list) and DELETE
 * /v1/persona/:id/participants/:participantId (forgets one: `{forgotten: true, id}`; NOT_FOUND says whether the
 * session or the participant is missing).
 */
export function registerParticipantRoutes(app: FastifyInstance, context: GatewayContext): void {
  const { service } = context;

  app.get<SessionParams>(routes.listParticipants.path, async (request) => {
    const query = request.query as Record<string, unknown>;
    onlyParams(query, listParams);
    const cursor = singleParam(query, 'cursor');
    const limit = singleParam(query, 'limit');
    return service.listParticipants(request.principal.owner, sessionIdParam(request.params.id), {
      cursor: cursor || null,
      ...(limit === undefined ? {} : { limit }),
    });
  });

  app.delete<ParticipantParams>(routes.forgetParticipant.path, async (request) =>
    service.forgetParticipant(
      request.principal.owner,
      sessionIdParam(request.params.id),
      request.params.participantId,
    ),
  );
}
