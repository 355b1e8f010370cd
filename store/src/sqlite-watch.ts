import type { SessionRecord, StoreChange } from '@limbic/core';
import type { Database } from 'better-sqlite3';

/** Options of {@link createSqliteChangeFeed}. */
export interface SqliteChangeFeedOptions {
  db: Database;
  /** The current record of a session, or null when it was deleted. */
  read: (id: string) => SessionRecord | null;
  /** Polling period while someone listens, ms. */
  intervalMs: number;
  /** Reports a failure (the feed keeps polling); called once per streak of failures. */
  onError: (error: unknown) => void;
  /** Wall clock for pruning, ms; default Date.now. */
  now?: () => number;
}

/** The SQLite store's change feed behind `SessionStore.watch`. */
export interface SqliteChangeFeed {
  /** Adds a listener (the first one starts polling from the latest change); returns the function that removes it. */
  add(listener: (change: StoreChange) => void): () => void;
  /** Reads and delivers the changes logged since the last poll now (tests; the timer calls it too). */
  poll(): void;
  /** Stops polling and forgets the listeners. */
  close(): void;
}

/** Changes read per query; a full batch is followed by another at once. */
const batchSize = 1000;
/** The log keeps the last this many changes… */
const keepChanges = 10_000;
/** …and nothing older than this, ms. */
const keepMs = 10 * 60_000;
/** How often a polling process prunes the log, ms. */
const pruneEveryMs = 10_000;

interface ChangeRow {
  seq: number;
  session_id: string;
  owner: string;
}

/**
 * Follows the `changes` log of a SQLite file, which triggers on `sessions` fill in every writing transaction, from
 * whichever process wrote. While at least one listener is registered it polls every `intervalMs` (an unref'd timer)
 * for rows after the last one it read, starting from the newest row at the time polling started (no history), and
 * reports each changed session once per poll with its current row (null when deleted). Whoever polls also prunes the
 * log every 10 s: rows older than 10 minutes or beyond the newest 10,000 go.
 */
export function createSqliteChangeFeed(options: SqliteChangeFeedOptions): SqliteChangeFeed {
  const { db, read, intervalMs, onError } = options;
  const now = options.now ?? Date.now;
  const listeners = new Set<(change: StoreChange) => void>();
  const latest = db
    .prepare<[], number>("SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'changes'), 0)")
    .pluck();
  const after = db.prepare<[number, number], ChangeRow>(
    'SELECT seq, session_id, owner FROM changes WHERE seq > ? ORDER BY seq LIMIT ?',
  );
  const oldest = db.prepare<[], number | null>('SELECT min(seq) FROM changes').pluck();
  const firstSince = db
    .prepare<[number], number>('SELECT seq FROM changes WHERE at >= ? ORDER BY seq LIMIT 1')
    .pluck();
  const prune = db.prepare<[number]>('DELETE FROM changes WHERE seq < ?');
  let last = 0;
  let timer: NodeJS.Timeout | undefined;
  let immediate: NodeJS.Immediate | undefined;
  let failing = false;
  let prunedAt = 0;
  let closed = false;

  function failed(error: unknown): void {
    if (!failing) onError(error);
    failing = true;
  }

  function emit(change: () => StoreChange): void {
    let value: StoreChange;
    try {
      value = change();
    } catch (error) {
      onError(error);
      return;
    }
    for (const listener of [...listeners]) {
      try {
        listener(value);
      } catch (error) {
        onError(error);
      }
    }
  }

  function pruneLog(): void {
    prunedAt = now();
    const newest = latest.get() ?? 0;
    const recent = firstSince.get(prunedAt - keepMs);
    const keepFrom = Math.max(newest - keepChanges + 1, recent ?? newest + 1);
    const first = oldest.get();
    if (first !== null && first !== undefined && first < keepFrom) prune.run(keepFrom);
  }

  /** One batch; true when it was full (more may be waiting). */
  function pollOnce(): boolean {
    const rows = after.all(last, batchSize);
    if (rows.length === 0) return false;
    last = rows.at(-1)!.seq;
    // A session changed several times since the last poll is reported once, at its current row.
    const changed = new Map<string, string>();
    for (const row of rows) {
      changed.delete(row.session_id);
      changed.set(row.session_id, row.owner);
    }
    for (const [id, owner] of changed) {
      if (listeners.size === 0) break;
      emit(() => {
        const record = read(id);
        return { id, owner: record?.owner ?? owner, record };
      });
    }
    return rows.length === batchSize;
  }

  function poll(): void {
    try {
      const full = pollOnce();
      if (now() - prunedAt >= pruneEveryMs) pruneLog();
      failing = false;
      if (full && listeners.size > 0 && immediate === undefined) {
        clearTimeout(timer);
        timer = undefined;
        immediate = setImmediate(() => {
          immediate = undefined;
          tick();
        });
      }
    } catch (error) {
      failed(error);
    }
  }

  function tick(): void {
    timer = undefined;
    if (closed || listeners.size === 0) return;
    poll();
    if (!closed && listeners.size > 0 && immediate === undefined && timer === undefined) schedule();
  }

  function schedule(): void {
    timer = setTimeout(tick, intervalMs);
    timer.unref();
  }

  function stop(): void {
    clearTimeout(timer);
    if (immediate) clearImmediate(immediate);
    timer = undefined;
    immediate = undefined;
  }

  return {
    add(listener) {
      listeners.add(listener);
      if (listeners.size === 1 && !closed) {
        try {
          last = latest.get() ?? 0;
        } catch (error) {
          failed(error);
        }
        schedule();
      }
      return () => {
        if (listeners.delete(listener) && listeners.size === 0) stop();
      };
    },
    poll,
    close() {
      closed = true;
      listeners.clear();
      stop();
    },
  };
}
