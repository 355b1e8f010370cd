import { describe, expect, it } from 'vitest';
import { ap, canonical, freshState, paramsFor, t0 } from '../../test/fixtures.js';
import type { Appraisal } from '../appraisal/appraisal.js';
import { deriveEngineParams, type EngineParams } from '../persona/engine-params.js';
import { resolvePersona } from '../persona/resolve-persona.js';
import { applyAppraisal } from './apply-turn.js';
import type { EngineState } from './engine-state.js';

function turn(state: EngineState, params: EngineParams, appraisal: Appraisal, elapsedSeconds = 30) {
  return applyAppraisal(state, params, appraisal, {
    elapsedSeconds,
    now: state.time + elapsedSeconds * 1000,
  });
}

describe('discrete emotion of canonical appraisals', () => {
  const params = paramsFor();
  const labelOf = (a: Appraisal) => turn(freshState(params), params, a).after.primary;

  it('reads an insult by another person as anger', () => expect(labelOf(canonical.insult)).toBe('anger'));
  it('reads a sudden uncontrollable threat as fear', () =>
    expect(labelOf(canonical.suddenThreat)).toBe('fear'));
  it('reads an expected, irreversible loss as sadness', () =>
    expect(labelOf(canonical.expectedLoss)).toBe('sadness'));
  it('reads an own, controllable moral failure as guilt', () =>
    expect(labelOf(canonical.ownMoralFailure)).toBe('guilt'));
  it('reads an own moral failure without control as shame', () =>
    expect(labelOf(canonical.ownHelplessMoralFailure)).toBe('shame'));
  it('reads own success as pride', () => expect(labelOf(canonical.ownSuccess)).toBe('pride'));
  it('reads help from another as gratitude', () =>
    expect(labelOf(canonical.helpedByOther)).toBe('gratitude'));
  it('reads a looming problem of moderate likelihood as anxiety', () =>
    expect(labelOf(canonical.loomingProblem)).toBe('anxiety'));
  it('reads a norm violation with no personal stake as disgust, not anger', () =>
    expect(labelOf(canonical.witnessedCruelty)).toBe('disgust'));

  it('keeps VAD in range: V and D in [-1, 1], arousal in [-1, 1] internally', () => {
    for (const a of Object.values(canonical)) {
      const { felt } = turn(freshState(params), params, a).after;
      for (const v of [felt.V, felt.a, felt.D]) expect(Math.abs(v)).toBeLessThanOrEqual(1);
    }
  });
});

describe('saturation', () => {
  it('still changes the label with one strong negative event after 300 positive turns', () => {
    const params = paramsFor();
    let state = freshState(params);
    for (let i = 0; i < 300; i++) state = turn(state, params, canonical.kindness, 10).state;
    const before = turn(state, params, canonical.kindness, 10);
    expect(['gratitude', 'love', 'joy', 'trust', 'excitement']).toContain(before.after.primary);
    expect(before.after.felt.V).toBeGreaterThan(0.5);
    const after = turn(before.state, params, canonical.insult, 10).after;
    expect(after.primary).toBe('anger');
    expect(after.felt.V).toBeLessThan(0);
  });

  it('leaves room for a contrary event however many maximal pleasant events came before', () => {
    const params = paramsFor({ E: 1 });
    let state = freshState(params);
    for (let i = 0; i < 1000; i++) state = turn(state, params, ap(1, 1, 0, 1, -1, 1), 0).state;
    expect(state.emotion.V).toBeLessThanOrEqual(1);
    const after = turn(state, params, canonical.insult, 0).state;
    expect(state.emotion.V - after.emotion.V).toBeGreaterThan(0.8);
  });
});

describe('prediction error', () => {
  it('moves mood more when the same outcome is unexpected', () => {
    const params = paramsFor();
    const base = freshState(params);
    const expected: EngineState = { ...base, expectation: { ...base.expectation, goal_congruence: 0.8 } };
    const unexpected: EngineState = { ...base, expectation: { ...base.expectation, goal_congruence: -0.8 } };
    const outcome = ap(0.8, 0.8, 0.5, 0.5, -0.5, 0.3);
    const moodMoveExpected = turn(expected, params, outcome).state.mood.V - base.mood.V;
    const moodMoveUnexpected = turn(unexpected, params, outcome).state.mood.V - base.mood.V;
    expect(moodMoveUnexpected).toBeGreaterThan(moodMoveExpected * 1.2);
  });

  it('moves emotion more when the event is sudden than when it was anticipated', () => {
    const params = paramsFor();
    const sudden = turn(freshState(params), params, ap(0.8, -0.7, 0.05, 0.5, -0.5, 0)).after.felt.V;
    const anticipated = turn(freshState(params), params, ap(0.8, -0.7, 0.95, 0.5, -0.5, 0)).after.felt.V;
    expect(sudden).toBeLessThan(anticipated);
  });

  it('learns: a repeated event stops being surprising', () => {
    const params = paramsFor();
    let state = freshState(params);
    const first = turn(state, params, canonical.ownSuccess);
    state = first.state;
    for (let i = 0; i < 10; i++) state = turn(state, params, canonical.ownSuccess).state;
    const later = turn(state, params, canonical.ownSuccess);
    expect(later.predictionError.magnitude).toBeLessThan(first.predictionError.magnitude / 4);
  });
});

describe('personality shapes reactivity', () => {
  it('makes a neurotic character feel a setback more than a stable one', () => {
    const stable = paramsFor({ N: 0.1 });
    const neurotic = paramsFor({ N: 0.9 });
    const vStable = turn(freshState(stable), stable, canonical.expectedLoss).after.felt.V - stable.baseline.V;
    const vNeurotic =
      turn(freshState(neurotic), neurotic, canonical.expectedLoss).after.felt.V - neurotic.baseline.V;
    expect(vNeurotic).toBeLessThan(vStable);
  });

  it('makes a neurotic character recover more slowly (longer negative episodes)', () => {
    const stable = paramsFor({ N: 0.1 });
    const neurotic = paramsFor({ N: 0.9 });
    expect(turn(freshState(neurotic), neurotic, canonical.insult).state.episode.halfLife).toBeGreaterThan(
      turn(freshState(stable), stable, canonical.insult).state.episode.halfLife,
    );
  });

  it('makes sadness last longer than fear (Verduyn & Lavrijsen 2015 ordering)', () => {
    const params = paramsFor();
    const sad = turn(freshState(params), params, canonical.expectedLoss).state.episode.halfLife;
    const afraid = turn(freshState(params), params, canonical.suddenThreat).state.episode.halfLife;
    expect(sad).toBeGreaterThan(afraid * 3);
  });
});

describe('determinism', () => {
  it('gives the same outcome for the same state, appraisal and time', () => {
    const params = paramsFor({ O: 0.7, N: 0.3 });
    const state = freshState(params);
    const a = applyAppraisal(state, params, canonical.insult, { elapsedSeconds: 12, now: t0 + 12_000 });
    const b = applyAppraisal(state, params, canonical.insult, { elapsedSeconds: 12, now: t0 + 12_000 });
    expect(a).toEqual(b);
  });

  it('does not mutate the state it is given', () => {
    const params = paramsFor();
    const state = freshState(params);
    const copy = structuredClone(state);
    turn(state, params, canonical.betrayal);
    expect(state).toEqual(copy);
  });
});

describe('mild feelings', () => {
  it('are named by the direction of the change, not by a cheerful personality’s resting mood', () => {
    const cheerful = deriveEngineParams(resolvePersona({ preset: 'cheerful_companion' }));
    const mildSetback = ap(0.4, -0.49, 0.5, 0.5, -0.8, 0);
    const out = turn(freshState(cheerful), cheerful, mildSetback);
    expect(out.after.felt.V).toBeLessThan(cheerful.baseline.V);
    expect(['anger', 'disgust', 'sadness', 'anxiety', 'fear', 'shame', 'guilt', 'numbness']).toContain(
      out.after.primary,
    );
  });
});
