import { routes } from '@limbic/protocol';
import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context.js';
import { sessionIdParam } from './route-input.js';

/** GET /v1/state/:sessionId: the state snapshot at the current engine time (the WebSocket `state` data). */
export function registerStateRoutes(app: FastifyInstance, context: GatewayContext): void {
  const { service } = context;
  app.get<{ Params: { sessionId: string } }>(routes.getState.path, async (request) =>
    service.getState(request.principal.owner, sessionIdParam(request.params.sessionId)),
  );
}
