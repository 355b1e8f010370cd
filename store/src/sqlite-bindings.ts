import { type Binding, type BindingRecord, type BindingStore, LimbicError } from '@limbic/core';
import type { Database } from 'better-sqlite3';
import type { GroupCommit } from './group-commit.js';
import { attempt, sqliteCode, unavailable } from './sqlite-errors.js';

interface Row {
  key: string;
  session_id: string;
  owner: string;
  target: string;
  last_message_at: number | null;
  created_at: number;
  updated_at: number;
}

interface RecordRow {
  key: string;
  value: string;
  expires_at: number | null;
  updated_at: number;
}

function toRecord(row: RecordRow): BindingRecord {
  return { key: row.key, value: JSON.parse(row.value), expiresAt: row.expires_at, updatedAt: row.updated_at };
}

const columns = 'key, session_id, owner, target, last_message_at, created_at, updated_at';

function toBinding(row: Row): Binding {
  return {
    key: row.key,
    owner: row.owner,
    sessionId: row.session_id,
    target: row.target,
    lastMessageAt: row.last_message_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toRow(b: Binding): Row {
  return {
    key: b.key,
    session_id: b.sessionId,
    owner: b.owner,
    target: b.target,
    last_message_at: b.lastMessageAt,
    created_at: b.createdAt,
    updated_at: b.updatedAt,
  };
}

/** A unique session_id taken by another key: one session stands for one conversation. */
function taken(error: unknown, binding: Binding): unknown {
  if (sqliteCode(error) !== 'SQLITE_CONSTRAINT_UNIQUE') return error;
  return new LimbicError(
    'CONFLICT',
    `Session ${binding.sessionId} is already bound to another conversation`,
    {
      cause: error,
    },
  );
}

/**
 * The SQLite {@link BindingStore}: the `bindings` table of the session store's file, on its connection. `insert` is
 * `INSERT … ON CONFLICT (key) DO NOTHING` and a read of the key in one `BEGIN IMMEDIATE` transaction, so two
 * processes racing on a person's first message agree on one binding; updates join the session writes' group commit.
 * `close` is a no-op: the session store owns the connection.
 */
export function createSqliteBindingStore(db: Database, writes: GroupCommit): BindingStore {
  const get = db.prepare<[string], Row>(`SELECT ${columns} FROM bindings WHERE key = ?`);
  const bySession = db.prepare<[string], Row>(`SELECT ${columns} FROM bindings WHERE session_id = ?`);
  const insert = db.prepare<[Row]>(
    `INSERT INTO bindings (${columns}) VALUES ` +
      '(@key, @session_id, @owner, @target, @last_message_at, @created_at, @updated_at) ' +
      'ON CONFLICT (key) DO NOTHING',
  );
  const update = db.prepare<[Row]>(
    'UPDATE bindings SET session_id = @session_id, owner = @owner, target = @target, ' +
      'last_message_at = @last_message_at, created_at = @created_at, updated_at = @updated_at WHERE key = @key',
  );
  const remove = db.prepare<[string]>('DELETE FROM bindings WHERE key = ?');
  const listFirst = db.prepare<[number], Row>(`SELECT ${columns} FROM bindings ORDER BY key LIMIT ?`);
  const listAfter = db.prepare<[string, number], Row>(
    `SELECT ${columns} FROM bindings WHERE key > ? ORDER BY key LIMIT ?`,
  );
  const insertAndRead = db.transaction((row: Row) => {
    insert.run(row);
    return get.get(row.key)!;
  });
  const getRecord = db.prepare<[string, number], RecordRow>(
    'SELECT key, value, expires_at, updated_at FROM binding_records ' +
      'WHERE key = ? AND (expires_at IS NULL OR expires_at > ?)',
  );
  const putRecord = db.prepare<[RecordRow]>(
    'INSERT INTO binding_records (key, value, expires_at, updated_at) ' +
      'VALUES (@key, @value, @expires_at, @updated_at) ON CONFLICT (key) DO UPDATE SET ' +
      'value = excluded.value, expires_at = excluded.expires_at, updated_at = excluded.updated_at',
  );
  const sweepRecords = db.prepare<[number]>(
    'DELETE FROM binding_records WHERE expires_at IS NOT NULL AND expires_at <= ?',
  );
  const deleteRecord = db.prepare<[string]>('DELETE FROM binding_records WHERE key = ?');
  const putAndSweep = db.transaction((row: RecordRow) => {
    sweepRecords.run(row.updated_at);
    putRecord.run(row);
  });
  // Read and delete under one write lock: of two processes taking one code, one gets it.
  const take = db.transaction((key: string, now: number) => {
    const row = getRecord.get(key, now);
    deleteRecord.run(key);
    return row;
  });

  return {
    kind: 'sqlite',
    get: (key) =>
      attempt('read a binding', () => {
        const row = get.get(key);
        return row ? toBinding(row) : null;
      }),
    getBySession: (sessionId) =>
      attempt('read a binding', () => {
        const row = bySession.get(sessionId);
        return row ? toBinding(row) : null;
      }),
    insert: (binding) =>
      attempt('insert a binding', () => {
        try {
          return toBinding(insertAndRead.immediate(toRow(binding)));
        } catch (error) {
          throw unavailable('insert a binding', taken(error, binding));
        }
      }),
    async update(binding) {
      if (!db.open) throw unavailable('update a binding', new Error('the database is closed'));
      try {
        await writes.write(update, toRow(binding));
      } catch (error) {
        throw unavailable('update a binding', taken(error, binding));
      }
    },
    delete: (key) => attempt('delete a binding', () => remove.run(key).changes === 1),
    list: ({ after, limit }) =>
      attempt('list bindings', () =>
        (after === undefined ? listFirst.all(limit) : listAfter.all(after, limit)).map(toBinding),
      ),
    getRecord: (key, now) =>
      attempt('read a record', () => {
        const row = getRecord.get(key, now);
        return row ? toRecord(row) : null;
      }),
    putRecord: (record) =>
      attempt('write a record', () =>
        putAndSweep.immediate({
          key: record.key,
          value: JSON.stringify(record.value ?? null),
          expires_at: record.expiresAt,
          updated_at: record.updatedAt,
        }),
      ),
    takeRecord: (key, now) =>
      attempt('take a record', () => {
        const row = take.immediate(key, now);
        return row ? toRecord(row) : null;
      }),
    deleteRecord: (key) => attempt('delete a record', () => deleteRecord.run(key).changes === 1),
    close: () => Promise.resolve(),
  };
}
