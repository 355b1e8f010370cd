import { LimbicError } from '@limbic/core';
import type { Database } from 'better-sqlite3';

/**
 * The SQLite schema migrations: entry `i` moves a file from schema version `i` to `i + 1`. The version is kept in
 * the `meta` table; opening a file runs the missing steps in one transaction, so a file is never half-migrated.
 * Append a step to change the layout or to rewrite the `doc` column into a new document shape
 * (docs/storage.md); never edit a step that has shipped.
 */
export const sqliteMigrations: readonly ((db: Database) => void)[] = [
  (db) =>
    db.exec(`
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        version INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        next_due_at INTEGER NULL,
        doc TEXT NOT NULL
      );
      CREATE INDEX sessions_owner_id ON sessions (owner, id);
      CREATE INDEX sessions_next_due_at ON sessions (next_due_at) WHERE next_due_at IS NOT NULL;
    `),
];

/** The schema version this code writes: the number of migrations. */
export const sqliteSchemaVersion = sqliteMigrations.length;

/**
 * Brings a freshly opened database to {@link sqliteSchemaVersion}. Two processes opening a new file at once are
 * safe: the check and the steps run under one write lock (`BEGIN IMMEDIATE`).
 * @throws LimbicError STORE_UNAVAILABLE when the file was written by a newer schema than this code knows.
 */
export function migrate(db: Database, file: string): void {
  db.exec('CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  const read = db.prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'schema_version'");
  const write = db.prepare<[string]>(
    "INSERT INTO meta (key, value) VALUES ('schema_version', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  );
  db.transaction(() => {
    const current = Number(read.get()?.value ?? 0);
    if (!Number.isInteger(current) || current > sqliteSchemaVersion) {
      throw new LimbicError(
        'STORE_UNAVAILABLE',
        `${file} has schema version ${current}; this gateway knows up to ${sqliteSchemaVersion} ` +
          '(was it written by a newer Limbic?)',
      );
    }
    for (let v = current; v < sqliteSchemaVersion; v++) sqliteMigrations[v]!(db);
    if (current !== sqliteSchemaVersion) write.run(String(sqliteSchemaVersion));
  }).immediate();
}
