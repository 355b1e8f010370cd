import { type Binding, type BindingStore, LimbicError } from '@limbic/core';
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
    close: () => Promise.resolve(),
  };
}
