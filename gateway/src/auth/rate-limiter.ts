import type { SessionStore } from '@limbic/core';
import type { Db } from 'mongodb';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterMongo,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { Plan, PlanName } from '../config.js';
import type { MongoSessionStore } from '../store/mongo-store.js';
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

/** Options of {@link createRequestLimiter}. */
export interface RequestLimiterOptions {
  /**
   * Count in MongoDB instead of memory (the collection {@link rateLimitCollection} of `db`), so every gateway
   * instance on the database shares one count per key. Given when the session store is MongoDB.
   */
  mongo?: { db: Db };
}

/** The MongoDB collection of the shared rate-limit counters (one document per key and window, TTL-indexed). */
export const rateLimitCollection = 'rate_limits';

/** Limiter options that count in the session store's database when it is MongoDB (else per-instance memory). */
export function limiterOptionsFor(store: SessionStore): RequestLimiterOptions {
  if (store.kind !== 'mongodb' || !('client' in store)) return {};
  const { client, db } = store as MongoSessionStore;
  // A counter lost in a failover costs at most one window of leniency: acknowledged by the primary is enough.
  return { mongo: { db: client.db(db.databaseName, { writeConcern: { w: 1 } }) } };
}

function limiterOf(plan: Plan, options: RequestLimiterOptions): RateLimiterAbstract {
  const base = { points: plan.requestsPerMinute, duration: 60, keyPrefix: plan.name };
  if (!options.mongo) return new RateLimiterMemory(base);
  return new RateLimiterMongo({
    ...base,
    // A Db (not a client): rate-limiter-flexible then uses it as the database, with its write concern.
    storeClient: options.mongo.db,
    tableName: rateLimitCollection,
    // A key that used up its window is refused from memory until the window ends: no database round trip.
    inMemoryBlockOnConsumed: plan.requestsPerMinute,
    // While the database is unreachable, each instance counts on its own rather than failing every request.
    insuranceLimiter: new RateLimiterMemory(base),
  });
}

/**
 * A per-key limiter on rate-limiter-flexible: each key may make `requestsPerMinute` requests in a 60-second
 * window that starts with its first request. One limiter instance serves every transport, so no transport is a way
 * around the limit. Memory-backed by default (limits per gateway instance); with `mongo`, counted in the database
 * (one atomic upsert per request) so the limit holds across instances, falling back to per-instance counts while the
 * database is unreachable.
 */
export function createRequestLimiter(
  plans: Record<PlanName, Plan>,
  options: RequestLimiterOptions = {},
): RequestLimiter {
  const limiters = new Map<PlanName, RateLimiterAbstract>();
  for (const plan of Object.values(plans)) {
    if (Number.isFinite(plan.requestsPerMinute)) limiters.set(plan.name, limiterOf(plan, options));
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
