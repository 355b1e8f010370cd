import type { FastifyInstance, HTTPMethods } from 'fastify';
import { serverError } from '../errors.js';

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
  const known = knownPaths.get(app) ?? [];
  knownPaths.set(app, known);
  for (const [url, allowed] of served) {
    const allow = methods.filter((method) => allowed.has(method)).join(', ');
    known.push({ pattern: patternOf(url), allow });
    const missing = methods.filter((method) => !allowed.has(method));
    if (missing.length === 0) continue;
    app.route({
      method: missing,
      url,
      config: { public: true },
      onRequest: async (request, reply) => {
        reply.header('Allow', allow);
        throw serverError('METHOD_NOT_ALLOWED', `${request.method} is not allowed on ${url}; use ${allow}`);
      },
      handler: async () => undefined,
    });
  }
}

// The known paths of each app, for methods the router has no routes for at all (TRACE, PROPFIND, …).
const knownPaths = new WeakMap<FastifyInstance, { pattern: RegExp; allow: string }[]>();

/** A route path as a regular expression: `:param` matches one segment, `*` anything. */
function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((part) =>
      part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}$`);
}

/**
 * The `Allow` value of a known path, or undefined: for the not-found handler, which answers 405 rather than 404 to
 * a method Fastify does not route (TRACE, PROPFIND, …) on a path that exists.
 */
export function allowedMethodsOf(app: FastifyInstance, method: string, path: string): string | undefined {
  // The router's own methods get their 405 from the routes above; a 404 for them is a real one (a missing file).
  if ((methods as readonly string[]).includes(method)) return undefined;
  return knownPaths.get(app)?.find((known) => known.pattern.test(path))?.allow;
}
