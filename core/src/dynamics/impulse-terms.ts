import type { Appraisal } from '../appraisal/appraisal.js';

/** Reactivity of a persona with every trait at the midpoint: `0.6·(1 − 0.15·z_prudence)` at z = 0 (engine-params.ts). */
export const neutralReactivity = 0.6;

/**
 * The weight the explanation quotes for each appraisal dimension: its coefficient in the equation where it counts
 * most (docs/emotion-model.md §3.1 and §3.3). Relevance scales every term, so its weight is ρ/R = 0.75, the share of
 * the way arousal and dominance move toward a fully relevant event (`appraisalWeight` in apply-turn.ts).
 */
export const dimensionWeights: Readonly<Record<keyof Appraisal, number>> = {
  goal_relevance: 0.75,
  // ΔV* = R·(0.7·g + 0.3·n)·sur
  goal_congruence: 0.7,
  // Δα* = R·0.45·u_eff + …, with u = 1 − x
  expectedness: 0.45,
  // ΔD* = R·0.6·(2c − 1)·|g| + …
  controllability: 0.6,
  // ΔD* = … + R·0.35·a·g·p
  agency: 0.35,
  norm_compatibility: 0.3,
};

/**
 * Splits the impulse a neutral persona would feel (every trait at the midpoint: gains 1, no facet terms, reactivity
 * {@link neutralReactivity}, no stress) into seven sources, writing the (V, α, D) of source i at
 * `out[offset + 3i … offset + 3i + 2]`: the six appraisal dimensions in the interface's order, then surprise from the
 * prediction error. It is `appraisalImpulse` (impulse.ts) with those parameters, term by term, so the seven sum to
 * it. Relevance and the surprise gain scale every term; each term goes to the dimension that sets its direction:
 * - goal congruence: 0.7·g on valence, 0.3·|g| on arousal;
 * - norm compatibility: 0.3·n on valence;
 * - expectedness: the surprise gain's boost of valence and the 0.45·u arousal term, as far as u = 1 − x;
 * - surprise: the same two terms beyond 1 − x (when the congruence error |δ_g|/2 is larger), plus 0.2·magnitude;
 * - controllability: the deflation of an expected, uncontrollable loss on arousal, and 0.6·(2c − 1)·|g| on
 *   dominance;
 * - agency: the credit-and-blame term 0.35·a·g·p on dominance;
 * - goal relevance: nothing here (its own part, replacing earlier arousal and dominance, is the update's).
 */
export function neutralImpulseTerms(
  ap: Appraisal,
  congruenceError: number,
  magnitude: number,
  out: Float64Array,
  offset: number,
): void {
  const { goal_relevance: R, goal_congruence: g, expectedness: x, controllability: c, agency: a } = ap;
  const n = ap.norm_compatibility;
  const k = neutralReactivity;
  const unexpected = 1 - x;
  const beyond = Math.max(unexpected, Math.abs(congruenceError) / 2) - unexpected;
  const push = R * (0.7 * g + 0.3 * n);
  const blamePower = g < 0 && a < 0 ? Math.min(1, 2 * c) : 1;
  const o = offset;
  // Source i at o + 3i: goal_relevance 0, goal_congruence 1, expectedness 2, controllability 3, agency 4,
  // norm_compatibility 5, surprise 6; goal relevance gets nothing here (its own part is the update's).
  out[o] = 0;
  out[o + 1] = 0;
  out[o + 2] = 0;
  out[o + 3] = k * R * 0.7 * g;
  out[o + 4] = k * R * 0.3 * Math.abs(g);
  out[o + 5] = 0;
  out[o + 6] = k * push * 0.5 * unexpected;
  out[o + 7] = k * R * 0.45 * unexpected;
  out[o + 8] = 0;
  out[o + 9] = 0;
  out[o + 10] = -k * 0.9 * R * Math.max(0, -g) * (1 - c) * x;
  out[o + 11] = k * R * 0.6 * (2 * c - 1) * Math.abs(g);
  out[o + 12] = 0;
  out[o + 13] = 0;
  out[o + 14] = k * R * 0.35 * a * g * blamePower;
  out[o + 15] = k * R * 0.3 * n;
  out[o + 16] = 0;
  out[o + 17] = 0;
  out[o + 18] = k * push * 0.5 * beyond;
  out[o + 19] = k * (R * 0.45 * beyond + 0.2 * magnitude);
  out[o + 20] = 0;
}
