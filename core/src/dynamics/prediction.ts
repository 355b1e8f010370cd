import type { Appraisal } from '../appraisal/appraisal.js';

/** The prediction error of one event: signed error per dimension and a weighted magnitude in [0, 1]. */
export interface PredictionError {
  errors: Appraisal;
  magnitude: number;
}

// Weights w (goal congruence counts double, agency half) and range widths r of the six dimensions, in the
// interface's order: Σ w·r² = 1 + 2·4 + 1 + 1 + 0.5·4 + 4 = 17.
const norm = 17;

/**
 * Prediction error δ = actual − expected per dimension, and magnitude = sqrt(Σ w·δ² / Σ w·r²) (r the range width,
 * w = 1, 2, 1, 1, 0.5, 1), so magnitude is 1 only for the most surprising possible event. The expectation is a
 * delta-rule (Rescorla-Wagner) running estimate; the reference engine exposes the same per-dimension errors plus a
 * magnitude.
 */
export function predictionError(expected: Appraisal, actual: Appraisal): PredictionError {
  const errors: Appraisal = {
    goal_relevance: actual.goal_relevance - expected.goal_relevance,
    goal_congruence: actual.goal_congruence - expected.goal_congruence,
    expectedness: actual.expectedness - expected.expectedness,
    controllability: actual.controllability - expected.controllability,
    agency: actual.agency - expected.agency,
    norm_compatibility: actual.norm_compatibility - expected.norm_compatibility,
  };
  const sum =
    errors.goal_relevance ** 2 +
    2 * errors.goal_congruence ** 2 +
    errors.expectedness ** 2 +
    errors.controllability ** 2 +
    0.5 * errors.agency ** 2 +
    errors.norm_compatibility ** 2;
  return { errors, magnitude: Math.sqrt(sum / norm) };
}

/** Delta-rule update of the expectation: p ← p + λ·(a − p). */
export function learnExpectation(p: Appraisal, a: Appraisal, rate: number): Appraisal {
  return {
    goal_relevance: p.goal_relevance + rate * (a.goal_relevance - p.goal_relevance),
    goal_congruence: p.goal_congruence + rate * (a.goal_congruence - p.goal_congruence),
    expectedness: p.expectedness + rate * (a.expectedness - p.expectedness),
    controllability: p.controllability + rate * (a.controllability - p.controllability),
    agency: p.agency + rate * (a.agency - p.agency),
    norm_compatibility: p.norm_compatibility + rate * (a.norm_compatibility - p.norm_compatibility),
  };
}
