import type { Appraiser } from '../appraisal/appraiser.js';
import { createReaderAppraiser } from '../appraisal/reader-appraiser.js';
import { type Clock, createSystemClock } from '../clock.js';
import type { ResolvedAddress } from '../group/address.js';
import { maxParticipants } from '../group/participants.js';
import type { PersonaWriter } from '../persona/persona-writer.js';
import { type ProactivePreferences, parsePreferences, withPolicyDefaults } from '../proactive/preferences.js';
import type { ProactiveAction } from '../proactive/proactive-action.js';
import { createCryptoRandom, createIdGenerator, type Random } from '../random.js';
import { isSnapshotImport, SessionSnapshots } from '../snapshot/session-snapshots.js';
import { createMemoryStore } from '../store/memory-store.js';
import type { SessionStore } from '../store/session-store.js';
import { ChangeFilter } from './change-filter.js';
import { createFromDefinition } from './create-session.js';
import { DueChecks } from './due-checks.js';
import { TypedEmitter } from './emitter.js';
import type { LoadedSession } from './loaded-session.js';
import { watchRemoteChanges } from './remote-changes.js';
import type { StateSnapshot } from './results.js';
import type { SessionChange } from './session-change.js';
import { SessionControls } from './session-controls.js';
import {
  type AckResult,
  acknowledgeStep,
  checkActionId,
  checkParticipantId,
  forgetParticipantStep,
  setPreferencesStep,
} from './session-edits.js';
import { SessionMemories } from './session-memories.js';
import { defaultMaxRetries, type SessionServiceOptions } from './session-options.js';
import { type SessionPageOptions, toSessionPageRequest } from './session-order.js';
import { SessionOutreach } from './session-outreach.js';
import { SessionRelationships } from './session-relationships.js';
import type {
  ParticipantPage,
  SessionDetails,
  SessionEvents,
  SessionInfo,
  SessionPage,
  TurnResult,
} from './session-types.js';
import {
  isParticipantId,
  snapshotAt,
  toPageRequest,
  toParticipantPage,
  toSessionDetails,
  toSessionPage,
} from './session-views.js';
import { SessionWriter } from './session-writer.js';
import { commitTextTurn } from './text-appraisal.js';
import { parseAppraisalTurn, parseTextTurn } from './turn-input.js';
import { runTurnStep, type TurnStepInput, toAppraisalStepInput, toTurnChange } from './turn-step.js';

/**
 * The session service: the one in-process API that the gateway, the GraphQL layer and the bot adapters share.
 * It creates and stores sessions, runs turns (serialized per session, compare-and-set against the store, retried
 * on a lost race), keeps proactive preferences and the pending queue, and emits typed events. It is a facade: the
 * {@link SessionWriter} reads and writes, pure steps compute each change, and the views format what is read.
 * @example
 * const service = createSessionService();
 * const { sessionId } = await service.createSession('local', { preset: 'cheerful_companion' });
 * const result = await service.textTurn('local', { sessionId, message: 'You did it, you won the game!' });
 * console.log(result.discrete_emotion, result.prompt_data.formatted.context_block);
 */
export class SessionService {
  readonly store: SessionStore;
  readonly clock: Clock;
  readonly appraiser: Appraiser;
  readonly personaWriter: PersonaWriter | undefined;
  /** The characters' episodic memories: list, forget, settings (docs/memory.md). */
  readonly memories: SessionMemories;
  /** Session snapshots: export a session as a portable document, import one as a new session (docs/snapshots.md). */
  readonly snapshots: SessionSnapshots;
  /** Relationship health: the values, their trend and the signals (docs/relationship-health.md). */
  readonly relationships: SessionRelationships;
  /** The operator's controls: advance a session's time, override its state (docs/time-control.md). */
  readonly controls: SessionControls;
  readonly outreach: SessionOutreach;
  readonly #random: Random;
  readonly #maxSessions: (owner: string) => number | undefined;
  readonly #maxParticipants: number;
  readonly #events: TypedEmitter<SessionEvents>;
  readonly #writer: SessionWriter;
  readonly #checks: DueChecks;
  readonly #sessionId: (prefix: string, time: number) => string;
  readonly #unwatch: (() => void) | undefined;

  constructor(options: SessionServiceOptions = {}) {
    this.store = options.store ?? createMemoryStore();
    this.clock = options.clock ?? createSystemClock();
    this.appraiser = options.appraiser ?? createReaderAppraiser();
    this.personaWriter = options.personaWriter;
    this.#random = options.random ?? createCryptoRandom();
    this.#sessionId = createIdGenerator(this.#random);
    this.#maxSessions = options.maxSessions ?? (() => undefined);
    this.#maxParticipants = options.maxParticipants ?? maxParticipants;
    this.#events = new TypedEmitter(options.onListenerError ?? (() => {}));
    const watch = this.store.watch !== undefined && options.watchStore !== false;
    const changes = watch ? new ChangeFilter(this.clock.now()) : undefined;
    const { store, clock } = this;
    const events = this.#events;
    const maxRetries = options.maxRetries ?? defaultMaxRetries;
    const { maxBatch, decaySlowdown } = options;
    this.#writer = new SessionWriter({ store, clock, events, changes, maxRetries, maxBatch, decaySlowdown });
    this.#checks = new DueChecks(store, clock, this.#writer, this.#random);
    this.memories = new SessionMemories(this.#writer);
    this.snapshots = new SessionSnapshots(this.#writer, clock, this.#sessionId, this.#maxSessions);
    this.relationships = new SessionRelationships(this.#writer);
    this.controls = new SessionControls(this.#writer, this.#random);
    this.outreach = new SessionOutreach(this.#writer);
    if (changes) this.#unwatch = watchRemoteChanges({ store, clock, events, writer: this.#writer, changes });
  }

  /** Stops re-emitting other processes' changes (the store's watch); the service keeps working otherwise. */
  stopWatching(): void {
    this.#unwatch?.();
  }

  /** Subscribes to an event; returns the unsubscribe function. */
  on<K extends keyof SessionEvents>(event: K, listener: (...args: SessionEvents[K]) => void): () => void {
    return this.#events.on(event, listener);
  }

  /**
   * Creates a session from a persona definition (preset, custom, or both). `maxSessions` (default: the service's
   * `maxSessions` option) is the owner's quota, checked atomically with the insert.
   *
   * A definition with a `description` but neither `preset` nor `personality` asks the `personaWriter` (an LLM) to
   * write the persona from the description; the fields the definition does give (identity fields, goals,
   * emotion_config) take precedence over the written ones, and the description is kept as it was sent. A request
   * `{snapshot}` creates the session from a snapshot instead ({@link SessionSnapshots.importRequest}).
   * @throws LimbicError VALIDATION_ERROR (also when a description alone is sent and no persona writer is
   * configured), INVALID_PRESET, SESSION_LIMIT, or APPRAISER_FAILED when the LLM could not write the persona.
   */
  async createSession(
    owner: string,
    definition: unknown,
    options: { maxSessions?: number; signal?: AbortSignal } = {},
  ): Promise<SessionInfo> {
    if (isSnapshotImport(definition)) return this.snapshots.importRequest(owner, definition, options);
    const max = options.maxSessions ?? this.#maxSessions(owner);
    const { store, clock, personaWriter } = this;
    const deps = { store, clock, personaWriter, writer: this.#writer, sessionId: this.#sessionId };
    return createFromDefinition(deps, owner, definition, max, options.signal);
  }

  /** Reads a session with its current state. @throws LimbicError NOT_FOUND. */
  async getSession(owner: string, sessionId: string): Promise<SessionDetails> {
    const { record, persona, params, now } = await this.#writer.read(owner, sessionId);
    return toSessionDetails(record, persona, params, now);
  }

  /**
   * Lists an owner's sessions, newest first unless `order` is `oldest` (a cursor keeps its order), `limit` (1-100,
   * default 20) at a time. @throws LimbicError VALIDATION_ERROR for a bad cursor, limit or order.
   */
  async listSessions(owner: string, options: SessionPageOptions = {}): Promise<SessionPage> {
    const { limit, order, query } = toSessionPageRequest(options);
    // A listing shows no memory: the store need not read any.
    return toSessionPage(await this.store.list(owner, { ...query, memory: false }), limit, order);
  }

  /** Deletes a session and everything about it. @throws LimbicError NOT_FOUND. */
  async deleteSession(owner: string, sessionId: string): Promise<{ deleted: true; id: string }> {
    await this.#writer.remove(owner, sessionId);
    return { deleted: true, id: sessionId };
  }

  /** The current state snapshot (advanced to now, not written). @throws LimbicError NOT_FOUND. */
  async getState(owner: string, sessionId: string): Promise<StateSnapshot> {
    const { record, params, now } = await this.#writer.read(owner, sessionId);
    return snapshotAt(record, params, now);
  }

  /**
   * Processes a turn with a pre-computed appraisal.
   * @throws LimbicError VALIDATION_ERROR (with every bad field), NOT_FOUND or CONFLICT.
   */
  async appraisalTurn(owner: string, input: unknown): Promise<TurnResult> {
    const turn = parseAppraisalTurn(input);
    const step = toAppraisalStepInput(turn);
    return this.#writer.commit(owner, turn.sessionId, (session) => this.#turn(session, step));
  }

  /**
   * Processes a natural-language turn: `{sessionId, message}` or `{sessionId, event: {description, source}}`. The
   * appraiser turns the text into an appraisal; events from `system` or `internal` sources do not count as contact.
   * @throws LimbicError VALIDATION_ERROR, NOT_FOUND, APPRAISER_FAILED or CONFLICT.
   */
  async textTurn(owner: string, input: unknown, signal?: AbortSignal): Promise<TurnResult> {
    const turn = parseTextTurn(input);
    return commitTextTurn(this.#writer, this.appraiser, owner, turn, signal, (session, step, address) =>
      this.#turn(session, step, address),
    );
  }

  /** The session's proactive preferences. @throws LimbicError NOT_FOUND. */
  async getPreferences(owner: string, sessionId: string): Promise<ProactivePreferences> {
    return withPolicyDefaults((await this.#writer.read(owner, sessionId)).record.proactive.preferences);
  }

  /**
   * Replaces the proactive preferences (omitted triggers default to on, cooldown_hours to 4).
   * @throws LimbicError VALIDATION_ERROR or NOT_FOUND.
   */
  async setPreferences(
    owner: string,
    sessionId: string,
    input: unknown,
  ): Promise<{ sessionId: string; preferences: ProactivePreferences }> {
    const preferences = parsePreferences(input);
    return this.#writer.mutate(owner, sessionId, (session) => setPreferencesStep(session, preferences));
  }

  /**
   * The pending (unacknowledged) proactive actions, oldest first. A time-driven check runs first when one is due,
   * so this works with or without a scheduler. @throws LimbicError NOT_FOUND.
   */
  async pendingActions(owner: string, sessionId: string): Promise<ProactiveAction[]> {
    return this.#checks.pending(owner, sessionId);
  }

  /**
   * Acknowledges a pending action so it is never delivered again. Idempotent: acknowledging it again succeeds.
   * @throws LimbicError NOT_FOUND for an unknown session or an action id this session never had (or forgot: it
   * remembers the last 100 acknowledged ids), VALIDATION_ERROR for a malformed id.
   */
  async acknowledge(owner: string, sessionId: string, actionId: unknown): Promise<AckResult> {
    checkActionId(actionId);
    return this.#writer.mutate(owner, sessionId, (session) => acknowledgeStep(session, actionId));
  }

  /**
   * The participants of a group session in id order, `limit` (1-100, default 20) at a time, each with the
   * character's relationship with them now. Empty for a session that never had a turn with `from`.
   * @throws LimbicError NOT_FOUND, or VALIDATION_ERROR for a bad cursor or limit.
   */
  async listParticipants(
    owner: string,
    sessionId: string,
    options: { cursor?: string | null; limit?: unknown } = {},
  ): Promise<ParticipantPage> {
    const { limit, after } = toPageRequest(options, isParticipantId);
    const { record, now } = await this.#writer.read(owner, sessionId);
    return toParticipantPage(record, Math.max(now, record.state.time), after, limit);
  }

  /**
   * Forgets one participant: deletes the character's relationship with them and everything the session holds about
   * them (their entry, their place as last speaker, pending proactive actions addressed to them). The character's
   * feelings stay as they are: what happened, happened.
   * @throws LimbicError NOT_FOUND for an unknown session or participant, VALIDATION_ERROR for a malformed id.
   */
  async forgetParticipant(
    owner: string,
    sessionId: string,
    participantId: unknown,
  ): Promise<{ forgotten: true; id: string }> {
    checkParticipantId(participantId);
    return this.#writer.mutate(owner, sessionId, (session) => forgetParticipantStep(session, participantId));
  }

  /**
   * The time-driven check of one session (what a scheduler calls when the session is due): evaluates the
   * triggers at the current time, raises at most one action, and writes the next due time. Resolves with the
   * action raised, or null (also for a session that no longer exists, or that is no longer due).
   *
   * This is also the claim when several processes run schedulers on one store: the check reads the session,
   * computes, and writes with compare-and-set on its version. Of two processes racing on one due session, one write
   * lands; the other's compare-and-set fails, it re-reads, finds the session no longer due (the winner moved
   * `nextDueAt`) and writes nothing. So each due check raises its action exactly once.
   */
  async checkProactive(sessionId: string): Promise<ProactiveAction | null> {
    return this.#checks.check(sessionId);
  }

  /** Runs the time-driven checks of every session due now (at most `limit`); resolves with the actions raised. */
  async runDueChecks(limit = 100): Promise<ProactiveAction[]> {
    return this.#checks.runDue(limit);
  }

  /** Engine-clock time (ms) of the next time-driven check of any session, or null: for a scheduler's timer. */
  nextCheckAt(): Promise<number | null> {
    return this.store.earliestDue();
  }

  #turn(session: LoadedSession, input: TurnStepInput, address?: ResolvedAddress): SessionChange<TurnResult> {
    const options = { random: this.#random, maxParticipants: this.#maxParticipants, address };
    return toTurnChange(runTurnStep(session, input, options));
  }
}

/** Creates a {@link SessionService}. */
export function createSessionService(options: SessionServiceOptions = {}): SessionService {
  return new SessionService(options);
}
