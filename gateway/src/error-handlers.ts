import type { FastifyInstance } from 'fastify';
import { classify, statusOf, toErrorBody } from './errors.js';
import { redact } from './redact.js';
import { allowedMethodsOf } from './routes/method-not-allowed.js';

/**
 * Sets the answers of requests no route completed, in the documented error shape: a thrown error (classified, with
 * Retry-After when it has one; server errors logged), a known path asked with another method (405 with Allow), and
 * an unknown path (404).
 */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const c = classify(error);
    if (statusOf(c.code) >= 500) request.log.error({ err: error }, 'request failed');
    if (c.retryAfter !== undefined) reply.header('Retry-After', String(c.retryAfter));
    reply.status(statusOf(c.code)).send(toErrorBody(c, request.id));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const allow = allowedMethodsOf(app, request.method, path);
    if (allow !== undefined) {
      // A path that exists, asked with a method no route of the router serves (TRACE, PROPFIND, …).
      reply.header('Allow', allow);
      reply.status(statusOf('METHOD_NOT_ALLOWED')).send(
        toErrorBody(
          {
            code: 'METHOD_NOT_ALLOWED',
            message: `${request.method} is not allowed on ${redact(path)}; use ${allow}`,
          },
          request.id,
        ),
      );
      return;
    }
    const body = toErrorBody(
      {
        code: 'NOT_FOUND',
        message: `No route ${request.method} ${redact(request.url.split('?')[0] ?? '')}`,
      },
      request.id,
    );
    reply.status(statusOf('NOT_FOUND')).send(body);
  });
}
