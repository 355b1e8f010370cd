/**
 * The load generators of the gateway benchmark, run in the benchmark's own process: autocannon for REST appraisal
 * turns, and `ws` clients that each keep one turn_appraisal in flight.
 */
import autocannon from 'autocannon';
import WebSocket from 'ws';

/** What a load run sends and over how many connections. */
export interface LoadOptions {
  /** The API key of every request. */
  key: string;
  /** The appraisal of every turn. */
  appraisal: Record<string, number>;
  /** Concurrent connections (each with one request in flight for WebSockets). */
  connections: number;
  /** REST only: send text turns (`POST /v1/turn` with this message) instead of appraisal turns. */
  message?: string;
}

/** The answers of one load run: successes, errors, and the latency of each success, ms. */
export interface LoadResult {
  ok: number;
  errors: number;
  latencies: number[];
}

/**
 * Sends POST /v1/turn/appraisal (or POST /v1/turn with `message`) for `duration` seconds, to one session or to
 * several (one per connection, round robin).
 */
export function httpLoad(
  port: number,
  session: string | readonly string[],
  duration: number,
  { key, appraisal, connections, message }: LoadOptions,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let ok = 0;
  let errors = 0;
  const sessions = typeof session === 'string' ? [session] : session;
  let assigned = 0;
  const bodyOf = (sessionId: string) =>
    JSON.stringify(
      message === undefined
        ? { sessionId, appraisal, context: 'The user said hello.' }
        : { sessionId, message },
    );
  return new Promise((resolve, reject) => {
    const inst = autocannon(
      {
        url: `http://127.0.0.1:${port}${message === undefined ? '/v1/turn/appraisal' : '/v1/turn'}`,
        method: 'POST',
        connections,
        duration,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: bodyOf(sessions[0] ?? ''),
        setupClient: (client) => client.setBody(bodyOf(sessions[assigned++ % sessions.length] ?? '')),
      },
      (err) => (err ? reject(err) : resolve({ ok, errors, latencies })),
    );
    inst.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      if (status === 200) {
        ok++;
        latencies.push(ms);
      } else errors++;
    });
  });
}

/** Sends turn_appraisal messages on `path` for `duration` seconds, the next as soon as the reply comes. */
export async function wsLoad(
  port: number,
  path: string,
  duration: number,
  { appraisal, connections }: LoadOptions,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let ok = 0;
  let errors = 0;
  const end = performance.now() + duration * 1000;
  const sockets = await Promise.all(
    Array.from({ length: connections }, () => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`);
      return new Promise<WebSocket>((resolve, reject) => {
        ws.once('message', () => resolve(ws));
        ws.once('error', reject);
      });
    }),
  );
  const frame = JSON.stringify({ type: 'turn_appraisal', appraisal, context: 'The user said hello.' });
  await Promise.all(
    sockets.map(
      (ws) =>
        new Promise<void>((resolve) => {
          let sent = performance.now();
          ws.on('message', (data) => {
            const text = String(data);
            if (text.startsWith('{"type":"turn_result"')) {
              ok++;
              latencies.push(performance.now() - sent);
            } else if (text.includes('"type":"error"')) errors++;
            else return;
            if (performance.now() >= end) {
              resolve();
              return;
            }
            sent = performance.now();
            ws.send(frame);
          });
          ws.send(frame);
        }),
    ),
  );
  for (const ws of sockets) ws.terminate();
  return { ok, errors, latencies };
}
