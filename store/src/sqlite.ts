/**
 * `@limbic/store/sqlite`: the SQLite session and binding store (better-sqlite3): one file, WAL, group commit,
 * schema migrations at open, and a change feed for several processes on one file (docs/storage.md, "SQLite").
 * @module
 */
export { sqliteSchemaVersion } from './sqlite-schema.js';
export { createSqliteStore, type SqliteStore, type SqliteStoreOptions } from './sqlite-store.js';
