import type { Clock, Timers } from '@limbic/core';

/** Retry timing of {@link createDelivery}: exponential backoff from `initialDelayMs`, capped at `maxDelayMs`. */
export interface RetryPolicy {
  initialDelayMs: number;
  maxDelayMs: number;
  factor: number;
}

/** Spacing of outbound messages: at most one per target every `perTargetMs`, and `globalPerSecond` in all. */
export interface Pacing {
  perTargetMs: number;
  globalPerSecond: number;
}

/** Options of {@link createDeliveryTiming}. */
export interface DeliveryTimingOptions {
  clock: Clock;
  timers: Timers;
  /** Default: 1 s doubling up to 5 min. */
  retry?: Partial<RetryPolicy> | undefined;
  /** Default: no spacing (the platform library paces itself). */
  pacing?: Pacing | undefined;
}

/** When a delivery may send and how long it waits; see {@link createDeliveryTiming}. */
export interface DeliveryTiming {
  /** Resolves after `ms`; rejects with {@link TimingClosed} when the timing is (or gets) closed first. */
  wait(ms: number): Promise<void>;
  /** The delay before retry number `attempt` (from 1). */
  backoff(attempt: number): number;
  /** Reserves the next send slot for `target` and returns how long to wait for it. */
  reserveSlot(target: string): number;
  /** Keeps every send to `target` back until `until` (ms): the platform's rate limit said so. */
  holdTarget(target: string, until: number): void;
  /** Cancels every wait; later waits reject at once. */
  close(): void;
}

/** The rejection of a {@link DeliveryTiming.wait} cancelled by `close`. */
export class TimingClosed extends Error {}

const defaultRetry: RetryPolicy = { initialDelayMs: 1000, maxDelayMs: 300_000, factor: 2 };
/** Targets whose next slot is remembered before past slots are pruned. */
const maxTrackedTargets = 10_000;

/**
 * Creates the timing of a delivery: backoff between retries, send slots per target and in all ({@link Pacing}), and
 * waits on the injected timers that `close` cancels.
 */
export function createDeliveryTiming(options: DeliveryTimingOptions): DeliveryTiming {
  const { clock, timers, pacing } = options;
  const retry = { ...defaultRetry, ...options.retry };
  const waits = new Set<{ handle: ReturnType<Timers['setTimeout']>; reject: (error: Error) => void }>();
  const nextSlot = new Map<string, number>();
  let globalNext = 0;
  let closed = false;

  return {
    wait(ms) {
      if (closed) return Promise.reject(new TimingClosed());
      if (ms <= 0) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const entry = {
          handle: timers.setTimeout(() => {
            waits.delete(entry);
            resolve();
          }, ms),
          reject,
        };
        waits.add(entry);
      });
    },
    backoff(attempt) {
      return Math.min(retry.maxDelayMs, retry.initialDelayMs * retry.factor ** (attempt - 1));
    },
    reserveSlot(target) {
      if (!pacing) return 0;
      const now = clock.now();
      const slot = Math.max(now, nextSlot.get(target) ?? 0, globalNext);
      nextSlot.set(target, slot + pacing.perTargetMs);
      globalNext = slot + 1000 / pacing.globalPerSecond;
      if (nextSlot.size > maxTrackedTargets)
        for (const [key, at] of nextSlot) if (at <= now) nextSlot.delete(key);
      return slot - now;
    },
    holdTarget(target, until) {
      nextSlot.set(target, Math.max(nextSlot.get(target) ?? 0, until));
    },
    close() {
      closed = true;
      for (const entry of waits) {
        timers.clearTimeout(entry.handle);
        entry.reject(new TimingClosed());
      }
      waits.clear();
    },
  };
}
