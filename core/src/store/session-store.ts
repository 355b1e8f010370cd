import type { EngineState } from '../engine/engine-state.js';
import type { ActivityState } from '../health/activity.js';
import type { MemoryState } from '../memory/episode.js';
import type { ResolvedPersona } from '../persona/persona.js';
import type { ProactiveState } from '../proactive/proactive-action.js';
import type { OverrideState } from '../session/state-override.js';

/**
 * One session as stores keep it. Records are immutable values: the session service never changes a record it has
 * read or written, it writes a new one with a higher version.
 */
export interface SessionRecord {
  /** Session identifier (`ses_` + time-sortable id); creation order is id order. */
  id: string;
  /** Opaque owner (an API key's account and environment, or `local` in embedded use). */
  owner: string;
  /**
   * Optimistic-concurrency version: 1 on create, then +1 per change. The session service may write several changes
   * at once (a batch of turns on one session), moving it from v to v + n in one write, so a reader of the store can
   * see it skip; it only ever grows.
   */
  version: number;
  /** Wall/engine-clock times in ms. */
  createdAt: number;
  updatedAt: number;
  persona: ResolvedPersona;
  state: EngineState;
  proactive: ProactiveState;
  /** When the scheduler should next check this session (ms), or null when nothing is time-driven. */
  nextDueAt: number | null;
  /**
   * The character's episodic memory (docs/memory.md). Absent in records written before memory existed and in
   * sessions that never remembered anything, which read it as empty with default settings.
   */
  memory?: MemoryState;
  /**
   * Each person's activity history for the relationship signals (docs/relationship-health.md): daily counts of the
   * last 35 days. Absent in records written before it existed, which read it as empty.
   */
  activity?: ActivityState;
  /**
   * Operator overrides (docs/time-control.md): the log of the latest ones and what the next turn's explanation
   * measures from. Absent in sessions never overridden.
   */
  overrides?: OverrideState;
}

/** Options of {@link SessionStore.create}. */
export interface CreateOptions {
  /** Refuse with SESSION_LIMIT when the owner already has this many sessions (checked atomically with the insert). */
  maxPerOwner?: number;
}

/** The order of a session list: `newest` (latest created, so highest id, first) or `oldest` (id order). */
export type SessionOrder = 'newest' | 'oldest';

/** Options of {@link SessionStore.list}. */
export interface ListOptions {
  /** Only records whose id comes after this one in `order` (greater for oldest, smaller for newest). */
  after?: string;
  /** Default `oldest`: ascending ids. `newest`: descending ids. Ids are creation-ordered (`createIdGenerator`). */
  order?: SessionOrder;
  /** Most records returned. */
  limit: number;
  /**
   * False to leave every record's `memory` out, for listings that show none of it: a session may hold thousands of
   * episodes, which a page of 100 sessions would otherwise read and parse. Default true: complete records.
   */
  memory?: boolean;
}

/** A session that is due for a time-driven check. */
export interface DueSession {
  id: string;
  owner: string;
  nextDueAt: number;
}

/**
 * A change written to the store by any writer (this process or another one sharing the backend), as
 * {@link SessionStore.watch} reports it: the record as stored after the change, or null when it was deleted.
 */
export interface StoreChange {
  id: string;
  owner: string;
  record: SessionRecord | null;
}

/**
 * The storage port of the session service. Every implementation (memory, SQLite, MongoDB) passes the same
 * contract suite (`@limbic/core/testing`). Methods reject with LimbicError: CONFLICT for a duplicate id,
 * SESSION_LIMIT for a full quota, STORE_UNAVAILABLE when the backend cannot be reached.
 */
export interface SessionStore {
  /** A short name for health reports, e.g. `memory`. */
  readonly kind: string;
  /** Inserts a new record (version 1). */
  create(record: SessionRecord, options?: CreateOptions): Promise<void>;
  /** Reads a record by id, or null. */
  get(id: string): Promise<SessionRecord | null>;
  /**
   * Replaces a record if the stored version equals `expectedVersion` (compare-and-set), storing the record's own
   * version (greater than `expectedVersion`, not necessarily by one). Resolves false when the version moved on or
   * the record was deleted; the caller re-reads and retries.
   */
  replace(record: SessionRecord, expectedVersion: number): Promise<boolean>;
  /** Deletes a record of `owner`; false when there was none. */
  delete(owner: string, id: string): Promise<boolean>;
  /**
   * Records of `owner` in id (creation) order, or newest first when `order` is `newest`, strictly after `after` (in
   * that order) when given, at most `limit`; without their memory when `memory` is false.
   */
  list(owner: string, options: ListOptions): Promise<SessionRecord[]>;
  /** Number of sessions of `owner`. */
  count(owner: string): Promise<number>;
  /** Sessions whose nextDueAt is at or before `time`, earliest first, at most `limit`. */
  due(time: number, limit: number): Promise<DueSession[]>;
  /** The earliest nextDueAt of any session, or null. */
  earliestDue(): Promise<number | null>;
  /**
   * Optional: reports every change written to the store, including this process's own writes (the session service
   * filters those out), so several processes on one backend can push each other's changes to their subscribers.
   * Stores that only one process can use (memory) omit it. Returns the function that stops
   * reporting. Delivery is at least once and may skip intermediate versions of a record.
   */
  watch?(listener: (change: StoreChange) => void): () => void;
  /** Optional: a cheap round trip with a short timeout for health checks; rejects with STORE_UNAVAILABLE. */
  ping?(): Promise<void>;
  /**
   * Optional: the wall-clock time (ms since 1970) from which every process on this store counts a clock that runs
   * `scale` times faster than the wall (LIMBIC_TIME_SCALE), so they agree on engine time. The first call for a scale
   * stores `proposed`; every later call for that scale, from any process, returns the stored value. Stores that only
   * one process can use (memory) may omit it: that process then counts from its own start.
   */
  clockOrigin?(scale: number, proposed: number): Promise<number>;
  /** Releases resources; the store is unusable afterwards. */
  close(): Promise<void>;
}
