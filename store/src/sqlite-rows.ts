import { defaultMemorySettings, type MemoryEpisode, type SessionRecord } from '@limbic/core';
import type { Database, Transaction } from 'better-sqlite3';
import { checkDocument, type SessionDocument } from './session-document.js';
import type { SqliteMemories } from './sqlite-memories.js';

/** A row of the SQLite `sessions` table. */
export interface SessionRow {
  id: string;
  owner: string;
  version: number;
  created_at: number;
  updated_at: number;
  next_due_at: number | null;
  doc: string;
}

/** The columns of {@link SessionRow}, in the order the store's statements bind them. */
export const sessionColumns = 'id, owner, version, created_at, updated_at, next_due_at, doc';

/**
 * The record of a session row and its episodes (oldest first), or without its memory for null. A document with
 * memory settings gives a memory (empty or not); one without them gives none unless episodes are stored, which then
 * have the default settings.
 * @throws LimbicError STORE_UNAVAILABLE for a document this code cannot read.
 */
export function toRecord(row: SessionRow, episodes: readonly MemoryEpisode[] | null): SessionRecord {
  const doc = checkDocument(row.id, JSON.parse(row.doc) as SessionDocument);
  const record: SessionRecord = {
    id: row.id,
    owner: row.owner,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    persona: doc.persona,
    state: doc.state,
    proactive: doc.proactive,
    nextDueAt: row.next_due_at,
  };
  if (doc.activity !== undefined) record.activity = doc.activity;
  if (doc.overrides !== undefined) record.overrides = doc.overrides;
  if (episodes === null) return record;
  if (doc.memory !== undefined) record.memory = { settings: doc.memory.settings, episodes };
  else if (episodes.length > 0) record.memory = { settings: defaultMemorySettings, episodes };
  return record;
}

/** The writes of a session row with its episodes, each one transaction (a savepoint inside a group commit). */
export interface RecordWriters {
  /** Inserts a new session (its episodes too). */
  insertRecord: Transaction<(record: SessionRecord, doc: string) => void>;
  /**
   * The compare-and-set of a session row and, when it matched, the episode writes: the number of rows it changed
   * (0: the version moved on, and nothing was written).
   */
  updateRecord: Transaction<(record: SessionRecord, doc: string, expectedVersion: number) => number>;
}

/** The writers of {@link RecordWriters} on one connection. */
export function recordWriters(db: Database, memories: SqliteMemories): RecordWriters {
  const insert = db.prepare<[string, string, number, number, number, number | null, string]>(
    `INSERT INTO sessions (${sessionColumns}) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const update = db.prepare<[number, number, number | null, string, string, number, string]>(
    'UPDATE sessions SET version = ?, updated_at = ?, next_due_at = ?, doc = ? WHERE id = ? AND version = ? AND owner = ?',
  );
  return {
    insertRecord: db.transaction((record: SessionRecord, doc: string) => {
      const { id, owner, version, createdAt, updatedAt, nextDueAt } = record;
      insert.run(id, owner, version, createdAt, updatedAt, nextDueAt, doc);
      memories.write(record, null);
    }),
    updateRecord: db.transaction((record: SessionRecord, doc: string, expectedVersion: number) => {
      const { id, owner, version, updatedAt, nextDueAt } = record;
      const changes = update.run(version, updatedAt, nextDueAt, doc, id, expectedVersion, owner).changes;
      if (changes === 1) memories.write(record, expectedVersion);
      return changes;
    }),
  };
}
