import {
  type BindingStore,
  type CreateOptions,
  LimbicError,
  type ListOptions,
  type SessionRecord,
  type SessionStore,
  type StoreChange,
  type WebhookStore,
} from '@limbic/core';
import {
  type Db,
  type Filter,
  MongoClient,
  type MongoClientOptions,
  type WriteConcernSettings,
} from 'mongodb';
import { createMongoBindingStore } from './mongo-bindings.js';
import { collectionsOf, createIndexes } from './mongo-collections.js';
import {
  anyDueFilter,
  byId,
  byOwnerAndId,
  casFilter,
  casUpdate,
  countFilter,
  deletionDocument,
  dueFilter,
  dueProjection,
  dueSort,
  fromDocument,
  listFilter,
  listSort,
  newestListSort,
  ownerIndexName,
  type SessionDocument,
  toDocument,
  withoutMemory,
} from './mongo-documents.js';
import { guarded, isDuplicateKeyError, isUnavailableError } from './mongo-errors.js';
import { createMongoQuota } from './mongo-quota.js';
import { MongoChangeFeed } from './mongo-watch.js';
import { createMongoWebhookStore } from './mongo-webhooks.js';

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
  /** The webhook endpoints and outbox, in the `webhook_*` collections of the same database (its `close` is a no-op). */
  webhooks(): WebhookStore;
}

/** The driver's filter types lack the server's `$type: 'number'` alias (double, int, long or decimal). */
function untyped(filter: object): Filter<SessionDocument> {
  return filter as Filter<SessionDocument>;
}

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
  const collections = collectionsOf(db);
  const { sessions, deletions, bindings, records, meta } = collections;
  const onError =
    options.onError ??
    ((error: unknown, what: string) =>
      console.warn(`MongoDB session store: ${what}:`, (error as Error).message));

  try {
    await guarded('start', async () => {
      await client.connect();
      await createIndexes(collections);
    });
  } catch (error) {
    if (owned) await client.close().catch(() => {});
    throw error;
  }

  const bindingStore = createMongoBindingStore(bindings, records);
  const webhookStore = createMongoWebhookStore({
    endpoints: collections.webhookEndpoints,
    messages: collections.webhookMessages,
    attempts: collections.webhookAttempts,
  });
  const feed = new MongoChangeFeed({
    db,
    sessions,
    deletions,
    pollIntervalMs: options.pollIntervalMs ?? 1000,
    lookbackMs: 5000,
    onError: (error) => onError(error, 'change feed'),
  });

  const { reserve, release } = createMongoQuota(sessions, collections.quota, onError);

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
    list: (owner: string, { after, limit, order = 'oldest', memory = true }: ListOptions) =>
      guarded('list', async () => {
        if (limit <= 0) return [];
        const docs = await sessions
          .find(listFilter(owner, after, order), {
            hint: ownerIndexName,
            ...(memory ? {} : { projection: withoutMemory }),
          })
          .sort(order === 'newest' ? newestListSort : listSort)
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
    webhooks: () => webhookStore,
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
