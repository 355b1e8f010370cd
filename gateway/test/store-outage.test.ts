import { createMemoryStore, LimbicError, type SessionStore } from '@limbic/core';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './harness.js';
import { appraisal, expectError, restClient } from './rest-client.js';
import { openClient } from './ws-client.js';

/**
 * A memory store that can be switched off: every call then rejects with STORE_UNAVAILABLE, as the MongoDB store does
 * when its server is unreachable. (The real outage, against a real server, is in mongo-store.test.ts.)
 */
function createSwitchableStore(): SessionStore & { down: boolean } {
  const inner = createMemoryStore();
  const store = { ...inner, down: false, kind: 'switchable' } as SessionStore & { down: boolean };
  for (const name of ['create', 'get', 'replace', 'delete', 'list', 'count', 'due', 'earliestDue'] as const) {
    const method = inner[name] as (...args: unknown[]) => Promise<unknown>;
    (store as unknown as Record<string, unknown>)[name] = (...args: unknown[]) =>
      store.down
        ? Promise.reject(new LimbicError('STORE_UNAVAILABLE', 'The test store is unreachable; retry later'))
        : method(...args);
  }
  store.ping = async () => {
    if (store.down) throw new LimbicError('STORE_UNAVAILABLE');
  };
  return store;
}

let t: TestGateway | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('a session store outage', () => {
  it('answers 503 STORE_UNAVAILABLE with Retry-After on REST, then recovers when the store returns', async () => {
    const store = createSwitchableStore();
    t = await startTestGateway({}, { store });
    const rest = restClient(t, t.keys.pro);
    const created = await rest.post('/v1/persona', { preset: 'rival' });
    const sessionId = created.body.sessionId as string;
    store.down = true;
    const refused = await rest.post('/v1/turn/appraisal', { sessionId, appraisal });
    expectError(refused, 503, 'STORE_UNAVAILABLE');
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.body.error.retry_after).toBe(5);
    const health = await restClient(t, null).get('/v1/health');
    expectError(health, 503, 'SERVICE_UNAVAILABLE');
    expect(health.headers.get('retry-after')).toBe('5');
    store.down = false;
    expect((await rest.post('/v1/turn/appraisal', { sessionId, appraisal })).status).toBe(200);
    expect((await restClient(t, null).get('/v1/health')).body.store).toEqual({
      kind: 'switchable',
      reachable: true,
    });
  });

  it('answers a WebSocket turn with a STORE_UNAVAILABLE error frame carrying retry_after, and keeps the socket', async () => {
    const store = createSwitchableStore();
    t = await startTestGateway({}, { store });
    const rest = restClient(t, t.keys.pro);
    const sessionId = (await rest.post('/v1/persona', { preset: 'rival' })).body.sessionId as string;
    const client = await openClient(`${t.wsUrl}/v1/ws/${sessionId}?token=${t.keys.pro}`);
    await client.expect('connected');
    store.down = true;
    client.send({ type: 'turn_appraisal', request_id: 'r1', appraisal });
    const error = await client.expect('error');
    expect(error).toMatchObject({ code: 'STORE_UNAVAILABLE', retry_after: 5, request_id: 'r1' });
    store.down = false;
    client.send({ type: 'turn_appraisal', request_id: 'r2', appraisal });
    expect((await client.expect('turn_result')).request_id).toBe('r2');
    await client.close();
  });
});
