import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTestBinding, makeTestMemory, makeTestRecord } from '@limbic/core/testing';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { toDocument } from './session-document.js';
import { sqliteMigrations, sqliteSchemaVersion } from './sqlite-schema.js';
import { createSqliteStore } from './sqlite-store.js';

const root = mkdtempSync(join(tmpdir(), 'limbic-sqlite-schema-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('SQLite schema migrations', () => {
  it('brings a file of schema 1 to the current schema: its sessions stay (without memory), bindings, records, the change log and the episode rows appear', async () => {
    const file = join(root, 'v1.db');
    const old = new Database(file);
    old.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    sqliteMigrations[0]!(old);
    old.prepare("INSERT INTO meta (key, value) VALUES ('schema_version', '1')").run();
    const record = makeTestRecord({ id: 'ses_from_v1' });
    old
      .prepare(
        'INSERT INTO sessions (id, owner, version, created_at, updated_at, next_due_at, doc) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        record.id,
        record.owner,
        1,
        record.createdAt,
        record.updatedAt,
        null,
        JSON.stringify(toDocument(record)),
      );
    old.close();

    const store = createSqliteStore({ file });
    try {
      expect(sqliteSchemaVersion).toBe(6);
      expect(await store.get(record.id)).toEqual(record);
      const binding = makeTestBinding({ sessionId: record.id });
      expect(await store.bindings().insert(binding)).toEqual(binding);
      const link = { key: 'identity:telegram:1', value: { person: 'psn_1' }, expiresAt: null, updatedAt: 1 };
      await store.bindings().putRecord(link);
      expect(await store.bindings().getRecord(link.key, 2)).toEqual(link);
      const memory = makeTestMemory(3);
      await store.replace({ ...record, version: 2, memory }, 1);
      expect((await store.get(record.id))?.memory).toEqual(memory);
      const peek = new Database(file, { readonly: true });
      try {
        expect(peek.prepare("SELECT value FROM meta WHERE key = 'schema_version'").pluck().get()).toBe('6');
        expect(peek.prepare('SELECT session_id FROM changes').pluck().all()).toEqual([record.id]);
        expect(peek.prepare('SELECT id FROM memories ORDER BY seq').pluck().all()).toEqual(
          memory.episodes.map((e) => e.id),
        );
      } finally {
        peek.close();
      }
    } finally {
      await store.close();
    }
  });
});
