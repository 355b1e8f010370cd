import { describe, expect, it } from 'vitest';
import { createFailedAuthLimiter } from './failed-auth-limiter.js';

describe('failed-auth limiter', () => {
  it('blocks an address after its quota of failures, and only that address', async () => {
    const limiter = createFailedAuthLimiter(3);
    for (let i = 0; i < 3; i++) expect(await limiter.fail('10.0.0.1')).toBe(0);
    expect(await limiter.blockedFor('10.0.0.1')).toBe(0);
    const blocked = await limiter.fail('10.0.0.1');
    expect(blocked).toBeGreaterThan(0);
    expect(blocked).toBeLessThanOrEqual(60);
    expect(await limiter.blockedFor('10.0.0.1')).toBeGreaterThan(0);
    expect(await limiter.blockedFor('10.0.0.2')).toBe(0);
  });
});
