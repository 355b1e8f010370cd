import type { Appraisal } from '@limbic/core';

/** The appraisals the store benchmarks cycle through: an insult, praise, a gift, a setback and small talk. */
export const appraisals: Appraisal[] = [
  [0.9, -0.8, 0.3, 0.7, -0.9, -0.7],
  [0.9, 0.8, 0.5, 0.8, 0.9, 0.5],
  [0.8, 0.7, 0.4, 0.3, -0.9, 0.6],
  [0.6, -0.5, 0.5, 0.3, -0.5, 0],
  [0.3, 0.1, 0.9, 0.5, 0, 0.1],
].map(([R, g, x, c, a, n]) => ({
  goal_relevance: R!,
  goal_congruence: g!,
  expectedness: x!,
  controllability: c!,
  agency: a!,
  norm_compatibility: n!,
}));
