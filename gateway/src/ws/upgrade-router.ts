import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { endSocketWithJson } from '../errors.js';
import { redact } from '../redact.js';

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
 * Writes a plain HTTP response on a socket that asked for an upgrade, then closes it. The body is the REST error
 * body, so non-browser clients read the same codes as everywhere else.
 */
export function rejectUpgrade(
  socket: Duplex,
  status: number,
  body: { code: string; message: string },
  headers: Record<string, string> = {},
): void {
  endSocketWithJson(
    socket,
    status,
    JSON.stringify({ error: { code: body.code, status, message: body.message } }),
    headers,
  );
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
    for (const handler of handlers) {
      try {
        if (handler(request, socket, head)) return;
      } catch {
        rejectUpgrade(socket, 500, { code: 'INTERNAL_ERROR', message: 'Internal error' });
        return;
      }
    }
    const path = redact((request.url ?? '/').split('?')[0] ?? '/').slice(0, 200);
    rejectUpgrade(socket, 404, { code: 'NOT_FOUND', message: `No WebSocket endpoint at ${path}` });
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
