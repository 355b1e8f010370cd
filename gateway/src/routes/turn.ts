import { toValidationError } from '@limbic/core';
import { aliasDeprecation, resolveAliases, routes } from '@limbic/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { GatewayContext } from '../context.js';
import { objectBody } from './route-input.js';

/**
 * A turn's body with REST's deprecated aliases renamed (`elapsed_seconds` → `elapsedSeconds`); a request that used
 * one is answered with RFC 9745's `Deprecation` header. A field under both names is a VALIDATION_ERROR.
 */
function turnBody(subject: string, body: unknown, reply: FastifyReply): Record<string, unknown> {
  const { fields, used, issues } = resolveAliases(objectBody(body), 'rest');
  if (issues.length > 0) throw toValidationError(subject, [...issues]);
  if (used.length > 0) reply.header('Deprecation', aliasDeprecation);
  return fields;
}

/**
 * Turns: POST /v1/turn/appraisal (a pre-computed appraisal) and POST /v1/turn (text: `message`, or `event` with
 * `description` and `source`). Both answer 200 with the turn result. The core validates the body (a hand-written
 * fast path for clean appraisal turns, zod with every issue otherwise), so the hot route adds no schema work.
 */
export function registerTurnRoutes(app: FastifyInstance, context: GatewayContext): void {
  const { service } = context;

  app.post(routes.appraisalTurn.path, async (request, reply) =>
    service.appraisalTurn(request.principal.owner, turnBody('appraisal turn', request.body, reply)),
  );

  app.post(routes.textTurn.path, async (request, reply) =>
    service.textTurn(request.principal.owner, turnBody('turn', request.body, reply)),
  );
}
