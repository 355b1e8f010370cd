import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCode } from '@limbic/protocol';
import { endSocketWithError } from '../error-answer.js';
import { redact } from '../redact.js';
import { handshakeProblem, hostProblem, toOriginForm } from '../request-line.js';

/**
 * Handles an HTTP upgrade request if it owns the request's path: returns true when it took the socket (and will
 * answer or upgrade it), false to let the next handler look. It must decide synchronously.
 */
export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => boolean;

/** The one `'upgrade'` listener of an HTTP server, shared by every WebSocket surface on the port. */
export interface UpgradeRouter {
  /** Adds a handler (tried in the order added); returns a function that removes it. */
  add(handler: UpgradeHandler): () => void;
}

const routers = new WeakMap<Server, UpgradeRouter>();

/**
 * Writes a plain HTTP response on a socket that asked for an upgrade, then closes it. The status is the error
 * table's for the code; the body is the REST error body with its request id (also sent as `Request-Id`), so
 * non-browser clients read the same codes as everywhere else.
 */
export function rejectUpgrade(
  socket: Duplex,
  body: { code: ErrorCode; message: string },
  headers: Record<string, string> = {},
): void {
  endSocketWithError(socket, { code: body.code, message: body.message }, headers);
}

/**
 * Takes the socket when the request cannot open a WebSocket (request-line.ts, `handshakeProblem`), answering in
 * the documented shape; returns false when the handshake may go ahead. Each WebSocket surface calls it once it
 * owns the request's path, before `handleUpgrade`.
 */
export function refuseBadHandshake(request: IncomingMessage, socket: Duplex): boolean {
  const problem = handshakeProblem(request);
  if (!problem) return false;
  rejectUpgrade(socket, problem, problem.code === 'METHOD_NOT_ALLOWED' ? { Allow: 'GET' } : {});
  return true;
}

/**
 * The upgrade router of `server`, created on first use. Its single `'upgrade'` listener offers each request to
 * the handlers in turn and answers 404 only when none of them owns the path. This is the extension point for
 * more WebSocket surfaces on the same port: the GraphQL layer adds a handler for `/graphql`, e.g.
 * @example
 * upgradeRouterOf(app.server).add((req, socket, head) => {
 *   if (!req.url?.startsWith('/graphql')) return false;
 *   gqlWss.handleUpgrade(req, socket, head, (ws) => gqlWss.emit('connection', ws, req));
 *   return true;
 * });
 */
export function upgradeRouterOf(server: Server): UpgradeRouter {
  const existing = routers.get(server);
  if (existing) return existing;
  const handlers: UpgradeHandler[] = [];
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // As for HTTP requests (gateway.ts): origin form, and one valid Host.
    if (request.url !== undefined) request.url = toOriginForm(request.url);
    const host = hostProblem(request);
    if (host) {
      rejectUpgrade(socket, host);
      return;
    }
    for (const handler of handlers) {
      try {
        if (handler(request, socket, head)) return;
      } catch {
        rejectUpgrade(socket, { code: 'INTERNAL_ERROR', message: 'Internal error' });
        return;
      }
    }
    const path = redact((request.url ?? '/').split('?')[0] ?? '/').slice(0, 200);
    rejectUpgrade(socket, { code: 'NOT_FOUND', message: `No WebSocket endpoint at ${path}` });
  });
  const router: UpgradeRouter = {
    add(handler) {
      handlers.push(handler);
      return () => {
        const i = handlers.indexOf(handler);
        if (i >= 0) handlers.splice(i, 1);
      };
    },
  };
  routers.set(server, router);
  return router;
}
