import { describe, expect, it } from 'vitest';
import { createManualClock } from '../src/clock.js';
import { deriveEngineParams } from '../src/persona/engine-params.js';
import { resolvePersona } from '../src/persona/resolve-persona.js';
import { createSeededRandom } from '../src/random.js';
import type { LoadedSession } from '../src/session/loaded-session.js';
import { newSessionRecord } from '../src/session/session-edits.js';
import { createSessionService } from '../src/session/session-service.js';
import { runTurnStep, type TurnStepInput, toAppraisalStepInput } from '../src/session/turn-step.js';
import { canonical, t0 } from './fixtures.js';

const hour = 3_600_000;

/** A new session as a turn step sees it, read at `now`: no store anywhere. */
function loaded(preset = 'cheerful_companion', now = t0): LoadedSession {
  const persona = resolvePersona({ preset });
  const params = deriveEngineParams(persona);
  return { record: newSessionRecord('ses_test', 'alice', persona, params, t0), persona, params, now };
}

function input(changes: Partial<TurnStepInput> = {}): TurnStepInput {
  return {
    appraisal: canonical.kindness,
    context: 'The user thanked you.',
    elapsedSeconds: undefined,
    interaction: true,
    from: undefined,
    to: undefined,
    ...changes,
  };
}

const options = () => ({ random: createSeededRandom(3), maxParticipants: 1000 });

describe('turn step', () => {
  it('applies one turn at the session’s time and keeps the version for the writer to set', () => {
    const session = loaded('cheerful_companion', t0 + hour);
    const { record, result, action } = runTurnStep(session, input(), options());
    expect(record.state.turns).toBe(1);
    expect(record.state.time).toBe(t0 + hour);
    expect(record.updatedAt).toBe(t0 + hour);
    expect(record.version).toBe(session.record.version);
    expect(record.createdAt).toBe(t0);
    expect(result.emotion_delta.V).toBeGreaterThan(0);
    expect(result.appraisal).toEqual(canonical.kindness);
    expect(action).toBeNull();
    // Proactive behaviour is off by default: nothing can become due.
    expect(record.nextDueAt).toBeNull();
  });

  it('changes nothing it was given and gives the same step for the same session and input', () => {
    const session = loaded('rival', t0 + 5000);
    const before = structuredClone(session.record);
    const a = runTurnStep(session, input({ appraisal: canonical.insult }), options());
    const b = runTurnStep(session, input({ appraisal: canonical.insult }), options());
    expect(session.record).toEqual(before);
    expect(a).toEqual(b);
    expect(a.record.state).not.toBe(session.record.state);
  });

  it('takes the engine-clock gap as the elapsed time when none is given', () => {
    const session = loaded('rival', t0 + 2 * hour);
    const implicit = runTurnStep(session, input(), options());
    const explicit = runTurnStep(session, input({ elapsedSeconds: 7200 }), options());
    const short = runTurnStep(session, input({ elapsedSeconds: 1 }), options());
    expect(implicit.result).toEqual(explicit.result);
    expect(implicit.result).not.toEqual(short.result);
  });

  it('gives the result the session service gives for the same turn', async () => {
    const clock = createManualClock(t0);
    const service = createSessionService({ clock, random: createSeededRandom(1) });
    const { sessionId } = await service.createSession('alice', { preset: 'rival' });
    clock.advance(hour);
    const turn = { sessionId, appraisal: canonical.betrayal, context: 'You lied to me.' };
    const viaService = await service.appraisalTurn('alice', turn);
    const record = (await service.store.get(sessionId))!;
    const { persona } = record;
    const params = deriveEngineParams(persona);
    const fresh = newSessionRecord(sessionId, 'alice', persona, params, t0);
    const step = runTurnStep(
      { record: fresh, persona, params, now: t0 + hour },
      toAppraisalStepInput(turn),
      options(),
    );
    expect(step.result).toEqual(viaService);
    expect(step.record.state).toEqual(record.state);
  });

  it('raises an action when proactive behaviour is on and the turn overwhelms the character', () => {
    const session = loaded('anxious_helper', t0);
    const enabled = { ...session.record.proactive.preferences, enabled: true };
    let current: LoadedSession = {
      ...session,
      record: { ...session.record, proactive: { ...session.record.proactive, preferences: enabled } },
    };
    const raised: string[] = [];
    for (const appraisal of [canonical.betrayal, canonical.suddenThreat]) {
      const step = runTurnStep(current, input({ appraisal }), options());
      if (step.action) raised.push(step.action.type);
      expect(step.record.proactive.pending.map((a) => a.id)).toEqual(
        [...current.record.proactive.pending, ...(step.action ? [step.action] : [])].map((a) => a.id),
      );
      current = { ...current, record: step.record };
    }
    expect(raised).toContain('emotional_overflow');
    expect(current.record.nextDueAt).not.toBeNull();
  });

  it('uses the address it is given instead of resolving one, and puts a text turn’s fields last', () => {
    const session = loaded();
    const from = { id: 'u1', name: 'Ana' };
    const resolved = runTurnStep(session, input({ from }), options());
    expect(resolved.result.to).toBe('character');
    const given = runTurnStep(session, input({ from }), {
      ...options(),
      address: { to: 'everyone', named: false },
    });
    expect(given.result.to).toBe('everyone');
    const text = { appraiser: 'fixed', fallback_reason: null, perceived: null, roles: null };
    const keys = Object.keys(runTurnStep(session, input({ text }), options()).result);
    expect(keys.slice(-4)).toEqual(['appraiser', 'fallback_reason', 'perceived', 'roles']);
    expect(Object.keys(resolved.result)).not.toContain('appraiser');
  });
});
