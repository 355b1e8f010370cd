import type { Duplex } from 'node:stream';
import type { TypedEmitter } from '@limbic/core/emitter';
import { startTestGateway, type TestGateway } from '../../gateway/test/harness.js';
import { createLimbicClient, type LimbicClient, type LimbicClientOptions } from '../src/index.js';
import type { LimbicSocketEvents } from '../src/socket-types.js';

/** A test gateway, a client on it with the pro key, and the server side of every WebSocket upgraded so far. */
export interface ClientFixture {
  t: TestGateway;
  client: LimbicClient;
  /** A client of the same gateway with other options (the pro key unless `apiKey` is given). */
  clientWith(options: Partial<LimbicClientOptions>): LimbicClient;
  /** Destroys the server side of every open WebSocket, as a network failure would (the client sees 1006). */
  dropSockets(): void;
}

/** Starts a gateway on 127.0.0.1:0 and a client on it. Close `t` in afterEach. */
export async function startClientFixture(): Promise<ClientFixture> {
  const t = await startTestGateway();
  const sockets = new Set<Duplex>();
  t.gateway.app.server.on('upgrade', (_request, socket: Duplex) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const clientWith = (options: Partial<LimbicClientOptions>) =>
    createLimbicClient({ baseUrl: t.url, apiKey: t.keys.pro, ...options });
  return {
    t,
    client: clientWith({}),
    clientWith,
    dropSockets() {
      for (const socket of sockets) socket.destroy();
    },
  };
}

/** Small backoff delays, so reconnect tests wait milliseconds. */
export const fastReconnect = { initialDelayMs: 5, maxDelayMs: 20, jitter: 0 } as const;

/**
 * The next emission of `event` (matching `accept`, when given); rejects after `ms` so a test never hangs. Subscribe
 * before doing what causes the event.
 */
export function nextEvent<K extends keyof LimbicSocketEvents>(
  socket: Pick<TypedEmitter<LimbicSocketEvents>, 'on'>,
  event: K,
  accept: (...args: LimbicSocketEvents[K]) => boolean = () => true,
  ms = 5_000,
): Promise<LimbicSocketEvents[K]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`timed out after ${ms} ms waiting for the ${String(event)} event`));
    }, ms);
    const off = socket.on(event, (...args) => {
      if (!accept(...args)) return;
      clearTimeout(timer);
      off();
      resolve(args);
    });
  });
}
