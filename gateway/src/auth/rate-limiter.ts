import type { SessionStore } from '@limbic/core';
import type { MongoSessionStore, SqliteStore } from '@limbic/store';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterMongo,
  RateLimiterRes,
  RateLimiterSQLite,
} from 'rate-limiter-flexible';
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
  /** Releases what the limiter owns (its SQLite connection). */
  close(): void;
}

/** A better-sqlite3 connection, as the SQLite store's `connect()` opens it. */
export type SqliteConnection = ReturnType<SqliteStore['connect']>;

/** Options of {@link createRequestLimiter}. */
export interface RequestLimiterOptions {
  /**
   * Count in MongoDB instead of memory (the collection {@link rateLimitTable} of `db`), so every gateway instance on
   * the database shares one count per key. Given when the session store is MongoDB.
   */
  mongo?: { db: MongoSessionStore['db'] };
  /**
   * Count in the SQLite file instead of memory (the table {@link rateLimitTable}, created when missing), so every
   * gateway process on the file shares one count per key. The limiter owns the connection and closes it in
   * `close()`. Given when the session store is a SQLite file.
   */
  sqlite?: { db: SqliteConnection };
}

/** The MongoDB collection, or SQLite table, of the shared rate-limit counters (one entry per key and plan). */
export const rateLimitTable = 'rate_limits';

/**
 * Limiter options that count in the session store's database when several processes can share it: MongoDB, or a
 * SQLite file (a second connection to it, opened here, that the limiter closes). Otherwise per-instance memory.
 */
export function limiterOptionsFor(store: SessionStore): RequestLimiterOptions {
  if (store.kind === 'mongodb' && 'client' in store) {
    const { client, db } = store as MongoSessionStore;
    // A counter lost in a failover costs at most one window of leniency: acknowledged by the primary is enough.
    return { mongo: { db: client.db(db.databaseName, { writeConcern: { w: 1 } }) } };
  }
  if (store.kind === 'sqlite' && 'connect' in store && (store as SqliteStore).file !== ':memory:') {
    // A connection of its own with synchronous = NORMAL: a counter needs no fsync, a turn's commit does.
    return { sqlite: { db: (store as SqliteStore).connect() } };
  }
  return {};
}

/** Expired counters are deleted at most this often, by whoever counts, ms. */
const sqlitePruneEveryMs = 5 * 60_000;

/** Creates the SQLite table of the counters (rate-limiter-flexible's layout) when missing. */
function prepareSqlite(db: SqliteConnection): () => void {
  db.exec(
    `CREATE TABLE IF NOT EXISTS ${rateLimitTable} (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)`,
  );
  const prune = db.prepare<[number]>(`DELETE FROM ${rateLimitTable} WHERE expire < ?`);
  let prunedAt = Date.now();
  return () => {
    const now = Date.now();
    if (now - prunedAt < sqlitePruneEveryMs) return;
    prunedAt = now;
    try {
      prune.run(now);
    } catch {
      // Best effort: a later prune deletes them.
    }
  };
}

function limiterOf(plan: Plan, options: RequestLimiterOptions): RateLimiterAbstract {
  const base = { points: plan.requestsPerMinute, duration: 60, keyPrefix: plan.name };
  const shared = {
    ...base,
    tableName: rateLimitTable,
    // A key that used up its window is refused from memory until the window ends: no database round trip.
    inMemoryBlockOnConsumed: plan.requestsPerMinute,
    // While the database is unreachable (or locked), each instance counts on its own rather than failing requests.
    insuranceLimiter: new RateLimiterMemory(base),
  };
  if (options.mongo) {
    // A Db (not a client): rate-limiter-flexible then uses it as the database, with its write concern.
    return new RateLimiterMongo({ ...shared, storeClient: options.mongo.db });
  }
  if (options.sqlite) {
    // One atomic upsert per request (INSERT … ON CONFLICT DO UPDATE … RETURNING) in the file's write lock.
    return new RateLimiterSQLite({
      ...shared,
      storeClient: options.sqlite.db,
      storeType: 'better-sqlite3',
      tableCreated: true,
    });
  }
  return new RateLimiterMemory(base);
}

/**
 * A per-key limiter on rate-limiter-flexible: each key may make `requestsPerMinute` requests in a 60-second
 * window that starts with its first request. One limiter instance serves every transport, so no transport is a way
 * around the limit. Memory-backed by default (limits per gateway instance); with `mongo` or `sqlite`, counted in the
 * database (one atomic upsert per request) so the limit holds across instances, falling back to per-instance counts
 * while the database is unreachable.
 */
export function createRequestLimiter(
  plans: Record<PlanName, Plan>,
  options: RequestLimiterOptions = {},
): RequestLimiter {
  const prune = options.sqlite ? prepareSqlite(options.sqlite.db) : () => {};
  const limiters = new Map<PlanName, RateLimiterAbstract>();
  for (const plan of Object.values(plans)) {
    if (Number.isFinite(plan.requestsPerMinute)) limiters.set(plan.name, limiterOf(plan, options));
  }
  return {
    close() {
      if (options.sqlite?.db.open) options.sqlite.db.close();
    },
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
      prune();
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
