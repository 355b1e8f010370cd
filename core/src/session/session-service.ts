import type { Appraisal } from '../appraisal/appraisal.js';
import { clampAppraisal, parseAppraisal } from '../appraisal/appraisal.js';
import type { AppraisalOutcome, Appraiser } from '../appraisal/appraiser.js';
import type { Conduct } from '../appraisal/listener.js';
import { createReaderAppraiser } from '../appraisal/reader-appraiser.js';
import { familiarity } from '../body/relationship.js';
import { type Clock, createSystemClock } from '../clock.js';
import { advanceTo } from '../engine/advance.js';
import { createInitialState } from '../engine/engine-state.js';
import { observe } from '../engine/observe.js';
import { isLimbicError, LimbicError, sessionLimitError, toValidationError } from '../errors.js';
import { resolveAddress } from '../group/address.js';
import { applyTurn } from '../group/group-turn.js';
import {
  type Addressee,
  closestParticipant,
  maxParticipantIdLength,
  maxParticipants,
  type ParticipantRef,
  participantsOf,
  relationshipAt,
  relationshipWith,
  removeParticipant,
} from '../group/participants.js';
import type { EmotionLabel } from '../labels/emotion-label.js';
import { deriveEngineParams, type EngineParams } from '../persona/engine-params.js';
import type { ResolvedPersona } from '../persona/persona.js';
import { validatePersonaShape } from '../persona/persona-schema.js';
import type { PersonaWriter } from '../persona/persona-writer.js';
import { resolvePersona } from '../persona/resolve-persona.js';
import { defaultPreferences, type ProactivePreferences, parsePreferences } from '../proactive/preferences.js';
import {
  acknowledgedMemory,
  type ProactiveAction,
  type ProactiveState,
} from '../proactive/proactive-action.js';
import { raiseAction } from '../proactive/raise-action.js';
import { evaluateTriggers, nextDueAt } from '../proactive/triggers.js';
import { createCryptoRandom, createIdGenerator, type Random } from '../random.js';
import { createMemoryStore } from '../store/memory-store.js';
import type { SessionRecord, SessionStore, StoreChange } from '../store/session-store.js';
import { ChangeFilter } from './change-filter.js';
import { decodeCursor, encodeCursor, parseLimit } from './cursor.js';
import { TypedEmitter } from './emitter.js';
import { KeyedLock } from './keyed-lock.js';
import { ParamsCache } from './params-cache.js';
import { type StateSnapshot, toSnapshot } from './results.js';
import type {
  ParticipantPage,
  SessionDetails,
  SessionEvents,
  SessionInfo,
  SessionPage,
  TurnResult,
} from './session-types.js';
import { parseAppraisalTurn, parseTextTurn } from './turn-input.js';
import { buildTurnResult } from './turn-result.js';

/** Compare-and-set retries of a turn before CONFLICT (several instances writing one session). */
export const defaultMaxRetries = 32;

/** Options of {@link createSessionService}. */
export interface SessionServiceOptions {
  /** Where sessions live. Default: a new in-memory store. */
  store?: SessionStore;
  /** The engine clock. Default: the system clock. */
  clock?: Clock;
  /** Randomness for identifiers. Default: Web Crypto. */
  random?: Random;
  /**
   * Turns text into appraisals. Default: the offline {@link createReaderAppraiser | reader} (English; its weights
   * load on the first text turn).
   */
  appraiser?: Appraiser;
  /**
   * Writes personas from a description (an LLM, e.g. `createPersonaWriter(settings)`). Without one, a definition that
   * gives only a description is a VALIDATION_ERROR naming the missing setting.
   */
  personaWriter?: PersonaWriter;
  /** Session quota of an owner (undefined: unlimited). */
  maxSessions?: (owner: string) => number | undefined;
  /** Compare-and-set retries before a turn fails with CONFLICT. Default {@link defaultMaxRetries}. */
  maxRetries?: number;
  /** Called when an event listener throws. Default: ignore. */
  onListenerError?: (error: unknown, event: string) => void;
  /**
   * Most participants a session keeps (group sessions); past it, the one seen least recently is forgotten. Default
   * {@link maxParticipants} (1,000).
   */
  maxParticipants?: number;
  /**
   * Re-emit changes that other processes write to a shared store (when the store has `watch`), so subscribers of
   * this process hear about turns, actions and deletions made elsewhere. Default true.
   */
  watchStore?: boolean;
}

/** The result of acknowledging a proactive action. */
export interface AckResult {
  action_id: string;
  /** Always true: the action is acknowledged (now, or it already was). */
  acknowledged: true;
}

const minRecheckMs = 60_000;

/** The rule a description-only persona breaks when no LLM is configured. */
const noWriterMessage =
  'a persona from a description alone is written by an LLM, and none is configured (gateway: set LIMBIC_LLM_URL ' +
  'and LIMBIC_LLM_MODEL; in-process: the personaWriter option, or llm in openEngine()); or send a preset or ' +
  'personality with it';

/** True for a definition that gives a description and neither a preset nor a personality. */
function asksForWriter(definition: unknown): boolean {
  if (definition === null || typeof definition !== 'object' || Array.isArray(definition)) return false;
  const d = definition as Record<string, unknown>;
  return typeof d.description === 'string' && d.preset === undefined && d.personality === undefined;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * The session service: the one in-process API that the gateway, the GraphQL layer and the bot adapters share.
 * It creates and stores sessions, runs turns (serialized per session, compare-and-set against the store, retried
 * on a lost race), keeps proactive preferences and the pending queue, and emits typed events.
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
  readonly #random: Random;
  readonly #maxSessions: (owner: string) => number | undefined;
  readonly #maxRetries: number;
  readonly #maxParticipants: number;
  readonly #events: TypedEmitter<SessionEvents>;
  readonly #locks = new KeyedLock();
  readonly #params = new ParamsCache(10_000);
  readonly #sessionId: (prefix: string, time: number) => string;
  readonly #changes: ChangeFilter | undefined;
  readonly #unwatch: (() => void) | undefined;

  constructor(options: SessionServiceOptions = {}) {
    this.store = options.store ?? createMemoryStore();
    this.clock = options.clock ?? createSystemClock();
    this.appraiser = options.appraiser ?? createReaderAppraiser();
    this.personaWriter = options.personaWriter;
    this.#random = options.random ?? createCryptoRandom();
    this.#sessionId = createIdGenerator(this.#random);
    this.#maxSessions = options.maxSessions ?? (() => undefined);
    this.#maxRetries = options.maxRetries ?? defaultMaxRetries;
    this.#maxParticipants = options.maxParticipants ?? maxParticipants;
    this.#events = new TypedEmitter(options.onListenerError ?? (() => {}));
    if (this.store.watch && options.watchStore !== false) {
      this.#changes = new ChangeFilter(this.clock.now());
      this.#unwatch = this.store.watch((change) => this.#onStoreChange(change));
    }
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
   * emotion_config) take precedence over the written ones, and the description is kept as it was sent.
   * @throws LimbicError VALIDATION_ERROR (also when a description alone is sent and no persona writer is
   * configured), INVALID_PRESET, SESSION_LIMIT, or APPRAISER_FAILED when the LLM could not write the persona.
   */
  async createSession(
    owner: string,
    definition: unknown,
    options: { maxSessions?: number; signal?: AbortSignal } = {},
  ): Promise<SessionInfo> {
    const max = options.maxSessions ?? this.#maxSessions(owner);
    const persona = await this.#resolvePersona(definition, options.signal, owner, max);
    const params = deriveEngineParams(persona);
    const now = this.clock.now();
    const record: SessionRecord = {
      id: this.#sessionId('ses_', now),
      owner,
      version: 1,
      createdAt: now,
      updatedAt: now,
      persona,
      state: createInitialState(params, now),
      proactive: {
        preferences: defaultPreferences,
        pending: [],
        lastActionAt: null,
        raisedInAbsence: { since: now, types: [] },
        acknowledged: [],
      },
      nextDueAt: null,
    };
    await this.store.create(record, max === undefined ? {} : { maxPerOwner: max });
    this.#changes?.wrote(record.id, record.version);
    this.#params.set(record.id, persona, params);
    this.#emitState(record, 'created');
    return { sessionId: record.id, persona, config: params.config, createdAt: iso(record.createdAt) };
  }

  async #resolvePersona(
    definition: unknown,
    signal: AbortSignal | undefined,
    owner: string,
    max: number | undefined,
  ): Promise<ResolvedPersona> {
    if (!asksForWriter(definition)) return resolvePersona(definition);
    const shape = validatePersonaShape(definition);
    if (!shape.ok) throw toValidationError('persona', shape.issues);
    if (!this.personaWriter) {
      throw toValidationError('persona', [{ path: 'description', message: noWriterMessage }]);
    }
    // No model call for a session the quota would refuse (the insert still checks atomically).
    if (max !== undefined && (await this.store.count(owner)) >= max) {
      throw sessionLimitError(max);
    }
    const given = shape.value;
    const written = await this.personaWriter.write(given.description ?? '', signal);
    return resolvePersona({
      ...written,
      ...given,
      identity: { ...written.identity, ...given.identity },
    });
  }

  /** Reads a session with its current state. @throws LimbicError NOT_FOUND. */
  async getSession(owner: string, sessionId: string): Promise<SessionDetails> {
    const record = await this.#load(owner, sessionId);
    const { persona, params } = this.#paramsOf(record);
    return {
      sessionId: record.id,
      persona,
      config: params.config,
      createdAt: iso(record.createdAt),
      updatedAt: iso(record.updatedAt),
      preferences: record.proactive.preferences,
      state: this.#snapshotAt(record, params, this.clock.now()),
    };
  }

  /**
   * Lists an owner's sessions in creation order, `limit` (1-100, default 20) at a time.
   * @throws LimbicError VALIDATION_ERROR for a bad cursor or limit.
   */
  async listSessions(
    owner: string,
    options: { cursor?: string | null; limit?: unknown } = {},
  ): Promise<SessionPage> {
    const limit = parseLimit(options.limit);
    const after = options.cursor ? decodeCursor(options.cursor) : undefined;
    const records = await this.store.list(
      owner,
      after === undefined ? { limit: limit + 1 } : { after, limit: limit + 1 },
    );
    const page = records.slice(0, limit);
    return {
      sessions: page.map((r) => ({
        sessionId: r.id,
        name: r.persona.identity.name,
        preset: r.persona.preset,
        description: r.persona.description,
        createdAt: iso(r.createdAt),
        updatedAt: iso(r.updatedAt),
        turns: r.state.turns,
      })),
      cursor: records.length > limit && page.length > 0 ? encodeCursor(page[page.length - 1]!.id) : null,
    };
  }

  /** Deletes a session and everything about it. @throws LimbicError NOT_FOUND. */
  async deleteSession(owner: string, sessionId: string): Promise<{ deleted: true; id: string }> {
    if (typeof sessionId !== 'string' || sessionId.length === 0) throw notFound(sessionId);
    const deleted = await this.#serialize(sessionId, () => this.store.delete(owner, sessionId));
    if (!deleted) throw notFound(sessionId);
    this.#changes?.deleted(sessionId);
    this.#params.delete(sessionId);
    this.#events.emit('deleted', { owner, sessionId });
    return { deleted: true, id: sessionId };
  }

  /** The current state snapshot (advanced to now, not written). @throws LimbicError NOT_FOUND. */
  async getState(owner: string, sessionId: string): Promise<StateSnapshot> {
    const record = await this.#load(owner, sessionId);
    return this.#snapshotAt(record, this.#paramsOf(record).params, this.clock.now());
  }

  /**
   * Processes a turn with a pre-computed appraisal.
   * @throws LimbicError VALIDATION_ERROR (with every bad field), NOT_FOUND or CONFLICT.
   */
  async appraisalTurn(owner: string, input: unknown): Promise<TurnResult> {
    const turn = parseAppraisalTurn(input);
    return this.#turn(owner, turn.sessionId, turn.appraisal, {
      context: turn.context ?? null,
      elapsedSeconds: turn.elapsedSeconds,
      interaction: true,
      from: turn.from,
      to: turn.to,
    });
  }

  /**
   * Processes a natural-language turn: `{sessionId, message}` or `{sessionId, event: {description, source}}`. The
   * appraiser turns the text into an appraisal; events from `system` or `internal` sources do not count as contact.
   * @throws LimbicError VALIDATION_ERROR, NOT_FOUND, APPRAISER_FAILED or CONFLICT.
   */
  async textTurn(owner: string, input: unknown, signal?: AbortSignal): Promise<TurnResult> {
    const turn = parseTextTurn(input);
    const record = await this.#load(owner, turn.sessionId);
    const { persona } = this.#paramsOf(record);
    // Whom the message is for decides who "you" is: the character, or another participant of a group.
    const address = resolveAddress(
      record.state,
      { from: turn.from, to: turn.to, text: turn.description },
      persona.identity.name,
      this.clock.now(),
    );
    let appraisal: Appraisal;
    let outcome: AppraisalOutcome;
    try {
      outcome = await this.appraiser.appraise(
        { description: turn.description, source: turn.source },
        {
          name: persona.identity.name,
          ...(persona.identity.role ? { role: persona.identity.role } : {}),
          coreValues: persona.identity.core_values,
          goals: persona.goals,
          language: persona.identity.language,
          rapport: relationshipWith(record.state, turn.from?.id ?? null).rapport,
          agreeableness: persona.personality.A,
          personality: persona.personality,
          addressee: typeof address.to === 'object' ? 'participant' : address.to,
        },
        signal,
      );
      appraisal = clampAppraisal(parseAppraisal(outcome.appraisal));
    } catch (error) {
      if (isLimbicError(error) && error.code !== 'VALIDATION_ERROR') throw error;
      throw new LimbicError('APPRAISER_FAILED', `The ${this.appraiser.name} appraiser failed`, {
        cause: error,
      });
    }
    return this.#turn(owner, turn.sessionId, appraisal, {
      context: turn.description,
      elapsedSeconds: turn.elapsedSeconds,
      interaction: turn.source === 'user',
      from: turn.from,
      to: turn.to,
      conduct: outcome.conduct,
      feeling: outcome.feeling,
      text: {
        appraiser: outcome.appraiser,
        fallback_reason: outcome.fallbackReason ?? null,
        perceived: outcome.perceived ?? null,
        roles: outcome.roles ?? null,
      },
    });
  }

  /** The session's proactive preferences. @throws LimbicError NOT_FOUND. */
  async getPreferences(owner: string, sessionId: string): Promise<ProactivePreferences> {
    return (await this.#load(owner, sessionId)).proactive.preferences;
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
    return this.#mutate(owner, sessionId, (record, params, now) => {
      const proactive = { ...record.proactive, preferences };
      const state = advanceTo(record.state, params, now);
      return {
        record: { ...record, proactive, nextDueAt: this.#due(state, params, proactive, now) },
        result: { sessionId, preferences },
        cause: 'preferences',
      };
    });
  }

  /**
   * The pending (unacknowledged) proactive actions, oldest first. A time-driven check runs first when one is due,
   * so this works with or without a scheduler. @throws LimbicError NOT_FOUND.
   */
  async pendingActions(owner: string, sessionId: string): Promise<ProactiveAction[]> {
    const record = await this.#load(owner, sessionId);
    if (record.nextDueAt !== null && record.nextDueAt <= this.clock.now()) {
      await this.checkProactive(sessionId);
      return (await this.#load(owner, sessionId)).proactive.pending;
    }
    return record.proactive.pending;
  }

  /**
   * Acknowledges a pending action so it is never delivered again. Idempotent: acknowledging it again succeeds.
   * @throws LimbicError NOT_FOUND for an unknown session or an action id this session never had (or forgot: it
   * remembers the last 100 acknowledged ids), VALIDATION_ERROR for a malformed id.
   */
  async acknowledge(owner: string, sessionId: string, actionId: unknown): Promise<AckResult> {
    if (typeof actionId !== 'string' || actionId.length === 0 || actionId.length > 128) {
      throw toValidationError('acknowledgement', [
        { path: 'action_id', message: 'must be a non-empty string of at most 128 characters' },
      ]);
    }
    return this.#mutate<AckResult>(owner, sessionId, (record, params, now) => {
      const { pending, acknowledged } = record.proactive;
      if (!pending.some((a) => a.id === actionId)) {
        if (acknowledged.includes(actionId))
          return { record: null, result: { action_id: actionId, acknowledged: true } };
        throw new LimbicError(
          'NOT_FOUND',
          `Proactive action ${JSON.stringify(actionId)} not found in this session`,
        );
      }
      const proactive: ProactiveState = {
        ...record.proactive,
        pending: pending.filter((a) => a.id !== actionId),
        acknowledged: [...acknowledged.slice(-(acknowledgedMemory - 1)), actionId],
      };
      const state = advanceTo(record.state, params, now);
      return {
        record: { ...record, proactive, nextDueAt: this.#due(state, params, proactive, now) },
        result: { action_id: actionId, acknowledged: true },
        cause: 'ack',
      };
    });
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
    const limit = parseLimit(options.limit);
    const after = options.cursor ? decodeCursor(options.cursor, isParticipantId) : undefined;
    const record = await this.#load(owner, sessionId);
    const now = Math.max(this.clock.now(), record.state.time);
    const sorted = participantsOf(record.state)
      .filter((p) => after === undefined || p.id > after)
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const page = sorted.slice(0, limit);
    return {
      participants: page.map((p) => {
        const r = relationshipAt(p, now);
        return {
          id: p.id,
          name: p.name,
          interpersonal: {
            rapport: round4(r.rapport),
            trust: round4(r.trust),
            familiarity: round4(familiarity(r.familiarityCount)),
          },
          turns: p.turns,
          first_seen_at: iso(p.firstSeenAt),
          last_seen_at: iso(p.lastSeenAt),
        };
      }),
      cursor: sorted.length > limit && page.length > 0 ? encodeCursor(page[page.length - 1]!.id) : null,
    };
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
    if (
      typeof participantId !== 'string' ||
      participantId.length === 0 ||
      participantId.length > maxParticipantIdLength
    ) {
      throw toValidationError('participant', [
        {
          path: 'participantId',
          message: `must be a non-empty string of at most ${maxParticipantIdLength} characters`,
        },
      ]);
    }
    return this.#mutate(owner, sessionId, (record, params, now) => {
      const list = participantsOf(record.state);
      const remaining = removeParticipant(list, participantId);
      if (remaining === list) {
        throw new LimbicError(
          'NOT_FOUND',
          `Participant ${JSON.stringify(participantId)} not found in session ${sessionId}`,
        );
      }
      const state = {
        ...record.state,
        participants: [...remaining],
        speaker: record.state.speaker === participantId ? null : (record.state.speaker ?? null),
      };
      const pending = record.proactive.pending.filter((a) => a.participant?.id !== participantId);
      const proactive = { ...record.proactive, pending };
      return {
        record: {
          ...record,
          updatedAt: now,
          state,
          proactive,
          nextDueAt: this.#due(advanceTo(state, params, now), params, proactive, now),
        },
        result: { forgotten: true as const, id: participantId },
        cause: 'forget',
      };
    });
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
    const record = await this.store.get(sessionId);
    if (!record) return null;
    try {
      return await this.#mutate(record.owner, sessionId, (current, params, now) => {
        if (current.nextDueAt === null || current.nextDueAt > now) return { record: null, result: null };
        const state = advanceTo(current.state, params, now);
        const obs = observe(state, params);
        const { state: proactive, action } = raiseAction(
          current.proactive,
          evaluateTriggers(state, obs, params, now),
          {
            now,
            lastInteractionAt: state.lastInteractionAt,
            persona: this.#paramsOf(current).persona,
            observation: obs,
            random: this.#random,
            participant: closestParticipant(state)?.participant ?? null,
          },
        );
        let due = this.#due(state, params, proactive, now);
        if (!action && due !== null && due <= now) due = now + minRecheckMs;
        if (!action && due === current.nextDueAt) return { record: null, result: null };
        return {
          record: { ...current, proactive, nextDueAt: due },
          result: action,
          cause: action ? 'proactive' : undefined,
          action,
        };
      });
    } catch (error) {
      if (isLimbicError(error, 'NOT_FOUND')) return null;
      throw error;
    }
  }

  /** Runs the time-driven checks of every session due now (at most `limit`); resolves with the actions raised. */
  async runDueChecks(limit = 100): Promise<ProactiveAction[]> {
    const due = await this.store.due(this.clock.now(), limit);
    const actions: ProactiveAction[] = [];
    for (const { id } of due) {
      const action = await this.checkProactive(id);
      if (action) actions.push(action);
    }
    return actions;
  }

  /** Engine-clock time (ms) of the next time-driven check of any session, or null: for a scheduler's timer. */
  nextCheckAt(): Promise<number | null> {
    return this.store.earliestDue();
  }

  async #turn(
    owner: string,
    sessionId: string,
    appraisal: Appraisal,
    opts: {
      context: string | null;
      elapsedSeconds: number | undefined;
      interaction: boolean;
      from: ParticipantRef | undefined;
      to: Addressee | undefined;
      /** Text turns: what the appraiser understood of the relationship (docs §8.2). */
      conduct?: Conduct | undefined;
      /** Text turns: the emotion the appraiser read the event as (docs §7.2). */
      feeling?: EmotionLabel | undefined;
      /** Text turns: what the appraiser says about itself, part of the result (and of the `turn` event). */
      text?: Pick<TurnResult, 'appraiser' | 'fallback_reason' | 'perceived' | 'roles'>;
    },
  ): Promise<TurnResult> {
    return this.#mutate(owner, sessionId, (record, params, now) => {
      const elapsed = opts.elapsedSeconds ?? Math.max(0, (now - record.state.time) / 1000);
      const persona = this.#paramsOf(record).persona;
      const address = resolveAddress(
        record.state,
        { from: opts.from, to: opts.to, text: opts.context },
        persona.identity.name,
        now,
      );
      const outcome = applyTurn(record.state, params, appraisal, {
        elapsedSeconds: elapsed,
        now,
        interaction: opts.interaction,
        from: opts.from,
        address,
        maxParticipants: this.#maxParticipants,
        ...(opts.conduct ? { conduct: opts.conduct } : {}),
        ...(opts.feeling ? { feeling: opts.feeling } : {}),
      });
      let proactive: ProactiveState = record.proactive;
      let action: ProactiveAction | null = null;
      if (proactive.preferences.enabled) {
        ({ state: proactive, action } = raiseAction(
          proactive,
          evaluateTriggers(outcome.state, outcome.after, params, now),
          {
            now,
            lastInteractionAt: outcome.state.lastInteractionAt,
            persona,
            observation: outcome.after,
            random: this.#random,
            participant: closestParticipant(outcome.state)?.participant ?? null,
          },
        ));
      }
      const result = buildTurnResult(outcome, appraisal, persona, params, opts.context, {
        from: opts.from,
        address,
      });
      if (opts.text) Object.assign(result, opts.text);
      const next: SessionRecord = {
        id: record.id,
        owner: record.owner,
        version: record.version,
        createdAt: record.createdAt,
        updatedAt: now,
        persona: record.persona,
        state: outcome.state,
        proactive,
        nextDueAt: this.#due(outcome.state, params, proactive, now),
      };
      return { record: next, result, cause: 'turn', action, turn: result };
    });
  }

  #due(
    state: SessionRecord['state'],
    params: EngineParams,
    proactive: ProactiveState,
    now: number,
  ): number | null {
    const due = nextDueAt(state, params, proactive);
    return due === null ? null : Math.max(due, now);
  }

  async #load(owner: string, sessionId: string): Promise<SessionRecord> {
    if (typeof sessionId !== 'string' || sessionId.length === 0) throw notFound(sessionId);
    const record = await this.store.get(sessionId);
    if (!record || record.owner !== owner) throw notFound(sessionId);
    return record;
  }

  #paramsOf(record: SessionRecord): { persona: SessionRecord['persona']; params: EngineParams } {
    return (
      this.#params.get(record.id) ??
      this.#params.set(record.id, record.persona, deriveEngineParams(record.persona))
    );
  }

  #snapshotAt(record: SessionRecord, params: EngineParams, now: number): StateSnapshot {
    const state = advanceTo(record.state, params, now);
    return toSnapshot(state, observe(state, params));
  }

  /**
   * Emits the state event of a write. The snapshot describes the state at `now` (the write's time): writes that are
   * not turns (preferences, acks, time-driven checks) keep the stored state at the last turn's time, so it is
   * advanced here, as `getState` would.
   */
  #emitState(
    record: SessionRecord,
    cause: SessionEvents['state'][0]['cause'],
    now = record.state.time,
  ): void {
    if (!this.#events.has('state')) return;
    const { params } = this.#paramsOf(record);
    const state = now > record.state.time ? advanceTo(record.state, params, now) : record.state;
    this.#events.emit('state', {
      owner: record.owner,
      sessionId: record.id,
      cause,
      snapshot: toSnapshot(state, observe(state, params)),
    });
  }

  /** Re-emits a change another process wrote to the shared store; this process's own writes are filtered out. */
  #onStoreChange(change: StoreChange): void {
    const decision = this.#changes!.decide(change);
    const { id, owner, record } = change;
    if (decision.deleted) {
      this.#params.delete(id);
      this.#events.emit('deleted', { owner, sessionId: id });
      return;
    }
    if (!record) return;
    if (decision.state) {
      // Another process moved the due time: this process's scheduler may need to wake earlier too.
      if (record.nextDueAt !== null && this.#events.has('due')) {
        this.#events.emit('due', { sessionId: id, nextDueAt: record.nextDueAt });
      }
      this.#emitState(record, 'remote', this.clock.now());
    }
    for (const action of decision.actions) this.#events.emit('proactive', { owner, sessionId: id, action });
  }

  /** Runs `fn` after every earlier operation on the same session has settled. */
  #serialize<T>(sessionId: string, fn: () => Promise<T>): Promise<T> {
    return this.#locks.run(sessionId, fn);
  }

  /**
   * Read-modify-write of one session: serialized in this process, compare-and-set in the store, retried on fresh
   * state when another writer won. `fn` returns a new record object (its version is set here) or null for no write.
   */
  #mutate<T>(
    owner: string,
    sessionId: string,
    fn: (
      record: SessionRecord,
      params: EngineParams,
      now: number,
    ) => {
      record: SessionRecord | null;
      result: T;
      cause?: SessionEvents['state'][0]['cause'] | undefined;
      action?: ProactiveAction | null;
      turn?: TurnResult;
    },
  ): Promise<T> {
    return this.#serialize(sessionId, async () => {
      for (let attempt = 0; ; attempt++) {
        const record = await this.#load(owner, sessionId);
        const { params } = this.#paramsOf(record);
        const now = this.clock.now();
        const out = fn(record, params, now);
        if (out.record === null) return out.result;
        const next = out.record;
        next.version = record.version + 1;
        if (out.action) this.#changes?.raised(out.action.id);
        if (await this.store.replace(next, record.version)) {
          this.#changes?.wrote(sessionId, next.version);
          if (next.nextDueAt !== record.nextDueAt && this.#events.has('due')) {
            this.#events.emit('due', { sessionId, nextDueAt: next.nextDueAt });
          }
          if (out.turn && this.#events.has('turn'))
            this.#events.emit('turn', { owner, sessionId, result: out.turn });
          if (out.cause) this.#emitState(next, out.cause, now);
          if (out.action) this.#events.emit('proactive', { owner, sessionId, action: out.action });
          return out.result;
        }
        if (attempt >= this.#maxRetries) {
          throw new LimbicError('CONFLICT', `Session ${sessionId} is being changed by another writer; retry`);
        }
      }
    });
  }
}

function isParticipantId(id: string): boolean {
  return id.length > 0 && id.length <= maxParticipantIdLength;
}

function round4(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}

function notFound(sessionId: unknown): LimbicError {
  const shown = typeof sessionId === 'string' ? JSON.stringify(sessionId.slice(0, 128)) : 'id';
  return new LimbicError('NOT_FOUND', `Session ${shown} not found`);
}

/** Creates a {@link SessionService}. */
export function createSessionService(options: SessionServiceOptions = {}): SessionService {
  return new SessionService(options);
}
