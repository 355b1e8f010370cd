import { routes } from '@limbic/protocol';
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context.js';
import { onlyParams, sessionIdParam, singleParam } from './route-input.js';

interface SessionParams {
  Params: { id: string };
}

const relationshipParams = ['participant'] as const;

/**
 * A person's relationship health, under the session's own path: GET /v1/persona/:id/relationship, with the
 * relationship now, its trend over 7 and 30 days, message counts and the relationship signals
 * (docs/relationship-health.md). `participant` names a participant of a group; without it, the default person
 * (turns without `from`). NOT_FOUND says whether the session or the participant is missing.
 */
export function registerRelationshipRoutes(app: FastifyInstance, context: GatewayContext): void {
  const { service } = context;
  app.get<SessionParams>(routes.getRelationship.path, async (request) => {
    const query = request.query as Record<string, unknown>;
    onlyParams(query, relationshipParams);
    const participant = singleParam(query, 'participant');
    return service.relationships.get(request.principal.owner, sessionIdParam(request.params.id), {
      ...(participant === undefined ? {} : { participant }),
    });
  });
}
