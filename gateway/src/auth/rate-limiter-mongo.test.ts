/**
 * The MongoDB-backed request limiter, checked without a server: rate-limiter-flexible's RateLimiterMongo talks to a
 * stand-in collection whose `findOneAndUpdate` evaluates the library's filter and update documents with mingo
 * (semantics check, not a database test), with the unique index on `key` that the library creates. Two limiters on
 * one collection stand for two gateway instances on one database.
 */

import type { MongoSessionStore } from '@limbic/store';
import { Query, updateOne } from 'mingo';
import { describe, expect, it } from 'vitest';
import { type PlanName, plansOf } from '../config.js';
import type { Principal } from './authenticator.js';
import { createRequestLimiter, rateLimitTable } from './rate-limiter.js';

type Doc = Record<string, unknown>;

const plans = plansOf({ enterpriseRequestsPerMinute: Number.POSITIVE_INFINITY, enterpriseSessions: 1e12 });

function principal(plan: PlanName, keyId = `key_${plan}`): Principal {
  return { keyId, account: 'acct_1', env: 'test', owner: 'acct_1:test', plan: plans[plan] };
}

/** A database of one in-memory collection with the operations RateLimiterMongo uses; `down` makes them fail. */
function fakeDb() {
  const docs: Doc[] = [];
  const names = new Set<string>();
  const state = { down: false };
  const collection = {
    async createIndex() {
      return 'ok';
    },
    async findOneAndUpdate(filter: Doc, update: Doc, options: { upsert?: boolean }) {
      if (state.down) throw Object.assign(new Error('connect ECONNREFUSED'), { name: 'MongoNetworkError' });
      const { $setOnInsert, ...rest } = update as { $setOnInsert?: Doc } & Doc;
      const found = docs.find((d) => new Query(filter).test(d));
      if (found) {
        updateOne([found], {}, rest);
        return { ...found };
      }
      if (!options.upsert) return null;
      const key = (filter as { key?: unknown }).key;
      // The unique index on `key`: an upsert beside an expired document of the same key is a duplicate.
      if (docs.some((d) => d.key === key))
        throw Object.assign(new Error('E11000 duplicate key'), { code: 11000 });
      const doc: Doc = { key, ...$setOnInsert };
      updateOne([doc], {}, rest);
      docs.push(doc);
      return { ...doc };
    },
  };
  const db = {
    collection(name: string) {
      names.add(name);
      return collection;
    },
  } as unknown as MongoSessionStore['db'];
  return { db, docs, names, state };
}

describe('request limiter on MongoDB (semantics check, mingo)', () => {
  it('shares one count per key between two gateway instances: the 61st free request is refused on either', async () => {
    const { db, names } = fakeDb();
    const a = createRequestLimiter(plans, { mongo: { db } });
    const b = createRequestLimiter(plans, { mongo: { db } });
    const p = principal('free');
    for (let i = 1; i <= 60; i++) {
      const d = await (i % 2 ? a : b).consume(p);
      expect(d, `request ${i}`).toMatchObject({ allowed: true, remaining: 60 - i });
    }
    expect((await a.consume(p)).allowed).toBe(false);
    expect((await b.consume(p)).allowed).toBe(false);
    expect((await b.consume(principal('free', 'key_other'))).allowed).toBe(true);
    expect([...names]).toEqual([rateLimitTable]);
  });

  it('counts per instance while the database is unreachable, instead of failing requests', async () => {
    const { db, state } = fakeDb();
    const limiter = createRequestLimiter(plans, { mongo: { db } });
    state.down = true;
    const p = principal('free');
    for (let i = 0; i < 60; i++) expect((await limiter.consume(p)).allowed).toBe(true);
    expect((await limiter.consume(p)).allowed).toBe(false);
  });
});
