import WebSocket, { type ClientOptions } from 'ws';
import type { TestGateway } from './harness.js';

/** A message the server sent, decoded. */
export interface Received {
  type: string;
  [field: string]: unknown;
}

/** A real `ws` client that queues what it receives, so tests can await messages in order. */
export interface TestClient {
  ws: WebSocket;
  /** The next message not yet taken (rejects after `ms` with what is known, so a test never hangs). */
  next(ms?: number): Promise<Received>;
  /** The next message, which must have this type. */
  expect(type: string, ms?: number): Promise<Received>;
  /** Sends an object as JSON, or a string or buffer as is. */
  send(message: object | string | Buffer): void;
  /** Resolves with the close code and reason once the socket is closed. */
  closed: Promise<{ code: number; reason: string }>;
  /** Waits for the close (rejects after `ms`). */
  waitClose(ms?: number): Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

const defaultMs = 5_000;

function guard<T>(promise: Promise<T>, ms: number, what: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what()}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Opens a client on `url`, offering `protocols` (subprotocols) if given; resolves once the socket is open (or
 * closed, or refused by HTTP).
 */
export async function openClient(
  url: string,
  options: ClientOptions = {},
  protocols: string | string[] = [],
): Promise<TestClient> {
  const ws = new WebSocket(url, protocols, options);
  const inbox: Received[] = [];
  const waiting: ((m: Received) => void)[] = [];
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as Received;
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else inbox.push(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) }));
  });
  ws.on('error', () => {});
  await guard(
    new Promise<void>((resolve) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', () => resolve());
      ws.once('close', () => resolve());
    }),
    defaultMs,
    () => `the connection to ${url}`,
  );
  const next = (ms = defaultMs) => {
    const ready = inbox.shift();
    if (ready) return Promise.resolve(ready);
    let state = 'a message';
    void closed.then(({ code }) => {
      state = `a message (the socket closed with ${code})`;
    });
    return guard(new Promise<Received>((resolve) => waiting.push(resolve)), ms, () => state);
  };
  return {
    ws,
    next,
    async expect(type, ms) {
      const message = await next(ms);
      if (message.type !== type) {
        throw new Error(`expected a ${type} message, got ${JSON.stringify(message).slice(0, 300)}`);
      }
      return message;
    },
    send(message) {
      ws.send(typeof message === 'string' || Buffer.isBuffer(message) ? message : JSON.stringify(message));
    },
    closed,
    waitClose: (ms = defaultMs) => guard(closed, ms, () => 'the socket to close'),
    async close() {
      if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) ws.close();
      await guard(closed, defaultMs, () => 'the socket to close');
    },
  };
}

/** The owner string of a key (sessions belong to it), as the gateway computes it. */
export async function ownerOf(t: TestGateway, key: string): Promise<string> {
  const principal = await t.gateway.context.auth.authenticate(key);
  if (!principal) throw new Error('test key does not authenticate');
  return principal.owner;
}

/** Creates a session for `key` directly on the service; returns its id. */
export async function createSession(
  t: TestGateway,
  key: string,
  preset = 'cheerful_companion',
): Promise<string> {
  const { sessionId } = await t.gateway.context.service.createSession(await ownerOf(t, key), { preset });
  return sessionId;
}

/** The URL of the session socket with a token. */
export function wsUrl(t: TestGateway, sessionId: string, key: string): string {
  return `${t.wsUrl}/v1/ws/${encodeURIComponent(sessionId)}?token=${encodeURIComponent(key)}`;
}

/** Opens a client on a session and takes its `connected` message. */
export async function connectSession(t: TestGateway, sessionId: string, key: string): Promise<TestClient> {
  const client = await openClient(wsUrl(t, sessionId, key));
  await client.expect('connected');
  return client;
}

/** The six-dimension appraisals used across the WebSocket tests (emotion-model.md §4.2). */
export const appraisals = {
  kindness: {
    goal_relevance: 1,
    goal_congruence: 0.9,
    expectedness: 0.5,
    controllability: 0.5,
    agency: -1,
    norm_compatibility: 0.8,
  },
  betrayal: {
    goal_relevance: 1,
    goal_congruence: -0.9,
    expectedness: 0.2,
    controllability: 0.4,
    agency: -1,
    norm_compatibility: -1,
  },
  suddenThreat: {
    goal_relevance: 0.9,
    goal_congruence: -0.8,
    expectedness: 0.1,
    controllability: 0.1,
    agency: -0.8,
    norm_compatibility: 0,
  },
};

/**
 * Makes a bonded session (40 kind turns a minute apart, through the service) with proactive behaviour on; with
 * `from`, a group session whose kind turns come from that participant (its actions are addressed to them).
 */
export async function bondedSession(
  t: TestGateway,
  key: string,
  from?: { id: string; name?: string },
): Promise<string> {
  const service = t.gateway.context.service;
  const owner = await ownerOf(t, key);
  const sessionId = await createSession(t, key);
  for (let i = 0; i < 40; i++) {
    t.clock.advance(60_000);
    await service.appraisalTurn(owner, {
      sessionId,
      appraisal: appraisals.kindness,
      ...(from ? { from, to: 'character' as const } : {}),
    });
  }
  await service.setPreferences(owner, sessionId, { enabled: true });
  return sessionId;
}

/** Three days in ms. */
export const threeDays = 3 * 86_400_000;
