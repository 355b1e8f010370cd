import {
  type Clock,
  createProactiveScheduler,
  createSessionService,
  createSystemClock,
  LimbicError,
  outreachOutlook,
  type ProactiveAction,
  type ProactiveScheduler,
  resolveLocale,
  type SessionService,
  type SessionServiceOptions,
  type Timers,
} from '@limbic/core';
import type { LimbicBackend } from './backend.js';

/** The longest gap a turn may give (the engine's limit, ten years). */
const maxElapsedSeconds = 10 * 365 * 86_400;

/** Options of {@link embeddedBackend}. */
export interface EmbeddedBackendOptions extends Omit<SessionServiceOptions, 'clock'> {
  /**
   * Use this session service instead of creating one (its store, clock and appraiser then apply).
   * @defaultValue a new session service from these options (`createSessionService`)
   */
  service?: SessionService;
  /**
   * The engine clock (ignored when `service` is given).
   * @defaultValue the wall clock, sped up by `timeScale`
   */
  clock?: Clock;
  /**
   * Where the proactive scheduler waits.
   * @defaultValue the host's timers (`systemTimers`)
   */
  timers?: Timers;
  /**
   * How many times faster than wall time the engine clock runs (for demos; the gateway's LIMBIC_TIME_SCALE). The
   * default clock runs that fast, and the proactive scheduler divides its waits by it.
   * @defaultValue `1`
   */
  timeScale?: number;
  /**
   * How many times faster than wall time feelings (emotion, mood, stress) fade; by default all of the engine runs at
   * one pace. The demo clock is `{ timeScale: 3600, feelingTimeScale: 1 }`: absence and proactive timing run
   * an hour a second while feelings fade as in real time (the service's `decaySlowdown` is `timeScale /
   * feelingTimeScale`; docs/proactive.md, "The demo clock"). Ignored when `service` is given.
   * @defaultValue `timeScale`
   */
  feelingTimeScale?: number;
  /**
   * The owner sessions are created under.
   * @defaultValue `'local'`
   */
  owner?: string;
  /**
   * Reports errors of background work (a failed time-driven check).
   * @defaultValue none: such errors are ignored
   */
  onError?: (error: unknown) => void;
}

/**
 * The engine inside the bot's process: the core session service on a store of the operator's choice (memory by
 * default here; the adapters open the durable SQLite store by default), plus the proactive scheduler that raises
 * time-driven actions when sessions fall due.
 * @example
 * const backend = embeddedBackend({ store: createMemoryStore() });
 */
export function embeddedBackend(options: EmbeddedBackendOptions = {}): LimbicBackend & {
  readonly service: SessionService;
  readonly scheduler: ProactiveScheduler;
} {
  const {
    service: given,
    timers,
    timeScale,
    feelingTimeScale,
    owner = 'local',
    onError,
    clock,
    ...serviceOptions
  } = options;
  const engineClock = clock ?? (timeScale ? createSystemClock(timeScale) : undefined);
  const slowdown = feelingTimeScale ? (timeScale ?? 1) / feelingTimeScale : 1;
  const service =
    given ??
    createSessionService({
      ...serviceOptions,
      ...(engineClock ? { clock: engineClock } : {}),
      ...(slowdown === 1 ? {} : { decaySlowdown: slowdown }),
    });
  // Platform timestamps are wall time: a gap between two messages is that many times longer on the engine clock.
  const toEngineSeconds = (wall: number) => Math.min(maxElapsedSeconds, wall * (timeScale ?? 1));
  const scheduler = createProactiveScheduler({
    service,
    clock: service.clock,
    ...(timers ? { timers } : {}),
    ...(timeScale ? { timeScale } : {}),
    ...(onError ? { onError } : {}),
  });
  const listeners = new Set<(sessionId: string, action: ProactiveAction) => void>();
  const unsubscribe = service.on('proactive', ({ owner: actionOwner, sessionId, action }) => {
    if (actionOwner !== owner) return;
    for (const listener of listeners) listener(sessionId, action);
  });
  return {
    mode: 'embedded',
    owner,
    service,
    scheduler,
    timeScale: timeScale ?? 1,
    async createSession(persona) {
      return (await service.createSession(owner, persona)).sessionId;
    },
    turn(sessionId, { message, elapsedSeconds, from, to }) {
      return service.textTurn(owner, {
        sessionId,
        message,
        ...(elapsedSeconds === undefined ? {} : { elapsedSeconds: toEngineSeconds(elapsedSeconds) }),
        ...(from === undefined ? {} : { from }),
        ...(to === undefined ? {} : { to }),
      });
    },
    listParticipants(sessionId, { cursor = null, limit = 100 } = {}) {
      return service.listParticipants(owner, sessionId, { cursor, limit });
    },
    async forgetParticipant(sessionId, participantId) {
      await service.forgetParticipant(owner, sessionId, participantId);
    },
    listMemories(sessionId, { cursor = null, limit = 100, participant } = {}) {
      return service.memories.list(owner, sessionId, {
        cursor,
        limit,
        ...(participant === undefined ? {} : { participant }),
      });
    },
    async forgetAllMemories(sessionId) {
      return (await service.memories.forgetAll(owner, sessionId)).count;
    },
    async outreachOutlook(sessionId) {
      const record = await service.store.get(sessionId);
      if (!record || record.owner !== owner)
        throw new LimbicError('NOT_FOUND', `Session ${sessionId} not found`);
      return outreachOutlook(record, service.clock.now());
    },
    async getSession(sessionId) {
      const details = await service.getSession(owner, sessionId);
      const locale = resolveLocale(details.persona.identity.language);
      return { sessionId, preferences: details.preferences, state: details.state, locale };
    },
    async setPreferences(sessionId, preferences) {
      return (await service.setPreferences(owner, sessionId, preferences)).preferences;
    },
    async setParticipantPolicy(sessionId, participantId, policy) {
      return (await service.outreach.setParticipantPolicy(owner, sessionId, participantId, policy)).policy;
    },
    pendingActions(sessionId) {
      return service.pendingActions(owner, sessionId);
    },
    async acknowledge(sessionId, actionId) {
      await service.acknowledge(owner, sessionId, actionId);
    },
    // Every session's actions are reported through the service's event already.
    watch() {},
    unwatch() {},
    onAction(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start() {
      scheduler.start();
    },
    async close() {
      scheduler.stop();
      unsubscribe();
      if (!given) await service.store.close();
    },
  };
}
