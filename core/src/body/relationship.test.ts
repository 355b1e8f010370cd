import { describe, expect, it } from 'vitest';
import { canonical, freshState, paramsFor } from '../../test/fixtures.js';
import { applyAppraisal } from '../engine/apply-turn.js';
import type { EngineState } from '../engine/engine-state.js';

describe('trust', () => {
  const params = paramsFor();
  const step = (s: EngineState, a = canonical.kindness) =>
    applyAppraisal(s, params, a, { elapsedSeconds: 60, now: s.time + 60_000 }).state;

  it('needs about 20 good turns to go from 0.5 to 0.7', () => {
    let state = freshState(params);
    let turns = 0;
    while (state.trust < 0.7 && turns < 100) {
      state = step(state);
      turns++;
    }
    expect(turns).toBeGreaterThanOrEqual(17);
    expect(turns).toBeLessThanOrEqual(24);
  });

  it('falls from 0.7 to about 0.4 after one betrayal', () => {
    const state = step({ ...freshState(params), trust: 0.7 }, canonical.betrayal);
    expect(state.trust).toBeGreaterThan(0.37);
    expect(state.trust).toBeLessThan(0.43);
  });

  it('does not change with events nobody caused on purpose', () => {
    const state = step({ ...freshState(params), trust: 0.6 }, { ...canonical.expectedLoss, agency: 0 });
    expect(state.trust).toBeCloseTo(0.6, 5);
  });

  it('is repaired faster by a forgiving character', () => {
    const forgiving = paramsFor({ facets: { forgivingness: 1 } });
    const grudging = paramsFor({ facets: { forgivingness: 0 } });
    const trustAfter = (p: typeof params) =>
      applyAppraisal({ ...freshState(p), trust: 0.3 }, p, canonical.kindness, {
        elapsedSeconds: 60,
        now: 60_000,
      }).state.trust;
    expect(trustAfter(forgiving)).toBeGreaterThan(trustAfter(grudging));
  });
});

describe('rapport and familiarity', () => {
  const params = paramsFor();

  it('warms rapport with pleasant contact and cools it with hostility', () => {
    let warm = freshState(params);
    let cold = freshState(params);
    for (let i = 0; i < 10; i++) {
      warm = applyAppraisal(warm, params, canonical.kindness, {
        elapsedSeconds: 60,
        now: warm.time + 60_000,
      }).state;
      cold = applyAppraisal(cold, params, canonical.insult, {
        elapsedSeconds: 60,
        now: cold.time + 60_000,
      }).state;
    }
    expect(warm.rapport).toBeGreaterThan(0.6);
    expect(cold.rapport).toBeLessThan(0.4);
  });

  it('counts interactions but not narration', () => {
    const s = freshState(params);
    const talked = applyAppraisal(s, params, canonical.kindness, {
      elapsedSeconds: 1,
      now: s.time + 1000,
    }).state;
    const narrated = applyAppraisal(s, params, canonical.kindness, {
      elapsedSeconds: 1,
      now: s.time + 1000,
      interaction: false,
    }).state;
    expect(talked.familiarityCount).toBeGreaterThan(narrated.familiarityCount);
    expect(narrated.lastInteractionAt).toBe(s.lastInteractionAt);
  });
});

describe('who the relationship is with', () => {
  it('is not changed by narration or inner events, however external their cause', () => {
    const params = paramsFor();
    const s = { ...freshState(params), trust: 0.7 };
    const storm = applyAppraisal(s, params, canonical.betrayal, {
      elapsedSeconds: 1,
      now: s.time + 1000,
      interaction: false,
    }).state;
    expect(storm.trust).toBeCloseTo(0.7, 5);
    expect(storm.rapport).toBeCloseTo(s.rapport, 5);
  });
});
