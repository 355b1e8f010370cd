import type { Appraisal } from './types.js';

/** One appraisal dimension with its documented range (docs/graphql.md, AppraisalInput). */
export interface AppraisalDimension {
  key: keyof Appraisal;
  label: string;
  hint: string;
  min: number;
  max: number;
}

/** The six dimensions: relevance, expectedness and controllability in [0, 1], the other three in [-1, 1]. */
export const appraisalDimensions: readonly AppraisalDimension[] = [
  { key: 'goal_relevance', label: 'Goal relevance', hint: 'how much it matters', min: 0, max: 1 },
  { key: 'goal_congruence', label: 'Goal congruence', hint: 'bad for the goals … good', min: -1, max: 1 },
  { key: 'expectedness', label: 'Expectedness', hint: 'surprising … expected', min: 0, max: 1 },
  { key: 'controllability', label: 'Controllability', hint: 'helpless … in control', min: 0, max: 1 },
  { key: 'agency', label: 'Agency', hint: 'another person or fate … the character itself', min: -1, max: 1 },
  {
    key: 'norm_compatibility',
    label: 'Norm compatibility',
    hint: 'violates norms … fits them',
    min: -1,
    max: 1,
  },
];

/** A neutral starting point for the form: every dimension at the middle of its range. */
export function neutralAppraisal(): Appraisal {
  const entries = appraisalDimensions.map((d) => [d.key, (d.min + d.max) / 2] as const);
  return Object.fromEntries(entries) as unknown as Appraisal;
}

/** Clamps a dimension's value into its range; anything not a number becomes the middle of the range. */
export function clampDimension(dimension: AppraisalDimension, value: number): number {
  if (!Number.isFinite(value)) return (dimension.min + dimension.max) / 2;
  return Math.min(dimension.max, Math.max(dimension.min, value));
}
