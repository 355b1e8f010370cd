import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoreChange } from '@limbic/core';
import { makeTestRecord } from '@limbic/core/testing';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createSqliteStore, type SqliteStore } from './sqlite-store.js';
import { createSqliteChangeFeed } from './sqlite-watch.js';

const root = mkdtempSync(join(tmpdir(), 'limbic-sqlite-watch-'));
let n = 0;
function tempFile(): string {
  n += 1;
  return join(root, `db${n}`, 'limbic.db');
}
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Collects what a store's watch reports; `until` waits (event-driven, bounded) for a change matching `test`. */
function recorder(store: SqliteStore) {
  const changes: StoreChange[] = [];
  const waiters = new Set<() => void>();
  const stop = store.watch((change) => {
    changes.push(change);
    for (const wake of waiters) wake();
  });
  return {
    changes,
    stop,
    until(test: (change: StoreChange) => boolean, ms = 5000): Promise<StoreChange> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching change within ${ms} ms; got ${JSON.stringify(changes.map(brief))}`));
        }, ms);
        const check = () => {
          const found = changes.find(test);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        waiters.add(check);
        check();
      });
    },
  };
}

function brief(change: StoreChange) {
  return { id: change.id, owner: change.owner, version: change.record?.version ?? null };
}

describe('SQLite watch', () => {
  const open: SqliteStore[] = [];
  function store(file: string): SqliteStore {
    const s = createSqliteStore({ file, watchIntervalMs: 10 });
    open.push(s);
    return s;
  }
  afterEach(async () => {
    for (const s of open.splice(0)) await s.close();
  });

  it('reports another connection’s creates, turns and deletes with the current record and the owner', async () => {
    const file = tempFile();
    const reader = store(file);
    const writer = store(file);
    const watched = recorder(reader);
    const record = makeTestRecord({ id: 'ses_w1', owner: 'alice' });
    await writer.create(record);
    expect(await watched.until((c) => c.id === 'ses_w1')).toEqual({ id: 'ses_w1', owner: 'alice', record });
    const next = { ...record, version: 2, state: { ...record.state, turns: 1 } };
    await writer.replace(next, 1);
    expect((await watched.until((c) => c.record?.version === 2)).record).toEqual(next);
    await writer.delete('alice', 'ses_w1');
    expect(await watched.until((c) => c.record === null)).toEqual({
      id: 'ses_w1',
      owner: 'alice',
      record: null,
    });
    watched.stop();
  });

  it('reports every write path, its own writes included: plain and quota creates, group-committed turns, deletes', async () => {
    const s = store(tempFile());
    const watched = recorder(s);
    await s.create(makeTestRecord({ id: 'ses_plain' }));
    await s.create(makeTestRecord({ id: 'ses_quota' }), { maxPerOwner: 5 });
    const base = makeTestRecord({ id: 'ses_turned' });
    await s.create(base);
    await Promise.all([s.replace({ ...base, version: 2 }, 1), s.replace({ ...base, version: 2 }, 1)]);
    await s.delete(base.owner, 'ses_plain');
    await watched.until((c) => c.id === 'ses_plain' && c.record === null);
    const seen = new Set(watched.changes.map((c) => c.id));
    expect(seen).toEqual(new Set(['ses_plain', 'ses_quota', 'ses_turned']));
    expect(watched.changes.filter((c) => c.id === 'ses_turned').at(-1)?.record?.version).toBe(2);
    watched.stop();
  });

  it('starts with the writes after watch(), and again after a pause with nobody listening (no history)', async () => {
    const s = store(tempFile());
    await s.create(makeTestRecord({ id: 'ses_before' }));
    let watched = recorder(s);
    await s.create(makeTestRecord({ id: 'ses_first' }));
    await watched.until((c) => c.id === 'ses_first');
    watched.stop();
    await s.create(makeTestRecord({ id: 'ses_unwatched' }));
    watched = recorder(s);
    await s.create(makeTestRecord({ id: 'ses_second' }));
    await watched.until((c) => c.id === 'ses_second');
    expect(watched.changes.map((c) => c.id)).toEqual(['ses_second']);
    watched.stop();
  });

  it('keeps delivering to the other listeners when one throws, and reports the error', async () => {
    const errors: unknown[] = [];
    const s = createSqliteStore({ file: tempFile(), watchIntervalMs: 10, onError: (e) => errors.push(e) });
    open.push(s);
    s.watch(() => {
      throw new Error('listener failed');
    });
    const watched = recorder(s);
    await s.create(makeTestRecord({ id: 'ses_robust' }));
    await watched.until((c) => c.id === 'ses_robust');
    expect(errors.map((e) => (e as Error).message)).toContain('listener failed');
  });
});

describe('the change log', () => {
  it('is written by the triggers in the writing transaction, and a session changed twice between polls comes once', async () => {
    const file = tempFile();
    const s = createSqliteStore({ file });
    const db = new Database(file);
    try {
      const version = db.prepare<[string], number>('SELECT version FROM sessions WHERE id = ?').pluck();
      const feed = createSqliteChangeFeed({
        db,
        read: (id) => {
          const v = version.get(id);
          return v === undefined ? null : makeTestRecord({ id, version: v });
        },
        intervalMs: 60_000,
        onError: (error) => {
          throw error;
        },
      });
      const old = makeTestRecord({ id: 'ses_old' });
      await s.create(old);
      const changes: StoreChange[] = [];
      const stop = feed.add((change) => changes.push(change));
      const fresh = makeTestRecord({ id: 'ses_new' });
      await s.create(fresh);
      await s.replace({ ...fresh, version: 2 }, 1);
      await s.replace({ ...old, version: 2 }, 1);
      await s.replace({ ...fresh, version: 3 }, 2);
      expect(db.prepare("SELECT count(*) FROM changes WHERE session_id = 'ses_new'").pluck().get()).toBe(3);
      feed.poll();
      expect(changes.map(brief)).toEqual([
        { id: 'ses_old', owner: 'owner-a', version: 2 },
        { id: 'ses_new', owner: 'owner-a', version: 3 },
      ]);
      stop();
      feed.close();
    } finally {
      db.close();
      await s.close();
    }
  });

  it('is pruned by whoever polls: nothing older than 10 minutes, and at most the newest 10,000 rows', () => {
    const file = tempFile();
    const s = createSqliteStore({ file });
    const db = new Database(file);
    try {
      const insert = db.prepare('INSERT INTO changes (session_id, owner, at) VALUES (?, ?, ?)');
      const t0 = 1_767_225_600_000;
      db.transaction(() => {
        for (let i = 0; i < 12_000; i++) insert.run(`ses_${i}`, 'o', i < 500 ? t0 : t0 + 11 * 60_000);
      })();
      let now = t0 + 15 * 60_000;
      const feed = createSqliteChangeFeed({
        db,
        read: () => null,
        intervalMs: 60_000,
        onError: () => {},
        now: () => now,
      });
      const stop = feed.add(() => {});
      feed.poll();
      const count = () => db.prepare('SELECT count(*) FROM changes').pluck().get();
      const first = () => db.prepare('SELECT min(seq) FROM changes').pluck().get();
      expect(count()).toBe(10_000);
      expect(first()).toBe(2001);
      // Ten minutes later every row is older than ten minutes: the log empties, and seq numbers are never reused.
      now += 11 * 60_000;
      feed.poll();
      expect(count()).toBe(0);
      insert.run('ses_after', 'o', now);
      expect(first()).toBe(12_001);
      stop();
      feed.close();
    } finally {
      db.close();
      void s.close();
    }
  });
});
