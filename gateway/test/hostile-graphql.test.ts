/**
 * A seeded hostile GraphQL run (issue 13), against the same two-owner world as the REST run: GraphQL over HTTP
 * (POST and GET, with broken bodies, media types, documents, variables, keys and sessions) and graphql-ws frames on
 * the real `ws` client. No answer may be a 5xx or INTERNAL_ERROR; every error has a documented code, or the socket
 * closes with a documented close code (docs/graphql.md); no operation of the run is a valid mutation, so every
 * session is unchanged afterwards; and no caller ever sees another owner's session.
 */
import { createSeededRandom, type Random } from '@limbic/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorLogLines,
  type HostileWorld,
  pick,
  restErrorProblem,
  sendAll,
  startHostileWorld,
} from './hostile.js';
import {
  foreignSessions,
  graphQLErrorsProblem,
  graphQLResultProblem,
  type HostileOperation,
  hostileOperation,
} from './hostile-graphql.js';
import { openClient, type Received, type TestClient } from './ws-client.js';

const httpRequests = 1_500;
const wsFrames = 600;
const concurrency = 16;

let world: HostileWorld;
beforeAll(async () => {
  world = await startHostileWorld();
});
afterAll(() => world.close());

/** The key of a request or socket: either owner's, a key that is none, or nothing. */
function hostileKey(random: Random): string | undefined {
  const r = random.next();
  if (r < 0.45) return world.ownerKey;
  if (r < 0.8) return world.otherKey;
  if (r < 0.92)
    return pick(random, ['svc_test_invalidkey0000000000', 'limbic_admin_guess0000000000000000', '']);
  return undefined;
}

interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  operation: HostileOperation;
  key: string | undefined;
}

const apolloSubscriptionAccept =
  'multipart/mixed;boundary="graphql";subscriptionSpec="1.0", application/json';
// Accept headers that rule out server-sent events, so no subscription of the run stays open.
const acceptsWithoutSse = [
  'application/graphql-response+json, application/json',
  'application/json',
  'application/graphql-response+json',
  apolloSubscriptionAccept,
  'text/html',
  'image/png',
  'application/json; charset=latin1',
];
const acceptsWithSse = ['*/*', 'text/event-stream', 'text/*', 'multipart/mixed'];

/** What the checks know of a body that is no GraphQL request: nothing it could run changes state. */
const neutral: HostileOperation = { query: '', mutation: false, subscription: false };

/** Bodies that are no GraphQL request: malformed JSON, other JSON values, batches, prototype keys. */
const badBodies = [
  '{',
  '{"query":',
  '{"query": "{ health { status } }",}',
  'null',
  '[]',
  '"{ health { status } }"',
  '5',
  'true',
  '[{"query":"{ health { status } }"},{"query":"{ presets { id } }"}]',
  '{"query":"{ health { status } }","__proto__":{"polluted":true}}',
  '{"query":"{ health { status } }","variables":"x"}',
  '{"query":"{ health { status } }","extensions":[1]}',
  '{"query":"{ health { status } }","operationName":{}}',
  '\u0000\u0001',
];

function generateHttp(random: Random): HttpRequest {
  const key = hostileKey(random);
  const operation = hostileOperation(random, world, key);
  const headers: Record<string, string> = {};
  if (key !== undefined) headers.authorization = random.next() < 0.95 ? `Bearer ${key}` : `Basic ${key}`;
  const accept =
    random.next() < 0.7
      ? acceptsWithoutSse[0]
      : pick(random, operation.subscription ? acceptsWithoutSse : [...acceptsWithoutSse, ...acceptsWithSse]);
  if (accept !== undefined && random.next() < 0.97) headers.accept = accept;
  // A request without Accept accepts everything, SSE included: subscriptions always say what they accept.
  if (operation.subscription && headers.accept === undefined) headers.accept = acceptsWithoutSse[0]!;
  const params = {
    query: operation.query,
    ...(operation.variables === undefined ? {} : { variables: operation.variables }),
    ...(operation.operationName === undefined ? {} : { operationName: operation.operationName }),
  };
  const form = random.next();
  if (form < 0.2) {
    const search = new URLSearchParams();
    search.set('query', String(operation.query));
    if (operation.variables !== undefined) {
      search.set('variables', random.next() < 0.9 ? JSON.stringify(operation.variables) : '{"s":');
    }
    if (typeof operation.operationName === 'string') search.set('operationName', operation.operationName);
    // A second query: whichever one runs, it is no mutation (a GET cannot run one).
    if (random.next() < 0.1) search.append('query', '{ health { status } }');
    return { method: 'GET', url: `/graphql?${search}`, headers, operation, key };
  }
  headers['content-type'] =
    random.next() < 0.9
      ? 'application/json'
      : pick(random, [
          'text/plain',
          'application/graphql',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/json; charset=latin1',
        ]);
  if (form > 0.85) {
    const body = pick(random, badBodies);
    return { method: 'POST', url: '/graphql', headers, body, operation: { ...neutral, query: body }, key };
  }
  const body =
    form > 0.83
      ? JSON.stringify({ ...params, query: `# ${'x'.repeat(140_000)}\n{ health { status } }` })
      : JSON.stringify(params);
  return { method: 'POST', url: '/graphql', headers, body, operation, key };
}

/** The GraphQL results of an HTTP answer: its JSON body, its SSE `next` events or its multipart parts. */
function resultsOf(contentType: string, text: string): unknown[] {
  if (contentType.startsWith('text/event-stream')) {
    return text
      .split('\n\n')
      .filter((block) => block.startsWith('event: next'))
      .map((block) => JSON.parse(block.slice(block.indexOf('data:') + 5)));
  }
  if (contentType.startsWith('multipart/mixed')) {
    return text
      .split(/\r\n---/)
      .map((part) => part.slice(part.indexOf('\r\n\r\n') + 4).trim())
      .filter((part) => part.startsWith('{'))
      .map((part) => JSON.parse(part));
  }
  return [JSON.parse(text)];
}

/** What is wrong with one HTTP answer of the run, or undefined. */
function httpProblem(request: HttpRequest, res: Response, text: string): string | undefined {
  if (res.status >= 500) return `status ${res.status}: ${text.slice(0, 200)}`;
  const type = res.headers.get('content-type') ?? '';
  // GraphiQL, for a browser's GET.
  if (request.method === 'GET' && res.status === 200 && type.startsWith('text/html')) return undefined;
  let results: unknown[];
  try {
    results = resultsOf(type, text);
  } catch {
    return `not JSON (${type}): ${text.slice(0, 120)}`;
  }
  const [first] = results as ({ error?: unknown; errors?: { extensions?: { status?: unknown } }[] } | null)[];
  if (typeof first === 'object' && first !== null && 'error' in first) {
    // Refusals before GraphQL (docs/graphql.md): the body parser's 400, 405, 413, 415 and 431 carry REST's body.
    if (![400, 405, 413, 415, 431].includes(res.status))
      return `REST's body with status ${res.status}: ${text}`;
    return restErrorProblem(res, text);
  }
  for (const result of results) {
    const problem = graphQLResultProblem(result, request.operation, foreignSessions(world, request.key));
    if (problem) return problem;
  }
  if (res.status >= 400 && !first?.errors?.some((error) => error.extensions?.status === res.status)) {
    return `status ${res.status} without an error of that status: ${text.slice(0, 160)}`;
  }
  return undefined;
}

describe('a seeded hostile GraphQL-over-HTTP run', () => {
  it(`answers ${httpRequests} hostile operations below 500, in the documented shape, changing nothing`, async () => {
    const before = await world.snapshot();
    const random = createSeededRandom(2026_11_26);
    const batch = Array.from({ length: httpRequests }, () => generateHttp(random));
    const failures: string[] = [];
    const codes = new Map<string, number>();
    const statuses = await sendAll(world.t.url, batch, concurrency, (request, res, text) => {
      for (const [, code] of text.matchAll(/"code":"([A-Z_]+)"/g))
        codes.set(code!, (codes.get(code!) ?? 0) + 1);
      const problem = httpProblem(request, res, text);
      if (problem) {
        const what = `${request.method} ${String(request.operation.query).slice(0, 60)} (${request.headers.accept})`;
        failures.push(`${what} → ${res.status}: ${problem}`);
      }
    });
    expect(failures.slice(0, 10)).toEqual([]);
    expect(await world.snapshot()).toEqual(before);
    expect(errorLogLines(world.t)).toEqual([]);
    // The run reached every stage: the media types, the parser, validation, keys, the fields and their owners.
    for (const status of [200, 400, 401, 405, 406, 413, 415])
      expect(statuses.get(status), `${status}`).toBeGreaterThan(5);
    for (const code of [
      'VALIDATION_ERROR',
      'UNAUTHORIZED',
      'NOT_FOUND',
      'METHOD_NOT_ALLOWED',
      'NOT_ACCEPTABLE',
    ]) {
      expect(codes.get(code), code).toBeGreaterThan(10);
    }
  }, 60_000);
});

/** One hostile graphql-ws frame, and how to tell that the server is done with it. */
interface Frame {
  data: string | Buffer;
  /** A subscribe message of the protocol: done when its id errs or completes (or, for a live subscription, sends). */
  id?: string;
  operation?: HostileOperation;
}

const subscribe = (id: string, operation: HostileOperation): Frame => ({
  data: JSON.stringify({
    id,
    type: 'subscribe',
    payload: {
      query: operation.query,
      ...(operation.variables === undefined ? {} : { variables: operation.variables }),
      ...(operation.operationName === undefined ? {} : { operationName: operation.operationName }),
    },
  }),
  id,
  operation,
});

/** A frame that breaks the protocol itself: not JSON, not a message, an unknown type, a malformed subscribe. */
function protocolFrame(random: Random): Frame {
  return {
    data: pick<string | Buffer>(random, [
      '{',
      'x',
      '',
      '\u0000',
      'null',
      '[]',
      '"subscribe"',
      '5',
      '{"type":"start","id":"1","payload":{"query":"{ health { status } }"}}',
      '{"type":"nope"}',
      // The server's own message types, which a client may not send.
      '{"type":"connection_ack"}',
      '{"type":"next","id":"n","payload":{"data":null}}',
      '{"type":"error","id":"e","payload":[{"message":"x"}]}',
      '{"type":5}',
      '{"type":"connection_init"}',
      '{"type":"subscribe","payload":{"query":"{ health { status } }"}}',
      '{"type":"subscribe","id":5,"payload":{"query":"{ health { status } }"}}',
      '{"type":"subscribe","id":"","payload":{"query":"{ health { status } }"}}',
      '{"type":"subscribe","id":"p"}',
      '{"type":"subscribe","id":"p","payload":{"query":5}}',
      '{"type":"subscribe","id":"p","payload":{"query":"{ health { status } }","variables":"x"}}',
      '{"type":"ping","payload":"x"}',
      '{"type":"complete","id":"never-subscribed"}',
      '{"type":"pong"}',
      '{"type":"ping","payload":{"a":1}}',
      Buffer.from('{"type":"ping"}'),
      JSON.stringify({
        type: 'subscribe',
        id: 'big',
        payload: { query: `{ health { status } } #${'x'.repeat(70_000)}` },
      }),
    ]),
  };
}

describe('hostile graphql-ws frames', () => {
  it(`answers ${wsFrames} hostile frames with documented errors or close codes, changing nothing`, async () => {
    const before = await world.snapshot();
    const random = createSeededRandom(11_26);
    const url = `${world.t.wsUrl}/graphql`;
    const failures: string[] = [];
    const closes = new Map<number, number>();
    const codes = new Map<string, number>();
    let socket: TestClient | undefined;
    let key: string | undefined;
    let closed = true;
    let sent = 0;
    let ids = 0;

    /** Takes the next message and checks it; null once the socket is closed and drained. */
    const take = async (operations: Map<string, HostileOperation>): Promise<Received | null> => {
      const message = await Promise.race([socket!.next(5_000), socket!.closed.then(() => null)]);
      if (message === null) return null;
      const { type, id, payload } = message as Received & { id?: string; payload?: unknown };
      const operation = operations.get(id ?? '') ?? { query: '', mutation: false, subscription: false };
      let problem: string | undefined;
      if (type === 'next') problem = graphQLResultProblem(payload, operation, foreignSessions(world, key));
      else if (type === 'error') problem = graphQLErrorsProblem(payload);
      else if (!['complete', 'pong', 'ping', 'connection_ack'].includes(type)) problem = 'an unknown message';
      for (const [, code] of JSON.stringify(payload ?? null).matchAll(/"code":"([A-Z_]+)"/g)) {
        codes.set(code!, (codes.get(code!) ?? 0) + 1);
      }
      if (problem) failures.push(`${JSON.stringify(message).slice(0, 160)}: ${problem}`);
      return message;
    };
    const operations = new Map<string, HostileOperation>();
    /** Sends a frame and waits until the server is done with it, or has closed the socket. */
    const settle = async (frame: Frame): Promise<void> => {
      socket!.send(frame.data);
      sent++;
      if (frame.id !== undefined && frame.operation?.silent) {
        // Nothing will come for it: unsubscribe at once (graphql-ws ends it whether it is set up yet or not).
        socket!.send({ type: 'complete', id: frame.id });
      } else if (frame.id !== undefined && frame.operation) {
        operations.set(frame.id, frame.operation);
        for (;;) {
          const message = await take(operations);
          if (message === null) return;
          if (message.id !== frame.id) continue;
          if (message.type === 'error' || message.type === 'complete') return;
          if (message.type === 'next' && frame.operation.subscription) {
            socket!.send({ type: 'complete', id: frame.id });
            return;
          }
        }
      }
      // Anything else is done once a ping sent after it is answered: the server reads a socket's frames in order.
      const probe = `probe-${sent}`;
      socket!.send({ type: 'ping', payload: { probe } });
      for (;;) {
        const message = await take(operations);
        if (message === null) return;
        if (message.type === 'pong' && (message.payload as { probe?: string } | undefined)?.probe === probe)
          return;
      }
    };

    while (sent < wsFrames) {
      if (closed) {
        socket = await openClient(url, {}, ['graphql-transport-ws']);
        closed = false;
        void socket.closed.then(({ code }) => {
          closed = true;
          closes.set(code, (closes.get(code) ?? 0) + 1);
        });
        const start = random.next();
        if (start < 0.12) {
          // Before connection_init: a subscribe is unauthorized (4401), anything malformed a bad request (4400).
          await settle(
            random.next() < 0.5
              ? subscribe('early', hostileOperation(random, world, undefined))
              : protocolFrame(random),
          );
          continue;
        }
        key = start < 0.25 ? hostileKey(random) : pick(random, [world.ownerKey, world.otherKey]);
        const payload = pick(random, [
          { authorization: `Bearer ${key}` },
          { token: key },
          { apiKey: key },
          ...(start < 0.25
            ? [{ authorization: 5 }, { token: [key] }, null, 'x', { authorization: `Bearer ${key}x` }]
            : []),
        ]);
        socket.send({ type: 'connection_init', ...(payload === null ? {} : { payload }) });
        sent++;
        const ack = await take(operations);
        if (ack?.type !== 'connection_ack') continue;
      }
      const kind = random.next();
      if (kind < 0.55) {
        await settle(subscribe(`op${ids++}`, hostileOperation(random, world, key)));
      } else if (kind < 0.6) {
        // A live subscription, then a second one under the same id: 4409 (also for an id too long for a close reason).
        const id = random.next() < 0.5 ? `dup${ids++}` : `${'d'.repeat(120)}${ids++}`;
        const session = key === world.ownerKey ? world.own[0]! : world.others[0]!;
        const live: HostileOperation = {
          query: 'subscription ($s: ID!) { sessionState(sessionId: $s) { turns } }',
          variables: { s: session },
          mutation: false,
          subscription: true,
        };
        socket!.send(subscribe(id, live).data);
        sent++;
        operations.set(id, live);
        const first = await take(operations);
        if (first === null) continue;
        await settle({ data: subscribe(id, live).data });
      } else {
        await settle(protocolFrame(random));
      }
    }
    await socket?.close();
    expect(failures.slice(0, 10)).toEqual([]);
    // The close codes of docs/graphql.md: the error table's and graphql-ws's own, never a server failure (4500, 1011).
    const documented = new Set([1000, 1005, 1009, 4400, 4401, 4409, 4429]);
    expect([...closes.keys()].filter((code) => !documented.has(code))).toEqual([]);
    for (const code of [1009, 4400, 4401, 4409, 4429]) expect(closes.get(code), `${code}`).toBeGreaterThan(0);
    for (const code of ['VALIDATION_ERROR', 'UNAUTHORIZED', 'NOT_FOUND'])
      expect(codes.get(code), code).toBeGreaterThan(10);
    expect(await world.snapshot()).toEqual(before);
    expect(errorLogLines(world.t)).toEqual([]);
  }, 60_000);
});
