import { describe, expect, it } from 'vitest';
import { ap, canonical, freshState, paramsFor, t0 } from '../../test/fixtures.js';
import type { Appraisal } from '../appraisal/appraisal.js';
import { deriveEngineParams, type EngineParams } from '../persona/engine-params.js';
import { resolvePersona } from '../persona/resolve-persona.js';
import { applyAppraisal } from './apply-turn.js';
import type { EngineState } from './engine-state.js';
import { observe } from './observe.js';

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

  it('reads an unfairness by another as anger when the character has power to act', () =>
    expect(labelOf(canonical.unfairWithPower)).toBe('anger'));

  it('reads the same unfairness from a weaker position as irritation (anger) or sadness, with less power felt', () => {
    const weak = turn(freshState(params), params, canonical.unfairWithoutPower).after;
    const strong = turn(freshState(params), params, canonical.unfairWithPower).after;
    expect(['anger', 'sadness']).toContain(weak.primary);
    expect(weak.felt.D).toBeLessThan(strong.felt.D - 0.1);
  });

  it('does not read fear, sadness or disgust as anger just because someone else was involved', () => {
    // Harm another person caused, but with no norm broken and no power to act: fear when sudden, sadness when
    // certain; a breach that does not touch the character's goals: disgust.
    expect(labelOf(ap(0.9, -0.7, 0.1, 0.15, -0.8, 0))).toBe('fear');
    expect(labelOf(ap(0.9, -0.7, 0.8, 0.15, -0.6, 0))).toBe('sadness');
    expect(labelOf(ap(0.35, -0.2, 0.5, 0.6, -0.9, -0.8))).toBe('disgust');
  });

  it('reads good news after a lasting threat as relief, and the same news out of the blue as joy', () => {
    const threat = ap(0.8, -0.7, 0.3, 0.3, -0.5, 0);
    const news = ap(0.8, 0.7, 0.75, 0.5, -0.5, 0);
    let state = freshState(params);
    for (let i = 0; i < 2; i++) state = turn(state, params, threat).state;
    expect(turn(state, params, news).after.primary).toBe('relief');
    expect(turn(freshState(params), params, news).after.primary).toBe('joy');
  });

  it('reads a pure surprise as surprise and an irrelevant exchange as calm', () => {
    expect(labelOf(ap(0.8, 0, 0.05, 0.5, 0, 0))).toBe('surprise');
    expect(labelOf(ap(0.15, 0.1, 0.7, 0.6, -0.3, 0.1))).toBe('calm');
  });

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

describe('secondary emotion', () => {
  const params = paramsFor();
  const secondaryOf = (a: Appraisal) => turn(freshState(params), params, a).after.secondary;

  it('is the appraisal’s runner-up while the episode is live', () => {
    expect(secondaryOf(canonical.unfairWithPower)).toBe('disgust');
    expect(secondaryOf(canonical.ownMoralFailure)).toBe('shame');
    expect(secondaryOf(canonical.ownHelplessMoralFailure)).toBe('guilt');
    expect(secondaryOf(canonical.ownSuccess)).toBe('joy');
    expect(secondaryOf(canonical.unfairWithoutPower)).toBe('sadness');
  });

  it('reads a state stored before episodes kept a secondary label', () => {
    const out = turn(freshState(params), params, canonical.insult);
    const { secondary: _dropped, ...episode } = out.state.episode;
    const old: EngineState = { ...out.state, episode };
    const observed = observe(old, params);
    expect(observed.primary).toBe('anger');
    expect(observed.secondary).not.toBeNull();
    expect(turn(old, params, canonical.kindness, 3600).state.episode.secondary).not.toBeUndefined();
  });
});

describe('the felt state and personality stay in the decision', () => {
  const params = paramsFor();
  const jab = ap(0.5, -0.4, 0.4, 0.5, -0.8, -0.4);

  it('lets a sad character hear a mild jab as more sadness, where a fresh one is put off by it', () => {
    let sad = freshState(params);
    for (let i = 0; i < 4; i++) sad = turn(sad, params, canonical.expectedLoss).state;
    const fresh = turn(freshState(params), params, jab).after;
    const afterLoss = turn(sad, params, jab).after;
    expect(['disgust', 'anger']).toContain(fresh.primary);
    expect(afterLoss.primary).toBe('sadness');
  });

  it('makes an insult hurt more when the character is already sad', () => {
    let sad = freshState(params);
    for (let i = 0; i < 4; i++) sad = turn(sad, params, canonical.expectedLoss).state;
    const fresh = turn(freshState(params), params, canonical.insult).after;
    const hurt = turn(sad, params, canonical.insult).after;
    expect(hurt.primary).toBe('anger');
    expect(hurt.felt.V).toBeLessThan(fresh.felt.V - 0.2);
    expect(hurt.intensity).toBeGreaterThan(fresh.intensity);
  });

  it('makes a patient, gentle character less angry at the same insult than an impatient one', () => {
    const patient = paramsFor({ A: 0.9 });
    const impatient = paramsFor({ A: 0.1 });
    const calm = turn(freshState(patient), patient, canonical.insult).after;
    const hot = turn(freshState(impatient), impatient, canonical.insult).after;
    expect(calm.primary).toBe('anger');
    expect(hot.primary).toBe('anger');
    // Measured from each character's own resting point (agreeableness also moves the baseline, Mehrabian 1996).
    expect(calm.felt.a - patient.baseline.a).toBeLessThan(hot.felt.a - impatient.baseline.a);
    expect(calm.felt.D - patient.baseline.D).toBeLessThan(hot.felt.D - impatient.baseline.D);
  });

  it('reads a good act by someone close as love once there is a bond', () => {
    let state = freshState(params);
    expect(turn(state, params, canonical.helpedByOther).after.primary).toBe('gratitude');
    for (let i = 0; i < 80; i++) state = turn(state, params, canonical.kindness, 600).state;
    expect(turn(state, params, canonical.helpedByOther).after.primary).toBe('love');
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
