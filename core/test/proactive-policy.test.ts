import { describe, expect, it } from 'vitest';
import {
  createManualClock,
  createSeededRandom,
  createSessionService,
  localDay,
  type ManualClock,
  parsePreferences,
  policyHold,
  policyReleaseAt,
  policyTimeZone,
  type SessionService,
} from '../src/index.js';
import { canonical } from './fixtures.js';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const madridNight = { start: '22:00', end: '08:00' };

interface World {
  service: SessionService;
  clock: ManualClock;
  sessionId: string;
}

type Failure = { code: string; issues: { path: string }[] };

/** The error a promise rejects with (the test fails when it resolves). */
async function failure(promise: Promise<unknown>): Promise<Failure> {
  try {
    await promise;
  } catch (error) {
    return error as Failure;
  }
  throw new Error('expected a rejection');
}

/** A character bonded with its one person by 40 kind turns, a minute apart, from `start`. */
async function bonded(start: number, language = 'en', context?: string): Promise<World> {
  const clock = createManualClock(start);
  const service = createSessionService({ clock, random: createSeededRandom(7) });
  const { sessionId } = await service.createSession('alice', {
    personality: { O: 0.5, C: 0.5, E: 0.5, A: 0.5, N: 0.5, H: 0.5 },
    identity: { name: 'Mika', language },
  });
  for (let i = 0; i < 40; i++) {
    clock.advance(minute);
    await service.appraisalTurn('alice', {
      sessionId,
      appraisal: canonical.kindness,
      ...(i === 20 && context ? { context } : {}),
    });
  }
  return { service, clock, sessionId };
}

const madridHour = (t: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Madrid', hour: '2-digit', minute: '2-digit' }).format(
    t,
  );

describe('proactive policy: quiet hours in the session’s zone', () => {
  it('holds an action due at 03:00 in Madrid until the quiet hours end at 08:00 local', async () => {
    // A probe run finds when the absence makes the character reach out; a second run starts shifted so that this
    // falls at 03:00 in Madrid (engine time is relative: the same turns give the same due time, shifted).
    const probeStart = Date.UTC(2026, 0, 10, 12);
    const probe = await bonded(probeStart);
    await probe.service.setPreferences('alice', probe.sessionId, {
      enabled: true,
      time_zone: 'Europe/Madrid',
    });
    const probeDue = (await probe.service.nextCheckAt())!;
    const at3 = Date.UTC(2026, 0, 13, 2); // 03:00 CET
    expect(probeDue).toBeLessThan(at3);
    const shift = at3 - probeDue;

    const { service, clock, sessionId } = await bonded(probeStart + shift);
    await service.setPreferences('alice', sessionId, { enabled: true, time_zone: 'Europe/Madrid' });
    expect(await service.nextCheckAt()).toBe(at3);
    await service.setPreferences('alice', sessionId, {
      enabled: true,
      time_zone: 'Europe/Madrid',
      quiet_hours: madridNight,
    });
    const due = (await service.nextCheckAt())!;
    expect(madridHour(due)).toBe('08:00');
    expect(due).toBe(Date.UTC(2026, 0, 13, 7));

    clock.set(at3);
    expect(await service.runDueChecks()).toEqual([]);
    expect(await service.pendingActions('alice', sessionId)).toEqual([]);
    clock.set(due - 1000);
    expect(await service.pendingActions('alice', sessionId)).toEqual([]);
    clock.set(due);
    const [action] = await service.runDueChecks();
    expect(action?.type).toBe('attachment_seeking');
    expect(action?.createdAt).toBe(due);
  });

  it('answers the complete preferences, and names the field of a bad zone or time', async () => {
    const { service, sessionId } = await bonded(Date.UTC(2026, 0, 10, 12));
    expect((await service.getPreferences('alice', sessionId)).time_zone).toBe('UTC');
    const bad = await failure(
      service.setPreferences('alice', sessionId, {
        enabled: true,
        time_zone: 'Europe/Atlantis',
        quiet_hours: { start: '24:00', end: '8:00' },
        max_per_day: 0,
      }),
    );
    expect(bad.code).toBe('VALIDATION_ERROR');
    expect(bad.issues.map((i) => i.path).sort()).toEqual([
      'preferences.max_per_day',
      'preferences.quiet_hours.end',
      'preferences.quiet_hours.start',
      'preferences.time_zone',
    ]);
    expect((await service.getPreferences('alice', sessionId)).enabled).toBe(false);
  });
});

describe('proactive policy: the daily maximum', () => {
  it('raises at most max_per_day actions on a local day, and more again the next day', async () => {
    const clock = createManualClock(Date.UTC(2026, 0, 10, 8)); // 09:00 in Madrid
    const service = createSessionService({ clock, random: createSeededRandom(3) });
    const { sessionId } = await service.createSession('alice', { preset: 'anxious_helper' });
    await service.setPreferences('alice', sessionId, {
      enabled: true,
      cooldown_hours: 0,
      time_zone: 'Europe/Madrid',
      max_per_day: 2,
    });
    const raised: number[] = [];
    service.on('proactive', ({ action }) => {
      raised.push(action.createdAt);
      void service.acknowledge('alice', sessionId, action.id);
    });
    // A hard day, every hour for two days: each betrayal overwhelms the character.
    for (let i = 0; i < 48; i++) {
      clock.advance(hour);
      await service.appraisalTurn('alice', {
        sessionId,
        appraisal: i % 2 ? canonical.betrayal : canonical.suddenThreat,
      });
    }
    const perDay = new Map<string, number>();
    for (const t of raised)
      perDay.set(localDay(t, 'Europe/Madrid'), (perDay.get(localDay(t, 'Europe/Madrid')) ?? 0) + 1);
    expect([...perDay.values()].every((n) => n <= 2)).toBe(true);
    expect(perDay.get('2026-01-11')).toBe(2);
    expect(raised.length).toBeGreaterThanOrEqual(4);
  });

  it('releases the next action at the next local midnight once the day is full, past quiet hours', () => {
    const raisedAt = Date.UTC(2026, 6, 1, 3); // 12:00 in Tokyo
    const proactive = {
      preferences: parsePreferences({ enabled: true, time_zone: 'Asia/Tokyo', max_per_day: 1 }),
      pending: [],
      lastActionAt: raisedAt,
      raisedInAbsence: { since: 0, types: [] },
      acknowledged: [],
      actionTimes: [raisedAt],
    };
    expect(policyHold(proactive, null, raisedAt + hour)).toBe('daily_max');
    expect(policyReleaseAt(proactive, null, raisedAt + hour)).toBe(Date.UTC(2026, 6, 1, 15));
    // Midnight falls inside quiet hours 22:00-07:00: the release waits for 07:00 the next day.
    const quiet = {
      ...proactive,
      preferences: { ...proactive.preferences, quiet_hours: { start: '22:00', end: '07:00' } },
    };
    expect(policyReleaseAt(quiet, null, raisedAt + hour)).toBe(Date.UTC(2026, 6, 1, 22));
    expect(policyHold(quiet, null, Date.UTC(2026, 6, 1, 22))).toBeNull();
  });
});

describe('proactive policy in groups: each person’s own', () => {
  const ALICE = { id: 'u-alice', name: 'Alice' };
  const BOB = { id: 'u-bob', name: 'Bob' };

  async function group() {
    const clock = createManualClock(Date.UTC(2026, 0, 10, 12));
    const service = createSessionService({ clock, random: createSeededRandom(11) });
    const { sessionId } = await service.createSession('alice', { preset: 'cheerful_companion' });
    // Alice is the closer friend: more kind turns.
    for (let i = 0; i < 30; i++) {
      clock.advance(minute);
      const from = i % 3 === 2 ? BOB : ALICE;
      await service.appraisalTurn('alice', {
        sessionId,
        appraisal: canonical.kindness,
        from,
        to: 'character',
      });
    }
    await service.setPreferences('alice', sessionId, { enabled: true, triggers: { need_deficit: false } });
    return { service, clock, sessionId };
  }

  it('addresses the closest person who has not opted out: Bob once Alice mutes, nobody once both do', async () => {
    const first = await group();
    first.clock.advance(4 * day);
    const [toAlice] = await first.service.pendingActions('alice', first.sessionId);
    expect(toAlice?.participant?.id).toBe(ALICE.id);

    const { service, clock, sessionId } = await group();
    const muted = await service.outreach.setParticipantPolicy('alice', sessionId, ALICE.id, { muted: true });
    expect(muted).toEqual({
      sessionId,
      participant: { id: ALICE.id, name: 'Alice' },
      policy: { time_zone: null, quiet_hours: null, muted: true },
    });
    clock.advance(4 * day);
    const pending = await service.pendingActions('alice', sessionId);
    expect(pending.map((a) => a.participant?.id)).toEqual([BOB.id]);
    await service.acknowledge('alice', sessionId, pending[0]!.id);
    await service.outreach.setParticipantPolicy('alice', sessionId, BOB.id, { muted: true });
    expect(await service.nextCheckAt()).toBeNull();
    clock.advance(4 * day);
    expect(await service.pendingActions('alice', sessionId)).toEqual([]);
    const { participants } = await service.listParticipants('alice', sessionId);
    expect(participants.map((p) => p.policy?.muted)).toEqual([true, true]);
  });

  it('withdraws what was pending for a person who mutes, and forgetting them removes their policy', async () => {
    const { service, clock, sessionId } = await group();
    clock.advance(4 * day);
    expect((await service.pendingActions('alice', sessionId)).map((a) => a.participant?.id)).toEqual([
      ALICE.id,
    ]);
    await service.outreach.setParticipantPolicy('alice', sessionId, ALICE.id, { muted: true });
    expect(await service.pendingActions('alice', sessionId)).toEqual([]);
    await service.forgetParticipant('alice', sessionId, ALICE.id);
    await service.outreach.setParticipantPolicy('alice', sessionId, BOB.id, {});
    const { participants } = await service.listParticipants('alice', sessionId);
    expect(participants.map((p) => [p.id, p.policy])).toEqual([[BOB.id, undefined]]);
  });

  it('waits for the addressee’s own quiet hours, in their own zone', async () => {
    const { service, sessionId } = await group();
    const plain = (await service.nextCheckAt())!;
    // Quiet around the clock but for one hour, in Tokyo: the action waits for 09:00 there.
    await service.outreach.setParticipantPolicy('alice', sessionId, ALICE.id, {
      time_zone: 'Asia/Tokyo',
      quiet_hours: { start: '10:00', end: '09:00' },
    });
    const due = (await service.nextCheckAt())!;
    expect(due).toBeGreaterThanOrEqual(plain);
    const tokyo = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Tokyo',
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(tokyo.format(due) >= '09:00' && tokyo.format(due) < '10:00').toBe(true);
    const record = (await service.store.get(sessionId))!;
    expect(policyTimeZone(record, ALICE.id)).toBe('Asia/Tokyo');
    expect(policyTimeZone(record, BOB.id)).toBe('UTC');
    expect(policyTimeZone(record)).toBe('UTC');
  });

  it('names the field of a bad participant policy', async () => {
    const { service, sessionId } = await group();
    const bad = await failure(
      service.outreach.setParticipantPolicy('alice', sessionId, BOB.id, {
        time_zone: 'Nowhere/City',
        quiet_hours: { start: '7', end: '08:00' },
        muted: 'yes',
      }),
    );
    expect(bad.code).toBe('VALIDATION_ERROR');
    expect(bad.issues.map((i) => i.path).sort()).toEqual([
      'policy.muted',
      'policy.quiet_hours.start',
      'policy.time_zone',
    ]);
    const other = await failure(
      service.outreach.setParticipantPolicy('mallory', sessionId, BOB.id, { muted: true }),
    );
    expect(other.code).toBe('NOT_FOUND');
  });
});

describe('proactive reasons', () => {
  const cases = [
    ['en', /what you told me: “My exam is on Thursday”/],
    ['es', /lo que me contaste: «My exam is on Thursday»/],
    ['ja', /「My exam is on Thursday」って話してくれた/],
  ] as const;

  for (const [language, pattern] of cases) {
    it(`refers to a remembered episode in words and data, and the message mentions it (${language})`, async () => {
      const { service, clock, sessionId } = await bonded(
        Date.UTC(2026, 0, 10, 12),
        language,
        'My exam is on Thursday',
      );
      const [memory] = (await service.memories.list('alice', sessionId, { query: 'exam' })).memories;
      expect(memory).toBeDefined();
      await service.setPreferences('alice', sessionId, { enabled: true, triggers: { need_deficit: false } });
      clock.advance(4 * day);
      const [action] = await service.pendingActions('alice', sessionId);
      expect(action?.type).toBe('attachment_seeking');
      expect(action?.message).toMatch(pattern);
      const reason = action!.reason!;
      expect(reason).toMatchObject({
        trigger: 'absence',
        threshold: 0.3,
        episode: { id: memory!.id, summary: 'My exam is on Thursday' },
      });
      expect(reason.value).toBeGreaterThanOrEqual(0.3);
      expect(reason.since_last_talk_seconds).toBe(
        Math.round((action!.createdAt - reason.episode!.at) / 1000) - 19 * 60,
      );
      expect(reason.text).toContain('My exam is on Thursday');
      expect(action?.metadata.trigger).toBe('absence');
    });
  }

  it('gives a reason without an episode when nothing is remembered', async () => {
    const { service, clock, sessionId } = await bonded(Date.UTC(2026, 0, 10, 12));
    await service.memories.forgetAll('alice', sessionId);
    await service.setPreferences('alice', sessionId, { enabled: true, triggers: { need_deficit: false } });
    clock.advance(4 * day);
    const [action] = await service.pendingActions('alice', sessionId);
    expect(action?.reason?.episode).toBeUndefined();
    expect(action?.reason?.text).toMatch(/^Missing the person: \d+ days? (\d+ h )?since the last talk/);
    expect(action?.message).not.toMatch(/told me/);
  });
});
