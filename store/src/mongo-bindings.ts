import { type Binding, type BindingStore, LimbicError } from '@limbic/core';
import type { Collection } from 'mongodb';
import {
  type BindingDocument,
  type BindingRecordDocument,
  bindingByKey,
  bindingBySession,
  bindingListFilter,
  bindingListSort,
  fromBindingDocument,
  fromRecordDocument,
  liveRecord,
  recordByKey,
  toBindingDocument,
  toRecordDocument,
} from './mongo-binding-documents.js';
import { guarded, isDuplicateKeyError } from './mongo-errors.js';

function taken(binding: Binding, cause: unknown): LimbicError {
  return new LimbicError(
    'CONFLICT',
    `Session ${binding.sessionId} is already bound to another conversation`,
    {
      cause,
    },
  );
}

/**
 * The MongoDB {@link BindingStore} on the `bindings` collection of the session store's database: one document per
 * conversation key (`_id`), a unique index on `sessionId`. `insert` is an `insertOne`; on a duplicate key it reads
 * and returns the binding that won, so two instances racing on a person's first message agree on one session.
 * Records live in `records` (the `binding_records` collection): `takeRecord` is a `findOneAndDelete`, so one taker
 * gets a one-time code. `close` is a no-op: the session store owns the client.
 */
export function createMongoBindingStore(
  bindings: Collection<BindingDocument>,
  records: Collection<BindingRecordDocument>,
): BindingStore {
  async function read(key: string): Promise<Binding | null> {
    const doc = await bindings.findOne(bindingByKey(key));
    return doc ? fromBindingDocument(doc) : null;
  }

  return {
    kind: 'mongodb',
    get: (key) => guarded('get a binding', () => read(key)),
    getBySession: (sessionId) =>
      guarded('get a binding', async () => {
        const doc = await bindings.findOne(bindingBySession(sessionId));
        return doc ? fromBindingDocument(doc) : null;
      }),
    insert: (binding) =>
      guarded('insert a binding', async () => {
        const doc = toBindingDocument(binding);
        // A winner deleted between our failed insert and the read leaves the key free: try again.
        for (let attempt = 0; ; attempt++) {
          try {
            await bindings.insertOne(doc);
            return binding;
          } catch (error) {
            if (!isDuplicateKeyError(error)) throw error;
            const winner = await read(binding.key);
            if (winner) return winner;
            if (attempt >= 2 || (await bindings.findOne(bindingBySession(binding.sessionId)))) {
              throw taken(binding, error);
            }
          }
        }
      }),
    update: (binding) =>
      guarded('update a binding', async () => {
        try {
          await bindings.replaceOne(bindingByKey(binding.key), toBindingDocument(binding));
        } catch (error) {
          if (isDuplicateKeyError(error)) throw taken(binding, error);
          throw error;
        }
      }),
    delete: (key) =>
      guarded(
        'delete a binding',
        async () => (await bindings.deleteOne(bindingByKey(key))).deletedCount === 1,
      ),
    list: ({ after, limit }) =>
      guarded('list bindings', async () => {
        if (limit <= 0) return [];
        const docs = await bindings
          .find(bindingListFilter(after))
          .sort(bindingListSort)
          .limit(limit)
          .toArray();
        return docs.map(fromBindingDocument);
      }),
    getRecord: (key, now) =>
      guarded('read a record', async () => {
        const doc = await records.findOne(liveRecord(key, now));
        return doc ? fromRecordDocument(doc) : null;
      }),
    putRecord: (record) =>
      guarded('write a record', async () => {
        const doc = toRecordDocument(record);
        await records.replaceOne(recordByKey(record.key), doc, { upsert: true });
      }),
    takeRecord: (key, now) =>
      guarded('take a record', async () => {
        const doc = await records.findOneAndDelete(liveRecord(key, now));
        if (doc) return fromRecordDocument(doc);
        // An expired record is not returned; delete it anyway rather than wait for the TTL monitor.
        await records.deleteOne(recordByKey(key));
        return null;
      }),
    deleteRecord: (key) =>
      guarded('delete a record', async () => (await records.deleteOne(recordByKey(key))).deletedCount === 1),
    close: () => Promise.resolve(),
  };
}
