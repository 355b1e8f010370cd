import { describe, expect, it } from 'vitest';
import { canonical, freshState, paramsFor } from '../../test/fixtures.js';
import { applyAppraisal } from '../engine/apply-turn.js';
import type { EngineState, StageState } from '../engine/engine-state.js';
import { stepCusp } from './cusp.js';
import { type StageTransition, updateStage } from './soul-stage.js';

describe('cusp catastrophe', () => {
  it('jumps up and down at different points (hysteresis) when the splitting factor is high', () => {
    let z = -1;
    let up = Number.NaN;
    for (let alpha = -1; alpha <= 1.0001; alpha += 0.01) {
      const step = stepCusp(z, alpha, 1.5);
      if (step.jump === 1) up = alpha;
      z = step.z;
    }
    let down = Number.NaN;
    for (let alpha = 1; alpha >= -1.0001; alpha -= 0.01) {
      const step = stepCusp(z, alpha, 1.5);
      if (step.jump === -1) down = alpha;
      z = step.z;
    }
    // Fold lines at |α| = 2·(β/3)^(3/2) ≈ 0.707 for β = 1.5 (Zeeman 1976).
    expect(up).toBeCloseTo(0.71, 1);
    expect(down).toBeCloseTo(-0.71, 1);
  });

  it('moves smoothly without a splitting factor', () => {
    let z = -1;
    for (let i = -20; i <= 20; i++) {
      const step = stepCusp(z, i / 20, 0);
      expect(step.jump).toBe(0);
      z = step.z;
    }
    expect(z).toBeCloseTo(1, 5);
  });
});

function stage(overrides: Partial<StageState> = {}): StageState {
  return {
    level: 1,
    load: 0,
    cusp: -1,
    turnsInStage: 5,
    visitedCrisis: false,
    recovered: false,
    calmTurns: 0,
    calmSeconds: 0,
    ...overrides,
  };
}

describe('soul stage', () => {
  it('does not flap at a band edge (hysteresis and dwell)', () => {
    let s = stage({ level: 3, load: 3 / 9 });
    const changes: number[] = [];
    for (let i = 0; i < 40; i++) {
      const raw = 3 / 9 + (i % 2 ? 0.02 : -0.02);
      const out = updateStage(s, { load: raw, stress: 0.1, needs: 0.5, trust: 0.5 });
      if (out.transition) changes.push(out.stage.level);
      s = out.stage;
    }
    expect(changes).toEqual([]);
  });

  it('climbs through named stages under sustained adversity and reports each transition', () => {
    const params = paramsFor({ N: 0.7 });
    let state: EngineState = freshState(params);
    const transitions: StageTransition[] = [];
    for (let i = 0; i < 40; i++) {
      const a = i % 2 ? canonical.betrayal : canonical.suddenThreat;
      const out = applyAppraisal(state, params, a, { elapsedSeconds: 20, now: state.time + 20_000 });
      if (out.transition) transitions.push(out.transition);
      state = out.state;
    }
    expect(transitions[0]).toEqual({
      from: 'calm',
      to: 'alert',
      reason: 'load_rising',
      turns_in_previous: 2,
    });
    expect(transitions.map((t) => t.to)).toContain('overwhelmed');
    expect(state.stage.level).toBeGreaterThanOrEqual(8);
    expect(state.stage.visitedCrisis).toBe(true);
    for (const t of transitions) expect(t.from).not.toBe(t.to);
  });

  it('leads out of crisis through recovery, not straight back to calm', () => {
    const params = paramsFor({ N: 0.7 });
    let state: EngineState = freshState(params);
    for (let i = 0; i < 40; i++) {
      const a = i % 2 ? canonical.betrayal : canonical.suddenThreat;
      state = applyAppraisal(state, params, a, { elapsedSeconds: 20, now: state.time + 20_000 }).state;
    }
    const path: string[] = [];
    for (let i = 0; i < 80; i++) {
      const out = applyAppraisal(state, params, canonical.kindness, {
        elapsedSeconds: 600,
        now: state.time + 600_000,
      });
      if (out.transition) path.push(`${out.transition.to}:${out.transition.reason}`);
      state = out.state;
    }
    expect(path).toContain('rebuilding:recovery_started');
    expect(path).toContain('healing:recovery_progress');
    expect(path).toContain('resilient:recovered');
    expect(path.indexOf('rebuilding:recovery_started')).toBeLessThan(path.indexOf('resilient:recovered'));
    expect(state.stage.recovered).toBe(true);
  });

  it('jumps into crisis from a lower band when load crosses the fold under stress (catastrophe)', () => {
    // Stress 0.5 → β = 0.75, fold at α = 2·(0.25)^1.5 = 0.25, i.e. load 0.625: band 6, but the cusp jumps.
    const out = updateStage(stage({ level: 6, load: 0.6, cusp: -0.8 }), {
      load: 0.68,
      stress: 0.5,
      needs: 0.4,
      trust: 0.5,
    });
    expect(out.transition).toMatchObject({ from: 'stressed', to: 'overwhelmed', reason: 'catastrophe' });
    expect(out.stage.cusp).toBeGreaterThan(0);
  });

  it('stays put below the fold at the same stress', () => {
    const out = updateStage(stage({ level: 6, load: 0.55, cusp: -0.8 }), {
      load: 0.58,
      stress: 0.5,
      needs: 0.4,
      trust: 0.5,
    });
    expect(out.transition).toBeNull();
    expect(out.stage.cusp).toBeLessThan(0);
  });

  it('grows after a day of low load with needs met, and transcends only after a recovery', () => {
    const grown = updateStage(stage({ level: 2, load: 0.05, calmSeconds: 25 * 3600 }), {
      load: 0.05,
      stress: 0,
      needs: 0.7,
      trust: 0.7,
    });
    expect(grown.transition).toMatchObject({ from: 'alert', to: 'grounded', reason: 'growth' });
    const noTrauma = updateStage(stage({ level: 14, load: 0.05, calmSeconds: 200 * 3600 }), {
      load: 0.05,
      stress: 0,
      needs: 0.8,
      trust: 0.8,
    });
    expect(noTrauma.transition).toBeNull();
    const survivor = updateStage(stage({ level: 14, load: 0.05, calmSeconds: 200 * 3600, recovered: true }), {
      load: 0.05,
      stress: 0,
      needs: 0.8,
      trust: 0.8,
    });
    expect(survivor.transition?.to).toBe('transcendent');
  });

  it('falls out of growth when load rises', () => {
    const out = updateStage(stage({ level: 13, load: 0.4 }), {
      load: 0.6,
      stress: 0.3,
      needs: 0.5,
      trust: 0.5,
    });
    expect(out.transition?.from).toBe('grounded');
    expect(out.transition?.reason).toBe('load_rising');
  });
});

describe('cusp edge cases', () => {
  it('stays finite at the cusp point itself (α = β = 0)', () => {
    expect(stepCusp(0, 0, 0)).toEqual({ z: 0, jump: 0 });
    expect(Number.isFinite(stepCusp(-1, 0, 0).z)).toBe(true);
  });
});
