import {
  type BindingStore,
  type CreateOptions,
  LimbicError,
  type SessionRecord,
  type SessionStore,
  type StoreChange,
  sessionLimitError,
} from '@limbic/core';
import {
  type Collection,
  type Db,
  type Filter,
  MongoClient,
  type MongoClientOptions,
  type WriteConcernSettings,
} from 'mongodb';
import {
  type BindingDocument,
  type BindingRecordDocument,
  bindingIndexes,
  recordIndexes,
} from './mongo-binding-documents.js';
import { createMongoBindingStore } from './mongo-bindings.js';
import {
  anyDueFilter,
  byId,
  byOwnerAndId,
  casFilter,
  casUpdate,
  countFilter,
  type DeletionDocument,
  deletionDocument,
  deletionIndex,
  dueFilter,
  dueProjection,
  dueSort,
  fromDocument,
  listFilter,
  listSort,
  ownerIndexName,
  type QuotaDocument,
  quotaCreateUpdate,
  quotaFilter,
  quotaReleaseFilter,
  quotaReleaseUpdate,
  quotaRepairFilter,
  quotaRepairUpdate,
  quotaReserveFilter,
  quotaReserveUpdate,
  type SessionDocument,
  sessionIndexes,
  toDocument,
} from './mongo-documents.js';
import { guarded, isDuplicateKeyError, isUnavailableError } from './mongo-errors.js';
import { MongoChangeFeed } from './mongo-watch.js';

/** Options of {@link createMongoStore}. */
export interface MongoStoreOptions {
  /** The connection string, e.g. `mongodb://127.0.0.1:27017/limbic?replicaSet=rs0`. */
  uri: string;
  /** Database name; default: the one in the URI, else `limbic`. */
  dbName?: string;
  /** Write concern of every write; default `{ w: 'majority' }` (an acknowledged turn survives a failover). */
  writeConcern?: WriteConcernSettings;
  /** How long an operation waits for a usable server before failing with STORE_UNAVAILABLE, ms; default 2000. */
  serverSelectionTimeoutMS?: number;
  /** A connected or unconnected client to use instead of one made from `uri`; `close()` leaves it open. */
  client?: MongoClient;
  /** Extra driver options for the client made from `uri` (tests pass `directConnection`, pool sizes…). */
  clientOptions?: MongoClientOptions;
  /** Polling period of the change feed when the server has no change streams (not a replica set), ms; default 1000. */
  pollIntervalMs?: number;
  /** Reports failures of best-effort work (change feed, quota release, deletion notices); default: console.warn. */
  onError?: (error: unknown, what: string) => void;
}

/** The MongoDB {@link SessionStore}, with its client and database for the gateway's other MongoDB users. */
export interface MongoSessionStore extends SessionStore {
  readonly kind: 'mongodb';
  readonly client: MongoClient;
  readonly db: Db;
  /** How `watch` follows other writers now: change streams, polling, or idle (nobody watches). */
  readonly watchMode: 'idle' | 'stream' | 'poll';
  /** Reports every write to the database, from any gateway instance (change streams, or polling). */
  watch(listener: (change: StoreChange) => void): () => void;
  /** Resolves once `watch` follows changes (its change streams are open, or polling started). */
  watchReady(): Promise<void>;
  /** A `ping` command: rejects with STORE_UNAVAILABLE after the server-selection timeout when unreachable. */
  ping(): Promise<void>;
  /** The bindings of the bot adapters, in the `bindings` collection of the same database (its `close` is a no-op). */
  bindings(): BindingStore;
}

/** The driver's filter types lack the server's `$type: 'number'` alias (double, int, long or decimal). */
function untyped(filter: object): Filter<SessionDocument> {
  return filter as Filter<SessionDocument>;
}

/** The collections of the store. */
export const collectionNames = {
  sessions: 'sessions',
  quota: 'session_quota',
  deletions: 'session_deletions',
  bindings: 'bindings',
  records: 'binding_records',
  meta: 'limbic_meta',
} as const;

/** A value the gateway instances share, such as the origin of a scaled engine clock. */
interface MetaDocument {
  _id: string;
  value: number;
}

/** A quota counter untouched this long has no reservation in flight and may be recounted, ms. */
const quotaSettleMs = 60_000;

/** The database named in a MongoDB connection string, or undefined (`mongodb://host/` or no path). */
export function databaseNameOf(uri: string): string | undefined {
  const match = /^mongodb(?:\+srv)?:\/\/[^/?]*\/([^?]+)/.exec(uri);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

/**
 * Opens the MongoDB session store: one document per session (see docs/storage.md, "MongoDB"), every write a
 * compare-and-set on `version`, the session quota held atomically by a per-owner counter, the adapters' bindings in
 * `bindings`, indexes created at start (idempotent), and `watch` on change streams (polling on a standalone server). Unreachable-server errors become
 * STORE_UNAVAILABLE; the driver reconnects by itself when the server returns.
 * @throws LimbicError STORE_UNAVAILABLE when the server cannot be reached at start.
 * @example
 * const store = await createMongoStore({ uri: 'mongodb://127.0.0.1:27017/limbic?replicaSet=rs0' });
 * const service = createSessionService({ store });
 */
export async function createMongoStore(options: MongoStoreOptions): Promise<MongoSessionStore> {
  const writeConcern = options.writeConcern ?? { w: 'majority' };
  const owned = options.client === undefined;
  const client =
    options.client ??
    new MongoClient(options.uri, {
      appName: 'limbic-gateway',
      serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 2000,
      writeConcern,
      ignoreUndefined: true,
      ...options.clientOptions,
    });
  const db = client.db(options.dbName ?? databaseNameOf(options.uri) ?? 'limbic', {
    writeConcern,
    ignoreUndefined: true,
  });
  const sessions: Collection<SessionDocument> = db.collection(collectionNames.sessions);
  const quota: Collection<QuotaDocument> = db.collection(collectionNames.quota);
  const deletions: Collection<DeletionDocument> = db.collection(collectionNames.deletions);
  const bindings: Collection<BindingDocument> = db.collection(collectionNames.bindings);
  const records: Collection<BindingRecordDocument> = db.collection(collectionNames.records);
  const meta: Collection<MetaDocument> = db.collection(collectionNames.meta);
  const onError =
    options.onError ??
    ((error: unknown, what: string) =>
      console.warn(`MongoDB session store: ${what}:`, (error as Error).message));

  try {
    await guarded('start', async () => {
      await client.connect();
      await sessions.createIndexes(sessionIndexes.map((spec) => ({ ...spec })));
      await deletions.createIndex(deletionIndex.key, {
        name: deletionIndex.name,
        expireAfterSeconds: deletionIndex.expireAfterSeconds!,
      });
      await bindings.createIndexes(bindingIndexes.map((spec) => ({ ...spec })));
      await records.createIndexes(recordIndexes.map((spec) => ({ ...spec })));
    });
  } catch (error) {
    if (owned) await client.close().catch(() => {});
    throw error;
  }

  const bindingStore = createMongoBindingStore(bindings, records);
  const feed = new MongoChangeFeed({
    db,
    sessions,
    deletions,
    pollIntervalMs: options.pollIntervalMs ?? 1000,
    lookbackMs: 5000,
    onError: (error) => onError(error, 'change feed'),
  });

  /** Recounts a counter that disagrees with the sessions, if no reservation touched it lately. */
  async function repair(counter: QuotaDocument, now: Date): Promise<boolean> {
    const touched = counter.at instanceof Date ? counter.at.getTime() : 0;
    if (now.getTime() - touched < quotaSettleMs) return false;
    const actual = await sessions.countDocuments(countFilter(counter._id), { hint: ownerIndexName });
    if (actual === counter.count) return false;
    const fixed = await quota.updateOne(quotaRepairFilter(counter), quotaRepairUpdate(actual, now));
    return fixed.modifiedCount === 1;
  }

  /** Reserves a slot in the owner's counter before the insert (the conditional `$inc` is the atomic quota check). */
  async function reserve(owner: string, max: number | undefined, now: Date): Promise<void> {
    if (max === undefined) {
      await quota.updateOne(quotaFilter(owner), quotaReserveUpdate(now), { upsert: true });
      return;
    }
    for (let attempt = 0; attempt < 2; attempt++) {
      const reserved = await quota.updateOne(quotaReserveFilter(owner, max), quotaReserveUpdate(now));
      if (reserved.matchedCount === 1) return;
      const counter = await quota.findOne(quotaFilter(owner));
      if (!counter) {
        await quota.updateOne(quotaFilter(owner), quotaCreateUpdate(now), { upsert: true });
      } else if (attempt === 1 || !(await repair(counter, now))) {
        break;
      }
    }
    throw sessionLimitError(max);
  }

  function release(owner: string, now: Date): Promise<unknown> {
    return quota
      .updateOne(quotaReleaseFilter(owner), quotaReleaseUpdate(now))
      .catch((error: unknown) => onError(error, 'quota release (repaired on the next refusal)'));
  }

  return {
    kind: 'mongodb',
    client,
    db,
    get watchMode() {
      return feed.mode;
    },
    create: (record: SessionRecord, createOptions: CreateOptions = {}) =>
      guarded('create', async () => {
        const now = new Date();
        await reserve(record.owner, createOptions.maxPerOwner, now);
        try {
          await sessions.insertOne(toDocument(record, now));
        } catch (error) {
          // After a network error the insert may have landed: keep the slot (a leak is repaired, an overdraft not).
          if (!isUnavailableError(error)) await release(record.owner, now);
          if (isDuplicateKeyError(error))
            throw new LimbicError('CONFLICT', `Session ${record.id} already exists`);
          throw error;
        }
      }),
    get: (id: string) =>
      guarded('get', async () => {
        const doc = await sessions.findOne(byId(id));
        return doc ? fromDocument(doc) : null;
      }),
    replace: (record: SessionRecord, expectedVersion: number) =>
      guarded('replace', async () => {
        const result = await sessions.updateOne(casFilter(record, expectedVersion), casUpdate(record));
        return result.matchedCount === 1;
      }),
    delete: (owner: string, id: string) =>
      guarded('delete', async () => {
        const result = await sessions.deleteOne(byOwnerAndId(owner, id));
        if (result.deletedCount !== 1) return false;
        const now = new Date();
        await Promise.all([
          release(owner, now),
          deletions
            .replaceOne({ _id: id }, deletionDocument(owner, id, now), { upsert: true })
            .catch((error: unknown) => onError(error, 'deletion notice')),
        ]);
        return true;
      }),
    list: (owner: string, { after, limit }: { after?: string; limit: number }) =>
      guarded('list', async () => {
        if (limit <= 0) return [];
        const docs = await sessions
          .find(listFilter(owner, after), { hint: ownerIndexName })
          .sort(listSort)
          .limit(limit)
          .toArray();
        return docs.map(fromDocument);
      }),
    count: (owner: string) =>
      guarded('count', () => sessions.countDocuments(countFilter(owner), { hint: ownerIndexName })),
    due: (time: number, limit: number) =>
      guarded('due', async () => {
        if (limit <= 0) return [];
        const docs = await sessions
          .find(untyped(dueFilter(time)), { projection: dueProjection })
          .sort(dueSort)
          .limit(limit)
          .toArray();
        return docs.map((d) => ({ id: d._id, owner: d.owner, nextDueAt: d.nextDueAt as number }));
      }),
    earliestDue: () =>
      guarded('earliestDue', async () => {
        const doc = await sessions.findOne(untyped(anyDueFilter), {
          projection: { nextDueAt: 1 },
          sort: dueSort,
        });
        return doc?.nextDueAt ?? null;
      }),
    watch: (listener) => feed.add(listener),
    watchReady: () => feed.ready(),
    clockOrigin: (scale, proposed) =>
      guarded('clockOrigin', async () => {
        // The first writer's value wins: an upsert that only sets the value on insert, then the stored value.
        const doc = await meta.findOneAndUpdate(
          { _id: `clock_origin:${scale}` },
          { $setOnInsert: { value: proposed } },
          { upsert: true, returnDocument: 'after' },
        );
        return doc?.value ?? proposed;
      }),
    bindings: () => bindingStore,
    ping: () =>
      guarded('ping', async () => {
        await db.command({ ping: 1 });
      }),
    async close() {
      await feed.close();
      if (owned) await client.close();
    },
  };
}
