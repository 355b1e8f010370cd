/**
 * LIMBIC_TRUST_PROXY over real HTTP: behind a trusted proxy the failed-authentication limit counts the client that
 * X-Forwarded-For names, on REST and on both WebSocket upgrades; without trust the header is ignored. The test
 * client plays the proxy (it connects from 127.0.0.1 and writes X-Forwarded-For).
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestGateway, type TestGateway } from './harness.js';
import { rawRequest } from './raw-http.js';
import { createSession, openClient } from './ws-client.js';

let t: TestGateway | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const badKey = 'svc_test_notarealkeynotarealkey00';

/** A REST request from the client `forwardedFor`; resolves with the status. */
async function rest(g: TestGateway, forwardedFor: string, key: string): Promise<number> {
  const res = await fetch(`${g.url}/v1/presets`, {
    headers: { authorization: `Bearer ${key}`, 'x-forwarded-for': forwardedFor },
  });
  await res.arrayBuffer();
  return res.status;
}

/** A /v1/ws connection from the client `forwardedFor`; resolves with the close code, or `connected`. */
async function socket(
  g: TestGateway,
  forwardedFor: string,
  key: string,
  sessionId = 'ses_x',
): Promise<number | 'connected'> {
  const client = await openClient(`${g.wsUrl}/v1/ws/${sessionId}?token=${key}`, {
    headers: { 'x-forwarded-for': forwardedFor },
  });
  const first = await client.next();
  if (first.type === 'connected') {
    await client.close();
    return 'connected';
  }
  return (await client.waitClose()).code;
}

/** A graphql-ws connection_init from the client `forwardedFor`; resolves with the close code. */
function graphqlWs(g: TestGateway, forwardedFor: string, key: string): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${g.wsUrl}/graphql`, 'graphql-transport-ws', {
      headers: { 'x-forwarded-for': forwardedFor },
    });
    ws.on('open', () =>
      ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${key}` } })),
    );
    ws.on('message', (data) => {
      if (JSON.parse(String(data)).type === 'connection_ack') ws.close(1000);
    });
    ws.on('close', (code) => resolve(code));
    ws.on('error', () => {});
  });
}

describe('LIMBIC_TRUST_PROXY', () => {
  it('behind a trusted proxy, limits clients with different X-Forwarded-For separately on REST', async () => {
    t = await startTestGateway({ failedAuthPerMinute: 3, trustProxy: ['127.0.0.1'] });
    for (let i = 0; i < 3; i++) expect(await rest(t, '203.0.113.1', badKey)).toBe(401);
    expect(await rest(t, '203.0.113.1', badKey)).toBe(429);
    expect(await rest(t, '203.0.113.1', t.keys.pro)).toBe(429);
    // Another client behind the same proxy is not blocked.
    expect(await rest(t, '203.0.113.2', badKey)).toBe(401);
    expect(await rest(t, '203.0.113.2', t.keys.pro)).toBe(200);
    // The address blocked on REST is blocked on both WebSocket upgrades: one limit per client, every transport.
    expect(await socket(t, '203.0.113.1', t.keys.pro)).toBe(4429);
    expect(await graphqlWs(t, '203.0.113.1', t.keys.pro)).toBe(4429);
    expect(await graphqlWs(t, '203.0.113.2', t.keys.pro)).toBe(1000);
  });

  it('behind a trusted proxy, limits clients with different X-Forwarded-For separately on /v1/ws', async () => {
    t = await startTestGateway({ failedAuthPerMinute: 3, trustProxy: true });
    for (let i = 0; i < 3; i++) expect(await socket(t, '198.51.100.1', badKey)).toBe(4401);
    expect(await socket(t, '198.51.100.1', badKey)).toBe(4429);
    expect(await socket(t, '198.51.100.2', badKey)).toBe(4401);
    const sessionId = await createSession(t, t.keys.pro);
    expect(await socket(t, '198.51.100.2', t.keys.pro, sessionId)).toBe('connected');
    expect(await rest(t, '198.51.100.1', t.keys.pro)).toBe(429);
  });

  it('without trust, ignores X-Forwarded-For: every client of the peer shares its limit', async () => {
    t = await startTestGateway({ failedAuthPerMinute: 3 });
    for (let i = 0; i < 3; i++) expect(await rest(t, `203.0.113.${i + 1}`, badKey)).toBe(401);
    expect(await rest(t, '203.0.113.4', badKey)).toBe(429);
    expect(await rest(t, '203.0.113.9', t.keys.pro)).toBe(429);
    expect(await socket(t, '203.0.113.10', t.keys.pro)).toBe(4429);
    expect(await graphqlWs(t, '203.0.113.11', t.keys.pro)).toBe(4429);
  });

  it('with a proxy that is not the trusted one, ignores its X-Forwarded-For', async () => {
    t = await startTestGateway({ failedAuthPerMinute: 3, trustProxy: ['10.0.0.0/8'] });
    for (let i = 0; i < 3; i++) expect(await rest(t, `203.0.113.${i + 1}`, badKey)).toBe(401);
    expect(await rest(t, '203.0.113.4', badKey)).toBe(429);
    expect(await rest(t, '203.0.113.9', t.keys.pro)).toBe(429);
  });

  it('keeps counting the per-address connection cap by TCP peer', async () => {
    t = await startTestGateway({ maxConnectionsPerAddress: 1, trustProxy: true });
    const port = Number(new URL(t.url).port);
    const held = await new Promise<Socket>((resolve, reject) => {
      const s = connect(port, '127.0.0.1', () =>
        s.write('GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: 203.0.113.1\r\n\r\n'),
      );
      s.once('data', () => resolve(s));
      s.on('error', reject);
    });
    const other = await rawRequest(
      port,
      'GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: 203.0.113.2\r\n\r\n',
    );
    expect(other.status).toBe(429);
    expect(JSON.parse(other.body).error.code).toBe('RATE_LIMIT');
    held.destroy();
  });
});
