import { type MemoryEpisode, recentRecords, type SessionRecord } from '@limbic/core';
import type { Database } from 'better-sqlite3';

/**
 * Sessions whose last episode list the store remembers: as many as the session service remembers records of, so
 * the lists it plans turns on are the ones known here.
 */
export const knownSessions = recentRecords;

const none: readonly MemoryEpisode[] = Object.freeze([]);

/** The episode writes that turn one stored list into the next, or null when only a rewrite can (a reordering). */
export interface EpisodeDiff {
  /** Episodes whose object changed (rehearsed, text dropped): rewritten in place, order kept. */
  changed: MemoryEpisode[];
  /** New episodes, all after the kept ones, oldest first. */
  added: MemoryEpisode[];
  /** Ids of the episodes that are gone. */
  removed: string[];
}

/**
 * The writes from `old` to `next`. Episodes are immutable, so an episode is unchanged when it is the same object;
 * the engine only ever appends new episodes and keeps the others in order (dropping some), which the `seq` column
 * can express without renumbering. One pass over both lists, comparing ids in order: an old episode that does not
 * come next is gone, and the new list's tail past the old one's end is added. Anything else (a new episode before a
 * kept one, a reordering: an added id that was taken for gone) gives null.
 */
export function diffEpisodes(
  old: readonly MemoryEpisode[],
  next: readonly MemoryEpisode[],
): EpisodeDiff | null {
  const out: EpisodeDiff = { changed: [], added: [], removed: [] };
  let i = 0;
  for (let j = 0; j < old.length; j++) {
    const was = old[j]!;
    const now = next[i];
    if (now === undefined || now.id !== was.id) {
      out.removed.push(was.id);
      continue;
    }
    if (now !== was) out.changed.push(now);
    i++;
  }
  for (; i < next.length; i++) out.added.push(next[i]!);
  if (out.added.length > 0 && out.removed.length > 0) {
    const removed = new Set(out.removed);
    if (out.added.some((e) => removed.has(e.id))) return null;
  }
  return out;
}

/**
 * The `memories` table of the SQLite store (one row per episode: the session id, the episode id, its place `seq`
 * and its JSON) and a bounded map of the episode list last written or read for each recently used session, at
 * which version. A write diffs the new list against that list when the compare-and-set expects that version, so a
 * turn writes only the episodes it added, changed or dropped, and nothing when its memory did not change; without
 * it (a session not seen lately), the session's rows are rewritten. A read at a known version reuses the known list
 * instead of reading the rows. Versions identify one content: a stored version is only ever replaced by a higher
 * one, so the known list at a version is what the file holds at that version, whichever process asks.
 */
export interface SqliteMemories {
  /** The episodes known for a session at `version`, if its list at that version is known. */
  known(id: string, version: number): readonly MemoryEpisode[] | undefined;
  /**
   * The episodes stored for a session whose row was read at `version` (in the same read transaction), oldest
   * first; `remember` keeps them as known (a read made before a write, unlike a listing).
   */
  read(id: string, version: number, remember: boolean): readonly MemoryEpisode[];
  /** Writes the episodes of a session just inserted or replaced (inside that write's transaction). */
  write(record: SessionRecord, expectedVersion: number | null): void;
  /** Forgets what is known of a session (deleted, or its write rolled back). */
  forget(id: string): void;
}

/** The episode rows of a connection; see {@link SqliteMemories}. */
export function createSqliteMemories(db: Database): SqliteMemories {
  const known = new Map<string, { version: number; episodes: readonly MemoryEpisode[] }>();
  const list = db
    .prepare<[string], string | null>(
      "SELECT '[' || group_concat(doc, ',' ORDER BY seq) || ']' FROM memories WHERE session_id = ?",
    )
    .pluck();
  const nextSeq = db
    .prepare<[string], number>('SELECT coalesce(max(seq) + 1, 0) FROM memories WHERE session_id = ?')
    .pluck();
  const insert = db.prepare<[string, string, number, string]>(
    'INSERT INTO memories (session_id, id, seq, doc) VALUES (?, ?, ?, ?)',
  );
  const update = db.prepare<[string, string, string]>(
    'UPDATE memories SET doc = ? WHERE session_id = ? AND id = ?',
  );
  const remove = db.prepare<[string, string]>('DELETE FROM memories WHERE session_id = ? AND id = ?');
  const removeAll = db.prepare<[string]>('DELETE FROM memories WHERE session_id = ?');

  function remember(id: string, version: number, episodes: readonly MemoryEpisode[]): void {
    known.delete(id);
    known.set(id, { version, episodes });
    if (known.size > knownSessions) known.delete(known.keys().next().value!);
  }

  function append(id: string, episodes: readonly MemoryEpisode[], from: number): void {
    for (let k = 0; k < episodes.length; k++) {
      const episode = episodes[k]!;
      insert.run(id, episode.id, from + k, JSON.stringify(episode));
    }
  }

  function rewrite(id: string, episodes: readonly MemoryEpisode[]): void {
    removeAll.run(id);
    append(id, episodes, 0);
  }

  return {
    known(id, version) {
      const entry = known.get(id);
      return entry?.version === version ? entry.episodes : undefined;
    },
    read(id, version, keep) {
      const entry = known.get(id);
      if (entry?.version === version) {
        if (keep) remember(id, version, entry.episodes);
        return entry.episodes;
      }
      const json = list.get(id);
      const episodes = json == null ? none : (JSON.parse(json) as MemoryEpisode[]);
      if (keep) remember(id, version, episodes);
      return episodes;
    },
    write(record, expectedVersion) {
      const next = record.memory?.episodes ?? none;
      const entry = known.get(record.id);
      if (entry === undefined || entry.version !== expectedVersion) rewrite(record.id, next);
      else if (entry.episodes !== next && (entry.episodes.length > 0 || next.length > 0)) {
        const diff = diffEpisodes(entry.episodes, next);
        if (diff === null) rewrite(record.id, next);
        else {
          for (const gone of diff.removed) remove.run(record.id, gone);
          for (const episode of diff.changed) update.run(JSON.stringify(episode), record.id, episode.id);
          if (diff.added.length > 0) append(record.id, diff.added, nextSeq.get(record.id)!);
        }
      }
      remember(record.id, record.version, next);
    },
    forget(id) {
      known.delete(id);
    },
  };
}
