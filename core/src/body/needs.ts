import type { Appraisal } from '../appraisal/appraisal.js';
import type { EngineParams } from '../persona/engine-params.js';
import type { NeedState } from '../prompt/prompt-input.js';
import { decayFactor, headroom } from '../util/math.js';

const hour = 3600;
/** Belonging fades toward this floor when nobody is around (half-life 24 h). */
export const belongingFloor = 0.2;
/** Half-life of belonging fading toward its floor without contact: 24 h. */
export const belongingHalfLife = 24 * hour;
/** Competence and autonomy drift back to their setpoints (half-life 72 h). */
export const needDriftHalfLife = 72 * hour;
/** Per-turn satisfaction rate κ. */
const kappa = 0.15;
/** A need this far below its setpoint is a deficit (proactive need_deficit). */
export const deficitThreshold = 0.25;

/** Needs after `dt` seconds without contact: belonging fades, competence and autonomy return to their setpoints. */
export function driftNeeds(needs: NeedState, setpoints: NeedState, dt: number): NeedState {
  const fb = decayFactor(dt, belongingHalfLife);
  const fd = decayFactor(dt, needDriftHalfLife);
  return {
    belonging: belongingFloor + (needs.belonging - belongingFloor) * fb,
    competence: setpoints.competence + (needs.competence - setpoints.competence) * fd,
    autonomy: setpoints.autonomy + (needs.autonomy - setpoints.autonomy) * fd,
  };
}

/**
 * Per-turn need satisfaction and frustration (Self-Determination Theory, Deci & Ryan 2000; satisfaction and
 * frustration as separate inputs, Chen et al. 2015):
 *   belonging  += κ·R·o·(max(0, g) − max(0, −g)·(n < 0 ? 1 : 0.5))   (o: how much another person caused it)
 *   competence += κ·R·g·max(0, a)                                  (own success or failure)
 *   autonomy   += κ·R·(c − 0.5) − κ·R·o·max(0, −n)                 (control; others' violations constrain)
 * with headroom, so needs stay in [0, 1].
 */
export function satisfyNeeds(needs: NeedState, appraisal: Appraisal, params: EngineParams): NeedState {
  const {
    goal_relevance: R,
    goal_congruence: g,
    controllability: c,
    agency: a,
    norm_compatibility: n,
  } = appraisal;
  const other = Math.max(0, -a);
  const rejection = Math.max(0, -g) * (n < 0 ? 1 : 0.5);
  const dBelonging = kappa * R * other * (Math.max(0, g) - rejection) * params.belongingWeight;
  const dCompetence = kappa * R * g * Math.max(0, a) * params.competenceWeight;
  const dAutonomy = kappa * R * (c - 0.5) - kappa * R * other * Math.max(0, -n);
  return {
    belonging: headroom(needs.belonging, dBelonging),
    competence: headroom(needs.competence, dCompetence),
    autonomy: headroom(needs.autonomy, dAutonomy),
  };
}

/** How far each need is below its setpoint (0 when at or above it). */
export function needDeficits(needs: NeedState, setpoints: NeedState): NeedState {
  return {
    belonging: Math.max(0, setpoints.belonging - needs.belonging),
    competence: Math.max(0, setpoints.competence - needs.competence),
    autonomy: Math.max(0, setpoints.autonomy - needs.autonomy),
  };
}

/** Sum of the three deficits. */
export function totalDeficit(needs: NeedState, setpoints: NeedState): number {
  const d = needDeficits(needs, setpoints);
  return d.belonging + d.competence + d.autonomy;
}

/**
 * Seconds from now until belonging, fading toward its floor, reaches a deficit (setpoint − 0.25), or null if it
 * never will (already there, or the floor is above the threshold).
 */
export function secondsUntilBelongingDeficit(belonging: number, setpoint: number): number | null {
  const threshold = setpoint - deficitThreshold;
  if (belonging <= threshold) return 0;
  if (threshold <= belongingFloor) return null;
  // floor + (n − floor)·2^(−t/T) = threshold  ⇒  t = T·log2((n − floor)/(threshold − floor))
  return belongingHalfLife * Math.log2((belonging - belongingFloor) / (threshold - belongingFloor));
}
