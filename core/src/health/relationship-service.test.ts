import { describe, expect, it } from 'vitest';
import { createManualClock } from '../clock.js';
import { isLimbicError } from '../errors.js';
import { createSeededRandom } from '../random.js';
import { createSessionService } from '../session/session-service.js';
import type { SessionEvents } from '../session/session-types.js';
import { dayMs, hourMs } from './activity.js';

const start = Date.UTC(2026, 2, 2, 12); // a Monday, noon UTC
const SAD = 'I feel so hopeless, I cannot stop crying.';
const SCARED = 'I am scared and alone tonight.';
const HAPPY = 'I am really happy today, I got the job!';
const INSULT = 'You are a worthless idiot and I hate you.';
const calm = {
  goal_relevance: 0.3,
  goal_congruence: 0.2,
  expectedness: 0.6,
  controllability: 0.5,
  agency: -0.2,
  norm_compatibility: 0,
};

function setup(maxParticipants?: number) {
  const clock = createManualClock(start);
  const service = createSessionService({
    clock,
    random: createSeededRandom(7),
    ...(maxParticipants === undefined ? {} : { maxParticipants }),
  });
  const signals: SessionEvents['signal'][0][] = [];
  service.on('signal', (event) => signals.push(event));
  return { clock, service, signals };
}

async function session(service: ReturnType<typeof setup>['service'], language = 'en') {
  const { sessionId } = await service.createSession('owner', {
    preset: 'cheerful_companion',
    identity: { name: 'Mika', language },
  });
  return sessionId;
}

async function rejectsWith(promise: Promise<unknown>, code: string, text?: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isLimbicError(error, code as never), String(error)).toBe(true);
  if (text) expect(String((error as Error).message)).toContain(text);
}

describe('the support directive', () => {
  it.each([
    ['en', 'Support: ', 'professional'],
    ['es', 'Apoyo: ', 'profesional'],
    ['ja', '支え：', '専門家'],
  ])('appears in %s after repeated distress, not after one sad message', async (language, label, word) => {
    const { clock, service } = setup();
    const sessionId = await session(service, language);
    const first = await service.textTurn('owner', { sessionId, message: SAD });
    expect(first.prompt_data.instruction.support_directive).toBeNull();
    expect(first.prompt_data.formatted.instruction_block).not.toContain(label);
    clock.advance(hourMs);
    await service.textTurn('owner', { sessionId, message: HAPPY });
    clock.advance(hourMs);
    const second = await service.textTurn('owner', { sessionId, message: SCARED });
    expect(second.prompt_data.instruction.support_directive).toBeNull();
    clock.advance(dayMs);
    const third = await service.textTurn('owner', { sessionId, message: SAD });
    const directive = third.prompt_data.instruction.support_directive;
    expect(directive).toContain(word);
    expect(third.prompt_data.formatted.instruction_block).toContain(`${label}${directive}`);
    // A week later the distress has left the window: no directive.
    clock.advance(7 * dayMs);
    const later = await service.textTurn('owner', { sessionId, message: HAPPY });
    expect(later.prompt_data.instruction.support_directive).toBeNull();
  });
});

describe('the signal event', () => {
  it('fires once, when repeated distress starts, naming the person; not again while it stays active', async () => {
    const { clock, service, signals } = setup();
    const sessionId = await session(service);
    const from = { id: 'sam', name: 'Sam' };
    for (const message of [SAD, SCARED]) {
      await service.textTurn('owner', { sessionId, message, from });
      clock.advance(hourMs);
    }
    expect(signals).toEqual([]);
    await service.textTurn('owner', { sessionId, message: SAD, from });
    expect(signals).toHaveLength(1);
    expect(signals[0]).toMatchObject({
      owner: 'owner',
      sessionId,
      participant: { id: 'sam', name: 'Sam' },
      signal: { id: 'repeated_distress', active: true, value: 3, threshold: 3 },
    });
    expect(signals[0]!.signal.since).toBe(new Date(clock.now()).toISOString());
    clock.advance(hourMs);
    await service.textTurn('owner', { sessionId, message: SCARED, from });
    expect(signals).toHaveLength(1);
    const health = await service.relationships.get('owner', sessionId, { participant: 'sam' });
    const distress = health.signals.find((s) => s.id === 'repeated_distress')!;
    expect(distress).toMatchObject({ active: true, value: 4, since: signals[0]!.signal.since });
    // After the window empties and distress comes back, it starts again: a second event.
    clock.advance(8 * dayMs);
    for (const message of [SAD, SCARED, SAD]) await service.textTurn('owner', { sessionId, message, from });
    expect(signals).toHaveLength(2);
  });

  it('fires for sustained hostility toward the character on the third day (appraisal turns too)', async () => {
    const { clock, service, signals } = setup();
    const sessionId = await session(service);
    const hostile = {
      goal_relevance: 0.8,
      goal_congruence: -0.8,
      expectedness: 0.3,
      controllability: 0.3,
      agency: -0.9,
      norm_compatibility: -0.8,
    };
    await service.textTurn('owner', { sessionId, message: INSULT });
    clock.advance(dayMs);
    await service.appraisalTurn('owner', { sessionId, appraisal: hostile });
    expect(signals).toEqual([]);
    clock.advance(dayMs);
    await service.textTurn('owner', { sessionId, message: INSULT });
    expect(signals.map((s) => [s.signal.id, s.participant])).toEqual([['sustained_hostility', null]]);
    const health = await service.relationships.get('owner', sessionId);
    expect(health.messages).toEqual({ today: 1, last_7_days: 3, last_30_days: 3 });
  });
});

describe('late-night messaging through the service', () => {
  it('starts at the tenth message between 00:00 and 05:00 (the session’s zone, UTC by default) and stops after 14 days', async () => {
    const { clock, service, signals } = setup();
    const sessionId = await session(service);
    clock.set(Date.UTC(2026, 2, 3, 1));
    for (let i = 0; i < 9; i++) {
      await service.appraisalTurn('owner', { sessionId, appraisal: calm });
      clock.advance(60_000);
    }
    expect(signals).toEqual([]);
    await service.appraisalTurn('owner', { sessionId, appraisal: calm });
    expect(signals.map((s) => [s.signal.id, s.signal.value])).toEqual([['late_night', 1]]);
    const active = await service.relationships.get('owner', sessionId);
    expect(active.signals[0]).toMatchObject({
      id: 'late_night',
      active: true,
      threshold: 0.3,
      window_days: 14,
    });
    clock.advance(14 * dayMs);
    const later = await service.relationships.get('owner', sessionId);
    expect(later.signals[0]).toMatchObject({ active: false, since: null, value: 0 });
  });
});

describe('the relationship view', () => {
  it('shows the values now and their trend over 7 and 30 days on an injected clock', async () => {
    const { clock, service } = setup();
    const sessionId = await session(service);
    const empty = await service.relationships.get('owner', sessionId);
    expect(empty).toMatchObject({
      session_id: sessionId,
      participant: null,
      time_zone: 'UTC',
      trend: { days_7: null, days_30: null },
      messages: { today: 0, last_7_days: 0, last_30_days: 0 },
    });
    expect(empty.signals.map((s) => [s.id, s.active])).toEqual([
      ['late_night', false],
      ['rising_volume', false],
      ['sustained_hostility', false],
      ['repeated_distress', false],
    ]);
    for (const s of empty.signals) expect(s.definition.length).toBeGreaterThan(40);
    const first = await service.textTurn('owner', { sessionId, message: HAPPY });
    const then = first.interpersonal;
    for (let day = 1; day <= 10; day++) {
      clock.advance(dayMs);
      await service.textTurn('owner', {
        sessionId,
        message: 'Thank you so much, you really helped me today!',
      });
    }
    const health = await service.relationships.get('owner', sessionId);
    expect(health.at).toBe(new Date(clock.now()).toISOString());
    expect(health.trend.days_30).toBeNull();
    const week = health.trend.days_7!;
    expect(week.date).toBe(new Date(start + 3 * dayMs).toISOString().slice(0, 10));
    expect(health.interpersonal.trust).toBeGreaterThan(week.values.trust);
    expect(week.change.trust).toBeCloseTo(health.interpersonal.trust - week.values.trust, 4);
    expect(health.interpersonal.rapport).toBeGreaterThan(then.rapport);
    clock.advance(25 * dayMs);
    const month = (await service.relationships.get('owner', sessionId)).trend.days_30!;
    expect(month.date).toBe(new Date(start + 5 * dayMs).toISOString().slice(0, 10));
  });

  it('reads a record written before activity existed as an empty history', async () => {
    const { service } = setup();
    const sessionId = await session(service);
    await service.textTurn('owner', { sessionId, message: SAD });
    const stored = (await service.store.get(sessionId))!;
    expect(stored.activity?.person?.days).toHaveLength(1);
    const { activity: _, ...old } = stored;
    expect(await service.store.replace({ ...old, version: stored.version + 1 }, stored.version)).toBe(true);
    const health = await service.relationships.get('owner', sessionId);
    expect(health.messages.last_30_days).toBe(0);
    await service.textTurn('owner', { sessionId, message: SAD });
    expect((await service.relationships.get('owner', sessionId)).messages.today).toBe(1);
  });

  it('keeps a history per participant, and forgets it with the participant', async () => {
    const { service } = setup();
    const sessionId = await session(service);
    await service.textTurn('owner', { sessionId, message: SAD, from: { id: 'ana' } });
    await service.textTurn('owner', { sessionId, message: HAPPY, from: { id: 'bo' } });
    expect((await service.relationships.get('owner', sessionId, { participant: 'ana' })).messages.today).toBe(
      1,
    );
    expect((await service.relationships.get('owner', sessionId)).messages.today).toBe(0);
    await service.forgetParticipant('owner', sessionId, 'ana');
    const stored = (await service.store.get(sessionId))!;
    expect(stored.activity?.participants?.map((p) => p.id)).toEqual(['bo']);
    await rejectsWith(
      service.relationships.get('owner', sessionId, { participant: 'ana' }),
      'NOT_FOUND',
      '"ana"',
    );
  });

  it('drops the history of participants the session forgets to make room', async () => {
    const { service } = setup(2);
    const sessionId = await session(service);
    for (const id of ['a', 'b', 'c'])
      await service.textTurn('owner', { sessionId, message: HAPPY, from: { id } });
    const stored = (await service.store.get(sessionId))!;
    expect(stored.state.participants?.map((p) => p.id)).toEqual(['b', 'c']);
    expect(stored.activity?.participants?.map((p) => p.id)).toEqual(['b', 'c']);
  });

  it('refuses a bad participant id before reading, and another owner’s session is NOT_FOUND', async () => {
    const { service } = setup();
    const sessionId = await session(service);
    for (const participant of ['', 'x'.repeat(129), 42, ['a']]) {
      await rejectsWith(
        service.relationships.get('owner', sessionId, { participant }),
        'VALIDATION_ERROR',
        'participant',
      );
    }
    await rejectsWith(
      service.relationships.get('owner', 'ses_unknown', { participant: '' }),
      'VALIDATION_ERROR',
    );
    await rejectsWith(service.relationships.get('intruder', sessionId), 'NOT_FOUND');
    await rejectsWith(service.relationships.get('owner', sessionId, { participant: 'nobody' }), 'NOT_FOUND');
  });
});
