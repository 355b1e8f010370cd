import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BindingStore, isLimbicError } from '@limbic/core';
import { describeBindingStoreContract, makeTestBinding, makeTestRecord } from '@limbic/core/testing';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createSqliteStore, type SqliteStore } from './sqlite-store.js';

const root = mkdtempSync(join(tmpdir(), 'limbic-sqlite-bindings-'));
let n = 0;
function tempFile(): string {
  n += 1;
  return join(root, `db${n}`, 'limbic.db');
}
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The bindings of a new store on `file`; closing them closes the store. */
function bindingsOn(file: string): BindingStore {
  const store = createSqliteStore({ file });
  return { ...store.bindings(), close: () => store.close() };
}

describeBindingStoreContract('sqlite (file)', () => bindingsOn(tempFile()));
describeBindingStoreContract('sqlite (:memory:)', () => bindingsOn(':memory:'));

describe('SQLite bindings', () => {
  const open: SqliteStore[] = [];
  function store(file: string): SqliteStore {
    const s = createSqliteStore({ file });
    open.push(s);
    return s;
  }
  afterEach(async () => {
    for (const s of open.splice(0)) await s.close();
  });

  it('lives in the sessions’ file: a binding inserted by one connection is the one another connection gets', async () => {
    const file = tempFile();
    const a = store(file).bindings();
    const b = store(file).bindings();
    const first = makeTestBinding();
    const second = makeTestBinding({ key: first.key });
    expect(await a.insert(first)).toEqual(first);
    expect(await b.insert(second)).toEqual(first);
    expect(await b.getBySession(first.sessionId)).toEqual(first);
  });

  it('refuses a second key for a bound session with CONFLICT, without failing the writes committed with it', async () => {
    const s = store(tempFile());
    const bindings = s.bindings();
    const one = makeTestBinding();
    const two = makeTestBinding();
    await bindings.insert(one);
    await bindings.insert(two);
    const conflict = await bindings.insert(makeTestBinding({ sessionId: one.sessionId })).catch((e) => e);
    expect(isLimbicError(conflict, 'CONFLICT')).toBe(true);

    const record = makeTestRecord({ id: 'ses_alongside' });
    await s.create(record);
    // Queued in one event-loop round, so they share a transaction: only the conflicting update fails.
    const outcomes = await Promise.allSettled([
      s.replace({ ...record, version: 2 }, 1),
      bindings.update({ ...two, sessionId: one.sessionId }),
      bindings.update({ ...one, target: 'moved' }),
    ]);
    expect(outcomes[0]).toEqual({ status: 'fulfilled', value: true });
    expect(outcomes[1].status).toBe('rejected');
    expect(isLimbicError((outcomes[1] as PromiseRejectedResult).reason, 'CONFLICT')).toBe(true);
    expect(outcomes[2].status).toBe('fulfilled');
    expect((await bindings.get(one.key))?.target).toBe('moved');
    expect(await bindings.get(two.key)).toEqual(two);
    expect((await s.get(record.id))?.version).toBe(2);
  });

  it('leaves a binding in place when its session is deleted (the adapter sees NOT_FOUND and binds anew)', async () => {
    const s = store(tempFile());
    const record = makeTestRecord({ id: 'ses_gone' });
    await s.create(record);
    const binding = makeTestBinding({ sessionId: record.id, owner: record.owner });
    await s.bindings().insert(binding);
    expect(await s.delete(record.owner, record.id)).toBe(true);
    expect(await s.bindings().get(binding.key)).toEqual(binding);
  });

  it('answers STORE_UNAVAILABLE once the store is closed', async () => {
    const s = createSqliteStore({ file: tempFile() });
    const bindings = s.bindings();
    await s.close();
    const error = await bindings.get('telegram:1:1').catch((e) => e);
    expect(isLimbicError(error, 'STORE_UNAVAILABLE')).toBe(true);
    expect(isLimbicError(await bindings.update(makeTestBinding()).catch((e) => e), 'STORE_UNAVAILABLE')).toBe(
      true,
    );
  });

  it('lists through the primary key and finds a session through its unique index', () => {
    const file = tempFile();
    store(file);
    const db = new Database(file, { readonly: true });
    try {
      const plan = (sql: string) =>
        (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[])
          .map((r) => r.detail)
          .join('; ');
      const list = plan("SELECT * FROM bindings WHERE key > 'a' ORDER BY key LIMIT 5");
      expect(list).toMatch(/INDEX sqlite_autoindex_bindings_1/);
      expect(list).not.toMatch(/TEMP B-TREE/);
      expect(plan("SELECT * FROM bindings WHERE session_id = 's'")).toMatch(
        /INDEX sqlite_autoindex_bindings_2/,
      );
    } finally {
      db.close();
    }
  });
});
