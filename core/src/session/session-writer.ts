import type { Clock } from '../clock.js';
import { LimbicError } from '../errors.js';
import { deriveEngineParams, type EngineParams } from '../persona/engine-params.js';
import type { ResolvedPersona } from '../persona/persona.js';
import type { ProactiveAction } from '../proactive/proactive-action.js';
import type { SessionRecord, SessionStore } from '../store/session-store.js';
import type { ChangeFilter } from './change-filter.js';
import type { TypedEmitter } from './emitter.js';
import { KeyedLock } from './keyed-lock.js';
import type { LoadedSession } from './loaded-session.js';
import { type CachedParams, ParamsCache } from './params-cache.js';
import type { SessionEvents, StateCause, TurnResult } from './session-types.js';
import { toStateEvent } from './session-views.js';

/** What one pass over a session decided: the record to write (null: nothing), its result, and what to emit. */
export interface SessionChange<T> {
  /** A new record object (the writer sets its version), or null for no write. */
  record: SessionRecord | null;
  result: T;
  /** The cause of the `state` event after the write; undefined: no `state` event. */
  cause?: StateCause | undefined;
  /** A proactive action the change raised: pushed as a `proactive` event after the write. */
  action?: ProactiveAction | null | undefined;
  /** A turn's result: emitted as a `turn` event after the write. */
  turn?: TurnResult | undefined;
}

/** Options of {@link SessionWriter}. */
export interface SessionWriterOptions {
  store: SessionStore;
  clock: Clock;
  events: TypedEmitter<SessionEvents>;
  /** The remote-change filter, when the service watches the store: told about every write made here. */
  changes: ChangeFilter | undefined;
  /** Compare-and-set retries before CONFLICT. */
  maxRetries: number;
}

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
 * one at a time in this process (a FIFO lock per session), writes are compare-and-set against the store's version
 * and retried on fresh state when another writer won, and each successful write emits its events (`due`, `turn`,
 * `state`, `proactive`, in that order). It also caches each session's derived engine parameters.
 */
export class SessionWriter {
  readonly #store: SessionStore;
  readonly #clock: Clock;
  readonly #events: TypedEmitter<SessionEvents>;
  readonly #changes: ChangeFilter | undefined;
  readonly #maxRetries: number;
  readonly #locks = new KeyedLock();
  readonly #params = new ParamsCache(10_000);

  constructor(options: SessionWriterOptions) {
    this.#store = options.store;
    this.#clock = options.clock;
    this.#events = options.events;
    this.#changes = options.changes;
    this.#maxRetries = options.maxRetries;
  }

  /** A record's persona and derived engine parameters (cached per session: a persona never changes). */
  paramsOf(record: SessionRecord): CachedParams {
    return (
      this.#params.get(record.id) ??
      this.#params.set(record.id, record.persona, deriveEngineParams(record.persona))
    );
  }

  /** Forgets what this process caches about a session (it was deleted, here or elsewhere). */
  forget(sessionId: string): void {
    this.#params.delete(sessionId);
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
    const { persona, params } = this.paramsOf(record);
    return { record, persona, params, now: this.#clock.now() };
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
    this.#params.set(record.id, persona, params);
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

  /** Runs `fn` after every earlier operation on the same session has settled. */
  serialize<T>(sessionId: string, fn: () => Promise<T>): Promise<T> {
    return this.#locks.run(sessionId, fn);
  }

  /**
   * Read-modify-write of one session: serialized in this process, compare-and-set in the store, and on a lost race
   * re-read and re-planned on the fresh record (CONFLICT after `maxRetries` such retries). `plan` computes the
   * change of one read. @throws LimbicError NOT_FOUND, CONFLICT, or what `plan` throws.
   */
  mutate<T>(
    owner: string,
    sessionId: unknown,
    plan: (session: LoadedSession) => SessionChange<T> | Promise<SessionChange<T>>,
  ): Promise<T> {
    checkId(sessionId);
    return this.commit(owner, sessionId, plan);
  }

  /**
   * {@link SessionWriter.mutate} for an id that was validated already. `plan` may be asynchronous (a text turn
   * appraises again when the fresh record changed what its appraiser reads).
   *
   * `first` is a read the caller made before the lock (a text turn reads once, appraises, then writes): it is
   * planned and written as it is, unless this process has written the session since; when the write finds it stale,
   * the session is re-read. That first attempt does not count as a retry, so a turn gets as many retries as one
   * that read inside the lock.
   */
  commit<T>(
    owner: string,
    sessionId: string,
    plan: (session: LoadedSession) => SessionChange<T> | Promise<SessionChange<T>>,
    first?: LoadedSession,
  ): Promise<T> {
    return this.serialize(sessionId, async () => {
      let speculative = first !== undefined && !this.#isStale(first.record);
      let session = speculative ? first! : await this.load(owner, sessionId);
      for (let attempt = 0; ; ) {
        const planned = plan(session);
        const out = planned instanceof Promise ? await planned : planned;
        if (out.record === null) return out.result;
        if (await this.#write(session, out)) return out.result;
        if (speculative) speculative = false;
        else if (attempt++ >= this.#maxRetries) {
          throw new LimbicError('CONFLICT', `Session ${sessionId} is being changed by another writer; retry`);
        }
        session = await this.load(owner, sessionId);
      }
    });
  }

  /** Emits the `state` event of a write at `now` (default: the state's own time), when anyone listens. */
  emitState(record: SessionRecord, cause: StateCause, now = record.state.time): void {
    if (!this.#events.has('state')) return;
    this.#events.emit('state', toStateEvent(record, this.paramsOf(record).params, cause, now));
  }

  /** True when this process wrote the session after `record` was read (a read made before taking the lock). */
  #isStale(record: SessionRecord): boolean {
    return (this.#params.get(record.id)?.written ?? 0) > record.version;
  }

  /** Writes a planned change with compare-and-set and emits its events; false when another writer won. */
  async #write<T>(session: LoadedSession, out: SessionChange<T>): Promise<boolean> {
    const { record, now } = session;
    const next = out.record!;
    next.version = record.version + 1;
    if (out.action) this.#changes?.raised(out.action.id);
    if (!(await this.#store.replace(next, record.version))) return false;
    const { id, owner } = record;
    // Remembered with the session's cached parameters (no second map on every write); see #isStale.
    const cached = this.#params.get(id);
    if (cached) cached.written = next.version;
    this.#changes?.wrote(id, next.version);
    if (next.nextDueAt !== record.nextDueAt && this.#events.has('due')) {
      this.#events.emit('due', { sessionId: id, nextDueAt: next.nextDueAt });
    }
    if (out.turn && this.#events.has('turn'))
      this.#events.emit('turn', { owner, sessionId: id, result: out.turn });
    if (out.cause) this.emitState(next, out.cause, now);
    if (out.action) this.#events.emit('proactive', { owner, sessionId: id, action: out.action });
    return true;
  }
}
