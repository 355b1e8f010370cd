import { LimbicError } from '@limbic/core';
import type { Database } from 'better-sqlite3';

/**
 * The SQLite schema migrations: entry `i` moves a file from schema version `i` to `i + 1`. The version is kept in
 * the `meta` table; opening a file runs the missing steps in one transaction, so a file is never half-migrated.
 * Append a step to change the layout or to rewrite the `doc` column into a new document shape
 * (docs/storage.md); never edit a step that has shipped.
 */
export const sqliteMigrations: readonly ((db: Database) => void)[] = [
  // 1: sessions, with the indexes of listing, counting and the scheduler.
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
  // 2: the bot adapters' bindings (conversation key → session), next to the sessions.
  (db) =>
    db.exec(`
      CREATE TABLE bindings (
        key TEXT PRIMARY KEY,
        session_id TEXT NOT NULL UNIQUE,
        owner TEXT NOT NULL,
        target TEXT NOT NULL,
        last_message_at INTEGER NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
    `),
  // 3: the change log that other processes on the file poll (watch). Triggers fill it in the writing transaction,
  // so no write path can forget it; AUTOINCREMENT never reuses a seq, even after pruning empties the table.
  (db) =>
    db.exec(`
      CREATE TABLE changes (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        session_id TEXT NOT NULL,
        owner TEXT NOT NULL,
        at INTEGER NOT NULL
      );
      CREATE TRIGGER sessions_changes_insert AFTER INSERT ON sessions BEGIN
        INSERT INTO changes (session_id, owner, at)
          VALUES (NEW.id, NEW.owner, CAST(unixepoch('subsec') * 1000 AS INTEGER));
      END;
      CREATE TRIGGER sessions_changes_update AFTER UPDATE ON sessions BEGIN
        INSERT INTO changes (session_id, owner, at)
          VALUES (NEW.id, NEW.owner, CAST(unixepoch('subsec') * 1000 AS INTEGER));
      END;
      CREATE TRIGGER sessions_changes_delete AFTER DELETE ON sessions BEGIN
        INSERT INTO changes (session_id, owner, at)
          VALUES (OLD.id, OLD.owner, CAST(unixepoch('subsec') * 1000 AS INTEGER));
      END;
    `),
  // 4: the bot adapters' small records beside the bindings (identity links, one-time link codes, chat settings).
  (db) =>
    db.exec(`
      CREATE TABLE binding_records (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        expires_at INTEGER NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX binding_records_expires_at ON binding_records (expires_at) WHERE expires_at IS NOT NULL;
    `),
  // 5: the episodes of each session's memory, one row each, so a turn writes only the episodes it changed. `seq`
  // keeps the memory's order (oldest first); the trigger deletes a session's episodes with it, from any process.
  (db) =>
    db.exec(`
      CREATE TABLE memories (
        session_id TEXT NOT NULL,
        id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        doc TEXT NOT NULL,
        PRIMARY KEY (session_id, id)
      );
      CREATE INDEX memories_order ON memories (session_id, seq);
      CREATE TRIGGER sessions_memories_delete AFTER DELETE ON sessions BEGIN
        DELETE FROM memories WHERE session_id = OLD.id;
      END;
    `),
  // 6: webhooks (docs/storage.md, "Webhooks"): endpoints, the outbox of messages with their leases, and the
  // delivery log. `claimable_at` (when a pending message can next be claimed: its due time, or its lease's end) is
  // computed by SQLite, so its index serves both the claim (in order, up to a limit) and the earliest due time.
  (db) =>
    db.exec(`
      CREATE TABLE webhook_endpoints (
        id TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        version INTEGER NOT NULL,
        enabled INTEGER NOT NULL,
        doc TEXT NOT NULL
      );
      CREATE INDEX webhook_endpoints_owner_id ON webhook_endpoints (owner, id);
      CREATE TABLE webhook_messages (
        endpoint_id TEXT NOT NULL,
        id TEXT NOT NULL,
        owner TEXT NOT NULL,
        type TEXT NOT NULL,
        payload TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        status TEXT NOT NULL,
        attempts INTEGER NOT NULL,
        next_attempt_at INTEGER NULL,
        lease_owner TEXT NULL,
        lease_until INTEGER NULL,
        claimable_at INTEGER GENERATED ALWAYS AS (
          CASE WHEN status = 'pending' THEN max(next_attempt_at, coalesce(lease_until, next_attempt_at)) END
        ) VIRTUAL,
        PRIMARY KEY (endpoint_id, id)
      );
      CREATE INDEX webhook_messages_claimable ON webhook_messages (claimable_at, created_at, endpoint_id, id)
        WHERE claimable_at IS NOT NULL;
      CREATE INDEX webhook_messages_settled ON webhook_messages (created_at) WHERE status <> 'pending';
      CREATE TABLE webhook_attempts (
        id TEXT PRIMARY KEY,
        message_id TEXT NOT NULL,
        endpoint_id TEXT NOT NULL,
        owner TEXT NOT NULL,
        type TEXT NOT NULL,
        attempt INTEGER NOT NULL,
        at INTEGER NOT NULL,
        duration_ms INTEGER NOT NULL,
        status INTEGER NULL,
        error TEXT NULL,
        ok INTEGER NOT NULL
      );
      CREATE INDEX webhook_attempts_endpoint_id ON webhook_attempts (endpoint_id, id);
      CREATE INDEX webhook_attempts_at ON webhook_attempts (at);
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
        `${file} has schema version ${current}; this Limbic knows up to ${sqliteSchemaVersion} ` +
          '(was it written by a newer Limbic?)',
      );
    }
    for (let v = current; v < sqliteSchemaVersion; v++) sqliteMigrations[v]!(db);
    if (current !== sqliteSchemaVersion) write.run(String(sqliteSchemaVersion));
  }).immediate();
}
