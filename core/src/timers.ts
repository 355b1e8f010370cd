import { createManualClock, type ManualClock } from './clock.js';

/** An opaque handle of a timer set through {@link Timers}. */
export type TimerHandle = { readonly timer: unique symbol } | object;

/**
 * The source of delayed callbacks: the engine's schedulers (proactive checks, delivery retries) wait through this
 * port, so tests and simulations can replace real time with {@link createManualTime}.
 */
export interface Timers {
  /** Calls `fn` once after `delayMs` milliseconds. Real timers must not keep the process alive (unref). */
  setTimeout(fn: () => void, delayMs: number): TimerHandle;
  /** Cancels a timer; a handle that already fired or was cleared is ignored. */
  clearTimeout(handle: TimerHandle): void;
}

/** Timers on the host's event loop; they do not keep the process alive. */
export const systemTimers: Timers = {
  setTimeout(fn, delayMs) {
    const timer = setTimeout(fn, Math.max(0, delayMs));
    (timer as { unref?: () => void }).unref?.();
    return timer as TimerHandle;
  },
  clearTimeout(handle) {
    clearTimeout(handle as Parameters<typeof clearTimeout>[0]);
  },
};

/** A clock and timers that move only when told to (see {@link createManualTime}). */
export interface ManualTime {
  readonly clock: ManualClock;
  readonly timers: Timers;
  /** Timers set and not yet fired or cleared. */
  readonly pending: number;
  /**
   * Moves time forward by `ms`, firing every timer that falls due on the way in time order, with the clock set to
   * each timer's time when it fires. Between timers it lets the event loop run (`setImmediate`), so the promise
   * chains a timer starts can set the next timer before time moves on.
   */
  advance(ms: number): Promise<void>;
}

/**
 * Creates a {@link ManualTime}: a manual clock plus timers driven by it, for deterministic tests of anything that
 * waits (no sleeping in tests).
 * @example
 * const time = createManualTime();
 * const scheduler = createProactiveScheduler({ service, clock: time.clock, timers: time.timers });
 * await time.advance(10 * 3600_000); // ten hours later, every due check has run
 */
export function createManualTime(start?: number): ManualTime {
  const clock = createManualClock(start);
  let sequence = 0;
  const queue = new Map<object, { at: number; seq: number; fn: () => void }>();
  const timers: Timers = {
    setTimeout(fn, delayMs) {
      const handle = {};
      queue.set(handle, { at: clock.now() + Math.max(0, delayMs), seq: sequence++, fn });
      return handle;
    },
    clearTimeout(handle) {
      queue.delete(handle as object);
    },
  };
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  function next(limit: number): [object, { at: number; seq: number; fn: () => void }] | undefined {
    let best: [object, { at: number; seq: number; fn: () => void }] | undefined;
    for (const entry of queue) {
      const [, timer] = entry;
      if (timer.at > limit) continue;
      if (!best || timer.at < best[1].at || (timer.at === best[1].at && timer.seq < best[1].seq))
        best = entry;
    }
    return best;
  }
  return {
    clock,
    timers,
    get pending() {
      return queue.size;
    },
    async advance(ms) {
      const target = clock.now() + ms;
      await settle();
      for (let entry = next(target); entry; entry = next(target)) {
        const [handle, timer] = entry;
        queue.delete(handle);
        if (timer.at > clock.now()) clock.set(timer.at);
        timer.fn();
        await settle();
        await settle();
      }
      clock.set(Math.max(clock.now(), target));
      await settle();
    },
  };
}
