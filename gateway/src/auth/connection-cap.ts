import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** Open TCP connections per client address, and the ones past the per-address cap. */
export interface ConnectionCounter {
  /** True when `socket` opened while its address already held the cap: its requests are refused. */
  overCap(socket: object): boolean;
  /** Open connections of an address. */
  count(address: string): number;
  /** The cap (LIMBIC_MAX_CONNECTIONS_PER_ADDRESS). */
  readonly max: number;
}

/**
 * Counts the server's TCP connections per remote address (the socket's, never a forwarded header: the cap is on
 * what the peer itself holds). A connection that opens while its address already holds `max` is marked: its
 * requests and upgrades are answered 429 RATE_LIMIT and it is closed, while the address's older connections keep
 * working. A peer that opens connections and sends nothing is closed by the headers timeout.
 */
export function countConnections(server: Server, max: number): ConnectionCounter {
  const open = new Map<string, number>();
  const over = new WeakSet<object>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const held = open.get(address) ?? 0;
    open.set(address, held + 1);
    if (held >= max) over.add(socket);
    socket.once('close', () => {
      const now = (open.get(address) ?? 1) - 1;
      if (now > 0) open.set(address, now);
      else open.delete(address);
    });
  });
  return {
    overCap: (socket) => over.has(socket),
    count: (address) => open.get(address) ?? 0,
    max,
  };
}
