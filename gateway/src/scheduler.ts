import type { GatewayContext } from './context.js';

/** The proactive scheduler: raises time-driven actions when sessions fall due, with no scans of idle sessions. */
export interface Scheduler {
  start(): void;
  stop(): void;
  /** Re-reads the earliest due time (after a change that may have made it earlier). */
  wake(): void;
}

/** Longest single sleep, ms of wall time: a safety net, not a poll of sessions (one heap peek). */
const maxSleepMs = 60_000;
/** Sessions checked per batch. */
const batch = 200;

/**
 * Creates the scheduler. It sleeps until the earliest `nextDueAt` of any session (the store keeps due times in an
 * index, so finding it costs one lookup), converts that engine-clock time to wall time with LIMBIC_TIME_SCALE,
 * runs the due checks, and sleeps again. A write that moves a session's due time before the armed one wakes it.
 * The actions it raises reach clients through the service's `proactive` event.
 */
export function createScheduler(context: GatewayContext): Scheduler {
  const { service, clock, config, log } = context;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let stopped = true;
  let armedAt = Number.POSITIVE_INFINITY;
  let wakePending = false;
  let unsubscribe: (() => void) | undefined;

  function clear(): void {
    if (timer) clearTimeout(timer);
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
    const wait = Math.min(maxSleepMs, Math.max(0, (due - clock.now()) / config.timeScale));
    armedAt = due;
    timer = setTimeout(() => void tick(), wait);
    timer.unref();
  }

  async function tick(): Promise<void> {
    clear();
    if (stopped || running) return;
    running = true;
    try {
      for (;;) {
        const due = await service.store.due(clock.now(), batch);
        if (due.length === 0 || stopped) break;
        for (const { id } of due) {
          try {
            await service.checkProactive(id);
          } catch (error) {
            log.error({ err: error, sessionId: id }, 'proactive check failed');
          }
        }
        if (due.length < batch) break;
      }
    } finally {
      running = false;
      if (!stopped) void arm().catch((error: unknown) => log.error({ err: error }, 'scheduler arm failed'));
    }
  }

  function wake(): void {
    if (stopped || wakePending) return;
    wakePending = true;
    queueMicrotask(() => {
      wakePending = false;
      void arm().catch((error: unknown) => log.error({ err: error }, 'scheduler arm failed'));
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
