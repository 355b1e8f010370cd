/**
 * One admission path (auth/admit.ts): the same refusal, with the same code and retry_after, on REST, /v1/ws,
 * GraphQL over HTTP and graphql-ws.
 */
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestGateway, type TestGateway } from './harness.js';
import { openClient } from './ws-client.js';

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

async function viaWebSocket(g: TestGateway, key: string): Promise<Refusal & { close: number }> {
  const socket = await openClient(`${g.wsUrl}/v1/ws/ses_x?token=${key}`);
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
});
