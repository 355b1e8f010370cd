import type { FastifyInstance } from 'fastify';
import { admit, clientAddress, connectionRefusal, shuttingDown } from './auth/admit.js';
import { bearerToken } from './auth/authenticator.js';
import { rateLimitHeaders } from './auth/rate-limiter.js';
import type { GatewayContext } from './context.js';
import { serverError } from './errors.js';

const bodyless = new Set(['DELETE', 'GET', 'HEAD']);

/**
 * Adds what every REST request goes through before its route: JSON-only body parsing, the response headers every
 * answer carries, the per-address connection cap, and admission (API key, failed-authentication limit, plan rate
 * limit) for every route not marked public, which sets `request.principal`.
 */
export function registerRequestHooks(app: FastifyInstance, context: GatewayContext): void {
  // JSON only: without the text/plain parser every other content type is answered with 415.
  app.removeContentTypeParser('text/plain');
  // Fastify's JSON parser (prototype poisoning refused), except that a body-less DELETE, GET or HEAD whose client
  // still sends `Content-Type: application/json` (many HTTP libraries do) has no body rather than an invalid one.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' && bodyless.has(request.method)) done(null, undefined);
    else parseJson(request, body as string, done);
  });
  app.decorateRequest('principal', null as never);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('Request-Id', request.id);
    reply.header('Referrer-Policy', 'no-referrer');
    // Session data and errors are never cached; the static documents (openapi.json, presets) revalidate instead.
    if (request.url.startsWith('/v1/')) reply.header('Cache-Control', 'no-store');
    const overCap = connectionRefusal(context, request.raw.socket);
    if (overCap) {
      reply.header('Connection', 'close');
      throw serverError(overCap.code, overCap.message, { retryAfter: overCap.retryAfter as number });
    }
    if (request.is404 || request.routeOptions.config.public) {
      if (context.closing)
        throw serverError(shuttingDown.code, shuttingDown.message, {
          retryAfter: shuttingDown.retryAfter,
        });
      return;
    }
    const admission = await admit(context, {
      credential: bearerToken(request.headers.authorization),
      address: clientAddress(context, request.raw),
      transport: 'rest',
    });
    if (!admission.ok) {
      const { decision, ...refusal } = admission.refusal;
      if (decision) reply.headers(rateLimitHeaders(decision));
      throw serverError(refusal.code, refusal.message, {
        ...(refusal.retryAfter === undefined ? {} : { retryAfter: refusal.retryAfter }),
      });
    }
    request.principal = admission.principal;
    reply.headers(rateLimitHeaders(admission.decision));
  });
}
