import type { FastifyInstance, HTTPMethods } from 'fastify';
import { GatewayError } from '../errors.js';

/** The methods a path answers 405 to when it does not serve them. */
const methods: readonly HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * Registers, for each known path, the methods it does not serve as public routes that answer 405
 * METHOD_NOT_ALLOWED with an `Allow` header. They fail in `onRequest`, before authentication and body parsing, so
 * the answer does not depend on the key or the body.
 */
export function registerMethodNotAllowed(
  app: FastifyInstance,
  served: ReadonlyMap<string, Set<string>>,
): void {
  for (const [url, allowed] of served) {
    const missing = methods.filter((method) => !allowed.has(method));
    if (missing.length === 0) continue;
    const allow = methods.filter((method) => allowed.has(method)).join(', ');
    app.route({
      method: missing,
      url,
      config: { public: true },
      onRequest: async (request, reply) => {
        reply.header('Allow', allow);
        throw new GatewayError(
          'METHOD_NOT_ALLOWED',
          `${request.method} is not allowed on ${url}; use ${allow}`,
        );
      },
      handler: async () => undefined,
    });
  }
}
