/**
 * One admission path (auth/admit.ts): the same refusal, with the same code and retry_after, on REST, /v1/ws,
 * GraphQL over HTTP and graphql-ws.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createKey } from '../src/auth/provision.js';
import { sseReader, subscribe, within, wsClient } from './graphql-client.js';
import { startTestGateway, type TestGateway } from './harness.js';
import { rawRequest } from './raw-http.js';
import { createSession, openClient } from './ws-client.js';

let t: TestGateway | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

interface Refusal {
  code: string;
  retryAfter?: number;
}

async function viaRest(g: TestGateway, key: string): Promise<Refusal> {
  const res = await fetch(`${g.url}/v1/presets`, { headers: { authorization: `Bearer ${key}` } });
  const { error } = (await res.json()) as { error: { code: string; status: number; retry_after?: number } };
  expect(error.status).toBe(res.status);
  return { code: error.code, ...(error.retry_after === undefined ? {} : { retryAfter: error.retry_after }) };
}

async function viaWebSocket(
  g: TestGateway,
  key: string,
  sessionId = 'ses_x',
): Promise<Refusal & { close: number }> {
  const socket = await openClient(`${g.wsUrl}/v1/ws/${sessionId}?token=${key}`);
  const error = await socket.expect('error');
  const { code: close } = await socket.waitClose();
  return {
    code: error.code as string,
    ...(error.retry_after === undefined ? {} : { retryAfter: error.retry_after as number }),
    close,
  };
}

async function viaGraphQL(g: TestGateway, key: string): Promise<Refusal> {
  const res = await fetch(`${g.url}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ presets { id } }' }),
  });
  const body = (await res.json()) as { errors: { extensions: { code: string; retry_after?: number } }[] };
  const { code, retry_after: retryAfter } = body.errors[0]!.extensions;
  return { code, ...(retryAfter === undefined ? {} : { retryAfter }) };
}

/** graphql-ws: the close code and reason of a connection_init with this key. */
function viaGraphQLWs(g: TestGateway, key: string): Promise<{ close: number; reason: string }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${g.wsUrl}/graphql`, 'graphql-transport-ws');
    ws.on('open', () =>
      ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${key}` } })),
    );
    ws.on('close', (close, reason) => resolve({ close, reason: String(reason) }));
    ws.on('error', () => {});
  });
}

describe('one admission path', () => {
  it('refuses a bad key the same way everywhere: UNAUTHORIZED, close 4401', async () => {
    t = await startTestGateway();
    const bad = 'svc_test_notarealkeynotarealkey00';
    expect(await viaRest(t, bad)).toEqual({ code: 'UNAUTHORIZED' });
    expect(await viaWebSocket(t, bad)).toEqual({ code: 'UNAUTHORIZED', close: 4401 });
    expect(await viaGraphQL(t, bad)).toEqual({ code: 'UNAUTHORIZED' });
    expect(await viaGraphQLWs(t, bad)).toEqual({ close: 4401, reason: 'UNAUTHORIZED' });
  });

  it('refuses a blocked address the same way everywhere: RATE_LIMIT with retry_after, close 4429', async () => {
    t = await startTestGateway({ failedAuthPerMinute: 2 });
    const bad = 'svc_test_notarealkeynotarealkey00';
    expect(await viaRest(t, bad)).toEqual({ code: 'UNAUTHORIZED' });
    expect(await viaRest(t, bad)).toEqual({ code: 'UNAUTHORIZED' });
    expect((await viaRest(t, bad)).code).toBe('RATE_LIMIT'); // the third failure passes the limit of 2
    // Blocked now, whatever key it presents.
    const rest = await viaRest(t, t.keys.pro);
    expect(rest).toMatchObject({ code: 'RATE_LIMIT' });
    expect(rest.retryAfter).toBeGreaterThan(0);
    const socket = await viaWebSocket(t, t.keys.pro);
    expect(socket).toMatchObject({ code: 'RATE_LIMIT', close: 4429 });
    expect(socket.retryAfter).toBeGreaterThan(0);
    const graphql = await viaGraphQL(t, t.keys.pro);
    expect(graphql).toMatchObject({ code: 'RATE_LIMIT' });
    expect(graphql.retryAfter).toBeGreaterThan(0);
    const ws = await viaGraphQLWs(t, t.keys.pro);
    expect(ws.close).toBe(4429);
    expect(ws.reason).toMatch(/^RATE_LIMIT: retry after [1-9]\d* s$/);
  });

  it('counts every transport against the same plan limit and refuses the same way', async () => {
    t = await startTestGateway();
    const { free } = t.keys;
    // The free plan allows 60 a minute: REST, a /v1/ws connection, a GraphQL operation and a graphql-ws connection
    // each count once.
    for (let i = 0; i < 57; i++) {
      expect(
        (await fetch(`${t.url}/v1/presets`, { headers: { authorization: `Bearer ${free}` } })).status,
      ).toBe(200);
    }
    const socket = await openClient(`${t.wsUrl}/v1/ws/ses_x?token=${free}`);
    expect((await socket.expect('error')).code).toBe('NOT_FOUND'); // admitted (58), then no such session
    await socket.close();
    for (const count of [59, 60]) {
      const graphql = await fetch(`${t.url}/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${free}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ presets { id } }' }),
      });
      expect(((await graphql.json()) as { data?: unknown }).data, `request ${count}`).toBeDefined();
    }
    const rest = await viaRest(t, free);
    expect(rest.code).toBe('RATE_LIMIT');
    expect(rest.retryAfter).toBeGreaterThan(0);
    const ws = await viaWebSocket(t, free);
    expect(ws).toMatchObject({ code: 'RATE_LIMIT', close: 4429 });
    expect((await viaGraphQL(t, free)).code).toBe('RATE_LIMIT');
    const gws = await viaGraphQLWs(t, free);
    expect(gws.close).toBe(4429);
    expect(gws.reason).toMatch(/^RATE_LIMIT: retry after [1-9]\d* s$/);
  });

  it('refuses a socket past the key’s cap the same way on /v1/ws and graphql-ws, and frees the slot on close', async () => {
    t = await startTestGateway({ enterpriseSockets: 3, heartbeatMs: 7_000 });
    const { key } = await createKey(t.gateway.context.keys, 'test-pepper', {
      env: 'test',
      plan: 'enterprise',
    });
    const sessionId = await createSession(t, key);
    const url = `${t.wsUrl}/v1/ws/${sessionId}?token=${key}`;
    const first = await openClient(url);
    await first.expect('connected');
    const second = await openClient(url);
    await second.expect('connected');
    const graphqlWs = wsClient(t, key);
    await graphqlWs.subscribe({ query: '{ presets { id } }' }, { next() {}, error() {}, complete() {} });
    const held = subscribe(graphqlWs, 'subscription ($s: ID!) { sessionState(sessionId: $s) { turns } }', {
      s: sessionId,
    });
    await held.next();
    expect(t.gateway.context.subscribers.held(await keyIdOf(t, key), 'socket')).toBe(3);
    // The fourth, on either endpoint: RATE_LIMIT, retry after the heartbeat (7 s), close 4429.
    expect(await viaWebSocket(t, key, sessionId)).toEqual({ code: 'RATE_LIMIT', retryAfter: 7, close: 4429 });
    expect(await viaGraphQLWs(t, key)).toEqual({ close: 4429, reason: 'RATE_LIMIT: retry after 7 s' });
    // Closing one gives its slot back.
    await first.close();
    const again = await openClient(url);
    await again.expect('connected');
    await Promise.all([second.close(), again.close(), graphqlWs.dispose()]);
  });

  it('refuses a subscription past the key’s cap the same way over graphql-ws and SSE', async () => {
    t = await startTestGateway({ enterpriseSubscriptions: 2, heartbeatMs: 5_000 });
    const { key } = await createKey(t.gateway.context.keys, 'test-pepper', {
      env: 'test',
      plan: 'enterprise',
    });
    const sessionId = await createSession(t, key);
    const query = 'subscription ($s: ID!) { sessionState(sessionId: $s) { turns } }';
    const client = wsClient(t, key);
    const a = subscribe(client, query, { s: sessionId });
    const b = subscribe(client, query, { s: sessionId });
    await Promise.all([a.next(), b.next()]);
    // A third over graphql-ws: a result with the RATE_LIMIT error and retry_after, then complete; the socket stays.
    const c = subscribe(client, query, { s: sessionId });
    expect((await c.next()).errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMIT', retry_after: 5 });
    await within(c.ended, 'the refused subscription to complete');
    // And over SSE.
    const sse = async () =>
      fetch(`${t!.url}/graphql`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          accept: 'text/event-stream',
        },
        body: JSON.stringify({ query, variables: { s: sessionId } }),
      });
    const events = sseReader((await sse()).body!);
    const event = await events.next();
    expect(event?.event).toBe('next');
    expect(JSON.parse(event!.data).errors[0].extensions).toMatchObject({
      code: 'RATE_LIMIT',
      retry_after: 5,
    });
    // Ending one frees its slot for SSE.
    a.dispose();
    await within(
      waitFor(() => t!.gateway.graphql.subscriptions === 1),
      'the slot back',
    );
    const opened = sseReader((await sse()).body!);
    expect(JSON.parse((await opened.next())!.data).data.sessionState.turns).toBe(0);
    await client.dispose();
  });

  it('refuses connections past the per-address cap on every transport: 429 RATE_LIMIT, then closes them', async () => {
    t = await startTestGateway({ maxConnectionsPerAddress: 2, heartbeatMs: 3_000 });
    const g = t;
    // Two keep-alive connections the server has answered on: the address holds its cap.
    const held = [await keepAlive(g), await keepAlive(g)];
    const rest = await rawRequest(port(g), `GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    expect(rest.status).toBe(429);
    expect(rest.headers.connection).toBe('close');
    expect(rest.headers['retry-after']).toBe('3');
    expect(JSON.parse(rest.body).error).toMatchObject({ code: 'RATE_LIMIT', status: 429, retry_after: 3 });
    expect(JSON.parse(rest.body).error.request_id).toBe(rest.headers['request-id']);
    for (const path of ['/v1/ws/ses_x?token=k', '/graphql']) {
      const upgrade = await rawRequest(
        port(g),
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
          `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`,
      );
      expect(upgrade.status, path).toBe(429);
      expect(JSON.parse(upgrade.body).error).toMatchObject({ code: 'RATE_LIMIT', status: 429 });
    }
    // Closing one lets the next connection in.
    held[0]!.destroy();
    await within(
      waitFor(() => g.gateway.context.connections.count('127.0.0.1') <= 1),
      'the connection count',
    );
    const ok = await rawRequest(
      port(g),
      `GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
    );
    expect(ok.status).toBe(200);
    held[1]!.destroy();
  });
});

function port(g: TestGateway): number {
  return Number(new URL(g.url).port);
}

async function keyIdOf(g: TestGateway, key: string): Promise<string> {
  return (await g.gateway.context.auth.authenticate(key))!.keyId;
}

/** Resolves once `done()` holds, checking after each turn of the event loop (no timers). */
function waitFor(done: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (done() ? resolve() : setImmediate(check));
    check();
  });
}

/** A keep-alive connection that has had one request answered (so the server has counted it). */
function keepAlive(g: TestGateway): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(g.url).port), '127.0.0.1', () =>
      socket.write('GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'),
    );
    socket.once('data', () => resolve(socket));
    socket.on('error', reject);
  });
}
