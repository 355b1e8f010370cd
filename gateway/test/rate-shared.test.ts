import { afterEach, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './harness.js';
import { expectError, restClient } from './rest-client.js';
import { openClient } from './ws-client.js';

let t: TestGateway | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('one rate limit per key across transports', () => {
  it('counts REST requests and WebSocket messages of a free key together: the 61st of either is refused', async () => {
    t = await startTestGateway();
    const rest = restClient(t, t.keys.free);
    const created = await rest.post('/v1/persona', { preset: 'rival' }); // 1
    expect(created.status).toBe(201);
    const sessionId = created.body.sessionId as string;
    const client = await openClient(`${t.wsUrl}/v1/ws/${sessionId}?token=${t.keys.free}`); // 2: connecting counts
    await client.expect('connected');
    for (let i = 0; i < 28; i++) {
      client.send({ type: 'get_state' }); // 3..30
      await client.expect('state');
    }
    for (let i = 0; i < 30; i++) {
      const r = await rest.get(`/v1/state/${sessionId}`); // 31..60
      expect(r.status).toBe(200);
    }
    expectError(await rest.get(`/v1/state/${sessionId}`), 429, 'RATE_LIMIT');
    client.send({ type: 'get_state', request_id: 'r61' });
    const refused = await client.expect('error');
    expect(refused.code).toBe('RATE_LIMIT');
    // Acknowledgements are never counted, so a client that is out of quota can still settle its actions.
    client.send({ type: 'ack_proactive', action_id: 'act_unknown' });
    expect((await client.expect('error')).code).toBe('NOT_FOUND');
    await client.close();
  });
});
