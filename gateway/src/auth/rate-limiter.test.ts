import { describe, expect, it } from 'vitest';
import { type PlanName, plansOf } from '../config.js';
import type { Principal } from './authenticator.js';
import { createRequestLimiter, rateLimitHeaders } from './rate-limiter.js';

const plans = plansOf({ enterpriseRequestsPerMinute: Number.POSITIVE_INFINITY, enterpriseSessions: 1e12 });

function principal(plan: PlanName, keyId = `key_${plan}`): Principal {
  return { keyId, account: 'acct_1', env: 'test', owner: 'acct_1:test', plan: plans[plan] };
}

describe('request limiter', () => {
  it('allows the free plan 60 requests a minute, then refuses with a reset time', async () => {
    const limiter = createRequestLimiter(plans);
    const p = principal('free');
    for (let i = 1; i <= 60; i++) {
      const d = await limiter.consume(p);
      expect(d).toMatchObject({ allowed: true, limit: 60, remaining: 60 - i, plan: 'free' });
    }
    const refused = await limiter.consume(p);
    expect(refused).toMatchObject({ allowed: false, limit: 60, remaining: 0 });
    expect(refused.resetSeconds).toBeGreaterThan(0);
    expect(refused.resetSeconds).toBeLessThanOrEqual(60);
  });

  it('counts each key separately', async () => {
    const limiter = createRequestLimiter(plans);
    for (let i = 0; i < 60; i++) await limiter.consume(principal('free', 'key_a'));
    expect((await limiter.consume(principal('free', 'key_a'))).allowed).toBe(false);
    expect((await limiter.consume(principal('free', 'key_b'))).allowed).toBe(true);
  });

  it('allows the pro plan 600 a minute', async () => {
    const limiter = createRequestLimiter(plans);
    const p = principal('pro');
    for (let i = 0; i < 600; i++) expect((await limiter.consume(p)).allowed).toBe(true);
    expect((await limiter.consume(p)).allowed).toBe(false);
  });

  it('never limits the enterprise plan unless configured', async () => {
    const limiter = createRequestLimiter(plans);
    const p = principal('enterprise');
    for (let i = 0; i < 2000; i++) expect((await limiter.consume(p)).allowed).toBe(true);
    expect(await limiter.consume(p)).toMatchObject({ allowed: true, limit: null });
  });

  it('limits the enterprise plan when LIMBIC_ENTERPRISE_RPM is set', async () => {
    const configured = plansOf({ enterpriseRequestsPerMinute: 3, enterpriseSessions: 5 });
    const limiter = createRequestLimiter(configured);
    const p = { ...principal('enterprise'), plan: configured.enterprise };
    for (let i = 0; i < 3; i++) expect((await limiter.consume(p)).allowed).toBe(true);
    expect((await limiter.consume(p)).allowed).toBe(false);
  });
});

describe('rateLimitHeaders', () => {
  it('states policy, remaining and reset, with Retry-After only when refused', () => {
    const allowed = { allowed: true, limit: 60, remaining: 59, resetSeconds: 60, plan: 'free' } as const;
    expect(rateLimitHeaders(allowed)).toEqual({
      'RateLimit-Policy': '"free";q=60;w=60',
      RateLimit: '"free";r=59;t=60',
      'X-RateLimit-Limit': '60',
      'X-RateLimit-Remaining': '59',
      'X-RateLimit-Reset': '60',
    });
    const refused = { ...allowed, allowed: false, remaining: 0, resetSeconds: 12 };
    expect(rateLimitHeaders(refused)).toMatchObject({ 'Retry-After': '12', 'X-RateLimit-Remaining': '0' });
  });

  it('sends none for an unlimited plan', () => {
    const d = {
      allowed: true,
      limit: null,
      remaining: Number.POSITIVE_INFINITY,
      resetSeconds: 0,
      plan: 'enterprise',
    } as const;
    expect(rateLimitHeaders(d)).toEqual({});
  });
});
