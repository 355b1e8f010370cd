import { describe, expect, it } from 'vitest';
import { canonical } from '../../test/fixtures.js';
import { createManualClock } from '../clock.js';
import { isLimbicError } from '../errors.js';
import { createSeededRandom } from '../random.js';
import type { SessionRecord } from '../store/session-store.js';
import { createSessionService } from './session-service.js';
import type { StateCause } from './session-types.js';
import { maxOverrideLog } from './state-override.js';
import { maxTickSeconds } from './tick-step.js';

const day = 86_400;

async function setup(proactive: boolean) {
  const clock = createManualClock();
  const service = createSessionService({ clock, random: createSeededRandom(11) });
  const { sessionId } = await service.createSession('local', { preset: 'cheerful_companion' });
  if (proactive) await service.setPreferences('local', sessionId, { enabled: true });
  // Half an hour of kindness: a bond the character will miss.
  for (let i = 0; i < 30; i++) {
    clock.advance(60_000);
    await service.appraisalTurn('local', { sessionId, appraisal: canonical.kindness });
  }
  const causes: StateCause[] = [];
  const raised: string[] = [];
  service.on('state', (e) => causes.push(e.cause));
  service.on('proactive', (e) => raised.push(e.action.type));
  return { clock, service, sessionId, causes, raised };
}

async function rejection(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isLimbicError(error)) throw new Error(`expected a LimbicError, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

describe('tick', () => {
  it('raises attachment_seeking once enough absence passed, as the scheduler would, when proactive is on', async () => {
    const { service, sessionId, causes, raised } = await setup(true);
    const short = await service.controls.tick('local', sessionId, { seconds: 12 * 3600 });
    expect(short.actions).toEqual([]);
    const long = await service.controls.tick('local', sessionId, { seconds: 36 * 3600 });
    expect(long.actions.map((a) => a.type)).toEqual(['attachment_seeking']);
    expect(long.actions[0]?.metadata.absence_hours).toBeGreaterThanOrEqual(48);
    expect(await service.pendingActions('local', sessionId)).toEqual(long.actions);
    expect(causes).toEqual(['tick', 'tick']);
    expect(raised).toEqual(['attachment_seeking']);
    // Once per absence: the character does not seek the person again while the action waits.
    const later = await service.controls.tick('local', sessionId, { seconds: 12 * 3600 });
    expect(later.actions.map((a) => a.type)).not.toContain('attachment_seeking');
  });

  it('raises nothing with proactive behaviour off, whatever time passes', async () => {
    const { service, sessionId, raised } = await setup(false);
    for (let i = 0; i < 3; i++) {
      expect((await service.controls.tick('local', sessionId, { seconds: maxTickSeconds })).actions).toEqual(
        [],
      );
    }
    expect(raised).toEqual([]);
    expect(await service.pendingActions('local', sessionId)).toEqual([]);
  });

  it('lets the state decay and the relationship drift, and leaves the engine clock where it was', async () => {
    const { clock, service, sessionId } = await setup(false);
    clock.advance(60_000);
    await service.appraisalTurn('local', { sessionId, appraisal: canonical.insult });
    const before = await service.getState('local', sessionId);
    const now = clock.now();
    const after = await service.controls.tick('local', sessionId, { seconds: 3 * day });
    expect(clock.now()).toBe(now);
    expect(after.state.at).toBe(new Date(now).toISOString());
    expect(after.seconds).toBe(3 * day);
    expect(after.state.emotion.V).toBeGreaterThan(before.emotion.V);
    expect(after.state.interpersonal.familiarity).toBeLessThan(before.interpersonal.familiarity);
    expect(await service.getState('local', sessionId)).toEqual(after.state);
  });

  it('accepts (0, 30 days] to whole milliseconds and names `seconds` otherwise', async () => {
    const { service, sessionId } = await setup(false);
    expect((await service.controls.tick('local', sessionId, { seconds: 0.0014 })).seconds).toBe(0.001);
    expect((await service.controls.tick('local', sessionId, { seconds: maxTickSeconds })).seconds).toBe(
      maxTickSeconds,
    );
    for (const body of [
      { seconds: 0 },
      { seconds: -5 },
      { seconds: maxTickSeconds + 1 },
      { seconds: '60' },
      {},
      null,
    ]) {
      const error = await rejection(service.controls.tick('local', sessionId, body));
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.message).toMatch(/seconds|object/);
    }
    const extra = await rejection(service.controls.tick('local', sessionId, { seconds: 5, minutes: 1 }));
    expect(extra.message).toMatch(/minutes/);
    expect((await rejection(service.controls.tick('someone-else', sessionId, { seconds: 5 }))).code).toBe(
      'NOT_FOUND',
    );
  });
});

describe('override', () => {
  it('sets each value within its range, the state shows it, and it is logged with who and when', async () => {
    const { clock, service, sessionId, causes } = await setup(false);
    clock.advance(60_000);
    const result = await service.controls.override(
      'local',
      sessionId,
      {
        emotion: { V: -0.6, A: 0.8 },
        mood: { D: -0.3 },
        body_budget: { stress: 0.5, energy: 0.4 },
        relationship: { rapport: 0.2, trust: 0.9, familiarity: 0.4 },
        note: 'the storm hits',
      },
      'key_abc',
    );
    expect(result.state.emotion.V).toBeCloseTo(-0.6, 4);
    expect(result.state.emotion.A).toBeCloseTo(0.8, 4);
    expect(result.state.mood.D).toBe(-0.3);
    expect(result.state.body_budget).toEqual({ energy: 0.4, stress: 0.5 });
    expect(result.state.interpersonal).toEqual({ rapport: 0.2, trust: 0.9, familiarity: 0.4 });
    expect(result.override).toEqual({
      by: 'key_abc',
      at: new Date(clock.now()).toISOString(),
      emotion: { V: -0.6, A: 0.8 },
      mood: { D: -0.3 },
      body_budget: { stress: 0.5, energy: 0.4 },
      relationship: { rapport: 0.2, trust: 0.9, familiarity: 0.4 },
      note: 'the storm hits',
    });
    expect(causes).toEqual(['override']);
    const details = await service.getSession('local', sessionId);
    expect(details.last_override).toEqual(result.override);
    expect(details.state).toEqual(result.state);
    const full = await service.controls.override('local', sessionId, { relationship: { familiarity: 1 } });
    expect(full.override.by).toBe('local');
    expect(full.state.interpersonal.familiarity).toBe(1);
  });

  it('sets a participant’s relationship, and says NOT_FOUND for someone the session does not know', async () => {
    const { clock, service, sessionId } = await setup(false);
    clock.advance(60_000);
    await service.textTurn('local', {
      sessionId,
      message: 'hello there',
      from: { id: 'u-ana', name: 'Ana' },
    });
    await service.controls.override('local', sessionId, {
      relationship: { participant: 'u-ana', trust: 0.05 },
    });
    const { participants } = await service.listParticipants('local', sessionId);
    expect(participants[0]?.interpersonal.trust).toBe(0.05);
    const missing = await rejection(
      service.controls.override('local', sessionId, { relationship: { participant: 'u-zed', trust: 0.5 } }),
    );
    expect(missing.code).toBe('NOT_FOUND');
    expect(missing.message).toMatch(/u-zed/);
  });

  it('refuses values out of range or nothing to set, naming the field, and changes nothing', async () => {
    const { service, sessionId } = await setup(false);
    const before = await service.getSession('local', sessionId);
    const cases: [unknown, RegExp][] = [
      [{}, /emotion: give at least one of emotion, mood, body_budget, relationship/],
      [{ note: 'why' }, /give at least one of/],
      [{ emotion: { V: 1.5 } }, /emotion\.V: must be a number in \[-1, 1\]/],
      [{ emotion: { A: -0.1 } }, /emotion\.A: must be a number in \[0, 1\]/],
      [{ emotion: {} }, /emotion: must set at least one of V, A, D/],
      [{ mood: { D: 'low' } }, /mood\.D/],
      [{ body_budget: { energy: 0.01 } }, /body_budget\.energy: must be a number in \[0\.05, 1\]/],
      [
        { relationship: { participant: 'u-ana' } },
        /relationship: must set at least one of rapport, trust, familiarity/,
      ],
      [{ relationship: { trust: 2 } }, /relationship\.trust/],
      [{ emotion: { V: 0 }, note: 'x'.repeat(281) }, /note/],
      [{ emotion: { V: 0 }, anger: 1 }, /anger/],
    ];
    for (const [body, message] of cases) {
      const error = await rejection(service.controls.override('local', sessionId, body));
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.message).toMatch(message);
    }
    expect(await service.getSession('local', sessionId)).toEqual(before);
    expect(before.last_override).toBeNull();
  });

  it('keeps the last 20 overrides in its log', async () => {
    const { service, sessionId } = await setup(false);
    for (let i = 0; i < maxOverrideLog + 5; i++) {
      await service.controls.override('local', sessionId, {
        body_budget: { stress: i / 100 },
        note: `beat ${i}`,
      });
    }
    const record = (await service.store.get(sessionId)) as SessionRecord;
    expect(record.overrides?.log).toHaveLength(maxOverrideLog);
    expect(record.overrides?.log.map((e) => e.note)).toEqual(
      Array.from({ length: maxOverrideLog }, (_, i) => `beat ${i + 5}`),
    );
    expect((await service.getSession('local', sessionId)).last_override?.note).toBe(
      `beat ${maxOverrideLog + 4}`,
    );
  });

  it('shows in the next turn’s explanation as `override`, the parts still summing to the change', async () => {
    const { clock, service, sessionId } = await setup(false);
    clock.advance(60_000);
    const felt = await service.getState('local', sessionId);
    await service.controls.override('local', sessionId, { emotion: { V: -0.8, A: 0.9 } });
    clock.advance(30_000);
    await service.controls.override('local', sessionId, { body_budget: { stress: 0.6 } });
    clock.advance(30_000);
    const turn = await service.appraisalTurn('local', { sessionId, appraisal: canonical.kindness });
    const { change, contributions } = turn.explanation;
    const part = contributions.find((c) => c.kind === 'override');
    expect(part?.V).toBeLessThan(-0.5);
    expect(part?.text).toMatch(/^An operator’s override since the last turn lowered valence by \d\.\d\d/);
    // The change is measured from the feeling before the first override, so it holds the override's part.
    expect(change.V).toBeCloseTo(turn.new_emotion.V - felt.emotion.V, 2);
    for (const axis of ['V', 'A', 'D'] as const) {
      const sum = contributions.reduce((s, c) => s + c[axis], 0);
      expect(Math.abs(sum - change[axis])).toBeLessThanOrEqual(0.0005 * (contributions.length + 1));
    }
    // The turn explained it: the next turn has no override part.
    clock.advance(60_000);
    const next = await service.appraisalTurn('local', { sessionId, appraisal: canonical.kindness });
    expect(next.explanation.contributions.some((c) => c.kind === 'override')).toBe(false);
  });
});
