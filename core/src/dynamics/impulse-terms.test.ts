import { describe, expect, it } from 'vitest';
import { ap, paramsFor } from '../../test/fixtures.js';
import { createSeededRandom } from '../random.js';
import { appraisalImpulse } from './impulse.js';
import { neutralImpulseTerms, neutralReactivity } from './impulse-terms.js';

describe('neutralImpulseTerms', () => {
  const params = paramsFor();

  it('uses the reactivity of a character with every trait at the midpoint', () => {
    expect(params.config.reactivity).toBe(neutralReactivity);
  });

  it('sums to the impulse of a character with every trait at the midpoint, term by term', () => {
    const random = createSeededRandom(6);
    const out = new Float64Array(24);
    for (let i = 0; i < 2000; i++) {
      const u = () => random.next();
      const s = () => 2 * random.next() - 1;
      const appraisal = ap(u(), s(), u(), u(), s(), s());
      const error = 2 * s();
      const magnitude = u();
      neutralImpulseTerms(appraisal, error, magnitude, out, 3);
      const whole = appraisalImpulse(appraisal, error, magnitude, params, 0);
      const sum = [0, 0, 0];
      for (let j = 3; j < 24; j++) sum[j % 3] = (sum[j % 3] as number) + (out[j] as number);
      expect(sum[0]).toBeCloseTo(whole.V, 12);
      expect(sum[1]).toBeCloseTo(whole.a, 12);
      expect(sum[2]).toBeCloseTo(whole.D, 12);
      // Relevance's slot stays empty, and nothing is written before the offset.
      expect([out[0], out[1], out[2], out[3], out[4], out[5]]).toEqual([0, 0, 0, 0, 0, 0]);
    }
  });
});
