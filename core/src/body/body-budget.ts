import type { EngineParams, Vec3 } from '../persona/engine-params.js';
import { clamp } from '../util/math.js';

/** Energy never drops below this floor (molroo's budgetMinimum). */
export const energyFloor = 0.05;

/**
 * Energy after `dt` seconds of rest: linear recovery, e(t) = min(1, e0 + r·t/3600) (molroo's 0.125 per hour
 * default: empty to full in about 8 h).
 */
export function recoverEnergy(energy: number, ratePerHour: number, dt: number): number {
  return Math.min(1, energy + (ratePerHour * dt) / 3600);
}

/** ∫₀^dt e(τ) dτ for the piecewise-linear recovery of {@link recoverEnergy}. */
function energyIntegral(e0: number, ratePerHour: number, dt: number): number {
  const r = ratePerHour / 3600;
  if (r <= 0 || e0 >= 1) return e0 * dt;
  const tFull = (1 - e0) / r;
  if (dt <= tFull) return e0 * dt + (r * dt * dt) / 2;
  return e0 * tFull + (r * tFull * tFull) / 2 + (dt - tFull);
}

/**
 * Stress after `dt` seconds: it clears exponentially at a rate that grows with energy (a depleted body recovers
 * slowly; Sterling 2012, McEwen 1998). With half-life T(e) = T_full·1.5/(0.5 + e) the exact solution is
 *   s(t) = s0·exp(−ln2/(1.5·T_full) · ∫₀^t (0.5 + e(τ)) dτ),
 * and e(τ) recovers linearly, so the integral has a closed form.
 */
export function clearStress(stress: number, energy0: number, params: EngineParams, dt: number): number {
  if (stress <= 0 || dt <= 0) return stress;
  const { stress_half_life_seconds: tFull, energy_recovery_per_hour: r } = params.config;
  const integral = 0.5 * dt + energyIntegral(energy0, r, dt);
  return stress * Math.exp((-Math.LN2 / (1.5 * tFull)) * integral);
}

/**
 * The allostatic part of felt affect: stress lowers pleasure and dominance and raises arousal; depletion lowers
 * pleasure and arousal (Barrett 2017; Kleckner et al. 2017). It is added to the event-driven emotion when the
 * character's state is observed, and is zero for a rested, unstressed body.
 */
export function bodyOffset(energy: number, stress: number): Vec3 {
  const depletion = 1 - energy;
  return { V: -0.3 * stress - 0.2 * depletion, a: 0.3 * stress - 0.4 * depletion, D: -0.2 * stress };
}

/** What a turn costs and gives the body. Inputs are the event and the emotion after it (internal space). */
export interface BodyTurnInput {
  relevance: number;
  controllability: number;
  otherCaused: number;
  intensity: number;
  predictionError: number;
  emotion: Vec3;
}

/**
 * Per-turn body update. Energy pays for arousal, distress and surprise (prediction errors are metabolically costly;
 * Sennesh et al. 2022) and gains a little from pleasant contact (social regulation); stress rises with unpleasant,
 * aroused, uncontrollable events and with surprise, with headroom (1 − s) so it never saturates.
 */
export function applyBodyTurn(
  energy: number,
  stress: number,
  input: BodyTurnInput,
): { energy: number; stress: number } {
  const { V, a } = input.emotion;
  const cost =
    0.005 + 0.02 * Math.max(0, a) + 0.03 * input.intensity * Math.max(0, -V) + 0.02 * input.predictionError;
  const deposit = 0.01 * Math.max(0, V) * input.relevance * input.otherCaused;
  const load = Math.max(0, -V) * Math.max(0, a) * (1 - input.controllability) + 0.5 * input.predictionError;
  return {
    energy: clamp(energy - cost + deposit, energyFloor, 1),
    stress: clamp(stress + 0.15 * input.relevance * (1 - stress) * load, 0, 1),
  };
}
