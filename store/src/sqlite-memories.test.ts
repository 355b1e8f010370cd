import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultMemorySettings, type MemoryEpisode, type SessionRecord } from '@limbic/core';
import { makeTestEpisode, makeTestMemory, makeTestRecord } from '@limbic/core/testing';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { diffEpisodes } from './sqlite-memories.js';
import { createSqliteStore, type SqliteStore } from './sqlite-store.js';

const root = mkdtempSync(join(tmpdir(), 'limbic-sqlite-memories-'));
let n = 0;
afterAll(() => rmSync(root, { recursive: true, force: true }));

const open: (SqliteStore | Database.Database)[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
});

/** A new file with a store on it, and a raw connection that counts every statement on `memories` by kind. */
function setup() {
  n += 1;
  const file = join(root, `m${n}.db`);
  const store = createSqliteStore({ file });
  const raw = new Database(file);
  open.push(store, raw);
  raw.exec(`
    CREATE TABLE memory_writes (kind TEXT NOT NULL);
    CREATE TRIGGER log_insert AFTER INSERT ON memories BEGIN INSERT INTO memory_writes VALUES ('insert'); END;
    CREATE TRIGGER log_update AFTER UPDATE ON memories BEGIN INSERT INTO memory_writes VALUES ('update'); END;
    CREATE TRIGGER log_delete AFTER DELETE ON memories BEGIN INSERT INTO memory_writes VALUES ('delete'); END;
  `);
  /** The episode rows written since the last call, by kind. */
  const writes = () => {
    const rows = raw.prepare('SELECT kind, count(*) AS n FROM memory_writes GROUP BY kind').all() as {
      kind: string;
      n: number;
    }[];
    raw.exec('DELETE FROM memory_writes');
    return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
  };
  const rows = (id: string) =>
    raw.prepare('SELECT count(*) FROM memories WHERE session_id = ?').pluck().get(id) as number;
  return { file, store, raw, writes, rows };
}

function next(record: SessionRecord, episodes: readonly MemoryEpisode[]): SessionRecord {
  return { ...record, version: record.version + 1, memory: { settings: record.memory!.settings, episodes } };
}

describe('diffEpisodes', () => {
  const e = Array.from({ length: 6 }, (_, i) => makeTestEpisode(i + 1));
  it('finds nothing to write for the same objects, and appends new episodes at the end', () => {
    expect(diffEpisodes(e, e.slice())).toEqual({ changed: [], added: [], removed: [] });
    const more = [...e, makeTestEpisode(7)];
    expect(diffEpisodes(e, more)).toEqual({ changed: [], added: [more[6]], removed: [] });
  });

  it('rewrites changed objects in place and deletes the ids that are gone', () => {
    const rehearsed = { ...e[3]!, rehearsals: [1] };
    const list = [e[0]!, e[2]!, rehearsed, e[5]!, makeTestEpisode(9)];
    expect(diffEpisodes(e, list)).toEqual({
      changed: [rehearsed],
      added: [list[4]],
      removed: [e[1]!.id, e[4]!.id],
    });
  });

  it('gives up on a new episode before a kept one, and on a reordering', () => {
    expect(diffEpisodes(e, [makeTestEpisode(9), ...e])).toBeNull();
    expect(diffEpisodes(e, [e[0]!, e[2]!, e[1]!])).toBeNull();
  });
});

describe('SQLite episode rows', () => {
  it('writes only the episodes a replace added, changed or removed, and none when the list is the same', async () => {
    const { store, writes, rows } = setup();
    const v1 = makeTestRecord({ id: 'ses_rows', memory: makeTestMemory(500) });
    await store.create(v1);
    expect(writes()).toEqual({ insert: 500 });
    const v2 = { ...v1, version: 2 };
    expect(await store.replace(v2, 1)).toBe(true);
    expect(writes()).toEqual({});
    const e = v2.memory!.episodes;
    const v3 = next(v2, [
      ...e.slice(1, 200),
      { ...e[200]!, rehearsals: [2] },
      ...e.slice(201),
      makeTestEpisode(501),
    ]);
    expect(await store.replace(v3, 2)).toBe(true);
    expect(writes()).toEqual({ insert: 1, update: 1, delete: 1 });
    // Planned on a record read back: the same objects as the store last saw, so again only the change.
    const read = (await store.get('ses_rows'))!;
    const v4 = next(read, [...read.memory!.episodes, makeTestEpisode(502)]);
    expect(await store.replace(v4, 3)).toBe(true);
    expect(writes()).toEqual({ insert: 1 });
    expect(rows('ses_rows')).toBe(501);
  });

  it('rewrites a session’s rows when the record written was planned on a version it did not see', async () => {
    const { file, store, writes } = setup();
    const other = createSqliteStore({ file });
    open.push(other);
    const v1 = makeTestRecord({ id: 'ses_other', memory: makeTestMemory(20) });
    await store.create(v1);
    const v2 = next(v1, [...v1.memory!.episodes, makeTestEpisode(21)]);
    expect(await store.replace(v2, 1)).toBe(true);
    writes();
    const v3 = next(v2, v2.memory!.episodes.slice(5));
    expect(await other.replace(v3, 2)).toBe(true);
    expect(writes()).toEqual({ delete: 21, insert: 16 });
    const fresh = createSqliteStore({ file });
    open.push(fresh);
    expect(await fresh.get('ses_other')).toEqual(v3);
  });

  it('forgets what it wrote in a batch that was rolled back', async () => {
    const { file, store } = setup();
    const busy = createSqliteStore({ file });
    open.push(busy);
    const v1 = makeTestRecord({ id: 'ses_rollback', memory: makeTestMemory(4) });
    const other = makeTestRecord({ id: 'ses_poisoned', memory: makeTestMemory(1) });
    await busy.create(v1);
    await busy.create(other);
    const e = v1.memory!.episodes;
    // A write that fails after the first one of its batch ran (an episode that cannot be serialized) rolls both back.
    const poisoned = next(other, [{ ...makeTestEpisode(2), salience: 1n as unknown as number }]);
    const outcomes = await Promise.allSettled([
      busy.replace(next(v1, [...e, makeTestEpisode(5)]), 1),
      busy.replace(poisoned, 1),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    // Meanwhile another process writes version 2 differently; `busy` must not diff against the list it lost.
    const won = next(v1, [...e, makeTestEpisode(7)]);
    expect(await store.replace(won, 1)).toBe(true);
    const v3 = next(won, e);
    expect(await busy.replace(v3, 2)).toBe(true);
    const fresh = createSqliteStore({ file });
    open.push(fresh);
    expect(await fresh.get('ses_rollback')).toEqual(v3);
  });

  it('deletes the episode rows with their session and logs one change per write', async () => {
    const { store, raw, rows } = setup();
    const v1 = makeTestRecord({ id: 'ses_gone', memory: makeTestMemory(30) });
    const kept = makeTestRecord({ id: 'ses_kept', memory: makeTestMemory(3) });
    await store.create(v1);
    await store.create(kept);
    const changes = () => raw.prepare('SELECT count(*) FROM changes').pluck().get() as number;
    const before = changes();
    expect(await store.replace(next(v1, [...v1.memory!.episodes, makeTestEpisode(31)]), 1)).toBe(true);
    expect(changes()).toBe(before + 1);
    expect(await store.delete('owner-a', 'ses_gone')).toBe(true);
    expect(changes()).toBe(before + 2);
    expect(rows('ses_gone')).toBe(0);
    expect(rows('ses_kept')).toBe(3);
  });

  it('reads episode rows under a document without memory settings as a memory with the default settings', async () => {
    const { store, raw } = setup();
    await store.create(makeTestRecord({ id: 'ses_bare' }));
    const episode = makeTestEpisode(1);
    raw
      .prepare("INSERT INTO memories (session_id, id, seq, doc) VALUES ('ses_bare', ?, 0, ?)")
      .run(episode.id, JSON.stringify(episode));
    const fresh = createSqliteStore({ file: store.file });
    open.push(fresh);
    expect((await fresh.get('ses_bare'))?.memory).toEqual({
      settings: defaultMemorySettings,
      episodes: [episode],
    });
  });

  it('reads a session’s episodes in order through its index', () => {
    const { raw } = setup();
    const plan = (
      raw
        .prepare(
          "EXPLAIN QUERY PLAN SELECT group_concat(doc, ',' ORDER BY seq) FROM memories WHERE session_id = 'x'",
        )
        .all() as { detail: string }[]
    )
      .map((r) => r.detail)
      .join('; ');
    expect(plan).toMatch(/USING INDEX (memories_order|sqlite_autoindex_memories_1)/);
    expect(plan).not.toMatch(/SCAN memories/);
  });
});
