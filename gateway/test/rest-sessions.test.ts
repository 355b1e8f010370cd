import { presetIds } from '@limbic/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './harness.js';
import { appraisal, expectError, type RestClient, restClient } from './rest-client.js';

let t: TestGateway;
let pro: RestClient;
let other: RestClient;
let live: RestClient;

beforeAll(async () => {
  t = await startTestGateway();
  pro = restClient(t, t.keys.pro);
  other = restClient(t, t.keys.other);
  live = restClient(t, t.keys.proLive);
});
afterAll(() => t.close());

async function create(client: RestClient, definition: unknown = { preset: 'stoic_mentor' }): Promise<string> {
  const res = await client.post('/v1/persona', definition);
  expect(res.status, res.text).toBe(201);
  return res.body.sessionId;
}

describe('GET /v1/health', () => {
  it('answers without a key with status, version, store, uptime, time scale and engine time', async () => {
    const res = await restClient(t, null).get('/v1/health');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([
      'engine_time',
      'status',
      'store',
      'time_scale',
      'uptime_seconds',
      'version',
    ]);
    expect(res.body).toMatchObject({
      status: 'ok',
      version: '0.1.0',
      store: { kind: 'memory', reachable: true },
    });
    expect(res.body.time_scale).toBe(1);
    // The test gateway's manual engine clock.
    expect(res.body.engine_time).toBe(new Date(t.clock.now()).toISOString());
    expect(res.headers.get('request-id')).toMatch(/^req_/);
  });

  it('answers 503 SERVICE_UNAVAILABLE when the store fails', async () => {
    const store = t.gateway.context.service.store;
    const original = store.earliestDue.bind(store);
    store.earliestDue = async () => {
      throw new Error('connection refused');
    };
    try {
      const res = await restClient(t, null).get('/v1/health');
      expectError(res, 503, 'SERVICE_UNAVAILABLE');
      expect(res.headers.get('retry-after')).toBe('5');
    } finally {
      store.earliestDue = original;
    }
  });
});

describe('GET /v1/presets', () => {
  it('lists every preset with id, name, description and the six HEXACO domains', async () => {
    const res = await pro.get('/v1/presets');
    expect(res.status).toBe(200);
    expect(res.body.presets.map((p: { id: string }) => p.id)).toEqual([...presetIds]);
    expect(res.body.presets[0]).toEqual({
      id: 'cheerful_companion',
      name: 'Sunny',
      description: 'Warm, upbeat, and genuinely enthusiastic',
      personality: { O: 0.6, C: 0.5, E: 0.8, A: 0.7, N: 0.3, H: 0.65 },
    });
  });
});

describe('POST /v1/persona', () => {
  it('creates a session from a preset: 201 with sessionId, persona, config and createdAt', async () => {
    const res = await pro.post('/v1/persona', { preset: 'cheerful_companion' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['config', 'createdAt', 'persona', 'sessionId']);
    expect(res.body.sessionId).toMatch(/^ses_/);
    expect(res.body.createdAt).toBe(new Date(t.clock.now()).toISOString());
    expect(res.body.persona).toMatchObject({ preset: 'cheerful_companion', identity: { name: 'Sunny' } });
    expect(res.body.config.baseline).toEqual({
      V: expect.any(Number),
      A: expect.any(Number),
      D: expect.any(Number),
    });
  });

  it('creates a custom persona (Option B) and lets custom fields override a preset', async () => {
    const custom = await pro.post('/v1/persona', {
      identity: {
        name: 'Ada',
        core_values: ['rigour'],
        speaking_style: 'dry',
        role: 'engineer',
        language: 'es',
      },
      personality: { O: 0.9, C: 0.8, E: 0.2, A: 0.5, N: 0.6, H: 0.7, facets: { inquisitiveness: 1 } },
      emotion_config: { reactivity: 1.2, baseline: { V: 0.1, A: 0.4, D: 0 } },
      goals: ['Ship the engine'],
    });
    expect(custom.status, custom.text).toBe(201);
    expect(custom.body.persona.preset).toBeNull();
    expect(custom.body.persona.identity).toMatchObject({ name: 'Ada', language: 'es' });
    expect(custom.body.persona.personality.facets.inquisitiveness).toBe(1);
    expect(custom.body.config.reactivity).toBe(1.2);
    expect(custom.body.persona.goals).toEqual(['Ship the engine']);

    const mixed = await pro.post('/v1/persona', { preset: 'stoic_mentor', identity: { name: 'Marcus' } });
    expect(mixed.status).toBe(201);
    expect(mixed.body.persona.identity.name).toBe('Marcus');
    expect(mixed.body.persona.identity.role).toBe('Mentor');
  });

  it('rejects an unknown preset with 400 INVALID_PRESET', async () => {
    const res = await pro.post('/v1/persona', { preset: 'no_such_preset' });
    expectError(res, 400, 'INVALID_PRESET');
  });

  it('rejects invalid definitions with 400 VALIDATION_ERROR listing every field', async () => {
    const res = await pro.post('/v1/persona', {
      personality: { O: 2, C: 0.5, E: 0.5, A: 0.5, N: 0.5, H: 0.5 },
      identity: { nickname: 'x' },
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    const paths = res.body.error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['personality.O', 'identity.nickname']));
  });
});

describe('GET /v1/persona/:id and DELETE /v1/persona/:id', () => {
  it('retrieves a session with its persona, config, times, preferences and state', async () => {
    const id = await create(pro);
    const res = await pro.get(`/v1/persona/${id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'config',
        'createdAt',
        'last_override',
        'outreach',
        'persona',
        'preferences',
        'sessionId',
        'state',
        'updatedAt',
      ].sort(),
    );
    expect(res.body.last_override).toBeNull();
    // A new session: proactive messages are off until enabled (docs/proactive.md).
    expect(res.body.outreach).toMatchObject({
      next_consider_at: null,
      holds: [{ reason: 'proactive_off', until: null }],
      attachment: { threshold: 0.3 },
      need: { threshold: 0.25 },
    });
    expect(res.body.sessionId).toBe(id);
    expect(res.body.preferences).toEqual({
      enabled: false,
      triggers: { attachment_seeking: true, need_deficit: true, emotional_overflow: true },
      cooldown_hours: 4,
      time_zone: 'UTC',
      quiet_hours: null,
      max_per_day: 3,
    });
  });

  it('deletes a session: 200 {deleted: true, id}; afterwards every operation naming it is NOT_FOUND', async () => {
    const id = await create(pro);
    const res = await pro.delete(`/v1/persona/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true, id });
    await expectGone(pro, id);
  });

  it('answers NOT_FOUND for unknown, over-long and badly encoded ids', async () => {
    expectError(await pro.get('/v1/persona/ses_unknown'), 404, 'NOT_FOUND');
    expectError(await pro.get(`/v1/persona/${'x'.repeat(129)}`), 404, 'NOT_FOUND');
    expectError(await pro.get(`/v1/persona/${'x'.repeat(5000)}`), 404, 'NOT_FOUND');
    expectError(await pro.delete('/v1/persona/%E0%A4%A'), 404, 'NOT_FOUND');
  });
});

/** Every operation that names a session answers 404 NOT_FOUND. */
async function expectGone(client: RestClient, id: string): Promise<void> {
  const answers = await Promise.all([
    client.get(`/v1/persona/${id}`),
    client.delete(`/v1/persona/${id}`),
    client.get(`/v1/state/${id}`),
    client.get(`/v1/proactive/${id}`),
    client.get(`/v1/persona/${id}/participants`),
    client.delete(`/v1/persona/${id}/participants/u-bob`),
    client.get(`/v1/persona/${id}/memories`),
    client.get(`/v1/persona/${id}/memories?participant=u-bob&q=dog`),
    client.delete(`/v1/persona/${id}/memories/mem_1`),
    client.delete(`/v1/persona/${id}/memories`),
    client.get(`/v1/persona/${id}/memory/settings`),
    client.put(`/v1/persona/${id}/memory/settings`, { store_text: false }),
    client.put(`/v1/proactive/${id}/preferences`, { enabled: true }),
    client.post(`/v1/proactive/${id}/ack`, { action_id: 'act_x' }),
    client.post('/v1/turn/appraisal', { sessionId: id, appraisal }),
    client.post('/v1/turn', { sessionId: id, message: 'hello' }),
  ]);
  for (const res of answers) expectError(res, 404, 'NOT_FOUND');
}

describe('owner isolation', () => {
  it("hides a session from another account's key and from the same account's live key", async () => {
    const id = await create(pro);
    await expectGone(other, id);
    await expectGone(live, id);
    // Nothing leaked, nothing changed: the owner still sees the session, untouched.
    const state = await pro.get(`/v1/state/${id}`);
    expect(state.status).toBe(200);
    expect(state.body.turns).toBe(0);
    const list = await other.get('/v1/persona?limit=100');
    expect(list.body.sessions.map((s: { sessionId: string }) => s.sessionId)).not.toContain(id);
  });

  it('answers the same 404 body for a foreign session as for one that never existed', async () => {
    const id = await create(pro);
    const foreign = await other.get(`/v1/persona/${id}`);
    const unknown = await other.get(`/v1/persona/${id.slice(0, -1)}0`);
    expect(foreign.body.error.message.replace(id, '')).toBe(
      unknown.body.error.message.replace(/"[^"]*"/, '""'),
    );
  });
});

describe('GET /v1/persona (pagination)', () => {
  it('pages 45 sessions 20 at a time by default and walks every one exactly once', async () => {
    const own = await startTestGateway();
    try {
      const client = restClient(own, own.keys.pro);
      const created: string[] = [];
      for (let i = 0; i < 45; i++)
        created.push(await create(client, { preset: presetIds[i % presetIds.length] }));
      const first = await client.get('/v1/persona');
      expect(first.status).toBe(200);
      expect(Object.keys(first.body).sort()).toEqual(['cursor', 'sessions']);
      expect(first.body.sessions).toHaveLength(20);
      expect(Object.keys(first.body.sessions[0]).sort()).toEqual(
        ['createdAt', 'description', 'name', 'preset', 'sessionId', 'turns', 'updatedAt'].sort(),
      );
      const seen: string[] = [];
      let cursor: string | null = null;
      const sizes: number[] = [];
      do {
        const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
        const page = await client.get(`/v1/persona${query}`);
        expect(page.status).toBe(200);
        sizes.push(page.body.sessions.length);
        seen.push(...page.body.sessions.map((s: { sessionId: string }) => s.sessionId));
        cursor = page.body.cursor;
      } while (cursor !== null);
      expect(sizes).toEqual([20, 20, 5]);
      // Newest first by default (docs/protocol.md, "Session lists").
      expect(seen).toEqual([...created].reverse());
      const big = await client.get('/v1/persona?limit=100');
      expect(big.body.sessions).toHaveLength(45);
      expect(big.body.cursor).toBeNull();
      const exact = await client.get('/v1/persona?limit=45');
      expect(exact.body.cursor).toBeNull();
      const small = await client.get('/v1/persona?limit=1');
      expect(small.body.sessions).toHaveLength(1);
      expect(small.body.cursor).toEqual(expect.any(String));
    } finally {
      await own.close();
    }
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=', 'limit'],
    ['limit=1&limit=2', 'limit'],
    ['cursor=garbage', 'cursor'],
    ['cursor=c1.%21%21', 'cursor'],
    ['cursor=a&cursor=b', 'cursor'],
    ['limt=5', 'limt'],
    ['order=desc', 'order'],
    ['order=', 'order'],
    ['order=newest&order=oldest', 'order'],
  ])('rejects ?%s with 400 VALIDATION_ERROR naming %s', async (query, param) => {
    const res = await pro.get(`/v1/persona?${query}`);
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual([param]);
    expect(res.body.error.message).toContain(param);
  });
});
