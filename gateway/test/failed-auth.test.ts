import { afterEach, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './harness.js';
import { expectError, restClient } from './rest-client.js';
import { openClient } from './ws-client.js';

let t: TestGateway | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('failed authentication per address', () => {
  it('answers RATE_LIMIT once an address has failed too often, even for a valid key, on REST and WebSocket', async () => {
    t = await startTestGateway({ failedAuthPerMinute: 5 });
    const bad = restClient(t, 'svc_test_guessguessguessguess01');
    for (let i = 0; i < 5; i++) expectError(await bad.get('/v1/presets'), 401, 'UNAUTHORIZED');
    const sixth = await bad.get('/v1/presets');
    expectError(sixth, 429, 'RATE_LIMIT');
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    // A correct guess now is not confirmed: the address is blocked whatever it presents.
    expectError(await restClient(t, t.keys.pro).get('/v1/presets'), 429, 'RATE_LIMIT');
    const socket = await openClient(`${t.wsUrl}/v1/ws/ses_x?token=${t.keys.pro}`);
    expect((await socket.expect('error')).code).toBe('RATE_LIMIT');
    expect((await socket.waitClose()).code).toBe(4429);
  });
});
