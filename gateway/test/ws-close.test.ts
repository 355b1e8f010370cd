import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestGateway, type TestGateway } from './harness.js';
import { connectSession, createSession, openClient, ownerOf, wsUrl } from './ws-client.js';

let t: TestGateway;

beforeEach(async () => {
  t = await startTestGateway();
});
afterEach(async () => {
  await t.close();
});

describe('ws: authentication and ownership', () => {
  it('sends UNAUTHORIZED, then closes 4401, for a bad token', async () => {
    const sessionId = await createSession(t, t.keys.pro);
    const badKey = `svc_test_${'x'.repeat(38)}`;
    const client = await openClient(wsUrl(t, sessionId, badKey));
    expect(await client.next()).toEqual({
      type: 'error',
      code: 'UNAUTHORIZED',
      message: 'Invalid or missing API key',
    });
    expect(await client.waitClose()).toMatchObject({ code: 4401 });
    // The key never reaches the logs, not even when it is rejected.
    expect(t.logs.join('')).not.toContain(badKey);
  });

  it('closes 4401 without a token', async () => {
    const sessionId = await createSession(t, t.keys.pro);
    const client = await openClient(`${t.wsUrl}/v1/ws/${sessionId}`);
    expect(await client.next()).toMatchObject({ type: 'error', code: 'UNAUTHORIZED' });
    expect((await client.waitClose()).code).toBe(4401);
  });

  it('answers another account’s session and an unknown one alike: NOT_FOUND, 4404', async () => {
    const sessionId = await createSession(t, t.keys.pro);
    const odd = [`ses_${'é'.repeat(120)}`, 'x'.repeat(300), '%E0%A4%A', ''];
    const urls = [wsUrl(t, sessionId, t.keys.other), wsUrl(t, 'ses_nope', t.keys.other)];
    for (const id of odd)
      urls.push(`${t.wsUrl}/v1/ws/${id === '%E0%A4%A' ? id : encodeURIComponent(id)}?token=${t.keys.other}`);
    for (const url of urls) {
      const client = await openClient(url);
      const error = await client.next();
      expect(error).toMatchObject({ type: 'error', code: 'NOT_FOUND' });
      expect(await client.waitClose()).toEqual({ code: 4404, reason: 'session not found' });
    }
  });

  it('closes 4401 when the key is revoked while connected (heartbeat re-check)', async () => {
    const sessionId = await createSession(t, t.keys.pro);
    const client = await connectSession(t, sessionId, t.keys.pro);
    const { keyId } = (await t.gateway.context.auth.authenticate(t.keys.pro))!;
    const record = (await t.gateway.context.keys.findById(keyId))!;
    await t.gateway.context.keys.put({ ...record, status: 'revoked' });
    await t.gateway.websocket.sweep();
    expect(await client.next()).toMatchObject({ type: 'error', code: 'UNAUTHORIZED' });
    expect((await client.waitClose()).code).toBe(4401);
  });

  it('closes 4401 when a revocation is announced on context.onKeyRevoked', async () => {
    const sessionId = await createSession(t, t.keys.pro);
    const client = await connectSession(t, sessionId, t.keys.pro);
    const bystander = await connectSession(t, await createSession(t, t.keys.other), t.keys.other);
    const { keyId } = (await t.gateway.context.auth.authenticate(t.keys.pro))!;
    for (const listener of t.gateway.context.onKeyRevoked) listener(keyId);
    expect(await client.next()).toMatchObject({ type: 'error', code: 'UNAUTHORIZED' });
    expect((await client.waitClose()).code).toBe(4401);
    bystander.send({ type: 'get_state' });
    await bystander.expect('state');
    await bystander.close();
  });

  it('closes 4404 when the session is deleted while connected', async () => {
    const sessionId = await createSession(t, t.keys.pro);
    const client = await connectSession(t, sessionId, t.keys.pro);
    await t.gateway.context.service.deleteSession(await ownerOf(t, t.keys.pro), sessionId);
    const error = await client.next();
    expect(error).toMatchObject({ type: 'error', code: 'NOT_FOUND' });
    expect(error.message).toContain('deleted');
    expect((await client.waitClose()).code).toBe(4404);
  });

  it('answers an upgrade on a path nobody serves with HTTP 404, without logging the key', async () => {
    // /graphql itself is the graphql-ws endpoint (graphql-subscriptions.test.ts).
    for (const path of ['/v1/wsx', '/graphql/x', '/v1/ws']) {
      const ws = new WebSocket(`${t.wsUrl}${path}?token=${t.keys.pro}`);
      const status = await new Promise<number>((resolve) => {
        ws.on('unexpected-response', (request, response) => {
          resolve(response.statusCode ?? 0);
          request.destroy();
        });
        ws.on('error', () => resolve(-1));
      });
      expect(status).toBe(404);
    }
    expect(t.logs.join('')).not.toContain(t.keys.pro);
  });
});

describe('ws: bad frames and limits', () => {
  it('closes 4400 after 10 consecutive invalid messages, answering each', async () => {
    const client = await connectSession(t, await createSession(t, t.keys.pro), t.keys.pro);
    for (let i = 0; i < 10; i++) client.send(i % 2 ? '{nope' : { type: 'nope' });
    for (let i = 0; i < 10; i++) expect(await client.next()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((await client.waitClose()).code).toBe(4400);
  });

  it('resets the count of invalid messages after a valid one', async () => {
    const client = await connectSession(t, await createSession(t, t.keys.pro), t.keys.pro);
    for (let i = 0; i < 9; i++) client.send('{nope');
    client.send({ type: 'get_state' });
    for (let i = 0; i < 9; i++) client.send('{nope');
    client.send({ type: 'get_state', request_id: 'last' });
    for (let i = 0; i < 19; i++) await client.next();
    expect(await client.next()).toMatchObject({ type: 'state', request_id: 'last' });
    await client.close();
  });

  it('answers a binary frame with VALIDATION_ERROR and closes 1003', async () => {
    const client = await connectSession(t, await createSession(t, t.keys.pro), t.keys.pro);
    client.send(Buffer.from(JSON.stringify({ type: 'get_state' })));
    expect(await client.next()).toMatchObject({ type: 'error', code: 'VALIDATION_ERROR' });
    expect((await client.waitClose()).code).toBe(1003);
  });

  it('answers a message over 64 KiB with VALIDATION_ERROR naming the limit, then closes 1009', async () => {
    const client = await connectSession(t, await createSession(t, t.keys.pro), t.keys.pro);
    client.send({ type: 'turn', message: 'a'.repeat(70_000) });
    const error = await client.next();
    expect(error).toMatchObject({ type: 'error', code: 'VALIDATION_ERROR' });
    expect(error.message).toContain('at most 65536 bytes');
    expect((await client.waitClose()).code).toBe(1009);
  });

  it('answers RATE_LIMIT with retry_after past the plan, then closes 4429 when the flood goes on', async () => {
    // Free plan: 60 per minute, and connecting counts as one.
    const client = await connectSession(t, await createSession(t, t.keys.free), t.keys.free);
    for (let i = 0; i < 59 + 121; i++) client.send({ type: 'get_state', request_id: String(i) });
    for (let i = 0; i < 59; i++) await client.expect('state');
    const first = await client.next();
    expect(first).toMatchObject({ type: 'error', code: 'RATE_LIMIT', request_id: '59' });
    expect(first.retry_after).toBeGreaterThan(0);
    expect(first.message).toContain('free plan allows 60 per minute');
    for (let i = 1; i < 121; i++) expect(await client.next()).toMatchObject({ code: 'RATE_LIMIT' });
    expect((await client.waitClose()).code).toBe(4429);
  });

  it('counts the connection itself: a key over its limit gets RATE_LIMIT and 4429 at connect', async () => {
    const sessionId = await createSession(t, t.keys.free);
    const principal = (await t.gateway.context.auth.authenticate(t.keys.free))!;
    for (let i = 0; i < 60; i++) await t.gateway.context.limiter.consume(principal);
    const client = await openClient(wsUrl(t, sessionId, t.keys.free));
    expect(await client.next()).toMatchObject({
      type: 'error',
      code: 'RATE_LIMIT',
      retry_after: expect.any(Number),
    });
    expect((await client.waitClose()).code).toBe(4429);
  });

  it('does not count acknowledgements against the plan', async () => {
    const client = await connectSession(t, await createSession(t, t.keys.free), t.keys.free);
    for (let i = 0; i < 70; i++) client.send({ type: 'ack_proactive', action_id: 'act_x' });
    for (let i = 0; i < 70; i++) expect(await client.next()).toMatchObject({ code: 'NOT_FOUND' });
    client.send({ type: 'get_state' });
    await client.expect('state');
    await client.close();
  });
});

describe('ws: heartbeat', () => {
  it('terminates a peer that does not answer pings, and keeps one that does', async () => {
    const sessionId = await createSession(t, t.keys.pro);
    const dead = await openClient(wsUrl(t, sessionId, t.keys.pro), { autoPong: false });
    await dead.expect('connected');
    const live = await connectSession(t, sessionId, t.keys.pro);
    const pinged = new Promise<void>((resolve) => live.ws.once('ping', () => resolve()));
    await t.gateway.websocket.sweep();
    await pinged;
    // The pong goes out before this message, so the server has seen it when it answers.
    live.send({ type: 'get_state' });
    await live.expect('state');
    await t.gateway.websocket.sweep();
    expect((await dead.waitClose()).code).toBe(1006);
    live.send({ type: 'get_state' });
    await live.expect('state');
    expect(t.gateway.websocket.size).toBe(1);
    await live.close();
  });
});
