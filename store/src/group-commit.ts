import type { Database, Statement } from 'better-sqlite3';

/** Writes gathered during one turn of the event loop and committed in one transaction. */
export interface GroupCommit {
  /**
   * Queues one run of `statement`; resolves with the number of rows it changed once the transaction holding it is
   * committed (on disk under `synchronous = FULL`). Rejects with the driver's error when the statement violates a
   * constraint (the rest of the batch commits), or with `toError` of the error that failed the whole batch.
   */
  write<A extends unknown[]>(statement: Statement<A>, ...args: A): Promise<number>;
  /**
   * Queues `work`, which runs several statements inside the batch's transaction and returns the number of rows its
   * main statement changed, as {@link GroupCommit.write} does for one statement. Make it a better-sqlite3
   * transaction function: nested in the batch it becomes a savepoint, so a constraint violation undoes all of its
   * statements and fails it alone. `undo` runs when the batch that ran it is rolled back (to drop what `work`
   * remembered of rows that are not on disk after all).
   */
  run(work: () => number, undo?: () => void): Promise<number>;
  /** Commits the queued writes now (before closing the database). */
  flush(): void;
}

interface Queued {
  work: () => number;
  undo: (() => void) | undefined;
  resolve: (changes: number) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for the prepared write statements of one connection. better-sqlite3 is synchronous, so a commit that
 * waits for fsync blocks the event loop; with one transaction per write, concurrent turns on different sessions pay
 * one fsync each. Here every write queued while the event loop handles a round of I/O (session turns, binding
 * updates) runs in one `BEGIN IMMEDIATE … COMMIT` at the next check phase (`setImmediate`), and all of them are
 * acknowledged after that one fsync. The statements run in arrival order, so compare-and-set outcomes are the ones
 * sequential commits would give; if the transaction fails, every write of the batch is rejected (none of them is on
 * disk).
 */
export function createGroupCommit(db: Database, toError: (error: unknown) => unknown): GroupCommit {
  let queue: Queued[] = [];
  // A constraint violation aborts only its own statement (SQLite keeps the transaction): it fails that write alone.
  // Any other error fails the batch, since SQLite may have rolled the whole transaction back.
  const commit = db.transaction((batch: Queued[]) =>
    batch.map((w): number | { error: unknown } => {
      try {
        return w.work();
      } catch (error) {
        if (!String((error as { code?: unknown }).code).startsWith('SQLITE_CONSTRAINT')) throw error;
        return { error };
      }
    }),
  );

  function flush(): void {
    const batch = queue;
    queue = [];
    if (batch.length === 0) return;
    let outcomes: (number | { error: unknown })[];
    try {
      outcomes = commit.immediate(batch);
    } catch (error) {
      const failure = toError(error);
      for (const w of batch) w.undo?.();
      for (const w of batch) w.reject(failure);
      return;
    }
    batch.forEach((w, i) => {
      const outcome = outcomes[i]!;
      if (typeof outcome === 'number') w.resolve(outcome);
      else w.reject(outcome.error);
    });
  }

  function run(work: () => number, undo?: () => void): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ work, undo, resolve, reject });
    });
  }

  return {
    write: (statement, ...args) => run(() => statement.run(...args).changes),
    run,
    flush,
  };
}
