import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a {@link WebhookReceiver} got. */
export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  json: { type: string; timestamp: string; data: Record<string, unknown> };
}

/** A local webhook receiver on 127.0.0.1: real HTTP, answering each request with the next status of a script. */
export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Resolves once `count` requests have arrived (at once if they already have). */
  waitFor(count: number): Promise<ReceivedWebhook[]>;
  /** Resolves with the first request of event `type` (at once if it already came). */
  waitForType(type: string): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}

/**
 * Starts a receiver on an ephemeral port. `statuses` are the answers in order; once used up, it answers 204.
 * @example
 * const receiver = await startReceiver([500, 500, 500]); // fails three times, then succeeds
 */
export async function startReceiver(statuses: number[] = []): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const waiters: { count: number; resolve: (all: ReceivedWebhook[]) => void }[] = [];
  const typeWaiters: { type: string; resolve: (one: ReceivedWebhook) => void }[] = [];
  const script = [...statuses];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const one: ReceivedWebhook = { headers: request.headers, body, json: JSON.parse(body) };
      received.push(one);
      for (const waiter of typeWaiters.filter((w) => w.type === one.json.type)) {
        typeWaiters.splice(typeWaiters.indexOf(waiter), 1);
        waiter.resolve(one);
      }
      response.writeHead(script.shift() ?? 204).end();
      for (const waiter of waiters.filter((w) => received.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(received);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    waitFor(count) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    waitForType(type) {
      const found = received.find((r) => r.json.type === type);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => typeWaiters.push({ type, resolve }));
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
