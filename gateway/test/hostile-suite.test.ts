/**
 * A seeded hostile-input run (issue 13): 10,000 requests generated from the served OpenAPI document — every
 * documented operation, with mutated paths, queries, bodies, content types, methods and credentials — against a
 * gateway with two owners. Every answer must be below 500 and, when an error, in the documented shape; no request
 * of the run is a valid mutation, so every session must be unchanged afterwards; the second owner's key must never
 * see the first owner's sessions.
 */
import { createSeededRandom, type Random } from '@limbic/core';
import { isErrorCode } from '@limbic/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  badIds,
  badValues,
  type HostileWorld,
  pick,
  restErrorProblem,
  sendAll,
  startHostileWorld,
} from './hostile.js';
import { openClient, type Received, type TestClient } from './ws-client.js';

const requests = 10_000;
const concurrency = 16;

let world: HostileWorld;
let ownerKey: string;
let otherKey: string;
let own: string[];
let others: string[];

beforeAll(async () => {
  world = await startHostileWorld();
  ({ ownerKey, otherKey, own, others } = world);
});
afterAll(() => world.close());

/**
 * A body that cannot be a valid mutation: the operation's fields with at least one broken, an unknown field, or not
 * an object at all.
 */
function hostileBody(random: Random, sessionId: string): unknown {
  const base: Record<string, unknown> = {
    sessionId,
    message: 'hello',
    appraisal: { goal_relevance: 0.5, goal_congruence: 0.5 },
    preset: 'rival',
    enabled: true,
    action_id: 'act_x',
  };
  switch (Math.floor(random.next() * 4)) {
    case 0:
      return pick(random, badValues);
    case 1:
      return { ...base, [pick(random, Object.keys(base))]: pick(random, badValues), unknown_field: 1 };
    case 2:
      return { sessionId: pick(random, badValues), message: pick(random, badValues) };
    default:
      return {
        ...base,
        appraisal: { ...(base.appraisal as object), agency: pick(random, badValues) },
        x: [],
      };
  }
}

interface Generated {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** A session asked for with the key of the owner it does not belong to. */
  crossOwner: boolean;
}

function generate(random: Random, operations: readonly { method: string; path: string }[]): Generated {
  const op = pick(random, operations);
  const method =
    random.next() < 0.1
      ? pick(random, ['GET', 'PUT', 'PATCH', 'DELETE', 'POST', 'OPTIONS', 'PROPFIND'])
      : op.method;
  const target = random.next();
  const sessionId =
    target < 0.4 ? pick(random, own) : target < 0.6 ? pick(random, others) : pick(random, badIds);
  const url = op.path.replace(/\{[^}]+\}/g, () => encodeURI(sessionId).replace(/%25/g, '%'));
  const query =
    random.next() < 0.3
      ? `?${pick(random, ['limit=0', 'limit=abc', 'cursor=%%%', 'limit=101', 'token=x', 'a=1&a=2', 'cursor='])}`
      : '';
  const credential = random.next();
  const key =
    credential < 0.5
      ? ownerKey
      : credential < 0.8
        ? otherKey
        : credential < 0.9
          ? 'svc_test_invalidkey0000000000'
          : undefined;
  const headers: Record<string, string> = {};
  // A DELETE needs no body, so it is valid whenever the owner names its own session: the run asks with the other
  // owner's key instead, which must not delete it.
  const owned =
    (key === ownerKey && own.includes(sessionId)) || (key === otherKey && others.includes(sessionId));
  const effectiveKey = method === 'DELETE' && owned ? (key === ownerKey ? otherKey : ownerKey) : key;
  if (effectiveKey) headers.authorization = `Bearer ${effectiveKey}`;
  let body: string | undefined;
  if (!['GET', 'HEAD', 'OPTIONS', 'PROPFIND'].includes(method) && random.next() < 0.9) {
    const kind = random.next();
    headers['content-type'] =
      kind < 0.8
        ? 'application/json'
        : pick(random, [
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/json; charset=latin1',
          ]);
    body =
      random.next() < 0.85
        ? JSON.stringify(hostileBody(random, sessionId))
        : pick(random, ['{', '{"a":', 'null', '"str"', '[]', '{"sessionId": "x",}', '\u0000\u0001']);
  }
  const crossOwner =
    ((effectiveKey === otherKey && own.includes(sessionId)) ||
      (effectiveKey === ownerKey && others.includes(sessionId))) &&
    op.path.includes('{');
  return {
    method,
    url: `${url}${query}`,
    headers,
    ...(body === undefined ? {} : { body }),
    crossOwner,
  };
}

describe('a seeded hostile-input run from the OpenAPI document', () => {
  it(`answers ${requests} hostile requests below 500, in the documented shape, changing nothing`, async () => {
    const openApi = (await (await fetch(`${world.t.url}/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { 'x-websocket'?: boolean; 'x-graphql'?: boolean }>>;
    };
    const operations = Object.entries(openApi.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        // REST only: GraphQL answers in its own `errors` shape, and has its own run (hostile-graphql.test.ts).
        .filter(([, op]) => !op['x-websocket'] && !op['x-graphql'])
        .map(([method]) => ({ method: method.toUpperCase(), path })),
    );
    expect(operations.length).toBeGreaterThan(12);
    const before = await world.snapshot();
    const random = createSeededRandom(20261125);
    const batch = Array.from({ length: requests }, () => generate(random, operations));
    const failures: string[] = [];
    const statuses = await sendAll(world.t.url, batch, concurrency, (request, res, text) => {
      const where = `${request.method} ${request.url.slice(0, 80)} → ${res.status}`;
      if (res.status >= 500) failures.push(`${where}: ${text.slice(0, 200)}`);
      if (request.crossOwner && res.status < 300) failures.push(`${where}: another owner's session answered`);
      const problem =
        res.status >= 400 && request.method !== 'HEAD' ? restErrorProblem(res, text) : undefined;
      if (problem) failures.push(`${where}: ${problem}`);
    });
    expect(failures.slice(0, 20)).toEqual([]);
    expect(await world.snapshot()).toEqual(before);
    // The run reached validation, not just authentication.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(1000);
    expect(statuses.get(404) ?? 0).toBeGreaterThan(100);
  }, 120_000);
});

/** A hostile WebSocket frame: a message type with a broken or unknown field, or no message at all. */
function hostileFrame(random: Random): string | Buffer {
  const types = ['turn', 'turn_appraisal', 'get_state', 'set_proactive_prefs', 'ack_proactive', 'nope', ''];
  switch (Math.floor(random.next() * 6)) {
    case 0:
      return pick(random, ['{', 'null', '[]', '"turn"', '{"type":', '\u0000', 'x'.repeat(100)]);
    case 1:
      return JSON.stringify({
        type: pick(random, types),
        [pick(random, [
          'message',
          'event',
          'appraisal',
          'preferences',
          'action_id',
          'elapsed_seconds',
          'request_id',
        ])]: pick(random, badValues),
        // A string value may be a valid message ("日本語"): the unknown field keeps every frame invalid.
        zzz: 1,
      });
    case 2:
      return JSON.stringify({ type: pick(random, types), request_id: pick(random, badValues), x: 1 });
    case 3:
      return JSON.stringify({ type: 'turn', message: 'hi', elapsedSecs: 3 });
    case 4:
      return JSON.stringify({
        type: 'turn_appraisal',
        appraisal: { goal_relevance: pick(random, badValues) },
      });
    default:
      return JSON.stringify(pick(random, badValues));
  }
}

describe('hostile WebSocket frames', () => {
  it('answers 2,000 hostile frames on /v1/ws with documented errors or closes, changing nothing', async () => {
    const before = await world.snapshot();
    const random = createSeededRandom(11_25);
    const url = `${world.t.wsUrl}/v1/ws/${own[0]}?token=${ownerKey}`;
    const failures: string[] = [];
    const closes = new Map<number, number>();
    let socket: TestClient | undefined;
    let closedCode: number | undefined;
    for (let i = 0; i < 2_000; i++) {
      if (!socket || closedCode !== undefined) {
        socket = await openClient(url);
        closedCode = undefined;
        void socket.closed.then(({ code }) => {
          closedCode = code;
          closes.set(code, (closes.get(code) ?? 0) + 1);
        });
        await socket.expect('connected');
      }
      const frame = hostileFrame(random);
      socket.send(frame);
      // The reply, or the close: after too many invalid messages in a row the socket closes with 4400.
      const reply: Received | null = await Promise.race([socket.next(2_000), socket.closed.then(() => null)]);
      if (reply === null) continue;
      if (reply.type !== 'error' || !isErrorCode(reply.code) || typeof reply.message !== 'string') {
        failures.push(`${String(frame).slice(0, 80)} → ${JSON.stringify(reply).slice(0, 160)}`);
      }
    }
    await socket?.close();
    expect(failures.slice(0, 10)).toEqual([]);
    // Every close is the protocol's answer to invalid input, never a server failure (1011).
    expect([...closes.keys()].filter((code) => code !== 4400 && code !== 1005 && code !== 1000)).toEqual([]);
    expect(closes.get(4400) ?? 0).toBeGreaterThan(10);
    expect(await world.snapshot()).toEqual(before);
  }, 120_000);
});
