import { describe, expect, it } from 'vitest';
import { deriveEngineParams } from '../src/persona/engine-params.js';
import { resolvePersona } from '../src/persona/resolve-persona.js';
import { createSeededRandom } from '../src/random.js';
import type { LoadedSession } from '../src/session/loaded-session.js';
import { dueAt, minRecheckMs, runProactiveStep } from '../src/session/proactive-step.js';
import { newSessionRecord, setPreferencesStep } from '../src/session/session-edits.js';
import { runTurnStep } from '../src/session/turn-step.js';
import { canonical, t0 } from './fixtures.js';

const hour = 3_600_000;
const random = () => createSeededRandom(5);

/** A session read at `now`, without a store. */
function at(session: LoadedSession, now: number): LoadedSession {
  return { ...session, now };
}

/** A companion that had 40 kind turns a minute apart, then had proactive behaviour switched on. */
function bonded(): LoadedSession {
  const persona = resolvePersona({ preset: 'cheerful_companion' });
  const params = deriveEngineParams(persona);
  let session: LoadedSession = {
    record: newSessionRecord('ses_test', 'alice', persona, params, t0),
    persona,
    params,
    now: t0,
  };
  for (let i = 1; i <= 40; i++) {
    const step = runTurnStep(
      at(session, t0 + i * 60_000),
      {
        appraisal: canonical.kindness,
        context: null,
        elapsedSeconds: undefined,
        interaction: true,
        from: undefined,
        to: undefined,
      },
      { random: random(), maxParticipants: 1000 },
    );
    session = { ...session, record: step.record, now: t0 + i * 60_000 };
  }
  const enabled = { ...session.record.proactive.preferences, enabled: true };
  return { ...session, record: setPreferencesStep(session, enabled).record! };
}

describe('proactive step', () => {
  it('writes nothing for a session that is not due', () => {
    const session = bonded();
    const due = session.record.nextDueAt;
    expect(due).not.toBeNull();
    expect(runProactiveStep(at(session, due! - 1), random())).toEqual({ record: null, action: null });
    const off = { ...session, record: { ...session.record, nextDueAt: null } };
    expect(runProactiveStep(at(off, due! + hour), random())).toEqual({ record: null, action: null });
  });

  it('raises an attachment action once the session is due after an absence, and moves the due time', () => {
    const session = bonded();
    const due = session.record.nextDueAt!;
    const before = structuredClone(session.record);
    const { record, action } = runProactiveStep(at(session, due), random());
    expect(session.record).toEqual(before);
    expect(action?.type).toBe('attachment_seeking');
    expect(action?.metadata.trigger).toBe('absence');
    expect(record?.proactive.pending).toEqual([action]);
    expect(record?.proactive.lastActionAt).toBe(due);
    expect(record?.nextDueAt === null || record!.nextDueAt > due).toBe(true);
    // The state itself is not written: a check reads it advanced, it does not move it.
    expect(record?.state).toBe(session.record.state);
    // The same check on the written record finds nothing more to do: an action is raised once.
    expect(runProactiveStep(at({ ...session, record: record! }, due), random()).action).toBeNull();
  });

  it('gives the same step for the same session, time and randomness', () => {
    const session = at(bonded(), bonded().record.nextDueAt!);
    expect(runProactiveStep(session, random())).toEqual(runProactiveStep(session, random()));
  });

  it('moves the due time past now when a due check raises nothing, so it does not check in a loop', () => {
    const persona = resolvePersona({ preset: 'rival' });
    const params = deriveEngineParams(persona);
    const fresh = newSessionRecord('ses_test', 'alice', persona, params, t0);
    const preferences = { ...fresh.proactive.preferences, enabled: true };
    const record = { ...fresh, proactive: { ...fresh.proactive, preferences }, nextDueAt: t0 };
    const session: LoadedSession = { record, persona, params, now: t0 };
    const step = runProactiveStep(session, random());
    expect(step.action).toBeNull();
    const expected = dueAt(record.state, params, record.proactive, t0);
    expect(step.record?.nextDueAt).toBe(expected !== null && expected <= t0 ? t0 + minRecheckMs : expected);
    expect(step.record?.nextDueAt === null || step.record!.nextDueAt > t0).toBe(true);
    expect(runProactiveStep({ ...session, record: step.record! }, random())).toEqual({
      record: null,
      action: null,
    });
  });

  it('never puts the due time before now', () => {
    const session = bonded();
    const late = session.record.nextDueAt! + 100 * hour;
    expect(
      dueAt(session.record.state, session.params, session.record.proactive, late),
    ).toBeGreaterThanOrEqual(late);
  });
});
