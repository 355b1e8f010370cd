import {
  createManualTime,
  createMemoryBindingStore,
  createMemoryStore,
  createSeededRandom,
  createSessionService,
  type ManualTime,
} from '@limbic/core';
import type { Mention, Outbound } from '../src/index.js';

/** A scripted platform: records accepted messages; `failures` are thrown by the next sends, in order. */
export function scriptedOutbound() {
  const sent: { target: string; text: string; at: number; mention?: Mention }[] = [];
  const failures: unknown[] = [];
  let time: ManualTime | undefined;
  const outbound: Outbound = {
    async send(target, text, options) {
      const failure = failures.shift();
      if (failure !== undefined) throw failure;
      sent.push({
        target,
        text,
        at: time?.clock.now() ?? 0,
        ...(options?.mention ? { mention: options.mention } : {}),
      });
    },
    classify(error) {
      const e = error as { status?: number; retryAfter?: number };
      if (e.status === 429) return { retryAfterMs: (e.retryAfter ?? 1) * 1000 };
      if (e.status === 403) return 'drop';
      return 'retry';
    },
  };
  return {
    outbound,
    sent,
    failures,
    bind(t: ManualTime) {
      time = t;
    },
  };
}

/** An engine clock, a memory store, a session service on them and a binding store, for runtimes to share. */
export function sharedState() {
  const time = createManualTime(Date.UTC(2026, 10, 21, 9));
  const store = createMemoryStore();
  const service = createSessionService({ store, clock: time.clock, random: createSeededRandom(3) });
  return { time, store, service, bindings: createMemoryBindingStore() };
}
