import type { Clock } from '../clock.js';
import type { SessionService } from '../session/session-service.js';
import { systemTimers, type Timers } from '../timers.js';

/** The proactive scheduler: raises time-driven actions when sessions fall due, with no scans of idle sessions. */
export interface ProactiveScheduler {
  start(): void;
  stop(): void;
  /** Re-reads the earliest due time (after a change that may have made it earlier, or after a manual clock moved). */
  wake(): void;
}

/** Options of {@link createProactiveScheduler}. */
export interface ProactiveSchedulerOptions {
  service: SessionService;
  /** The engine clock (the service's). */
  clock: Clock;
  /** How many times faster than wall time the engine clock runs (LIMBIC_TIME_SCALE); waits are divided by it. */
  timeScale?: number;
  /** Where waits happen; default the host's timers. */
  timers?: Timers;
  /** Reports a failed check or a failed look-up of the next due time; the scheduler carries on. */
  onError?: (error: unknown, sessionId?: string) => void;
  /**
   * Called before each due check with how late it runs: the wall-time ms from the session falling due to its check
   * (the scheduler's lag, for metrics; 0 when on time).
   */
  onCheck?: (lateMs: number, sessionId: string) => void;
}

/** Longest single sleep, ms of wall time: a safety net, not a poll of sessions (one index peek). */
const maxSleepMs = 60_000;
/** Sessions checked per batch. */
const batch = 200;

/**
 * Creates the proactive scheduler. It sleeps until the earliest `nextDueAt` of any session (stores keep due times
 * in an index, so finding it costs one lookup), converts that engine-clock time to wall time with `timeScale`, runs
 * the due checks, and sleeps again. A write that moves a session's due time before the armed one wakes it. The
 * actions it raises reach listeners through the service's `proactive` event. Several processes on one store may
 * each run one: a due session is claimed by a compare-and-set write, so each action is raised once.
 * @example
 * const scheduler = createProactiveScheduler({ service, clock });
 * scheduler.start();
 * service.on('proactive', ({ sessionId, action }) => deliver(sessionId, action));
 */
export function createProactiveScheduler(options: ProactiveSchedulerOptions): ProactiveScheduler {
  const { service, clock } = options;
  const timers = options.timers ?? systemTimers;
  const timeScale = options.timeScale ?? 1;
  const onError = options.onError ?? (() => {});
  let timer: ReturnType<Timers['setTimeout']> | undefined;
  let running = false;
  let stopped = true;
  let armedAt = Number.POSITIVE_INFINITY;
  let wakePending = false;
  let unsubscribe: (() => void) | undefined;

  function report(lateMs: number, sessionId: string): void {
    try {
      options.onCheck?.(lateMs, sessionId);
    } catch (error) {
      onError(error, sessionId);
    }
  }

  function clear(): void {
    if (timer) timers.clearTimeout(timer);
    timer = undefined;
    armedAt = Number.POSITIVE_INFINITY;
  }

  async function arm(): Promise<void> {
    if (stopped || running) return;
    const next = await service.nextCheckAt();
    if (stopped || running) return;
    const due = next ?? Number.POSITIVE_INFINITY;
    // Keep the armed timer unless the new due time is earlier, or the engine clock jumped past it (its wall-time
    // wait is stale: a manual clock moved, or the process slept).
    if (timer && due >= armedAt && due > clock.now()) return;
    clear();
    const wait = Math.min(maxSleepMs, Math.max(0, (due - clock.now()) / timeScale));
    armedAt = due;
    timer = timers.setTimeout(() => void tick(), wait);
  }

  async function tick(): Promise<void> {
    clear();
    if (stopped || running) return;
    running = true;
    try {
      for (;;) {
        const due = await service.store.due(clock.now(), batch);
        if (due.length === 0 || stopped) break;
        for (const { id, nextDueAt } of due) {
          report(Math.max(0, (clock.now() - nextDueAt) / timeScale), id);
          try {
            await service.checkProactive(id);
          } catch (error) {
            onError(error, id);
          }
        }
        if (due.length < batch) break;
      }
    } catch (error) {
      onError(error);
    } finally {
      running = false;
      if (!stopped) void arm().catch((error: unknown) => onError(error));
    }
  }

  function wake(): void {
    if (stopped || wakePending) return;
    wakePending = true;
    queueMicrotask(() => {
      wakePending = false;
      void arm().catch((error: unknown) => onError(error));
    });
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      unsubscribe = service.on('due', ({ nextDueAt }) => {
        if (nextDueAt !== null && nextDueAt < armedAt) wake();
      });
      wake();
    },
    stop() {
      stopped = true;
      unsubscribe?.();
      clear();
    },
    wake,
  };
}
