import { describe, expect, it } from 'vitest';
import { ap, freshState, paramsFor } from '../../test/fixtures.js';
import { applyAppraisal } from '../engine/apply-turn.js';
import { belongingFloor, needDeficits, secondsUntilBelongingDeficit } from './needs.js';

describe('needs', () => {
  const params = paramsFor();

  it('raises competence with own success and lowers it with own failure', () => {
    const s = freshState(params);
    const win = applyAppraisal(s, params, ap(0.9, 0.8, 0.5, 0.7, 0.9, 0.2), {
      elapsedSeconds: 1,
      now: s.time + 1000,
    });
    const fail = applyAppraisal(s, params, ap(0.9, -0.8, 0.5, 0.7, 0.9, 0), {
      elapsedSeconds: 1,
      now: s.time + 1000,
    });
    expect(win.state.needs.competence).toBeGreaterThan(s.needs.competence);
    expect(fail.state.needs.competence).toBeLessThan(s.needs.competence);
  });

  it('raises belonging with warm contact and lowers it with rejection', () => {
    const s = freshState(params);
    const warm = applyAppraisal(s, params, ap(0.8, 0.8, 0.5, 0.5, -0.9, 0.5), {
      elapsedSeconds: 1,
      now: s.time + 1000,
    });
    const rejected = applyAppraisal(s, params, ap(0.8, -0.8, 0.5, 0.5, -0.9, -0.5), {
      elapsedSeconds: 1,
      now: s.time + 1000,
    });
    expect(warm.state.needs.belonging).toBeGreaterThan(s.needs.belonging);
    expect(rejected.state.needs.belonging).toBeLessThan(s.needs.belonging);
  });

  it('lowers autonomy when things are out of the character’s control', () => {
    const s = freshState(params);
    const helpless = applyAppraisal(s, params, ap(0.9, -0.5, 0.5, 0.0, -0.5, -0.6), {
      elapsedSeconds: 1,
      now: s.time + 1000,
    });
    expect(helpless.state.needs.autonomy).toBeLessThan(s.needs.autonomy);
  });

  it('predicts exactly when fading belonging becomes a deficit', () => {
    const setpoint = params.needSetpoints.belonging;
    const t = secondsUntilBelongingDeficit(0.5, setpoint)!;
    const n = belongingFloor + (0.5 - belongingFloor) * 2 ** (-t / (24 * 3600));
    expect(n).toBeCloseTo(setpoint - 0.25, 9);
    expect(
      needDeficits({ belonging: n, competence: 0.5, autonomy: 0.5 }, params.needSetpoints).belonging,
    ).toBeCloseTo(0.25, 9);
    expect(secondsUntilBelongingDeficit(0.1, setpoint)).toBe(0);
    expect(secondsUntilBelongingDeficit(0.5, 0.4)).toBeNull();
  });
});
