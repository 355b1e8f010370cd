import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createManualClock, createSessionService, isLimbicError } from '@limbic/core';
import { describeSessionStoreContract, makeTestRecord } from '@limbic/core/testing';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { validateSnapshotJson } from '../../test/snapshot-json-schema.js';
import { sqliteSchemaVersion } from './sqlite-schema.js';
import { createSqliteStore, type SqliteStore } from './sqlite-store.js';

const root = mkdtempSync(join(tmpdir(), 'limbic-sqlite-'));
let n = 0;
function tempFile(): string {
  n += 1;
  return join(root, `db${n}`, 'limbic.db');
}
afterAll(() => rmSync(root, { recursive: true, force: true }));

describeSessionStoreContract('sqlite (file)', () => createSqliteStore({ file: tempFile() }), {
  serializes: true,
  validateSnapshot: validateSnapshotJson,
});
describeSessionStoreContract('sqlite (:memory:)', () => createSqliteStore({ file: ':memory:' }), {
  serializes: true,
});
// Reads through a second connection, whose reads miss what the writer remembers: what the file holds comes back.
describeSessionStoreContract(
  'sqlite (file, read by another connection)',
  () => {
    const file = tempFile();
    const writer = createSqliteStore({ file });
    const reader = createSqliteStore({ file });
    return {
      ...writer,
      get: (id) => reader.get(id),
      list: (owner, page) => reader.list(owner, page),
      close: async () => {
        await writer.close();
        await reader.close();
      },
    };
  },
  { serializes: true },
);

async function codeOf(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'ok',
    (e: unknown) => (isLimbicError(e) ? e.code : `other: ${String(e)}`),
  );
}

describe('createSqliteStore', () => {
  const open: SqliteStore[] = [];
  function store(file: string, synchronous?: 'FULL' | 'NORMAL'): SqliteStore {
    const s = createSqliteStore(synchronous ? { file, synchronous } : { file });
    open.push(s);
    return s;
  }
  afterEach(async () => {
    for (const s of open.splice(0)) await s.close();
  });

  it('keeps sessions through closing and reopening the file', async () => {
    const file = tempFile();
    const first = store(file);
    const a = makeTestRecord({ id: 'ses_keep1', nextDueAt: 1_800_000_000_000 });
    await first.create(a);
    const a2 = { ...a, version: 2, state: { ...a.state, turns: 7 } };
    expect(await first.replace(a2, 1)).toBe(true);
    await first.close();

    const second = store(file);
    expect(await second.get('ses_keep1')).toEqual(a2);
    expect(await second.earliestDue()).toBe(1_800_000_000_000);
    expect(await second.count('owner-a')).toBe(1);
  });

  it('runs in WAL mode with synchronous FULL by default, NORMAL on request, and a schema version', () => {
    const file = tempFile();
    store(file);
    expect(existsSync(`${file}-wal`)).toBe(true);
    const peek = new Database(file, { readonly: true });
    try {
      expect(peek.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(peek.prepare("SELECT value FROM meta WHERE key = 'schema_version'").pluck().get()).toBe(
        String(sqliteSchemaVersion),
      );
    } finally {
      peek.close();
    }
    // synchronous is a setting of each connection: the store reads it back from its own.
    expect(store(tempFile()).synchronous).toBe('FULL');
    expect(store(tempFile(), 'NORMAL').synchronous).toBe('NORMAL');
  });

  it('shows a write to a second store on the same file at once, and compare-and-set holds across both', async () => {
    const file = tempFile();
    const a = store(file);
    const b = store(file);
    const record = makeTestRecord({ id: 'ses_shared' });
    await a.create(record);
    expect(await b.get('ses_shared')).toEqual(record);
    expect(await b.replace({ ...record, version: 2 }, 1)).toBe(true);
    expect(await a.replace({ ...record, version: 2 }, 1)).toBe(false);
    expect((await a.get('ses_shared'))?.version).toBe(2);
    await b.create(makeTestRecord({ id: 'ses_shared2' }));
    expect((await a.list('owner-a', { limit: 10 })).map((r) => r.id)).toEqual(['ses_shared', 'ses_shared2']);
  });

  it('holds a quota against parallel creates from two stores on one file', async () => {
    const file = tempFile();
    const a = store(file);
    const b = store(file);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        codeOf((i % 2 ? a : b).create(makeTestRecord({ id: `ses_p${i}` }), { maxPerOwner: 5 })),
      ),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(5);
    expect(results.filter((r) => r === 'SESSION_LIMIT')).toHaveLength(15);
    expect(await a.count('owner-a')).toBe(5);
  });

  it('answers CONFLICT for a duplicate id with or without a quota', async () => {
    const s = store(tempFile());
    const record = makeTestRecord({ id: 'ses_dup' });
    await s.create(record);
    expect(await codeOf(s.create(record))).toBe('CONFLICT');
    expect(await codeOf(s.create(record, { maxPerOwner: 1 }))).toBe('CONFLICT');
  });

  it('runs 100 parallel turns on one session through the service to version 101', async () => {
    const s = store(tempFile());
    const service = createSessionService({ store: s, clock: createManualClock() });
    const { sessionId } = await service.createSession('local', { preset: 'cheerful_companion' });
    const appraisal = {
      goal_relevance: 0.5,
      goal_congruence: 0.5,
      expectedness: 0.5,
      controllability: 0.5,
      agency: 0,
      norm_compatibility: 0,
    };
    await Promise.all(
      Array.from({ length: 100 }, () => service.appraisalTurn('local', { sessionId, appraisal })),
    );
    const stored = await s.get(sessionId);
    expect(stored?.version).toBe(101);
    expect(stored?.state.turns).toBe(100);
  });

  it('uses its indexes for listing, counting and the due queries', () => {
    const file = tempFile();
    store(file);
    const db = new Database(file, { readonly: true });
    try {
      const plan = (sql: string) =>
        (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[])
          .map((r) => r.detail)
          .join('; ');
      expect(plan("SELECT * FROM sessions WHERE owner = 'a' AND id > 'b' ORDER BY id LIMIT 5")).toMatch(
        /USING (COVERING )?INDEX sessions_owner_id/,
      );
      // Newest first walks the same index backwards, without sorting.
      const newest = plan("SELECT * FROM sessions WHERE owner = 'a' AND id < 'b' ORDER BY id DESC LIMIT 5");
      expect(newest).toMatch(/USING (COVERING )?INDEX sessions_owner_id/);
      expect(newest).not.toMatch(/TEMP B-TREE/);
      expect(plan("SELECT count(*) FROM sessions WHERE owner = 'a'")).toMatch(/INDEX sessions_owner_id/);
      const duePlan = plan(
        'SELECT id FROM sessions WHERE next_due_at IS NOT NULL AND next_due_at <= 5 ORDER BY next_due_at LIMIT 5',
      );
      expect(duePlan).toMatch(/INDEX sessions_next_due_at/);
      expect(duePlan).not.toMatch(/TEMP B-TREE/);
      expect(plan('SELECT min(next_due_at) FROM sessions WHERE next_due_at IS NOT NULL')).toMatch(
        /INDEX sessions_next_due_at/,
      );
    } finally {
      db.close();
    }
  });

  it('answers STORE_UNAVAILABLE for a file that is not a database, and after close', async () => {
    const file = tempFile();
    store(file);
    const garbage = join(root, 'garbage.db');
    writeFileSync(garbage, 'this is not a SQLite database, just text that is long enough '.repeat(100));
    let error: unknown;
    try {
      createSqliteStore({ file: garbage });
    } catch (e) {
      error = e;
    }
    expect(isLimbicError(error, 'STORE_UNAVAILABLE')).toBe(true);

    const s = store(tempFile());
    expect(await codeOf(s.ping())).toBe('ok');
    await s.close();
    expect(await codeOf(s.ping())).toBe('STORE_UNAVAILABLE');
    expect(await codeOf(s.get('ses_x'))).toBe('STORE_UNAVAILABLE');
    expect(await codeOf(s.create(makeTestRecord()))).toBe('STORE_UNAVAILABLE');
  });

  it('answers STORE_UNAVAILABLE when another connection holds the write lock past the busy timeout', async () => {
    const file = tempFile();
    const s = createSqliteStore({ file, busyTimeoutMs: 50 });
    open.push(s);
    const record = makeTestRecord({ id: 'ses_locked' });
    await s.create(record);
    const other = new Database(file);
    try {
      other.exec('BEGIN IMMEDIATE');
      expect(await codeOf(s.replace({ ...record, version: 2 }, 1))).toBe('STORE_UNAVAILABLE');
      expect(await codeOf(s.create(makeTestRecord(), { maxPerOwner: 10 }))).toBe('STORE_UNAVAILABLE');
      // Readers are not blocked by a writer in WAL mode.
      expect((await s.get('ses_locked'))?.version).toBe(1);
      other.exec('ROLLBACK');
      expect(await s.replace({ ...record, version: 2 }, 1)).toBe(true);
    } finally {
      other.close();
    }
  });

  it('commits parallel writes to many sessions together, each with its own compare-and-set outcome', async () => {
    const file = tempFile();
    const s = store(file);
    const records = Array.from({ length: 20 }, (_, i) => makeTestRecord({ id: `ses_g${i}` }));
    for (const r of records) await s.create(r);
    const writes = records.flatMap((r) => [
      s.replace({ ...r, version: 2, state: { ...r.state, turns: 1 } }, 1),
      s.replace({ ...r, version: 2, state: { ...r.state, turns: 99 } }, 1),
    ]);
    expect(await Promise.all(writes)).toEqual(records.flatMap(() => [true, false]));
    const other = store(file);
    for (const r of records) expect((await other.get(r.id))?.state.turns).toBe(1);
  });

  it('rejects every write of a batch whose commit fails, and stores none of them', async () => {
    const file = tempFile();
    const s = createSqliteStore({ file, busyTimeoutMs: 50 });
    open.push(s);
    const a = makeTestRecord({ id: 'ses_fa' });
    const b = makeTestRecord({ id: 'ses_fb' });
    await s.create(a);
    await s.create(b);
    const other = new Database(file);
    other.exec('BEGIN IMMEDIATE');
    const outcomes = await Promise.all([
      codeOf(s.replace({ ...a, version: 2 }, 1)),
      codeOf(s.replace({ ...b, version: 2 }, 1)),
    ]);
    other.exec('ROLLBACK');
    other.close();
    expect(outcomes).toEqual(['STORE_UNAVAILABLE', 'STORE_UNAVAILABLE']);
    expect((await s.get('ses_fa'))?.version).toBe(1);
    expect((await s.get('ses_fb'))?.version).toBe(1);
  });

  it('commits queued writes before it closes', async () => {
    const file = tempFile();
    const s = createSqliteStore({ file });
    const record = makeTestRecord({ id: 'ses_flush' });
    await s.create(record);
    const write = s.replace({ ...record, version: 2 }, 1);
    await s.close();
    expect(await write).toBe(true);
    expect((await store(file).get('ses_flush'))?.version).toBe(2);
  });

  it('refuses a file of a newer schema version, and a document of a newer shape', async () => {
    const file = tempFile();
    const s = store(file);
    await s.create(makeTestRecord({ id: 'ses_future' }));
    await s.close();
    const db = new Database(file);
    db.prepare("UPDATE sessions SET doc = json_set(doc, '$.schema', 2) WHERE id = 'ses_future'").run();
    const reopened = store(file);
    expect(await codeOf(reopened.get('ses_future'))).toBe('STORE_UNAVAILABLE');
    db.prepare("UPDATE meta SET value = '99' WHERE key = 'schema_version'").run();
    db.close();
    expect(() => createSqliteStore({ file })).toThrow(/schema version 99/);
  });
});
