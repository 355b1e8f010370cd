import { routes, toRestAction } from '@limbic/protocol';
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context.js';
import { objectBody, sessionIdParam } from './route-input.js';

interface SessionParams {
  Params: { id: string };
}

/**
 * The operator's controls of one session (docs/time-control.md): POST /v1/persona/:id/tick `{seconds}` advances the
 * session's own time and answers the state with the actions its due check raised; POST /v1/persona/:id/override
 * sets values of its state, logged with the API key id that asked. Another key's session is NOT_FOUND.
 */
export function registerControlRoutes(app: FastifyInstance, context: GatewayContext): void {
  const { service } = context;

  app.post<SessionParams>(routes.tickSession.path, async (request) => {
    const result = await service.controls.tick(
      request.principal.owner,
      sessionIdParam(request.params.id),
      objectBody(request.body),
    );
    return { ...result, actions: result.actions.map(toRestAction) };
  });

  app.post<SessionParams>(routes.overrideState.path, async (request) =>
    service.controls.override(
      request.principal.owner,
      sessionIdParam(request.params.id),
      objectBody(request.body),
      request.principal.keyId,
    ),
  );
}
