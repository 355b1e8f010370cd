import type { SessionRecord } from '../store/session-store.js';
import type { LoadedSession } from './loaded-session.js';
import type { SessionChange } from './session-change.js';

/** A read-modify-write of one session: computes the change of one read (it may be asynchronous). */
export type SessionPlan<T> = (session: LoadedSession) => SessionChange<T> | Promise<SessionChange<T>>;

/** A commit waiting for its session in the writer's queue: who asks, the plan, and how to answer. */
export interface PendingCommit<T = unknown> {
  owner: string;
  plan: SessionPlan<T>;
  /**
   * A read made before the queue (`SessionWriter.commit`'s `first`): planned on when the commit heads its batch and
   * the read is not stale, or when it is the very record the batch has reached.
   */
  first: LoadedSession | undefined;
  resolve: (result: T) => void;
  reject: (error: unknown) => void;
}

/** What one commit of a batch gave: its change and the session it was planned on, or what its plan threw. */
export type PlannedCommit =
  | { session: LoadedSession; change: SessionChange<unknown> }
  | { session?: undefined; error: unknown };

/** A planned batch: each commit's outcome in batch order, and the record to write (null: nothing changed). */
export interface PlannedBatch {
  outcomes: PlannedCommit[];
  last: SessionRecord | null;
}

/** Options of {@link planBatch}. */
export interface PlanBatchOptions {
  /** The session the first commit is planned on: a fresh read, or that commit's own `first`. */
  start: LoadedSession;
  /** The session a later commit is planned on: the record the commit before it planned, at the current time. */
  next: (record: SessionRecord) => LoadedSession;
  /** Gives another waiting commit to add to the batch, or undefined. */
  take: () => PendingCommit | undefined;
  /** The error of a commit whose owner does not own the session. */
  notFound: () => unknown;
}

/**
 * Plans the commits of one session in arrival order, each on the record the one before it planned, as if each had
 * been written before the next one read: the first on `start`, the next on the first's record (version + 1), and so
 * on. Takes more commits with `take` while it plans, appending them to `batch`. A plan that throws, or a commit of
 * another owner, fails alone and the next commit is planned on the last good record; a plan with no record to write
 * leaves the record as it was. Nothing is written or answered here.
 */
export async function planBatch(batch: PendingCommit[], options: PlanBatchOptions): Promise<PlannedBatch> {
  const { start, next, take, notFound } = options;
  const outcomes: PlannedCommit[] = [];
  let record = start.record;
  for (let i = 0; ; i++) {
    if (i === batch.length) {
      const more = take();
      if (more === undefined) break;
      batch.push(more);
    }
    const commit = batch[i]!;
    if (commit.owner !== record.owner) {
      outcomes.push({ error: notFound() });
      continue;
    }
    // A commit's own early read is its input when nothing was planned since (the same record object).
    const session = i === 0 ? start : commit.first?.record === record ? commit.first : next(record);
    try {
      const planned = commit.plan(session);
      const change = planned instanceof Promise ? await planned : planned;
      if (change.record !== null) {
        change.record.version = record.version + 1;
        record = change.record;
      }
      outcomes.push({ session, change });
    } catch (error) {
      outcomes.push({ error });
    }
  }
  return { outcomes, last: record === start.record ? null : record };
}
