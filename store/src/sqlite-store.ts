import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  type BindingStore,
  type CreateOptions,
  type DueSession,
  LimbicError,
  type ListOptions,
  type SessionRecord,
  type SessionStore,
  type StoreChange,
  sessionLimitError,
  type WebhookStore,
} from '@limbic/core';
import Database from 'better-sqlite3';
import { createGroupCommit } from './group-commit.js';
import { toDocument } from './session-document.js';
import { createSqliteBindingStore } from './sqlite-bindings.js';
import { attempt, sqliteCode, unavailable } from './sqlite-errors.js';
import { createSqliteMemories } from './sqlite-memories.js';
import { sessionColumns as columns, type SessionRow as Row, recordWriters, toRecord } from './sqlite-rows.js';
import { migrate } from './sqlite-schema.js';
import { createSqliteChangeFeed } from './sqlite-watch.js';
import { createSqliteWebhookStore } from './sqlite-webhooks.js';

/** Options of {@link createSqliteStore}. */
export interface SqliteStoreOptions {
  /** The database file (created with its folder when missing), or `:memory:` for a private in-memory database. */
  file: string;
  /**
   * `FULL` (default): every write is on disk (the WAL is fsynced) before the call resolves, so a turn answered 200
   * survives a crash of the process and of the machine. `NORMAL` fsyncs only at checkpoints: still safe against a
   * crash of the process (the WAL is in the OS cache), but a power loss can take the last writes. See docs/storage.md.
   */
  synchronous?: 'FULL' | 'NORMAL';
  /** How long a write waits for another connection's lock before failing with STORE_UNAVAILABLE, ms. Default 5000. */
  busyTimeoutMs?: number;
  /**
   * How often `watch` polls the file's change log for other processes' writes while someone listens, ms. Default 100:
   * a write of another process reaches this one's listeners within about that long.
   */
  watchIntervalMs?: number;
  /** Reports failures of the change feed (it keeps polling); default: console.warn. */
  onError?: (error: unknown, what: string) => void;
}

/** The SQLite {@link SessionStore}, with the file it writes. */
export interface SqliteStore extends SessionStore {
  readonly kind: 'sqlite';
  /** The absolute path of the database file, or `:memory:`. */
  readonly file: string;
  /** The synchronous setting in force, as read back from SQLite. */
  readonly synchronous: 'FULL' | 'NORMAL';
  /** Reads the schema version from the file: proves the file is open and readable, for health checks. */
  ping(): Promise<void>;
  /**
   * Reports every write to the file, from this process or any other on the same machine (a `changes` log filled by
   * triggers, polled every `watchIntervalMs` while someone listens), starting with the writes after this call.
   */
  watch(listener: (change: StoreChange) => void): () => void;
  /** The bindings of the bot adapters, in the same file and on the same connection (its `close` is a no-op). */
  bindings(): BindingStore;
  /** The webhook endpoints and outbox, in the same file and on the same connection (its `close` is a no-op). */
  webhooks(): WebhookStore;
  /**
   * Opens another connection to the same file, with `synchronous = NORMAL` (no fsync per commit) and a short busy
   * timeout, for data that may lose its last writes in a power loss, such as the gateway's rate-limit counters. The
   * caller closes it. Not for `:memory:` (another connection would be another database).
   * @throws LimbicError STORE_UNAVAILABLE when the file cannot be opened, or for `:memory:`.
   */
  connect(options?: { busyTimeoutMs?: number }): Database.Database;
}

function open(file: string, options: SqliteStoreOptions): Database.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file, { timeout: options.busyTimeoutMs ?? 5000 });
  try {
    // WAL: readers never block the writer, and a commit appends to one file (one fsync under FULL).
    const mode = db.pragma('journal_mode = WAL', { simple: true });
    if (file !== ':memory:' && mode !== 'wal') throw new Error(`journal_mode is ${String(mode)}, not wal`);
    const synchronous = options.synchronous ?? 'FULL';
    db.pragma(`synchronous = ${synchronous}`);
    // SQLite reports the level as a number: 1 NORMAL, 2 FULL.
    const level = db.pragma('synchronous', { simple: true });
    if (level !== (synchronous === 'FULL' ? 2 : 1)) throw new Error(`synchronous is ${String(level)}`);
    migrate(db, file);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Creates the SQLite {@link SessionStore}: one file, WAL journal, `synchronous = FULL` by default, so every
 * acknowledged write is on disk. Sessions are rows with indexed columns for the queries the service makes (owner +
 * id for listing and counting, next due time for the scheduler) and the rest of the record as a JSON document;
 * the memory's episodes are rows of their own, and a write stores only the episodes that changed (see
 * `createSqliteMemories`). Writes are compare-and-set on `version`, group-committed (the writes of one event-loop round share a transaction
 * and its fsync); a create with a quota counts and inserts in one `BEGIN IMMEDIATE` transaction. Several processes
 * on one machine may share the file (several gateways, a backup, `sqlite3`): compare-and-set and the quota hold
 * across them, and `watch` reports each one's writes to the others (docs/storage.md, "Several processes on one file").
 * @throws LimbicError STORE_UNAVAILABLE when the file cannot be opened (unwritable, locked, not a database).
 * @example
 * const store = createSqliteStore({ file: './data/limbic.db' });
 * const service = createSessionService({ store });
 */
export function createSqliteStore(options: SqliteStoreOptions): SqliteStore {
  const file = options.file === ':memory:' ? ':memory:' : resolve(options.file);
  let db: Database.Database;
  try {
    db = open(file, options);
  } catch (error) {
    throw unavailable(`open ${file}`, error);
  }
  const get = db.prepare<[string], Row>(`SELECT ${columns} FROM sessions WHERE id = ?`);
  const exists = db.prepare<[string], 1>('SELECT 1 FROM sessions WHERE id = ?').pluck();
  const count = db.prepare<[string], number>('SELECT count(*) FROM sessions WHERE owner = ?').pluck();
  const writes = createGroupCommit(db, (error) => unavailable('write', error));
  const remove = db.prepare<[string, string]>('DELETE FROM sessions WHERE id = ? AND owner = ?');
  const listFirst = db.prepare<[string, number], Row>(
    `SELECT ${columns} FROM sessions WHERE owner = ? ORDER BY id LIMIT ?`,
  );
  const listAfter = db.prepare<[string, string, number], Row>(
    `SELECT ${columns} FROM sessions WHERE owner = ? AND id > ? ORDER BY id LIMIT ?`,
  );
  // Newest first walks the same (owner, id) index backwards.
  const listLast = db.prepare<[string, number], Row>(
    `SELECT ${columns} FROM sessions WHERE owner = ? ORDER BY id DESC LIMIT ?`,
  );
  const listBefore = db.prepare<[string, string, number], Row>(
    `SELECT ${columns} FROM sessions WHERE owner = ? AND id < ? ORDER BY id DESC LIMIT ?`,
  );
  const due = db.prepare<[number, number], DueSession>(
    'SELECT id, owner, next_due_at AS nextDueAt FROM sessions ' +
      'WHERE next_due_at IS NOT NULL AND next_due_at <= ? ORDER BY next_due_at LIMIT ?',
  );
  const schema = db.prepare<[], string>("SELECT value FROM meta WHERE key = 'schema_version'").pluck();
  const keepOrigin = db.prepare<[string, string]>(
    'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING',
  );
  const readMeta = db.prepare<[string], string>('SELECT value FROM meta WHERE key = ?').pluck();
  const earliest = db
    .prepare<[], number | null>('SELECT min(next_due_at) FROM sessions WHERE next_due_at IS NOT NULL')
    .pluck();

  const memories = createSqliteMemories(db);
  const { insertRecord, updateRecord } = recordWriters(db, memories);
  // The quota check and the insert under one write lock: other connections cannot insert in between.
  const createWithQuota = db.transaction((record: SessionRecord, doc: string, max: number) => {
    if (exists.get(record.id) !== undefined) throw duplicate(record.id);
    if (count.get(record.owner)! >= max) {
      throw sessionLimitError(max);
    }
    insertRecord(record, doc);
  });
  // A row and its episodes from one snapshot, even while other processes write.
  const readConsistent = db.transaction((id: string) => {
    const row = get.get(id);
    return row ? toRecord(row, memories.read(row.id, row.version, true)) : null;
  });
  function read(id: string): SessionRecord | null {
    const row = get.get(id);
    if (!row) return null;
    const episodes = memories.known(row.id, row.version);
    return episodes ? toRecord(row, episodes) : readConsistent(id);
  }
  const readPage = db.transaction(({ after, limit, order, memory = true }: ListOptions, owner: string) => {
    const [first, next] = order === 'newest' ? [listLast, listBefore] : [listFirst, listAfter];
    return (after === undefined ? first.all(owner, limit) : next.all(owner, after, limit)).map((row) =>
      toRecord(row, memory ? memories.read(row.id, row.version, false) : null),
    );
  });

  function duplicate(id: string): LimbicError {
    return new LimbicError('CONFLICT', `Session ${id} already exists`);
  }

  const onError =
    options.onError ??
    ((error: unknown, what: string) =>
      console.warn(`SQLite session store: ${what}:`, (error as Error).message));
  const feed = createSqliteChangeFeed({
    db,
    read,
    intervalMs: options.watchIntervalMs ?? 100,
    onError: (error) => onError(error, 'change feed'),
  });
  let bindings: BindingStore | undefined;
  let webhooks: WebhookStore | undefined;

  return {
    kind: 'sqlite',
    file,
    synchronous: options.synchronous ?? 'FULL',
    create(record: SessionRecord, { maxPerOwner }: CreateOptions = {}) {
      return attempt('create a session', () => {
        const doc = JSON.stringify(toDocument(record));
        try {
          if (maxPerOwner === undefined) insertRecord.immediate(record, doc);
          else createWithQuota.immediate(record, doc, maxPerOwner);
        } catch (error) {
          memories.forget(record.id);
          if (sqliteCode(error) === 'SQLITE_CONSTRAINT_PRIMARYKEY') throw duplicate(record.id);
          throw error;
        }
      });
    },
    get(id: string) {
      return attempt('read a session', () => read(id));
    },
    async replace(record: SessionRecord, expectedVersion: number) {
      if (!db.open) throw unavailable('write a session', new Error('the database is closed'));
      const doc = JSON.stringify(toDocument(record));
      const changes = await writes.run(
        () => updateRecord(record, doc, expectedVersion),
        () => memories.forget(record.id),
      );
      return changes === 1;
    },
    delete(owner: string, id: string) {
      return attempt('delete a session', () => {
        // The trigger deletes the session's episodes with it.
        memories.forget(id);
        return remove.run(id, owner).changes === 1;
      });
    },
    list(owner: string, options: ListOptions) {
      return attempt('list sessions', () => readPage(options, owner));
    },
    count(owner: string) {
      return attempt('count sessions', () => count.get(owner)!);
    },
    due(time: number, limit: number) {
      return attempt('find due sessions', () => due.all(time, limit));
    },
    earliestDue() {
      return attempt('find the earliest due time', () => earliest.get() ?? null);
    },
    ping() {
      return attempt('answer', () => {
        schema.get();
      });
    },
    watch: (listener) => feed.add(listener),
    clockOrigin(scale: number, proposed: number) {
      return attempt('read the clock origin', () => {
        const key = `clock_origin:${scale}`;
        keepOrigin.run(key, String(proposed));
        return Number(readMeta.get(key));
      });
    },
    bindings() {
      bindings ??= createSqliteBindingStore(db, writes);
      return bindings;
    },
    webhooks() {
      webhooks ??= createSqliteWebhookStore(db, writes);
      return webhooks;
    },
    connect({ busyTimeoutMs = 1000 } = {}) {
      if (file === ':memory:')
        throw unavailable('connect', new Error('a :memory: database has one connection'));
      try {
        const other = new Database(file, { fileMustExist: true, timeout: busyTimeoutMs });
        other.pragma('synchronous = NORMAL');
        return other;
      } catch (error) {
        throw unavailable(`open ${file}`, error);
      }
    },
    close() {
      return attempt('close', () => {
        feed.close();
        writes.flush();
        if (db.open) db.close();
      });
    },
  };
}
