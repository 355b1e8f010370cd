/**
 * Semantics checks (mingo) for the webhook collections: the webhook store contract run against stand-in collections
 * that evaluate the store's filters, sorts and `$set` updates with mingo and enforce its unique indexes as the
 * server does (E11000), plus checks of the documents and index declarations. Not a database test: the same contract
 * runs against a real MongoDB in store/test/mongo-webhooks.test.ts when MONGODB_URI is set.
 */
import { isLimbicError } from '@limbic/core';
import { describeWebhookStoreContract, makeTestEndpoint, makeTestMessage } from '@limbic/core/testing';
import { find, Query } from 'mingo';
import { type Collection, MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import {
  attemptIndexes,
  claimableAtOf,
  claimableFilter,
  claimSort,
  endpointIndexes,
  endpointsForFilter,
  messageIndexes,
  toEndpointDocument,
  toMessageDocument,
} from './mongo-webhook-documents.js';
import { createMongoWebhookStore } from './mongo-webhooks.js';

type Doc = Record<string, unknown>;
type Sort = Record<string, 1 | -1>;

const matches = (filter: object, doc: object): boolean => new Query(filter as Doc).test(doc as Doc);

let made = 0;

/**
 * A collection of the operations the webhook store uses, on an array: mingo evaluates every filter and sort, `$set`
 * is applied field by field, and `unique` lists the unique keys (besides `_id`) the server would enforce.
 */
function mingoCollection<D>(unique: readonly (readonly string[])[] = []): Collection<D & Doc> {
  const docs: Doc[] = [];
  const keys = [['_id'], ...unique];
  const clash = (doc: Doc, except?: Doc) =>
    keys.some((key) => docs.some((d) => d !== except && key.every((f) => d[f] === doc[f])));
  const duplicate = () => new MongoServerError({ message: 'E11000 duplicate key error', code: 11000 });
  const sorted = (filter: object, sort: Sort = {}) => {
    const cursor = find(docs, filter as Doc);
    const all = Object.keys(sort).length > 0 ? cursor.sort(sort).all() : cursor.all();
    return all.map((d) => docs.find((x) => x._id === d._id)!);
  };
  const set = (doc: Doc, update: object) =>
    Object.assign(doc, structuredClone((update as { $set: Doc }).$set));
  const collection = {
    async insertOne(doc: Doc) {
      if (clash(doc)) throw duplicate();
      docs.push(structuredClone(doc));
      return { acknowledged: true, insertedId: doc._id };
    },
    async insertMany(batch: Doc[]) {
      const writeErrors: { code: number; index: number }[] = [];
      batch.forEach((doc, index) => {
        const stored = { _id: `oid_${++made}`, ...structuredClone(doc) };
        if (clash(stored)) writeErrors.push({ code: 11000, index });
        else docs.push(stored);
      });
      if (writeErrors.length > 0) throw Object.assign(duplicate(), { writeErrors });
      return { acknowledged: true };
    },
    async findOne(filter: object, options: { sort?: Sort } = {}) {
      const [doc] = sorted(filter, options.sort);
      return doc ? structuredClone(doc) : null;
    },
    find(filter: object) {
      let sort: Sort = {};
      let limit = 0;
      const cursor = {
        sort(s: Sort) {
          sort = s;
          return cursor;
        },
        limit(n: number) {
          limit = n;
          return cursor;
        },
        async toArray() {
          const all = sorted(filter, sort);
          return structuredClone(limit > 0 ? all.slice(0, limit) : all);
        },
      };
      return cursor;
    },
    async countDocuments(filter: object) {
      return sorted(filter).length;
    },
    async replaceOne(filter: object, replacement: Doc) {
      const [doc] = sorted(filter);
      if (!doc) return { matchedCount: 0 };
      if (clash(replacement, doc)) throw duplicate();
      docs[docs.indexOf(doc)] = structuredClone(replacement);
      return { matchedCount: 1 };
    },
    async updateOne(filter: object, update: object) {
      const [doc] = sorted(filter);
      if (doc) set(doc, update);
      return { matchedCount: doc ? 1 : 0 };
    },
    async findOneAndUpdate(filter: object, update: object, options: { sort?: Sort } = {}) {
      const [doc] = sorted(filter, options.sort);
      return doc ? structuredClone(set(doc, update)) : null;
    },
    async deleteOne(filter: object) {
      const [doc] = sorted(filter);
      if (doc) docs.splice(docs.indexOf(doc), 1);
      return { deletedCount: doc ? 1 : 0 };
    },
    async deleteMany(filter: object) {
      const gone = sorted(filter);
      for (const doc of gone) docs.splice(docs.indexOf(doc), 1);
      return { deletedCount: gone.length };
    },
  };
  return collection as unknown as Collection<D & Doc>;
}

const uniqueKeys = (indexes: typeof messageIndexes) =>
  indexes.filter((i) => i.unique).map((i) => Object.keys(i.key));

const openStore = () =>
  createMongoWebhookStore({
    endpoints: mingoCollection(uniqueKeys(endpointIndexes)),
    messages: mingoCollection(uniqueKeys(messageIndexes)),
    attempts: mingoCollection(uniqueKeys(attemptIndexes)),
  } as unknown as Parameters<typeof createMongoWebhookStore>[0]);

describeWebhookStoreContract('mongodb documents on mingo (semantics check)', openStore);

describe('semantics check (mingo): webhook documents', () => {
  it('declares (endpointId, id) unique, so enqueueing is idempotent', () => {
    expect(messageIndexes.find((i) => i.name === 'endpoint_message')).toEqual({
      key: { endpointId: 1, id: 1 },
      name: 'endpoint_message',
      unique: true,
    });
  });

  it('claims in the claimable index’s own order, and filters with its partial filter', () => {
    const claimable = messageIndexes.find((i) => i.name === 'claimable')!;
    expect(Object.keys(claimable.key)).toEqual(Object.keys(claimSort));
    expect(claimableFilter(5, [])).toEqual({
      claimableAt: { ...claimable.partialFilterExpression!.claimableAt!, $lte: 5 },
    });
  });

  it('keeps claimableAt: the due time, a lease’s end when later, null once settled', () => {
    const endpoint = makeTestEndpoint();
    const pending = makeTestMessage(endpoint, { nextAttemptAt: 100 });
    expect(toMessageDocument(pending).claimableAt).toBe(100);
    expect(claimableAtOf({ ...pending, leaseUntil: 150 })).toBe(150);
    expect(claimableAtOf({ ...pending, leaseUntil: 50 })).toBe(100);
    expect(claimableAtOf({ ...pending, status: 'delivered', nextAttemptAt: null })).toBeNull();
    expect(matches(claimableFilter(99, []), toMessageDocument(pending))).toBe(false);
    expect(matches(claimableFilter(100, []), toMessageDocument(pending))).toBe(true);
    expect(matches(claimableFilter(1e15, []), toMessageDocument({ ...pending, status: 'failed' }))).toBe(
      false,
    );
  });

  it('finds endpoints by event type as an element of events, never a prefix', () => {
    const doc = toEndpointDocument(makeTestEndpoint({ events: ['proactive.action'] }), 1);
    expect(matches(endpointsForFilter('owner-a', 'proactive.action'), doc)).toBe(true);
    expect(matches(endpointsForFilter('owner-a', 'proactive'), doc)).toBe(false);
    expect(matches(endpointsForFilter('owner-b', 'proactive.action'), doc)).toBe(false);
  });

  it('lets no client input become an operator', async () => {
    const store = openStore();
    const attempts = [
      () => store.getEndpoint('owner-a', { $ne: null } as unknown as string),
      () => store.getMessage({ $gt: '' } as unknown as string, 'whk_1', 'msg_1'),
      () => store.endpointsFor('owner-a', { $exists: true } as unknown as string),
      () => store.listAttempts('owner-a', 'whk_1', { after: { $gt: '' } as unknown as string, limit: 5 }),
    ];
    for (const attempt of attempts) {
      const error = await attempt().then(
        () => null,
        (e: unknown) => e,
      );
      expect(isLimbicError(error, 'VALIDATION_ERROR')).toBe(true);
    }
  });
});
