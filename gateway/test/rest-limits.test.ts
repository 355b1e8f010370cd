import { afterEach, describe, expect, it } from 'vitest';
import { hashKey } from '../src/auth/api-key.js';
import { startTestGateway, type TestGateway } from './harness.js';
import { expectError, restClient } from './rest-client.js';

let t: TestGateway | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function fresh(): Promise<TestGateway> {
  t = await startTestGateway();
  return t;
}

describe('authentication', () => {
  it('answers 401 with the interface body for missing, garbage, wrong-prefix, unknown and revoked keys', async () => {
    const g = await fresh();
    const record = await g.gateway.context.keys.findByHash(hashKey('test-pepper', g.keys.other));
    expect(record).not.toBeNull();
    await g.gateway.context.keys.put({ ...record!, status: 'revoked' });
    const attempts: [string, Record<string, string>][] = [
      ['no header', {}],
      ['an empty bearer', { authorization: 'Bearer ' }],
      ['garbage', { authorization: 'Bearer not-a-key' }],
      ['a wrong prefix', { authorization: `Bearer ${g.keys.pro.replace('svc_test_', 'sk_test_')}` }],
      [
        'a wrong environment prefix',
        { authorization: `Bearer ${g.keys.pro.replace('svc_test_', 'svc_live_')}` },
      ],
      [
        'an unknown well-formed key',
        { authorization: 'Bearer svc_test_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      ],
      ['another scheme', { authorization: `Basic ${g.keys.pro}` }],
      ['a revoked key', { authorization: `Bearer ${g.keys.other}` }],
    ];
    const anonymous = restClient(g, null);
    for (const [name, headers] of attempts) {
      for (const [method, path] of [
        ['GET', '/v1/persona'],
        ['POST', '/v1/turn/appraisal'],
        ['GET', '/v1/state/ses_x'],
      ] as const) {
        const res = await anonymous.request(method, path, { headers });
        expect(res.status, `${name}: ${method} ${path}`).toBe(401);
        expect(res.body).toEqual({
          error: {
            code: 'UNAUTHORIZED',
            status: 401,
            message: 'Invalid or missing API key',
            request_id: res.headers.get('request-id'),
          },
        });
      }
    }
    // Public routes need no key.
    expect((await anonymous.get('/v1/health')).status).toBe(200);
    expect((await anonymous.get('/v1/openapi.json')).status).toBe(200);
    expect((await anonymous.get('/v1/asyncapi.json')).status).toBe(200);
  });
});

describe('the free plan', () => {
  it('answers the 61st request in a minute with 429 RATE_LIMIT, Retry-After and RateLimit headers', async () => {
    const g = await fresh();
    const free = restClient(g, g.keys.free);
    for (let i = 1; i <= 60; i++) {
      const res = await free.get('/v1/presets');
      expect(res.status, `request ${i}`).toBe(200);
      expect(res.headers.get('ratelimit-policy')).toBe('"free";q=60;w=60');
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(60 - i));
    }
    const res = await free.get('/v1/presets');
    expectError(res, 429, 'RATE_LIMIT');
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(res.body.error.retry_after).toBe(retryAfter);
    expect(res.headers.get('ratelimit')).toMatch(/^"free";r=0;t=\d+$/);
    expect(res.headers.get('x-ratelimit-limit')).toBe('60');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
    // Per key: another key of another account is not affected.
    expect((await restClient(g, g.keys.pro).get('/v1/presets')).status).toBe(200);
  });

  it('refuses the 11th session with 403 SESSION_LIMIT; deleting one makes room', async () => {
    const g = await fresh();
    const free = restClient(g, g.keys.free);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await free.post('/v1/persona', { preset: 'rival' });
      expect(res.status, `session ${i + 1}`).toBe(201);
      ids.push(res.body.sessionId);
    }
    const refused = await free.post('/v1/persona', { preset: 'rival' });
    expectError(refused, 403, 'SESSION_LIMIT');
    expect((await free.get('/v1/persona?limit=100')).body.sessions).toHaveLength(10);
    expect((await free.delete(`/v1/persona/${ids[0]}`)).status).toBe(200);
    expect((await free.post('/v1/persona', { preset: 'rival' })).status).toBe(201);
  });

  it('refuses parallel creates beyond the quota (checked atomically)', async () => {
    const g = await fresh();
    const free = restClient(g, g.keys.free);
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => free.post('/v1/persona', { preset: 'rival' })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(10).fill(201), ...Array(5).fill(403)]);
  });
});
