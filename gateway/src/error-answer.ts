import type { Duplex } from 'node:stream';
import { type Classified, endSocketWithJson, statusOf, toErrorBody } from './errors.js';
import { requestId } from './request-line.js';

/** The headers every error answer carries: its request id (also in the body) and no referrer. */
export function errorHeaders(id: string): Record<string, string> {
  return { 'Request-Id': id, 'Referrer-Policy': 'no-referrer' };
}

/**
 * Answers an error straight on a socket that never reached Fastify (requests Node's parser rejects, refused
 * WebSocket upgrades), in the documented shape: a new request id, the table's status, `headers` added, then closes.
 */
export function endSocketWithError(
  socket: Duplex,
  c: Classified,
  headers: Record<string, string> = {},
): void {
  const id = requestId();
  endSocketWithJson(socket, statusOf(c.code), JSON.stringify(toErrorBody(c, id)), {
    ...errorHeaders(id),
    ...headers,
  });
}
