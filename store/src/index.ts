/**
 * `@limbic/store`: the durable session stores behind the core's `SessionStore`, `BindingStore` and `WebhookStore`
 * ports. This entry selects and opens a store from a configuration and loads no database driver by itself; the
 * stores' own factories are in `@limbic/store/sqlite` (better-sqlite3) and `@limbic/store/mongodb` (the MongoDB driver), so a program
 * loads only the driver it uses.
 * @module
 */
export type { MongoSessionStore, MongoStoreOptions } from './mongo-store.js';
export {
  describeStore,
  hasWebhooks,
  mongoDbNameOf,
  type OpenedStore,
  openStore,
  type StoreConfig,
  type StoreKind,
  sqliteFileOf,
  storeKinds,
  type WithWebhooks,
} from './open-store.js';
export type { SqliteStore, SqliteStoreOptions } from './sqlite-store.js';
