import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Plan, PlanName } from '../config.js';
import type { Principal } from './authenticator.js';

/** The outcome of counting one request or message against a key's plan. */
export interface RateDecision {
  allowed: boolean;
  /** null for unlimited plans. */
  limit: number | null;
  remaining: number;
  /** Seconds until the current window ends (and, when refused, until a request is allowed again). */
  resetSeconds: number;
  plan: PlanName;
}

/** Counts REST requests, WebSocket messages and GraphQL operations of one key together, per plan. */
export interface RequestLimiter {
  consume(principal: Principal): Promise<RateDecision>;
}

/**
 * A per-key limiter on rate-limiter-flexible: each key may make `requestsPerMinute` requests in a 60-second
 * window that starts with its first request. One limiter instance serves every transport, so no transport is a way
 * around the limit. Memory-backed: limits are per gateway instance (a database-backed limiter is the multi-instance
 * option).
 */
export function createRequestLimiter(plans: Record<PlanName, Plan>): RequestLimiter {
  const limiters = new Map<PlanName, RateLimiterMemory>();
  for (const plan of Object.values(plans)) {
    if (Number.isFinite(plan.requestsPerMinute)) {
      limiters.set(
        plan.name,
        new RateLimiterMemory({ points: plan.requestsPerMinute, duration: 60, keyPrefix: plan.name }),
      );
    }
  }
  return {
    async consume(principal) {
      const plan = principal.plan;
      const limiter = limiters.get(plan.name);
      if (!limiter)
        return {
          allowed: true,
          limit: null,
          remaining: Number.POSITIVE_INFINITY,
          resetSeconds: 0,
          plan: plan.name,
        };
      try {
        const res = await limiter.consume(principal.keyId, 1);
        return {
          allowed: true,
          limit: plan.requestsPerMinute,
          remaining: res.remainingPoints,
          resetSeconds: Math.ceil(res.msBeforeNext / 1000),
          plan: plan.name,
        };
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        return {
          allowed: false,
          limit: plan.requestsPerMinute,
          remaining: 0,
          resetSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
          plan: plan.name,
        };
      }
    },
  };
}

/** Rate-limit response headers (IETF draft RateLimit fields plus the legacy X-RateLimit-* trio). */
export function rateLimitHeaders(d: RateDecision): Record<string, string> {
  if (d.limit === null) return {};
  const headers: Record<string, string> = {
    'RateLimit-Policy': `"${d.plan}";q=${d.limit};w=60`,
    RateLimit: `"${d.plan}";r=${d.remaining};t=${d.resetSeconds}`,
    'X-RateLimit-Limit': String(d.limit),
    'X-RateLimit-Remaining': String(d.remaining),
    'X-RateLimit-Reset': String(d.resetSeconds),
  };
  if (!d.allowed) headers['Retry-After'] = String(d.resetSeconds);
  return headers;
}
