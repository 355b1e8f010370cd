import { describe, expect, it } from 'vitest';
import { canonical, freshState, paramsFor, t0 } from '../../test/fixtures.js';
import type { EngineParams } from '../persona/engine-params.js';
import { advanceState, advanceTo } from './advance.js';
import { applyAppraisal } from './apply-turn.js';
import type { EngineState } from './engine-state.js';

const hour = 3600;

function stirred(params: EngineParams): EngineState {
  let state = freshState(params);
  for (const a of [canonical.insult, canonical.betrayal, canonical.suddenThreat, canonical.helpedByOther]) {
    state = applyAppraisal(state, params, a, { elapsedSeconds: 20, now: state.time + 20_000 }).state;
  }
  for (let i = 0; i < 12; i++) {
    state = applyAppraisal(state, params, canonical.kindness, {
      elapsedSeconds: 60,
      now: state.time + 60_000,
    }).state;
  }
  return { ...state, stress: 0.6, energy: 0.3 };
}

function expectStatesClose(a: EngineState, b: EngineState): void {
  const flat = (s: EngineState) =>
    JSON.stringify(s, (_, v) => (typeof v === 'number' ? Number(v.toPrecision(10)) : v));
  expect(flat(a)).toBe(flat(b));
}

describe('closed-form time evolution', () => {
  it('gives the same state for one 10-hour gap as for ten 1-hour gaps', () => {
    const params = paramsFor({ N: 0.8, E: 0.3 });
    const start = stirred(params);
    const once = advanceState(start, params, 10 * hour);
    let stepwise = start;
    for (let i = 0; i < 10; i++) stepwise = advanceState(stepwise, params, hour);
    expectStatesClose(once, stepwise);
  });

  it('gives the same state for uneven splits of a gap that crosses full energy', () => {
    const params = paramsFor();
    const start = { ...stirred(params), energy: 0.1 };
    const once = advanceState(start, params, 9 * hour);
    const split = advanceState(
      advanceState(advanceState(start, params, 123.4), params, 5 * hour),
      params,
      4 * hour - 123.4,
    );
    expectStatesClose(once, split);
  });

  it('relaxes emotion toward mood and mood toward baseline', () => {
    const params = paramsFor({ E: 0.8, A: 0.7 });
    const start = stirred(params);
    const later = advanceState(start, params, 6 * hour);
    const distance = (s: EngineState) =>
      Math.hypot(s.emotion.V - params.baseline.V, s.emotion.a - params.baseline.a);
    expect(distance(later)).toBeLessThan(distance(start) / 100);
    expect(Math.abs(later.mood.V - params.baseline.V)).toBeLessThan(1e-6);
  });

  it('recovers energy at 0.125 per hour and clears stress', () => {
    const params = paramsFor();
    const start = { ...freshState(params), energy: 0.2, stress: 0.8 };
    const later = advanceState(start, params, 4 * hour);
    expect(later.energy).toBeCloseTo(0.7, 10);
    expect(later.stress).toBeLessThan(0.4);
    expect(advanceState(start, params, 24 * hour).energy).toBe(1);
  });

  it('clears stress more slowly when depleted', () => {
    const params = paramsFor();
    const rested = advanceState({ ...freshState(params), energy: 1, stress: 0.8 }, params, hour).stress;
    const depleted = advanceState({ ...freshState(params), energy: 0.05, stress: 0.8 }, params, hour).stress;
    expect(depleted).toBeGreaterThan(rested);
  });

  it('lets belonging fade over a long absence, familiarity fade, and trust drift to neutral', () => {
    const params = paramsFor();
    const start = { ...freshState(params), trust: 0.9, familiarityCount: 60 };
    const later = advanceState(start, params, 30 * 24 * hour);
    expect(later.needs.belonging).toBeLessThan(0.21);
    expect(later.familiarityCount).toBeCloseTo(30, 6);
    expect(later.trust).toBeLessThan(0.9);
    expect(later.trust).toBeGreaterThan(0.5);
  });

  it('does nothing for a zero or negative gap, and advanceTo stamps the target time', () => {
    const params = paramsFor();
    const state = stirred(params);
    expect(advanceState(state, params, 0)).toBe(state);
    expect(advanceTo(state, params, state.time - 5)).toBe(state);
    expect(advanceTo(state, params, t0 + 99 * hour * 1000).time).toBe(t0 + 99 * hour * 1000);
  });

  it('handles a ten-year gap without drift or NaN', () => {
    const params = paramsFor();
    const later = advanceState(stirred(params), params, 10 * 365 * 24 * hour);
    for (const value of [later.emotion.V, later.mood.a, later.energy, later.stress, later.trust]) {
      expect(Number.isFinite(value)).toBe(true);
    }
    expect(later.emotion.V).toBeCloseTo(params.baseline.V, 9);
  });
});
