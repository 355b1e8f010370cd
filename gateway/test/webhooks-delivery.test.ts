/**
 * Webhook deliveries over real HTTP to a receiver on 127.0.0.1: Standard Webhooks signatures (checked with the
 * `standardwebhooks` package) through a secret rotation, the events a session produces, and the retry schedule
 * and disabling driven by a manual clock.
 */
import { createManualTime, type ManualTime } from '@limbic/core';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { retryDelaysMs } from '../src/webhooks/retry-schedule.js';
import { startTestGateway, type TestGateway } from './harness.js';
import { restClient } from './rest-client.js';
import { startReceiver, type WebhookReceiver } from './webhook-receiver.js';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
});

async function gateway(time?: ManualTime): Promise<TestGateway> {
  const t = await startTestGateway({ webhookAllowPrivate: true }, time ? { time, random: () => 0.5 } : {});
  open.push(t);
  return t;
}

async function receiver(statuses: number[] = []): Promise<WebhookReceiver> {
  const r = await startReceiver(statuses);
  open.push(r);
  return r;
}

const hostile = {
  goal_relevance: 1,
  goal_congruence: -1,
  expectedness: 0,
  controllability: 0,
  agency: -1,
  norm_compatibility: -1,
};

describe('signatures', () => {
  it('verify with the standardwebhooks package, with both secrets during a rotation and only the new one after', async () => {
    const t = await gateway();
    const r = await receiver();
    const pro = restClient(t, t.keys.pro);
    const created = (await pro.post('/v1/webhooks', { url: r.url, events: ['session.deleted'] })).body;
    await pro.post(`/v1/webhooks/${created.id}/test`, undefined);
    const [first] = await r.waitFor(1);
    const headers = first!.headers as Record<string, string>;
    expect(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(new Webhook(created.secret).verify(first!.body, headers)).toEqual({
      type: 'webhook.test',
      timestamp: new Date(t.clock.now()).toISOString(),
      data: { webhook_id: created.id, message: 'A test event from Limbic' },
    });
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(first!.body, headers),
    ).toThrow();

    const rotated = (await pro.post(`/v1/webhooks/${created.id}/rotate-secret`, undefined)).body;
    await pro.post(`/v1/webhooks/${created.id}/test`, undefined);
    const second = (await r.waitFor(2))[1]!;
    const during = second.headers as Record<string, string>;
    expect(during['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(new Webhook(rotated.secret).verify(second.body, during)).toMatchObject({ type: 'webhook.test' });
    expect(new Webhook(created.secret).verify(second.body, during)).toMatchObject({ type: 'webhook.test' });

    t.clock.advance(24 * 3600_000);
    await pro.post(`/v1/webhooks/${created.id}/test`, undefined);
    const third = (await r.waitFor(3))[2]!;
    const after = third.headers as Record<string, string>;
    expect(after['webhook-signature']?.split(' ')).toHaveLength(1);
    expect(new Webhook(rotated.secret).verify(third.body, after)).toMatchObject({ type: 'webhook.test' });
    expect(() => new Webhook(created.secret).verify(third.body, after)).toThrow();
  });
});

describe('events', () => {
  it('sends overflow, stage transition, proactive action and deletion of a session, each to its subscribers', async () => {
    const t = await gateway();
    const r = await receiver();
    const quiet = await receiver();
    const pro = restClient(t, t.keys.pro);
    const events = [
      'session.emotional_overflow',
      'session.stage_transition',
      'proactive.action',
      'session.deleted',
    ];
    await pro.post('/v1/webhooks', { url: r.url, events });
    await pro.post('/v1/webhooks', { url: quiet.url, events: ['webhook.disabled'] });
    // Another owner's endpoint hears nothing of this owner's sessions.
    await restClient(t, t.keys.other).post('/v1/webhooks', { url: quiet.url, events });
    const { sessionId } = (await pro.post('/v1/persona', { preset: 'empathetic_listener' })).body;
    const coping = (await pro.get(`/v1/persona/${sessionId}`)).body.config.coping_threshold;
    const turn1 = (await pro.post('/v1/turn/appraisal', { sessionId, appraisal: hostile, elapsedSeconds: 5 }))
      .body;
    const turn2 = (await pro.post('/v1/turn/appraisal', { sessionId, appraisal: hostile, elapsedSeconds: 5 }))
      .body;
    expect(turn2.stage_transition).not.toBeNull();

    const overflow = await r.waitForType('session.emotional_overflow');
    expect(turn1.emotion_intensity).toBeGreaterThanOrEqual(coping - 0.2 * turn1.body_budget.stress);
    expect(overflow.json.data).toMatchObject({
      session_id: sessionId,
      trigger: 'intensity',
      emotion: turn1.discrete_emotion,
      intensity: turn1.emotion_intensity,
      stress: turn1.body_budget.stress,
    });
    const transition = await r.waitForType('session.stage_transition');
    expect(transition.json.data).toMatchObject({
      session_id: sessionId,
      transition: turn2.stage_transition,
      soul_stage: turn2.soul_stage,
    });

    await pro.put(`/v1/proactive/${sessionId}/preferences`, { enabled: true });
    t.clock.advance(4 * 86_400_000);
    const [pending] = (await pro.get(`/v1/proactive/${sessionId}`)).body;
    const action = await r.waitForType('proactive.action');
    expect(action.json.data).toEqual({ session_id: sessionId, action: pending });

    await pro.delete(`/v1/persona/${sessionId}`);
    const deleted = await r.waitForType('session.deleted');
    expect(deleted.json.data).toEqual({ session_id: sessionId });
    await t.gateway.webhooks.worker.idle();
    expect(quiet.received).toEqual([]);
    const ids = r.received.map((x) => x.headers['webhook-id']);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('relationship signals', () => {
  it('sends relationship.signal once when a person’s repeated distress starts', async () => {
    const t = await gateway();
    const r = await receiver();
    const pro = restClient(t, t.keys.pro);
    await pro.post('/v1/webhooks', { url: r.url, events: ['relationship.signal'] });
    const { sessionId } = (await pro.post('/v1/persona', { preset: 'cheerful_companion' })).body;
    const from = { id: 'u-ana', name: 'Ana' };
    const say = (message: string) => pro.post('/v1/turn', { sessionId, message, from });
    await say('I feel so hopeless, I cannot stop crying.');
    t.clock.advance(3_600_000);
    await say('I am scared and alone tonight.');
    await t.gateway.webhooks.worker.idle();
    expect(r.received).toEqual([]);
    t.clock.advance(3_600_000);
    await say('I feel so hopeless, I cannot stop crying.');
    const started = await r.waitForType('relationship.signal');
    const health = (await pro.get(`/v1/persona/${sessionId}/relationship?participant=u-ana`)).body;
    const distress = health.signals.find((x: { id: string }) => x.id === 'repeated_distress');
    expect(started.json.data).toMatchObject({
      session_id: sessionId,
      participant: from,
      signal: { id: 'repeated_distress', active: true, since: distress.since },
    });
    // Still active on the next distress message: no second event.
    t.clock.advance(3_600_000);
    await say('I am scared and alone tonight.');
    await t.gateway.webhooks.worker.idle();
    expect(r.received.filter((x) => x.json.type === 'relationship.signal')).toHaveLength(1);
  });
});

describe('retries', () => {
  it('sends the event once more after each of three failures, on the schedule, then stops', async () => {
    const time = createManualTime(Date.UTC(2026, 10, 21, 12));
    const t = await gateway(time);
    const r = await receiver([500, 503, 404]);
    const pro = restClient(t, t.keys.pro);
    const hook = (await pro.post('/v1/webhooks', { url: r.url, events: ['session.deleted'] })).body;
    const { sessionId } = (await pro.post('/v1/persona', { preset: 'empathetic_listener' })).body;
    await pro.delete(`/v1/persona/${sessionId}`);
    const worker = t.gateway.webhooks.worker;
    await r.waitFor(1);
    await worker.idle();
    // random 0.5: no jitter, so each retry is due exactly after its delay.
    for (const [i, delay] of retryDelaysMs.slice(0, 3).entries()) {
      await time.advance(delay - 1);
      await worker.idle();
      expect(r.received).toHaveLength(i + 1);
      await time.advance(1);
      await r.waitFor(i + 2);
      await worker.idle();
    }
    await time.advance(3 * 3600_000);
    await worker.idle();
    expect(r.received).toHaveLength(4);
    expect(new Set(r.received.map((x) => x.headers['webhook-id'])).size).toBe(1);
    const log = (await pro.get(`/v1/webhooks/${hook.id}/deliveries`)).body.deliveries;
    expect(
      log.map((a: { attempt: number; status: number; ok: boolean }) => [a.attempt, a.status, a.ok]),
    ).toEqual([
      [4, 204, true],
      [3, 404, false],
      [2, 503, false],
      [1, 500, false],
    ]);
    expect((await pro.get(`/v1/webhooks/${hook.id}`)).body.consecutive_failures).toBe(0);
  });

  it('disables an endpoint after five messages in a row failed every attempt, and says so', async () => {
    const time = createManualTime(Date.UTC(2026, 10, 21, 12));
    const t = await gateway(time);
    const failing = await receiver(Array.from({ length: 100 }, () => 500));
    const watcher = await receiver();
    const pro = restClient(t, t.keys.pro);
    const hook = (await pro.post('/v1/webhooks', { url: failing.url, events: ['session.deleted'] })).body;
    await pro.post('/v1/webhooks', { url: watcher.url, events: ['webhook.disabled'] });
    for (let i = 0; i < 5; i++) {
      const { sessionId } = (await pro.post('/v1/persona', { preset: 'empathetic_listener' })).body;
      await pro.delete(`/v1/persona/${sessionId}`);
    }
    const { worker, store } = t.gateway.webhooks;
    // From due time to due time: the clock never jumps past a lease while a send is on the wire.
    await worker.idle();
    for (let due = await store.nextDue(); due !== null; due = await store.nextDue()) {
      await time.advance(Math.max(0, due - time.clock.now()));
      await worker.idle();
    }
    expect(time.clock.now() - Date.UTC(2026, 10, 21, 12)).toBe(retryDelaysMs.reduce((a, b) => a + b));
    expect(failing.received).toHaveLength(5 * (retryDelaysMs.length + 1));
    const shown = (await pro.get(`/v1/webhooks/${hook.id}`)).body;
    expect(shown).toMatchObject({ enabled: false, disabled_reason: 'failing', consecutive_failures: 5 });
    const told = await watcher.waitForType('webhook.disabled');
    expect(told.json.data).toEqual({
      webhook_id: hook.id,
      url: failing.url,
      reason: 'failing',
      consecutive_failures: 5,
    });
    expect(t.logs.join('')).toContain('webhook endpoint disabled after failing messages in a row');
    const enabled = (await pro.patch(`/v1/webhooks/${hook.id}`, { enabled: true })).body;
    expect(enabled).toMatchObject({ enabled: true, disabled_reason: null, consecutive_failures: 0 });
  });
});
