import { describe, expect, it } from 'vitest';
import { maxAttempts, retryDelay, retryDelaysMs } from './retry-schedule.js';

describe('retryDelay', () => {
  it('follows the Standard Webhooks schedule, spread by at most ±20 %, and ends after the eighth attempt', () => {
    expect(maxAttempts).toBe(8);
    for (const [i, base] of retryDelaysMs.entries()) {
      expect(retryDelay(i + 1, 0)).toBe(Math.round(base * 0.8));
      expect(retryDelay(i + 1, 0.5)).toBe(base);
      expect(retryDelay(i + 1, 0.999_999)).toBeLessThanOrEqual(Math.round(base * 1.2));
    }
    expect(retryDelay(maxAttempts, 0.5)).toBeNull();
    // The window: about 27.6 hours from the first attempt to the last.
    expect(retryDelaysMs.reduce((a, b) => a + b) / 3600_000).toBeCloseTo(27.585, 3);
  });
});
