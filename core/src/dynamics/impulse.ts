import type { Appraisal } from '../appraisal/appraisal.js';
import type { EngineParams, Vec3 } from '../persona/engine-params.js';

/** The emotional impulse of one event, before it is applied with the bounded update. */
export interface Impulse extends Vec3 {
  /** Surprise gain 1 + 0.5·u_eff. */
  surprise: number;
  /** Event intensity I = R·max(|g|, |n|, u_eff/2)·surprise, capped at 1. */
  intensity: number;
  /** The valence impulse before gains (its sign says whether the event was pleasant). */
  rawValence: number;
}

/** How much stress sensitises a negative impulse: 1 + 0.5·stress (docs/emotion-model.md §3.2). */
export function stressGain(stress: number): number {
  return 1 + 0.5 * stress;
}

/**
 * Appraisal → VAD impulse (Scherer, Dan & Flykt 2006 and Kuppens et al. 2012 for the directions; constants in
 * docs/emotion-model.md):
 *   u_eff = max(1 − x, |δ_g|/2)            surprise from the event or from the prediction error
 *   sur   = 1 + 0.5·u_eff
 *   ΔV*   = R·(0.7·g + 0.3·w_n·n)·sur       (+ novelty reward)
 *   Δα*   = R·(0.45·u_eff + 0.30·|g|) − 0.9·R·max(0, −g)·(1 − c)·x   (expected, uncontrollable loss deflates)
 *   ΔD*   = R·(0.6·(2c − 1)·|g| + 0.35·a·g·p)   (control → power; credit and blame, p = min(1, 2c) for harm
 *                                             another caused, else 1: blame empowers only one who can act)
 * then personality gains (Larsen & Ketelaar 1991), stress sensitisation of negative valence, and reactivity.
 */
export function appraisalImpulse(
  ap: Appraisal,
  congruenceError: number,
  magnitude: number,
  params: EngineParams,
  stress: number,
): Impulse {
  const { goal_relevance: R, goal_congruence: g, expectedness: x, controllability: c, agency: a } = ap;
  const n = ap.norm_compatibility;
  const cfg = params.config;
  const uEff = Math.max(1 - x, Math.abs(congruenceError) / 2);
  const surprise = 1 + 0.5 * uEff;
  let dV = R * (0.7 * g + 0.3 * params.normWeight * n) * surprise + params.noveltyReward * uEff * R;
  let dA = R * (0.45 * uEff + 0.3 * Math.abs(g)) - 0.9 * R * Math.max(0, -g) * (1 - c) * x;
  // Blaming another for harm raises felt power only as far as one can act on it (Roseman 1996: anger with high
  // control potential, dislike with low; Scherer 2001: anger is high power, fear low).
  const blamePower = g < 0 && a < 0 ? Math.min(1, 2 * c) : 1;
  let dD = R * (0.6 * (2 * c - 1) * Math.abs(g) + 0.35 * a * g * blamePower);
  const rawValence = dV;
  if (g < 0 && c < 0.5) dA *= params.threatGain;
  if (g < 0 && a < 0) {
    dA *= params.angerDamping;
    dD *= params.angerDamping;
  }
  if (g > 0 && a > 0) {
    dD *= params.prideDamping;
    dV *= params.statusGain;
  }
  if (a < 0) dD += params.socialBoldness * R * -a;
  dV *= dV >= 0 ? cfg.positive_gain : cfg.negative_gain * stressGain(stress);
  dA = dA * cfg.arousal_gain + 0.2 * magnitude;
  const k = cfg.reactivity;
  // Novelty alone makes an event intense too (Scherer's novelty check): a complete surprise counts like a clearly
  // good or bad outcome of half the size.
  const intensity = Math.min(1, R * Math.max(Math.abs(g), Math.abs(n), uEff / 2) * surprise);
  return { V: k * dV, a: k * dA, D: k * dD, surprise, intensity, rawValence };
}
