import { type StageState, withStage } from '../engine/engine-state.js';
import { clamp } from '../util/math.js';
import { stepCusp } from './cusp.js';
import { type SoulStageId, stageAt } from './soul-stages.js';

/** Every reason a stage can change. */
export const stageTransitionReasons = [
  'load_rising',
  'load_falling',
  'catastrophe',
  'recovery_started',
  'recovery_progress',
  'recovered',
  'relapse',
  'growth',
] as const;

/** Why a stage changed. */
export type StageTransitionReason = (typeof stageTransitionReasons)[number];

/** A change of soul stage, as reported in a turn result. */
export interface StageTransition {
  from: SoulStageId;
  to: SoulStageId;
  reason: StageTransitionReason;
  /** Turns spent in the stage that was left. */
  turns_in_previous: number;
}

/** Inputs of a stage update: this turn's raw load and the current stress, needs and trust. */
export interface StageInput {
  /** L = .35·stress + .25·(1 − energy) + .25·max(0, −mood V) + .15·intensity. */
  load: number;
  stress: number;
  /** Mean of the three needs. */
  needs: number;
  trust: number;
}

const hysteresis = 0.03;
const minDwell = 2;
const hour = 3600;
/** Growth stage requirements: engine time at low load (< 0.2), mean need satisfaction, trust, past recovery. */
const growth = [
  { level: 13, seconds: 24 * hour, needs: 0.6, trust: 0, recovered: false },
  { level: 14, seconds: 72 * hour, needs: 0.65, trust: 0.6, recovered: false },
  { level: 15, seconds: 168 * hour, needs: 0.7, trust: 0.6, recovered: true },
] as const;

/** The band stage (1-9) of a load: 1 + ⌊9·L⌋. */
export function bandLevel(load: number): number {
  return clamp(1 + Math.floor(9 * load), 1, 9);
}

function bandProgress(level: number, load: number): number {
  return clamp((load - (level - 1) / 9) * 9, 0, 1);
}

/** Progress within the current stage, in [0, 1]. */
export function stageProgress(stage: StageState): number {
  if (stage.level <= 9) return bandProgress(stage.level, stage.load);
  if (stage.level <= 11) return clamp(stage.calmTurns / 6, 0, 1);
  if (stage.level === 15) return 1;
  const next = growth.find((g) => g.level > stage.level)!;
  return clamp(stage.calmSeconds / next.seconds, 0, 1);
}

function bandMove(s: StageState): number {
  const target = bandLevel(s.load);
  if (target > s.level && s.load >= (target - 1) / 9 + hysteresis) return target;
  if (target < s.level && s.load < (s.level - 1) / 9 - hysteresis) return target;
  return s.level;
}

function growthTarget(s: StageState, input: StageInput): number {
  let level = s.level;
  for (const g of growth) {
    if (g.level <= level) continue;
    const ok =
      s.calmSeconds >= g.seconds &&
      input.needs >= g.needs &&
      input.trust >= g.trust &&
      (!g.recovered || s.recovered);
    if (!ok) break;
    level = g.level;
  }
  return level;
}

function decide(s: StageState, input: StageInput, jump: -1 | 0 | 1): [number, StageTransitionReason] | null {
  const { level, load } = s;
  if (jump === 1 && level < 7) return [Math.max(7, bandLevel(load)), 'catastrophe'];
  if (level >= 7 && level <= 9) {
    if (s.visitedCrisis) {
      // Once past breaking point, the way out of crisis leads through recovery, not back down the bands.
      if (jump === -1 || (load < 0.45 && s.calmTurns >= 3)) return [10, 'recovery_started'];
      if (s.turnsInStage < minDwell) return null;
      const next = Math.max(7, bandMove(s));
      return next === level ? null : [next, next > level ? 'load_rising' : 'load_falling'];
    }
  } else if (level >= 10 && level <= 12) {
    if (load >= 0.6) return [Math.max(7, bandLevel(load)), 'relapse'];
    if (level === 10 && s.calmTurns >= 6 && load < 0.35) return [11, 'recovery_progress'];
    if (level === 11 && s.calmTurns >= 6 && load < 0.25) return [12, 'recovered'];
    if (level === 12) {
      const g = growthTarget(s, input);
      if (g > level) return [g, 'growth'];
      if (load >= 0.45) return [bandLevel(load), 'load_rising'];
    }
    return null;
  } else if (level >= 13) {
    if (load > 0.35) return [bandLevel(load), 'load_rising'];
    const g = growthTarget(s, input);
    return g > level ? [g, 'growth'] : null;
  } else if (level <= 3) {
    const g = growthTarget(s, input);
    if (g > level) return [g, 'growth'];
  }
  if (s.turnsInStage < minDwell) return null;
  const next = bandMove(s);
  if (next === level) return null;
  return [next, next > level ? 'load_rising' : 'load_falling'];
}

/**
 * Advances the soul stage by one turn: smooths the load (EMA over about 5 turns), moves the cusp state (normal factor
 * α = 2L − 1, splitting factor β = 1.5·stress; the research suggested 3·stress, but then a fully stressed character
 * could never jump), then applies
 * the stage rules (docs/emotion-model.md, "Soul stage"): load bands for 1-9 with ±0.03 hysteresis and a two-turn
 * dwell; catastrophic jumps into crisis; recovery (10-12) only after breaking point; growth (13-15) after sustained
 * low load with needs met.
 */
export function updateStage(
  prev: StageState,
  input: StageInput,
): { stage: StageState; transition: StageTransition | null } {
  const load = prev.load + (input.load - prev.load) / 3;
  const cusp = stepCusp(prev.cusp, 2 * load - 1, 1.5 * input.stress);
  const inCrisisOrRecovery = prev.level >= 7 && prev.level <= 12;
  const s = withStage(prev, {
    load,
    cusp: cusp.z,
    turnsInStage: prev.turnsInStage + 1,
    calmTurns: inCrisisOrRecovery && load < 0.45 ? prev.calmTurns + 1 : 0,
    calmSeconds: load < 0.2 ? prev.calmSeconds : 0,
  });
  const decision = decide(s, input, cusp.jump);
  if (!decision || decision[0] === prev.level) return { stage: s, transition: null };
  const [to, reason] = decision;
  const next = withStage(s, {
    level: to,
    turnsInStage: 0,
    calmTurns: 0,
    visitedCrisis: s.visitedCrisis || to >= 8,
    recovered: s.recovered || to === 12,
  });
  return {
    stage: next,
    transition: {
      from: stageAt(prev.level).id,
      to: stageAt(to).id,
      reason,
      turns_in_previous: s.turnsInStage,
    },
  };
}
