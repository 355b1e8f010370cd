import { appraisalDimensions, contributionKinds, maxContributions } from '@limbic/core';
import { z } from 'zod';
import { oneOf, range, signed, unit } from './primitives.js';

/** One of the largest sources of a turn's change of feeling. */
export const contributionSchema = z
  .strictObject({
    kind: oneOf(contributionKinds).describe(
      'What the part came from: decay (time since the last update), mood (the mood carried over), appraisal (one dimension), surprise (the prediction error), personality (the persona’s gains), needs (need pleasure), memory (recalled episodes), body (the body budget), relationship (reserved, not produced), override (operator overrides since the previous turn), other (the rest of the list)',
    ),
    V: z.number().describe('Its part of the change of valence'),
    A: z.number().describe('Its part of the change of arousal (exposed scale)'),
    D: z.number().describe('Its part of the change of dominance'),
    text: z.string().describe('One short English sentence saying what it was and what it did'),
    dimension: oneOf(appraisalDimensions).optional().describe('appraisal only: the dimension'),
    value: signed
      .optional()
      .describe('appraisal only: the dimension’s value as felt (relevance weighted for a witnessed act)'),
    weight: unit.optional().describe('appraisal only: the dimension’s weight in the impulse equations'),
  })
  .describe('A part of a turn’s change of feeling, each number rounded to 3 decimals');

/** Why a turn felt as it did. */
export const turnExplanationSchema = z
  .strictObject({
    change: z
      .strictObject({ V: range(-2, 2), A: signed, D: range(-2, 2) })
      .describe('new_emotion minus the felt emotion at the previous update'),
    contributions: z.array(contributionSchema).max(maxContributions + 1),
  })
  .describe(
    'Why the turn felt as it did: the change of feeling since the previous update and its largest contributions, largest first, then other with the rest; they sum to the change within 0.0005 per number',
  );
