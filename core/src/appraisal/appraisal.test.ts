import { describe, expect, it } from 'vitest';
import { isLimbicError } from '../errors.js';
import { createSeededRandom } from '../random.js';
import { appraisalDimensions, appraisalSchema, parseAppraisal } from './appraisal.js';

describe('parseAppraisal', () => {
  it('agrees with the schema on thousands of mutated appraisals (the fast path accepts only what zod accepts)', () => {
    const random = createSeededRandom(7);
    const weird = [
      Number.NaN,
      Number.POSITIVE_INFINITY,
      -1.5,
      1.5,
      -0.5,
      0,
      1,
      '0.5',
      null,
      undefined,
      {},
      [],
      true,
    ];
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random.next() * xs.length)]!;
    let valid = 0;
    for (let i = 0; i < 5000; i++) {
      const input: Record<string, unknown> = {};
      for (const key of appraisalDimensions) input[key] = random.next() * 2 - 1;
      input.goal_relevance = random.next();
      input.expectedness = random.next();
      input.controllability = random.next();
      const changes = Math.floor(random.next() * 3);
      for (let c = 0; c < changes; c++) input[pick([...appraisalDimensions, 'urgency'])] = pick(weird);
      if (random.next() < 0.1) delete input[pick(appraisalDimensions)];
      const zod = appraisalSchema.safeParse(input);
      if (zod.success) {
        valid++;
        expect(parseAppraisal(input)).toEqual(zod.data);
        expect(Object.keys(parseAppraisal(input))).toEqual([...appraisalDimensions]);
      } else {
        expect(() => parseAppraisal(input)).toThrow();
      }
    }
    for (const input of [null, 5, 'x', [], [0, 0, 0, 0, 0, 0]]) expect(() => parseAppraisal(input)).toThrow();
    expect(valid).toBeGreaterThan(1000);
  });

  it('names the field and the rule', () => {
    try {
      parseAppraisal({
        goal_relevance: 2,
        goal_congruence: 0,
        expectedness: 0.5,
        controllability: 0.5,
        agency: 0,
      });
      expect.unreachable();
    } catch (error) {
      expect(isLimbicError(error, 'VALIDATION_ERROR')).toBe(true);
      expect(String((error as Error).message)).toMatch(
        /appraisal\.goal_relevance: must be a number in \[0, 1\]/,
      );
      expect(String((error as Error).message)).toMatch(/appraisal\.norm_compatibility/);
    }
  });
});
