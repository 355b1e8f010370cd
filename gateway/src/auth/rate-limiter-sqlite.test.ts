/**
 * The SQLite-backed request limiter: rate-limiter-flexible's RateLimiterSQLite on a second connection to the session
 * store's file (the table `rate_limits`). Two limiters on two stores of one file stand for two gateway processes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryStore } from '@limbic/core';
import { createSqliteStore, type SqliteStore } from '@limbic/store/sqlite';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type PlanName, plansOf } from '../config.js';
import type { Principal } from './authenticator.js';
import {
  createRequestLimiter,
  limiterOptionsFor,
  type RequestLimiter,
  rateLimitTable,
} from './rate-limiter.js';

const plans = plansOf({ enterpriseRequestsPerMinute: Number.POSITIVE_INFINITY, enterpriseSessions: 1e12 });
const dir = mkdtempSync(join(tmpdir(), 'limbic-rate-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function principal(plan: PlanName, keyId = `key_${plan}`): Principal {
  return { keyId, account: 'acct_1', env: 'test', owner: 'acct_1:test', plan: plans[plan] };
}

const stores: SqliteStore[] = [];
const limiters: RequestLimiter[] = [];
afterEach(async () => {
  for (const l of limiters.splice(0)) l.close();
  for (const s of stores.splice(0)) await s.close();
});

function limiterOn(file: string): RequestLimiter {
  const store = createSqliteStore({ file });
  stores.push(store);
  const limiter = createRequestLimiter(plans, limiterOptionsFor(store));
  limiters.push(limiter);
  return limiter;
}

describe('request limiter on SQLite', () => {
  it('shares one count per key between two processes on one file: the 61st free request is refused on either', async () => {
    const file = join(dir, 'shared.db');
    const a = limiterOn(file);
    const b = limiterOn(file);
    const p = principal('free');
    for (let i = 1; i <= 60; i++) {
      const d = await (i % 2 ? a : b).consume(p);
      expect(d, `request ${i}`).toMatchObject({ allowed: true, remaining: 60 - i });
    }
    expect((await a.consume(p)).allowed).toBe(false);
    expect((await b.consume(p)).allowed).toBe(false);
    expect((await b.consume(principal('free', 'key_other'))).allowed).toBe(true);
    const peek = stores[0]!.connect();
    try {
      expect(peek.prepare(`SELECT count(*) FROM ${rateLimitTable}`).pluck().get()).toBe(2);
    } finally {
      peek.close();
    }
  });

  it('counts per process while the file is locked past the busy timeout, instead of failing requests', async () => {
    const file = join(dir, 'locked.db');
    const store = createSqliteStore({ file });
    stores.push(store);
    const limiter = createRequestLimiter(plans, { sqlite: { db: store.connect({ busyTimeoutMs: 10 }) } });
    limiters.push(limiter);
    const other = store.connect();
    other.exec('BEGIN IMMEDIATE');
    try {
      const p = principal('free');
      for (let i = 0; i < 60; i++) expect((await limiter.consume(p)).allowed).toBe(true);
      expect((await limiter.consume(p)).allowed).toBe(false);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
  });

  it('counts in memory for a :memory: database or a memory store, and closes its connection', () => {
    const memory = createSqliteStore({ file: ':memory:' });
    stores.push(memory);
    expect(limiterOptionsFor(memory)).toEqual({});
    expect(limiterOptionsFor(createMemoryStore())).toEqual({});
    const options = limiterOptionsFor(limiterStore(join(dir, 'closed.db')));
    const limiter = createRequestLimiter(plans, options);
    limiter.close();
    expect(options.sqlite?.db.open).toBe(false);
  });
});

function limiterStore(file: string): SqliteStore {
  const store = createSqliteStore({ file });
  stores.push(store);
  return store;
}
