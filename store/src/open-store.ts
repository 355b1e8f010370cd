import { resolve } from 'node:path';
import {
  createMemoryStore,
  createMemoryWebhookStore,
  type SessionStore,
  toValidationError,
  type WebhookStore,
} from '@limbic/core';

/** Where sessions live: `memory` (nothing survives the process), `sqlite` (one file) or `mongodb`. */
export type StoreKind = 'memory' | 'sqlite' | 'mongodb';

/** The store kinds, for validation. */
export const storeKinds: readonly StoreKind[] = ['memory', 'sqlite', 'mongodb'];

/**
 * What selects and opens a session store (the gateway's configuration satisfies it: LIMBIC_STORE, LIMBIC_DATA,
 * LIMBIC_SQLITE_FILE, LIMBIC_SQLITE_SYNCHRONOUS, MONGODB_URI, LIMBIC_DB, LIMBIC_MONGO_WRITE_CONCERN).
 */
export interface StoreConfig {
  /** The store to open. */
  store: StoreKind;
  /** The folder of the SQLite file (created when missing). */
  dataDir: string;
  /** The SQLite file name, relative to `dataDir` (or absolute). */
  sqliteFile: string;
  /** SQLite's `synchronous` setting: FULL (every commit fsynced) or NORMAL (fsync at checkpoints). */
  sqliteSynchronous: 'FULL' | 'NORMAL';
  /** The MongoDB connection string. */
  mongodbUri?: string | undefined;
  /** The MongoDB database; default: the one in the URI, else `limbic`. */
  mongodbDb?: string | undefined;
  /** `majority` or a number of acknowledging members, e.g. `1`. */
  mongodbWriteConcern: string;
}

/** The SQLite file of a configuration: LIMBIC_SQLITE_FILE resolved against LIMBIC_DATA. */
export function sqliteFileOf(config: Pick<StoreConfig, 'dataDir' | 'sqliteFile'>): string {
  return resolve(config.dataDir, config.sqliteFile);
}

/** The MongoDB database of a configuration: LIMBIC_DB, else the path of MONGODB_URI, else `limbic`. */
export function mongoDbNameOf(config: Pick<StoreConfig, 'mongodbUri' | 'mongodbDb'>): string {
  if (config.mongodbDb) return config.mongodbDb;
  const path = /^mongodb(?:\+srv)?:\/\/[^/]*\/([^?]+)/.exec(config.mongodbUri ?? '')?.[1];
  return path ? decodeURIComponent(path) : 'limbic';
}

/**
 * A one-line description of the configured store for the start banner: the kind and where it keeps its data, never
 * the credentials or options of a MongoDB URI.
 */
export function describeStore(config: StoreConfig): string {
  switch (config.store) {
    case 'memory':
      return 'memory (nothing survives a restart)';
    case 'sqlite':
      return `sqlite ${sqliteFileOf(config)} (synchronous ${config.sqliteSynchronous})`;
    case 'mongodb': {
      const hosts = /^mongodb(?:\+srv)?:\/\/(?:[^@/]*@)?([^/?]*)/.exec(config.mongodbUri ?? '')?.[1] ?? '?';
      return `mongodb ${hosts}/${mongoDbNameOf(config)}`;
    }
  }
}

/** A store that also holds the webhooks (endpoints and outbox) of its backend. */
export interface WithWebhooks {
  /** The webhook store on the same backend and connection (one instance per store; its `close` is a no-op). */
  webhooks(): WebhookStore;
}

/** A session store as {@link openStore} opens it: with the webhook store of the same backend. */
export type OpenedStore = SessionStore & WithWebhooks;

/** True when `store` holds webhooks (the SQLite and MongoDB stores, and every store {@link openStore} opens). */
export function hasWebhooks(store: SessionStore): store is OpenedStore {
  return typeof (store as Partial<WithWebhooks>).webhooks === 'function';
}

/** The memory session store with a memory webhook store beside it (nothing of either survives the process). */
function openMemoryStore(): OpenedStore {
  const webhooks = createMemoryWebhookStore();
  return Object.assign(createMemoryStore(), { webhooks: () => webhooks });
}

async function openMongoStore(config: StoreConfig): Promise<OpenedStore> {
  let module: typeof import('./mongo-store.js');
  try {
    module = await import('./mongo-store.js');
  } catch (error) {
    // The driver is an install away: say so instead of a stack trace.
    const code = (error as { code?: unknown }).code;
    if (code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw toValidationError('configuration', [
      {
        path: 'LIMBIC_STORE',
        message: `mongodb cannot be loaded (${(error as Error).message}); run npm install, or use sqlite`,
      },
    ]);
  }
  const w = config.mongodbWriteConcern === 'majority' ? 'majority' : Number(config.mongodbWriteConcern);
  return module.createMongoStore({
    uri: config.mongodbUri ?? '',
    dbName: mongoDbNameOf(config),
    writeConcern: { w },
  });
}

/**
 * Opens the session store the configuration selects (LIMBIC_STORE, MONGODB_URI): the in-memory store, the SQLite
 * file under LIMBIC_DATA, or MongoDB. Each backend's module is loaded only when selected, so the SQLite path never
 * loads the MongoDB driver and the memory path loads no native module. The store's `webhooks()` is the webhook store
 * of the same backend, on the same connection (the same file, the same database), closed with the session store.
 * @throws LimbicError STORE_UNAVAILABLE when the store cannot be opened, VALIDATION_ERROR when the selected store is
 * not part of this build.
 * @example
 * const store = await openStore(loadConfig());
 * const service = createSessionService({ store });
 * const webhooks = store.webhooks();
 */
export async function openStore(config: StoreConfig): Promise<OpenedStore> {
  switch (config.store) {
    case 'memory':
      return openMemoryStore();
    case 'sqlite': {
      const { createSqliteStore } = await import('./sqlite-store.js');
      return createSqliteStore({ file: sqliteFileOf(config), synchronous: config.sqliteSynchronous });
    }
    case 'mongodb':
      return openMongoStore(config);
  }
}
