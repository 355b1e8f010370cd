import type { Random } from '@limbic/core';
import { isErrorCode } from '@limbic/protocol';
import { createKey } from '../src/auth/provision.js';
import { startTestGateway, type TestGateway } from './harness.js';

/**
 * The world of a seeded hostile run (issue 13): a gateway with two owners on unlimited keys, so a run reaches
 * validation rather than the rate limit, and two sessions each, one of which has moved.
 */
export interface HostileWorld {
  t: TestGateway;
  /** The first owner's key, and its sessions. */
  ownerKey: string;
  own: string[];
  /** The second owner's key, and its sessions: it must never see the first owner's, nor they its. */
  otherKey: string;
  others: string[];
  /** Every session of both owners as its owner sees it (state included), each owner's list, and every key. */
  snapshot(): Promise<unknown[]>;
  close(): Promise<void>;
}

async function post(
  t: TestGateway,
  key: string,
  path: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  const res = await fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
}

/** Starts the world of a hostile run: {@link HostileWorld}. Close it in afterAll. */
export async function startHostileWorld(): Promise<HostileWorld> {
  const t = await startTestGateway();
  // Enterprise keys: unlimited, so the run reaches validation rather than the rate limit.
  const enterprise = async () =>
    (await createKey(t.gateway.context.keys, 'test-pepper', { env: 'test', plan: 'enterprise' })).key;
  const ownerKey = await enterprise();
  const otherKey = await enterprise();
  const own: string[] = [];
  const others: string[] = [];
  for (const preset of ['rival', 'empathetic_listener']) {
    own.push((await post(t, ownerKey, '/v1/persona', { preset })).sessionId as string);
    others.push((await post(t, otherKey, '/v1/persona', { preset })).sessionId as string);
  }
  // A real turn first, so "unchanged" is checked on a state that has moved.
  await post(t, ownerKey, '/v1/turn/appraisal', {
    sessionId: own[0],
    appraisal: {
      goal_relevance: 0.8,
      goal_congruence: -0.6,
      expectedness: 0.3,
      controllability: 0.4,
      agency: -0.8,
      norm_compatibility: -0.6,
    },
  });
  async function snapshot(): Promise<unknown[]> {
    const out: unknown[] = [];
    for (const [key, ids] of [
      [ownerKey, own],
      [otherKey, others],
    ] as const) {
      const headers = { authorization: `Bearer ${key}` };
      for (const id of ids) out.push(await (await fetch(`${t.url}/v1/persona/${id}`, { headers })).json());
      // No session was created or deleted either.
      out.push(await (await fetch(`${t.url}/v1/persona?limit=100`, { headers })).json());
    }
    // Nor was a key created, revoked or rotated (lastUsedAt moves with every use, so it is left out).
    const keys = await t.gateway.context.keys.list();
    out.push(keys.map(({ lastUsedAt: _, ...rest }) => rest));
    return out;
  }
  return { t, ownerKey, otherKey, own, others, snapshot, close: () => t.close() };
}

/** One element of `xs`, drawn from `random`. */
export const pick = <T>(random: Random, xs: readonly T[]): T => xs[Math.floor(random.next() * xs.length)]!;

/** Values that break a field's rule: wrong types, out of range, odd strings, prototype keys, deep nesting. */
export const badValues: readonly unknown[] = [
  null,
  true,
  -1,
  2,
  1e308,
  -0,
  'NaN',
  '',
  ' ',
  'x'.repeat(5000),
  '\u0000',
  '<script>',
  '../../etc/passwd',
  '%00',
  '日本語',
  [],
  [1, 2],
  {},
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__": {"polluted": true}}'),
  { constructor: { prototype: { polluted: true } } },
  { a: { b: { c: { d: { e: { f: {} } } } } } },
];

/** Session ids that name no session: empty, malformed, over-long, encoded traversal. */
export const badIds = [
  '',
  'ses_',
  'ses_doesnotexist',
  'x'.repeat(300),
  '..%2F..%2Fetc',
  '%ZZ',
  'ses_%00',
  ' ',
];

/** Runs `run` on every item, `concurrency` at a time, in order of the list. */
export async function forEachConcurrently<T>(
  items: readonly T[],
  concurrency: number,
  run: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** A generated HTTP request of a hostile run. */
export interface HostileRequest {
  method: string;
  /** The path and query, appended to the gateway's URL. */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * Sends every request to the gateway at `baseUrl`, `concurrency` at a time, hands each answer with its body text to
 * `check`, and returns how many answers had each status.
 */
export async function sendAll<R extends HostileRequest>(
  baseUrl: string,
  batch: readonly R[],
  concurrency: number,
  check: (request: R, res: Response, text: string) => void,
): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  await forEachConcurrently(batch, concurrency, async (request) => {
    const res = await fetch(`${baseUrl}${request.url}`, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
    });
    const text = await res.text();
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    check(request, res, text);
  });
  return statuses;
}

/** The error-level lines (pino level 50 and above) of a gateway's log: a hostile run must cause none. */
export function errorLogLines(t: TestGateway): string[] {
  return t.logs.filter((line) => {
    try {
      return (JSON.parse(line) as { level?: number }).level! >= 50;
    } catch {
      return true;
    }
  });
}

/**
 * What is wrong with a REST error answer, or undefined when it has the documented body
 * (`{error: {code, status, message, request_id}}`, docs/errors.md) with the HTTP status and the Request-Id header.
 */
export function restErrorProblem(res: Response, text: string): string | undefined {
  let body: { error?: { code?: unknown; status?: unknown; message?: unknown; request_id?: unknown } };
  try {
    body = JSON.parse(text);
  } catch {
    return `not JSON: ${text.slice(0, 80)}`;
  }
  const error = body.error;
  if (
    !error ||
    !isErrorCode(error.code) ||
    error.code === 'INTERNAL_ERROR' ||
    error.status !== res.status ||
    typeof error.message !== 'string' ||
    error.request_id !== res.headers.get('request-id')
  ) {
    return `outside the documented shape: ${text.slice(0, 160)}`;
  }
  return undefined;
}
