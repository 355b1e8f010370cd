/**
 * What the gateway benchmarks share: the key, the turn they send, starting a compiled gateway at its default
 * settings, creating sessions, and the warm-up plus measured rounds of two servers loaded at once.
 */
import type { LoadResult } from './load.js';
import { concurrent, type Measure } from './measure.js';
import { type Server, start } from './servers.js';

/** The API key every benchmark request carries (enterprise plan: no rate limit). */
export const benchKey = 'svc_test_benchbenchbenchbench0001';
/** The appraisal of every appraisal turn. */
export const benchAppraisal = {
  goal_relevance: 0.9,
  goal_congruence: -0.8,
  expectedness: 0.3,
  controllability: 0.7,
  agency: -0.9,
  norm_compatibility: -0.7,
};
/** The message of every text turn. */
export const benchMessage = 'I finally got the job I applied for last month, I can hardly believe it!';
/** The headers of a JSON request with the benchmark's key. */
export const benchHeaders = { 'content-type': 'application/json', authorization: `Bearer ${benchKey}` };

/**
 * Starts a compiled gateway (`main`) on `store` at its default settings: only the key and the per-address cap are
 * set (every simulated client connects from 127.0.0.1), then `extra`.
 */
export function startGateway(
  main: string,
  store: string,
  data: string,
  extra: Record<string, string> = {},
): Promise<Server> {
  return start(
    [main],
    {
      PORT: '0',
      HOST: '127.0.0.1',
      LIMBIC_DATA: data,
      LIMBIC_API_KEYS: `${benchKey}:enterprise`,
      LIMBIC_MAX_CONNECTIONS_PER_ADDRESS: '100000',
      LIMBIC_STORE: store,
      ...extra,
    },
    /listening on http:\/\/127\.0\.0\.1:(\d+)/,
  );
}

/** Creates `count` sessions on a gateway and returns their ids. */
export async function createSessions(port: number, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const created = await fetch(`http://127.0.0.1:${port}/v1/persona`, {
      method: 'POST',
      headers: benchHeaders,
      body: JSON.stringify({ preset: 'cheerful_companion' }),
    });
    ids.push(((await created.json()) as { sessionId: string }).sessionId);
  }
  return ids;
}

/** A 3-second warm-up, then `rounds` concurrent rounds of `seconds` each: both servers loaded in one window. */
export async function measureRounds(
  a: Server,
  b: Server,
  runA: (duration: number) => Promise<LoadResult>,
  runB: (duration: number) => Promise<LoadResult>,
  rounds: number,
  seconds: number,
): Promise<[Measure, Measure][]> {
  await concurrent(
    a,
    b,
    () => runA(3),
    () => runB(3),
  );
  const results: [Measure, Measure][] = [];
  for (let i = 0; i < rounds; i++) {
    results.push(
      await concurrent(
        a,
        b,
        () => runA(seconds),
        () => runB(seconds),
      ),
    );
  }
  return results;
}
