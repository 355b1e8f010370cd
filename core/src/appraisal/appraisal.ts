import { z } from 'zod';
import { parseWith } from '../util/validation.js';

/**
 * The six-dimension appraisal of an event (Scherer's stimulus evaluation checks, reduced to the interface's six).
 * Ranges: goal_relevance, expectedness, controllability in [0, 1]; goal_congruence, agency, norm_compatibility in
 * [-1, 1]. Agency +1 means the character caused the event itself, -1 a purely external cause (another person, fate).
 */
export interface Appraisal {
  goal_relevance: number;
  goal_congruence: number;
  expectedness: number;
  controllability: number;
  agency: number;
  norm_compatibility: number;
}

/** The appraisal dimension names, in the interface's order. */
export const appraisalDimensions = [
  'goal_relevance',
  'goal_congruence',
  'expectedness',
  'controllability',
  'agency',
  'norm_compatibility',
] as const satisfies readonly (keyof Appraisal)[];

/** The range of every appraisal dimension. */
export const appraisalRanges: Record<keyof Appraisal, readonly [number, number]> = {
  goal_relevance: [0, 1],
  goal_congruence: [-1, 1],
  expectedness: [0, 1],
  controllability: [0, 1],
  agency: [-1, 1],
  norm_compatibility: [-1, 1],
};

function dimension(min: number, max: number) {
  const rule = `must be a number in [${min}, ${max}]`;
  return z
    .number({ error: rule })
    .min(min, { error: rule })
    .max(max, { error: rule })
    .refine(Number.isFinite, { error: rule });
}

/**
 * Zod schema of an appraisal. All six dimensions are required; extra keys (for example the 9-dimension vectors of
 * other engines) are ignored rather than rejected.
 */
export const appraisalSchema = z.object({
  goal_relevance: dimension(0, 1),
  goal_congruence: dimension(-1, 1),
  expectedness: dimension(0, 1),
  controllability: dimension(0, 1),
  agency: dimension(-1, 1),
  norm_compatibility: dimension(-1, 1),
});

/** The appraisal of an event that means nothing to the character (the engine's initial expectation). */
export const neutralAppraisal: Readonly<Appraisal> = Object.freeze({
  goal_relevance: 0,
  goal_congruence: 0,
  expectedness: 0.5,
  controllability: 0.5,
  agency: 0,
  norm_compatibility: 0,
});

/**
 * Validates untrusted input as an appraisal and returns a clean copy holding only the six dimensions.
 * @throws LimbicError VALIDATION_ERROR listing every missing or out-of-range dimension, e.g.
 * `appraisal.agency: must be a number in [-1, 1] (got 3)`.
 */
export function parseAppraisal(input: unknown, path = 'appraisal'): Appraisal {
  // Most appraisals are valid (every turn's appraiser output passes here): check them without the schema, which
  // stays the one source of the error messages.
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
    const a = input as Record<string, unknown>;
    const out = {
      goal_relevance: a.goal_relevance,
      goal_congruence: a.goal_congruence,
      expectedness: a.expectedness,
      controllability: a.controllability,
      agency: a.agency,
      norm_compatibility: a.norm_compatibility,
    };
    if (appraisalDimensions.every((key) => inRange(out[key], appraisalRanges[key]))) return out as Appraisal;
  }
  return parseWith(appraisalSchema, input, 'appraisal', path);
}

function inRange(value: unknown, [min, max]: readonly [number, number]): boolean {
  return typeof value === 'number' && value >= min && value <= max;
}

/** Clamps every dimension into its range: for appraisers that compute values which may overshoot. */
export function clampAppraisal(a: Appraisal): Appraisal {
  const out = { ...a };
  for (const key of appraisalDimensions) {
    const [min, max] = appraisalRanges[key];
    const value = Number.isFinite(out[key]) ? out[key] : 0;
    out[key] = value < min ? min : value > max ? max : value;
  }
  return out;
}
