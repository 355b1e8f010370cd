import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context.js';
import { objectBody } from './route-input.js';

/**
 * Turns: POST /v1/turn/appraisal (a pre-computed appraisal) and POST /v1/turn (text: `message`, or `event` with
 * `description` and `source`). Both answer 200 with the turn result. The core validates the body (a hand-written
 * fast path for clean appraisal turns, zod with every issue otherwise), so the hot route adds no schema work.
 */
export function registerTurnRoutes(app: FastifyInstance, context: GatewayContext): void {
  const { service } = context;

  app.post('/v1/turn/appraisal', async (request) =>
    service.appraisalTurn(request.principal.owner, objectBody(request.body)),
  );

  app.post('/v1/turn', async (request) =>
    service.textTurn(request.principal.owner, objectBody(request.body)),
  );
}
