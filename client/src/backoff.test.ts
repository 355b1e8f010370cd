import { describe, expect, it } from 'vitest';
import { backoffDelay, defaultReconnect, toReconnectPolicy } from './backoff.js';

describe('backoff', () => {
  it('doubles from 500 ms up to 30 s by default, with full jitter', () => {
    const policy = toReconnectPolicy();
    expect(policy).toEqual(defaultReconnect);
    expect([0, 1, 2, 5, 6, 20].map((n) => backoffDelay(policy, n, 0))).toEqual([
      500, 1000, 2000, 16_000, 30_000, 30_000,
    ]);
    // Full jitter: a random share of the cap is taken off, down to nothing.
    expect(backoffDelay(policy, 1, 0.5)).toBe(500);
    expect(backoffDelay(policy, 1, 0.999_999)).toBe(0);
  });

  it('applies partial jitter, factor and cap as configured', () => {
    const policy = toReconnectPolicy({ initialDelayMs: 100, factor: 3, maxDelayMs: 1000, jitter: 0.5 });
    expect(backoffDelay(policy, 0, 0)).toBe(100);
    expect(backoffDelay(policy, 1, 1)).toBe(150);
    expect(backoffDelay(policy, 5, 0)).toBe(1000);
  });

  it('rejects options out of range, naming them', () => {
    expect(() => toReconnectPolicy({ jitter: 2 })).toThrow('reconnect.jitter');
    expect(() => toReconnectPolicy({ factor: 0.5 })).toThrow('reconnect.factor');
    expect(() => toReconnectPolicy({ initialDelayMs: Number.NaN })).toThrow('reconnect.initialDelayMs');
  });
});
