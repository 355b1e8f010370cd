import type { Clock } from '../clock.js';
import { LimbicError } from '../errors.js';
import { toRelationshipSignal } from '../health/relationship-view.js';
import { deriveEngineParams, type EngineParams } from '../persona/engine-params.js';
import type { ResolvedPersona } from '../persona/persona.js';
import { slowDecay } from '../persona/slow-decay.js';
import type { SessionRecord, SessionStore } from '../store/session-store.js';
import type { ChangeFilter } from './change-filter.js';
import { type PendingCommit, type PlannedBatch, planBatch, type SessionPlan } from './commit-batch.js';
import type { TypedEmitter } from './emitter.js';
import type { LoadedSession } from './loaded-session.js';
import { type CachedParams, ParamsCache } from './params-cache.js';
import { RecentRecords } from './recent-records.js';
import type { SessionChange } from './session-change.js';
import { defaultMaxBatch } from './session-options.js';
import { SessionQueue } from './session-queue.js';
import type { SessionEvents, StateCause } from './session-types.js';
import { toStateEvent } from './session-views.js';

/** Options of {@link SessionWriter}. */
export interface SessionWriterOptions {
  store: SessionStore;
  clock: Clock;
  events: TypedEmitter<SessionEvents>;
  /** The remote-change filter, when the service watches the store: told about every write made here. */
  changes: ChangeFilter | undefined;
  /** Compare-and-set retries before CONFLICT. */
  maxRetries: number;
  /** The most commits of one batch (1: every commit written alone). Default {@link defaultMaxBatch}. */
  maxBatch?: number | undefined;
  /** How many times slower feelings fade on the engine clock (the service's `decaySlowdown`). Default 1. */
  decaySlowdown?: number | undefined;
}

/** How many sessions' last written records the writer keeps to plan their next commits on (see RecentRecords). */
export const recentRecords = 1024;

/** The NOT_FOUND error of a session id (shown shortened). */
export function notFound(sessionId: unknown): LimbicError {
  const shown = typeof sessionId === 'string' ? JSON.stringify(sessionId.slice(0, 128)) : 'id';
  return new LimbicError('NOT_FOUND', `Session ${shown} not found`);
}

function checkId(sessionId: unknown): asserts sessionId is string {
  if (typeof sessionId !== 'string' || sessionId.length === 0) throw notFound(sessionId);
}

/**
 * The session writer: every read and write of the session service goes through it. Operations on one session run
 * one at a time in this process, in arrival order (a FIFO queue per session); writes are compare-and-set against the
 * store's version and retried on fresh state when another writer won, and each change emits its events (`due`,
 * `turn`, `state`, `proactive`, in that order) after its write. It also caches each session's derived engine
 * parameters.
 *
 * Commits that wait for the same session are batched, like a database's group commit: a commit that finds the
 * session free starts at once, and the ones that queue meanwhile (at most `maxBatch`, the ones queued while the
 * previous write was in flight) are planned together, in arrival order, each on the record the one before it
 * planned, and written with ONE compare-and-set against the version read: one store write, so one fsync on SQLite
 * FULL, for the whole batch. Nothing waits for a batch to fill, so the batch size follows the load by itself. Each
 * commit is answered, and its events emitted, only after the batch's write succeeded, exactly as if the commits had
 * been written one by one; a plan that throws fails its own commit only; a lost race re-plans the whole batch. The
 * stored version still grows by one per change (a batch of n changes moves it from v to v + n). Other operations
 * ({@link SessionWriter.serialize}, such as a delete) keep their place in the queue between batches.
 */
export class SessionWriter {
  readonly #store: SessionStore;
  readonly #clock: Clock;
  readonly #events: TypedEmitter<SessionEvents>;
  readonly #changes: ChangeFilter | undefined;
  readonly #maxRetries: number;
  readonly #queue: SessionQueue<PendingCommit>;
  readonly #params = new ParamsCache(10_000);
  readonly #recent = new RecentRecords(recentRecords);
  readonly #slowdown: number;

  constructor(options: SessionWriterOptions) {
    this.#store = options.store;
    this.#clock = options.clock;
    this.#events = options.events;
    this.#changes = options.changes;
    this.#maxRetries = options.maxRetries;
    this.#slowdown = options.decaySlowdown ?? 1;
    const maxBatch = options.maxBatch ?? defaultMaxBatch;
    this.#queue = new SessionQueue((sessionId, take) => this.#commitBatch(sessionId, take), maxBatch);
  }

  /** A record's persona and derived engine parameters (cached per session: a persona never changes). */
  paramsOf(record: SessionRecord): CachedParams {
    return (
      this.#params.get(record.id) ??
      this.#params.set(
        record.id,
        record.persona,
        slowDecay(deriveEngineParams(record.persona), this.#slowdown),
      )
    );
  }

  /** Forgets what this process caches about a session (it was deleted, here or elsewhere). */
  forget(sessionId: string): void {
    this.#params.delete(sessionId);
    this.#recent.delete(sessionId);
  }

  /** Drops the record this process last wrote for a session that another process has written since. */
  replacedElsewhere(sessionId: string): void {
    this.#recent.delete(sessionId);
  }

  /** Reads an owner's session with its parameters and the time of the read. @throws LimbicError NOT_FOUND. */
  read(owner: string, sessionId: unknown): Promise<LoadedSession> {
    checkId(sessionId);
    return this.load(owner, sessionId);
  }

  /** {@link SessionWriter.read} for an id that was validated already (a parsed turn's). */
  async load(owner: string, sessionId: string): Promise<LoadedSession> {
    const record = await this.#store.get(sessionId);
    if (!record || record.owner !== owner) throw notFound(sessionId);
    return this.#loaded(record);
  }

  /** Stores a new session and emits its `created` state. @throws LimbicError SESSION_LIMIT. */
  async insert(
    record: SessionRecord,
    persona: ResolvedPersona,
    params: EngineParams,
    maxPerOwner: number | undefined,
  ): Promise<void> {
    await this.#store.create(record, maxPerOwner === undefined ? {} : { maxPerOwner });
    this.#changes?.wrote(record.id, record.version);
    this.#params.set(record.id, persona, slowDecay(params, this.#slowdown));
    this.emitState(record, 'created');
  }

  /** Deletes an owner's session after the operations queued on it, and emits `deleted`. @throws NOT_FOUND. */
  async remove(owner: string, sessionId: unknown): Promise<void> {
    checkId(sessionId);
    const deleted = await this.serialize(sessionId, () => this.#store.delete(owner, sessionId));
    if (!deleted) throw notFound(sessionId);
    this.#changes?.deleted(sessionId);
    this.forget(sessionId);
    this.#events.emit('deleted', { owner, sessionId });
  }

  /** Runs `fn` alone, after every earlier operation on the same session has settled and before every later one. */
  serialize<T>(sessionId: string, fn: () => Promise<T>): Promise<T> {
    return this.#queue.run(sessionId, fn);
  }

  /**
   * Read-modify-write of one session: serialized in this process, compare-and-set in the store, and on a lost race
   * re-read and re-planned on the fresh record (CONFLICT after `maxRetries` such retries). `plan` computes the
   * change of one read. @throws LimbicError NOT_FOUND, CONFLICT, or what `plan` throws.
   */
  mutate<T>(owner: string, sessionId: unknown, plan: SessionPlan<T>): Promise<T> {
    checkId(sessionId);
    return this.commit(owner, sessionId, plan);
  }

  /**
   * {@link SessionWriter.mutate} for an id that was validated already. `plan` may be asynchronous (a text turn
   * appraises again when the fresh record changed what its appraiser reads). The commit may be planned and written
   * in a batch with the commits queued next to it on the same session (see {@link SessionWriter}); a plan that
   * throws fails its own commit only.
   *
   * `first` is a read the caller made before the queue (a text turn reads once, appraises, then writes): when the
   * commit heads its batch, it is planned and written as it is, unless this process has written the session since;
   * when the write finds it stale, the session is re-read. That first attempt does not count as a retry, so a turn
   * gets as many retries as one that read inside the queue.
   */
  commit<T>(owner: string, sessionId: string, plan: SessionPlan<T>, first?: LoadedSession): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const pending: PendingCommit<T> = { owner, plan, first, resolve, reject };
      this.#queue.add(sessionId, pending as PendingCommit);
    });
  }

  /** Emits the `state` event of a write at `now` (default: the state's own time), when anyone listens. */
  emitState(record: SessionRecord, cause: StateCause, now = record.state.time): void {
    if (!this.#events.has('state')) return;
    this.#events.emit('state', toStateEvent(record, this.paramsOf(record).params, cause, now));
  }

  /** A record as a pass reads it: with its parameters, at the current time. */
  #loaded(record: SessionRecord): LoadedSession {
    const { persona, params } = this.paramsOf(record);
    return { record, persona, params, now: this.#clock.now() };
  }

  /** True when this process wrote the session after `record` was read (a read made before the queue). */
  #isStale(record: SessionRecord): boolean {
    return (this.#params.get(record.id)?.written ?? 0) > record.version;
  }

  /**
   * Runs one batch of commits of a session: reads (or takes the head's `first`), plans every commit in order, writes
   * the last record with one compare-and-set against the version read, and answers each commit after the write. A
   * lost race re-reads and re-plans the whole batch. Never rejects: each commit taken is resolved or rejected.
   */
  async #commitBatch(sessionId: string, take: () => PendingCommit | undefined): Promise<void> {
    const batch = [take()!];
    try {
      const { first } = batch[0]!;
      // A read not made from the store now: the head's own early read, or the record this process wrote last. If
      // the store has moved on, the write finds out, and the retry reads the store (without counting as a retry).
      const early = first !== undefined && !this.#isStale(first.record) ? first : undefined;
      const known = early ? undefined : this.#recent.get(sessionId);
      let speculative = early !== undefined || known !== undefined;
      let read = early?.record ?? known ?? (await this.#store.get(sessionId));
      for (let attempt = 0; ; ) {
        if (!read) throw notFound(sessionId);
        const planned = await planBatch(batch, {
          start: speculative && early ? early : this.#loaded(read),
          next: (record) => this.#loaded(record),
          take,
          notFound: () => notFound(sessionId),
        });
        if (planned.last === null) return this.#answer(batch, planned);
        for (const out of planned.outcomes)
          if (out.session && out.change.action) this.#changes?.raised(out.change.action.id);
        if (await this.#store.replace(planned.last, read.version)) return this.#answer(batch, planned);
        this.#recent.delete(sessionId);
        if (speculative) speculative = false;
        else if (attempt++ >= this.#maxRetries) {
          throw new LimbicError('CONFLICT', `Session ${sessionId} is being changed by another writer; retry`);
        }
        read = await this.#store.get(sessionId);
      }
    } catch (error) {
      for (const commit of batch) commit.reject(error);
    }
  }

  /** Answers each commit of a batch whose write succeeded (or that wrote nothing), emitting each change's events first. */
  #answer(batch: PendingCommit[], { outcomes, last }: PlannedBatch): void {
    if (last) {
      // Remembered with the session's cached parameters (no second map on every write); see #isStale.
      const cached = this.#params.get(last.id);
      if (cached) cached.written = last.version;
      this.#recent.set(last);
      this.#changes?.wrote(last.id, last.version);
    }
    for (const [i, out] of outcomes.entries()) {
      const commit = batch[i]!;
      if (!out.session) {
        commit.reject(out.error);
        continue;
      }
      if (out.change.record) this.#emitChange(out.session, out.change);
      commit.resolve(out.change.result);
    }
  }

  /** Emits the events of one written change, in order: `due`, `turn`, `state`, `proactive`, `signal`. */
  #emitChange({ record, params, now }: LoadedSession, change: SessionChange<unknown>): void {
    const next = change.record!;
    const { id, owner } = record;
    if (next.nextDueAt !== record.nextDueAt && this.#events.has('due')) {
      this.#events.emit('due', { sessionId: id, nextDueAt: next.nextDueAt });
    }
    if (change.turn && this.#events.has('turn'))
      this.#events.emit('turn', {
        owner,
        sessionId: id,
        result: change.turn,
        version: next.version,
        copingThreshold: params.config.coping_threshold,
      });
    if (change.cause) this.emitState(next, change.cause, now);
    if (change.action) this.#events.emit('proactive', { owner, sessionId: id, action: change.action });
    if (change.signals && this.#events.has('signal')) {
      const participant = change.turn?.speaker ?? null;
      for (const reading of change.signals) {
        const signal = toRelationshipSignal(reading, now);
        this.#events.emit('signal', { owner, sessionId: id, participant, signal });
      }
    }
  }
}
