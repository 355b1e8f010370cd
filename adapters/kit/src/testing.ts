/**
 * Test helpers for adapters built on the kit.
 * @module
 */
import type { DeliveryEvent } from './delivery.js';

/**
 * Collects delivery events (pass `record` as `onDelivery`) and lets a test wait for one, event-driven, without
 * polling or sleeping.
 * @example
 * const log = deliveryLog();
 * const runtime = createLimbicRuntime({ ...options, onDelivery: log.record });
 * await log.waitFor((event) => event.type === 'sent');
 */
export function deliveryLog() {
  const events: DeliveryEvent[] = [];
  let waiters: { match: (event: DeliveryEvent) => boolean; resolve: (event: DeliveryEvent) => void }[] = [];
  return {
    events,
    record(event: DeliveryEvent) {
      events.push(event);
      const ready = waiters.filter((waiter) => waiter.match(event));
      waiters = waiters.filter((waiter) => !waiter.match(event));
      for (const waiter of ready) waiter.resolve(event);
    },
    /** Resolves with the next event (or an already recorded one after `from`) that matches. */
    waitFor(match: (event: DeliveryEvent) => boolean, from = 0): Promise<DeliveryEvent> {
      const seen = events.slice(from).find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
  };
}
