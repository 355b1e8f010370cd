/**
 * The hot-session row of the gateway benchmark: one session, every client sending REST appraisal turns to it with
 * one request in flight each, on the default durable store (SQLite, `synchronous = FULL`). The gateway is loaded
 * alone (no baseline beside it), so the row reads as absolute figures: turns per second and latency, the ones
 * issue 23 sets for a hot session.
 */
import { createSessions } from './bench-gateway.js';
import { httpLoad, type LoadOptions } from './load.js';
import { median, percentile } from './measure.js';
import type { Server } from './servers.js';

/** One round of the hot session: throughput and latency of the answers. */
interface HotRound {
  rate: number;
  p50: number;
  p99: number;
  errors: number;
}

async function round(
  server: Server,
  sessionId: string,
  seconds: number,
  options: LoadOptions,
): Promise<HotRound> {
  const t0 = performance.now();
  const result = await httpLoad(server.port, sessionId, seconds, options);
  const secs = (performance.now() - t0) / 1000;
  return {
    rate: result.ok / secs,
    p50: percentile(result.latencies, 0.5),
    p99: percentile(result.latencies, 0.99),
    errors: result.errors,
  };
}

/**
 * Creates one session on `server` and loads it with `options.connections` clients: a 3-second warm-up, then
 * `rounds` rounds of `seconds`; prints each round and the medians.
 */
export async function benchHotSession(
  server: Server,
  options: LoadOptions,
  rounds: number,
  seconds: number,
): Promise<void> {
  const [sessionId = ''] = await createSessions(server.port, 1);
  await round(server, sessionId, 3, options);
  const results: HotRound[] = [];
  for (let i = 0; i < rounds; i++) results.push(await round(server, sessionId, seconds, options));
  const f = (x: number, d = 1) => x.toFixed(d);
  console.log(
    `\nREST POST /v1/turn/appraisal, SQLite FULL, one hot session, ${options.connections} connections (Limbic alone)`,
  );
  console.log(`round   ${'turns/s'.padStart(8)}   ${'p50 ms'.padStart(7)}   ${'p99 ms'.padStart(7)}  errors`);
  for (const [i, r] of results.entries()) {
    console.log(
      `${String(i + 1).padEnd(6)}  ${f(r.rate, 0).padStart(8)}   ${f(r.p50, 2).padStart(7)}   ${f(r.p99, 2).padStart(7)}  ${r.errors}`,
    );
  }
  const rate = median(results.map((r) => r.rate));
  const p50 = median(results.map((r) => r.p50));
  const p99 = median(results.map((r) => r.p99));
  console.log(
    `median: ${f(rate, 0)} turns/s, p50 ${f(p50, 2)} ms, p99 ${f(p99, 2)} ms   (issue 23: ≥ 2,000 turns/s, p99 ≤ 50 ms)`,
  );
}
