import type { Database, Statement } from 'better-sqlite3';

/** Writes gathered during one turn of the event loop and committed in one transaction. */
export interface GroupCommit<A extends unknown[]> {
  /**
   * Queues one run of the statement; resolves with the number of rows it changed once the transaction holding it
   * is committed (on disk under `synchronous = FULL`), or rejects with the error of the whole batch.
   */
  write(...args: A): Promise<number>;
  /** Commits the queued writes now (before closing the database). */
  flush(): void;
}

interface Queued<A> {
  args: A;
  resolve: (changes: number) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for one prepared write statement. better-sqlite3 is synchronous, so a commit that waits for fsync
 * blocks the event loop; with one transaction per write, concurrent turns on different sessions pay one fsync each.
 * Here every write queued while the event loop handles a round of I/O runs in one `BEGIN IMMEDIATE … COMMIT`
 * at the next check phase (`setImmediate`), and all of them are acknowledged after that one fsync. The statements
 * run in arrival order, so compare-and-set outcomes are the ones sequential commits would give; if the transaction
 * fails, every write of the batch is rejected (none of them is on disk).
 */
export function createGroupCommit<A extends unknown[]>(
  db: Database,
  statement: Statement<A>,
  toError: (error: unknown) => unknown,
): GroupCommit<A> {
  let queue: Queued<A>[] = [];
  const commit = db.transaction((batch: Queued<A>[]) => batch.map((w) => statement.run(...w.args).changes));

  function flush(): void {
    const batch = queue;
    queue = [];
    if (batch.length === 0) return;
    let changes: number[];
    try {
      changes = commit.immediate(batch);
    } catch (error) {
      const failure = toError(error);
      for (const w of batch) w.reject(failure);
      return;
    }
    batch.forEach((w, i) => {
      w.resolve(changes[i]!);
    });
  }

  return {
    write(...args: A) {
      return new Promise<number>((resolve, reject) => {
        if (queue.length === 0) setImmediate(flush);
        queue.push({ args, resolve, reject });
      });
    },
    flush,
  };
}
