import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './harness.js';
import { expectError, type RestClient, restClient } from './rest-client.js';

let t: TestGateway;
let pro: RestClient;

beforeAll(async () => {
  t = await startTestGateway();
  pro = restClient(t, t.keys.pro);
});
afterAll(() => t.close());

const day = 86_400_000;

async function conversation(): Promise<string> {
  const res = await pro.post('/v1/persona', { preset: 'empathetic_listener' });
  const id: string = res.body.sessionId;
  for (const message of [
    'Good morning! I missed you.',
    'Thank you for listening yesterday.',
    'See you soon!',
  ]) {
    t.clock.advance(60_000);
    expect((await pro.post('/v1/turn', { sessionId: id, message })).status).toBe(200);
  }
  return id;
}

describe('PUT /v1/proactive/:sessionId/preferences', () => {
  it('enables with every trigger on and a 4-hour cooldown by default', async () => {
    const id = await conversation();
    const res = await pro.put(`/v1/proactive/${id}/preferences`, { enabled: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      sessionId: id,
      preferences: {
        enabled: true,
        triggers: { attachment_seeking: true, need_deficit: true, emotional_overflow: true },
        cooldown_hours: 4,
        time_zone: 'UTC',
        quiet_hours: null,
        max_per_day: 3,
      },
    });
    const details = await pro.get(`/v1/persona/${id}`);
    expect(details.body.preferences).toEqual(res.body.preferences);
  });

  it('replaces the preferences as a whole: given toggles and cooldown, the rest defaulted', async () => {
    const id = await conversation();
    await pro.put(`/v1/proactive/${id}/preferences`, { enabled: true, cooldown_hours: 12 });
    const res = await pro.put(`/v1/proactive/${id}/preferences`, {
      enabled: true,
      triggers: { need_deficit: false },
    });
    expect(res.body.preferences).toEqual({
      enabled: true,
      triggers: { attachment_seeking: true, need_deficit: false, emotional_overflow: true },
      cooldown_hours: 4,
      time_zone: 'UTC',
      quiet_hours: null,
      max_per_day: 3,
    });
    const off = await pro.put(`/v1/proactive/${id}/preferences`, { enabled: false });
    expect(off.body.preferences.enabled).toBe(false);
  });
});

describe('GET /v1/proactive/:sessionId and POST /v1/proactive/:sessionId/ack', () => {
  it('stays silent while proactive behaviour is disabled (the default)', async () => {
    const id = await conversation();
    t.clock.advance(4 * day);
    const res = await pro.get(`/v1/proactive/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('raises an action after four days of silence, acknowledges it, and never shows it again', async () => {
    const id = await conversation();
    await pro.put(`/v1/proactive/${id}/preferences`, { enabled: true });
    expect((await pro.get(`/v1/proactive/${id}`)).body).toEqual([]);

    t.clock.advance(4 * day);
    const res = await pro.get(`/v1/proactive/${id}`);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.length).toBeGreaterThan(0);
    const action = res.body[0];
    expect(Object.keys(action).sort()).toEqual([
      'id',
      'message',
      'metadata',
      'priority',
      'reason',
      'timestamp',
      'type',
    ]);
    expect(['attachment_seeking', 'need_deficit']).toContain(action.type);
    expect(['low', 'medium', 'high']).toContain(action.priority);
    expect(action.message.length).toBeGreaterThan(0);
    expect(Date.parse(action.timestamp)).toBeLessThanOrEqual(t.clock.now());
    expect(Date.parse(action.timestamp)).toBeGreaterThan(t.clock.now() - 4 * day);

    // Asking again returns the same pending action, not a new one.
    const again = await pro.get(`/v1/proactive/${id}`);
    expect(again.body.map((a: { id: string }) => a.id)).toEqual(res.body.map((a: { id: string }) => a.id));

    const ack = await pro.post(`/v1/proactive/${id}/ack`, { action_id: action.id });
    expect(ack.status).toBe(200);
    expect(ack.body).toEqual({ action_id: action.id, acknowledged: true });
    const after = await pro.get(`/v1/proactive/${id}`);
    expect(after.body.map((a: { id: string }) => a.id)).not.toContain(action.id);

    const twice = await pro.post(`/v1/proactive/${id}/ack`, { action_id: action.id });
    expect(twice.status).toBe(200);
    expect(twice.body).toEqual({ action_id: action.id, acknowledged: true });

    expectError(await pro.post(`/v1/proactive/${id}/ack`, { action_id: 'act_unknown' }), 404, 'NOT_FOUND');
  });

  it('acknowledges by the id the REST list names as well as by action_id, but not by both', async () => {
    const id = await conversation();
    await pro.put(`/v1/proactive/${id}/preferences`, { enabled: true });
    t.clock.advance(4 * day);
    const [action] = (await pro.get(`/v1/proactive/${id}`)).body as { id: string }[];
    expect(action).toBeDefined();
    const both = await pro.post(`/v1/proactive/${id}/ack`, { id: action!.id, action_id: action!.id });
    expectError(both, 400, 'VALIDATION_ERROR');
    expect(both.body.error.message).toMatch(/\bid: give one of action_id and id/);
    const bad = await pro.post(`/v1/proactive/${id}/ack`, { id: 5 });
    expectError(bad, 400, 'VALIDATION_ERROR');
    expect(bad.body.error.message).toMatch(/\bid: must be a non-empty string/);
    const ack = await pro.post(`/v1/proactive/${id}/ack`, { id: action!.id });
    expect(ack.status).toBe(200);
    expect(ack.body).toEqual({ action_id: action!.id, acknowledged: true });
    expect((await pro.get(`/v1/proactive/${id}`)).body).toEqual([]);
  });

  it("does not acknowledge another session's action", async () => {
    const a = await conversation();
    const b = await conversation();
    await pro.put(`/v1/proactive/${a}/preferences`, { enabled: true });
    t.clock.advance(4 * day);
    const [action] = (await pro.get(`/v1/proactive/${a}`)).body;
    expect(action).toBeDefined();
    expectError(await pro.post(`/v1/proactive/${b}/ack`, { action_id: action.id }), 404, 'NOT_FOUND');
    expect((await pro.get(`/v1/proactive/${a}`)).body).toEqual([action]);
  });
});
