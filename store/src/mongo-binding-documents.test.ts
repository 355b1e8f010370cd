/**
 * Semantics checks (mingo) for the bindings collection: the filters, sort and document shape the MongoDB binding
 * store sends, evaluated with mingo, and the binding store contract run against a stand-in collection that
 * evaluates them with mingo and enforces the unique indexes as the server does (E11000). Not a database test: the
 * same contract runs against a real MongoDB in store/test/mongo-store.test.ts when MONGODB_URI is set.
 */
import { isLimbicError } from '@limbic/core';
import { describeBindingStoreContract, makeTestBinding } from '@limbic/core/testing';
import { find, Query } from 'mingo';
import { type Collection, MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import {
  type BindingDocument,
  type BindingRecordDocument,
  bindingByKey,
  bindingBySession,
  bindingIndexes,
  bindingListFilter,
  bindingListSort,
  fromBindingDocument,
  fromRecordDocument,
  liveRecord,
  recordIndexes,
  toBindingDocument,
  toRecordDocument,
} from './mongo-binding-documents.js';
import { createMongoBindingStore } from './mongo-bindings.js';

type Doc = Record<string, unknown>;

const matches = (filter: object, doc: object): boolean => new Query(filter as Doc).test(doc as Doc);

/**
 * A collection of the operations the binding store uses, on an array, with mingo evaluating every filter and sort,
 * and the unique indexes (`_id`, and `sessionId` as {@link bindingIndexes} declares) enforced like the server.
 */
function mingoCollection<D extends { _id: string } = BindingDocument>(
  indexes: readonly { key: object; unique?: boolean }[] = bindingIndexes,
): Collection<D> {
  const docs: D[] = [];
  const unique = ['_id', ...indexes.filter((i) => i.unique).flatMap((i) => Object.keys(i.key))] as const;
  const duplicate = (doc: D, except?: D) => {
    for (const field of unique) {
      const value = (doc as unknown as Doc)[field];
      if (docs.some((d) => d !== except && (d as unknown as Doc)[field] === value)) {
        throw new MongoServerError({ message: `E11000 duplicate key error: ${field}`, code: 11000 });
      }
    }
  };
  const first = (filter: object) => docs.find((d) => matches(filter, d));
  const collection = {
    async findOne(filter: object) {
      const doc = first(filter);
      return doc ? structuredClone(doc) : null;
    },
    async insertOne(doc: D) {
      duplicate(doc);
      docs.push(structuredClone(doc));
      return { acknowledged: true, insertedId: doc._id };
    },
    async replaceOne(filter: object, replacement: D, options: { upsert?: boolean } = {}) {
      const doc = first(filter);
      if (!doc) {
        if (!options.upsert) return { matchedCount: 0, modifiedCount: 0 };
        duplicate(replacement);
        docs.push(structuredClone(replacement));
        return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
      }
      duplicate(replacement, doc);
      docs[docs.indexOf(doc)] = structuredClone(replacement);
      return { matchedCount: 1, modifiedCount: 1 };
    },
    async findOneAndDelete(filter: object) {
      const doc = first(filter);
      if (doc) docs.splice(docs.indexOf(doc), 1);
      return doc ?? null;
    },
    async deleteOne(filter: object) {
      const doc = first(filter);
      if (doc) docs.splice(docs.indexOf(doc), 1);
      return { deletedCount: doc ? 1 : 0 };
    },
    find(filter: object) {
      let sort: Doc = {};
      let limit = 0;
      const cursor = {
        sort(s: Doc) {
          sort = s;
          return cursor;
        },
        limit(n: number) {
          limit = n;
          return cursor;
        },
        async toArray() {
          return find(docs as unknown as Doc[], filter as Doc)
            .sort(sort as Record<string, 1 | -1>)
            .limit(limit)
            .all()
            .map((d) => structuredClone(d) as unknown as D);
        },
      };
      return cursor;
    },
  };
  return collection as unknown as Collection<D>;
}

const openStore = () =>
  createMongoBindingStore(mingoCollection(), mingoCollection<BindingRecordDocument>(recordIndexes));

describeBindingStoreContract('mongodb documents on mingo (semantics check)', openStore);

describe('semantics check (mingo): binding documents', () => {
  it('stores a binding with its key as _id and reads it back unchanged', () => {
    const binding = makeTestBinding({ lastMessageAt: 1_767_225_700_000 });
    const doc = toBindingDocument(binding);
    expect(doc._id).toBe(binding.key);
    expect(fromBindingDocument(doc)).toEqual(binding);
    expect(matches(bindingByKey(binding.key), doc)).toBe(true);
    expect(matches(bindingByKey('telegram:other'), doc)).toBe(false);
    expect(matches(bindingBySession(binding.sessionId), doc)).toBe(true);
    expect(matches(bindingBySession('ses_other'), doc)).toBe(false);
  });

  it('pages in key order after a cursor key', () => {
    const docs = ['c', 'a', 'e', 'b', 'd'].map((k) => toBindingDocument(makeTestBinding({ key: k })));
    const page = (after?: string) =>
      find(docs as unknown as Doc[], bindingListFilter(after) as Doc)
        .sort(bindingListSort)
        .limit(2)
        .all()
        .map((d) => d._id);
    expect(page()).toEqual(['a', 'b']);
    expect(page('b')).toEqual(['c', 'd']);
    expect(page('d')).toEqual(['e']);
  });

  it('declares sessionId unique, so one session is bound to one conversation', () => {
    expect(bindingIndexes).toEqual([{ key: { sessionId: 1 }, name: 'session_id', unique: true }]);
  });

  it('lets no client input become an operator', () => {
    const attempts = [
      () => bindingByKey({ $ne: null } as unknown as string),
      () => bindingBySession({ $gt: '' } as unknown as string),
      () => bindingListFilter({ $gt: '' } as unknown as string),
      () => toBindingDocument({ ...makeTestBinding(), key: { $ne: 1 } as unknown as string }),
    ];
    for (const attempt of attempts) {
      let error: unknown;
      try {
        attempt();
      } catch (e) {
        error = e;
      }
      expect(isLimbicError(error, 'VALIDATION_ERROR')).toBe(true);
    }
  });

  it('answers CONFLICT when a second conversation claims a bound session', async () => {
    const store = openStore();
    const one = makeTestBinding();
    await store.insert(one);
    const error = await store.insert(makeTestBinding({ sessionId: one.sessionId })).catch((e) => e);
    expect(isLimbicError(error, 'CONFLICT')).toBe(true);
    const other = makeTestBinding();
    await store.insert(other);
    const moved = await store.update({ ...other, sessionId: one.sessionId }).catch((e) => e);
    expect(isLimbicError(moved, 'CONFLICT')).toBe(true);
  });

  it('stores a record with its key as _id, its value as JSON text and its expiry as a Date for the TTL index', () => {
    const record = { key: 'code:ABCD2345', value: { $set: 'x', 'a.b': [1] }, expiresAt: 5_000, updatedAt: 1 };
    const doc = toRecordDocument(record);
    expect(doc).toEqual({
      _id: record.key,
      value: JSON.stringify(record.value),
      expiresAt: new Date(5_000),
      updatedAt: 1,
    });
    expect(fromRecordDocument(doc)).toEqual(record);
    expect(matches(liveRecord(record.key, 4_999), doc)).toBe(true);
    expect(matches(liveRecord(record.key, 5_000), doc)).toBe(false);
    expect(matches(liveRecord(record.key, 0), toRecordDocument({ ...record, expiresAt: null }))).toBe(true);
    expect(recordIndexes).toEqual([{ key: { expiresAt: 1 }, name: 'expires_at_ttl', expireAfterSeconds: 0 }]);
  });
});
