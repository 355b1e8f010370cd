import { routes } from '@limbic/protocol';
import type { FastifyInstance } from 'fastify';
import { serverError } from '../errors.js';

/**
 * GET /v1/ws/:sessionId without an upgrade: 426 UPGRADE_REQUIRED with `Upgrade: websocket` (RFC 9110 §15.5.22),
 * not 404, so a client that forgot the upgrade (or a generated REST client) learns what the path is. Upgrades never
 * reach this route: the WebSocket endpoint takes them on the server's upgrade event.
 */
export function registerWebSocketHint(app: FastifyInstance): void {
  app.get(routes.webSocket.path, { config: { public: true } }, async (_request, reply) => {
    reply.header('Upgrade', 'websocket');
    throw serverError(
      'UPGRADE_REQUIRED',
      'GET /v1/ws/:sessionId: must be a WebSocket upgrade (Upgrade: websocket); see docs/protocol.md',
    );
  });
}
