import { randomBytes } from 'node:crypto';
import {
  type Clock,
  createCryptoRandom,
  createIdGenerator,
  type TimerHandle,
  type Timers,
  type WebhookEndpoint,
  type WebhookMessage,
  type WebhookMessageStatus,
  type WebhookSettlement,
  type WebhookStore,
} from '@limbic/core';
import { retryDelay } from './retry-schedule.js';
import type { SendOptions, SendOutcome } from './send.js';
import { signingSecrets, webhookHeaders } from './signing.js';

/** How long a claimed message stays this process's, wall-clock ms (longer than a send's 10 s timeout). */
export const leaseWallMs = 60_000;
/** The longest the worker sleeps without looking at the outbox, wall-clock ms (messages of processes that died). */
export const pollWallMs = 30_000;

/** How long delivered and failed messages and their attempts are kept, engine-clock ms (30 days). */
export const retentionMs = 30 * 86_400_000;
/** How often the worker removes what is older than {@link retentionMs}, engine-clock ms. */
export const pruneEveryMs = 3600_000;

/** How long stopping waits for the sends in flight before aborting them, wall-clock ms. */
export const stopGraceMs = 2_000;

/** What the worker tells its owner about finished messages. */
export interface DeliveryEvents {
  /** A message was sent and ended: delivered, or failed after its last attempt (never a `webhook.test`). */
  settled(message: WebhookMessage, endpoint: WebhookEndpoint, delivered: boolean): Promise<void>;
  /** Something went wrong outside one delivery (the store could not be read). */
  error(err: unknown): void;
}

/** Options of {@link createDeliveryWorker}. */
export interface DeliveryWorkerOptions {
  store: WebhookStore;
  /** The engine clock: outbox times. */
  clock: Clock;
  timers: Timers;
  /** How many times faster than wall time the engine clock runs (waits are divided by it). */
  timeScale: number;
  /** The wall clock of `webhook-timestamp`, ms (default Date.now). */
  wallNow?: () => number;
  /** Uniform random numbers in [0, 1) for the jitter (default Math.random). */
  random?: () => number;
  send: (options: SendOptions) => Promise<SendOutcome>;
  allowPrivate: boolean;
  /** Messages sent at the same time at most (default 8). */
  concurrency?: number;
  events: DeliveryEvents;
}

/** The outbox's sender: wakes on enqueue and when the next message falls due. */
export interface DeliveryWorker {
  /** This process's lease owner name. */
  readonly leaseOwner: string;
  /** Starts: sends what is due (pending deliveries of before a restart too) and schedules the rest. */
  start(): void;
  /** Looks at the outbox now (after an enqueue). */
  wake(): void;
  /** Resolves once no look at the outbox and no send is running (for tests on a manual clock). */
  idle(): Promise<void>;
  /**
   * Stops taking messages and waits for the sends in flight to be recorded, at most {@link stopGraceMs}; sends
   * still running then are aborted unrecorded (their lease runs out and they are sent again).
   */
  stop(): Promise<void>;
}

/**
 * Creates the delivery worker: claims due messages with a lease, signs and sends each, records the attempt and
 * either ends the message (2xx: delivered; after the last attempt: failed) or schedules its retry with backoff and
 * jitter (retry-schedule.ts). At most `concurrency` sends at once.
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { store, clock, timers, timeScale, send, allowPrivate, events } = options;
  const wallNow = options.wallNow ?? Date.now;
  const random = options.random ?? Math.random;
  const concurrency = options.concurrency ?? 8;
  const leaseOwner = `gw_${randomBytes(8).toString('hex')}`;
  const leaseMs = leaseWallMs * timeScale;
  const attemptId = createIdGenerator(createCryptoRandom());
  const inFlight = new Set<Promise<void>>();
  const abort = new AbortController();
  let running = false;
  let pumping: Promise<void> | null = null;
  let again = false;
  let timer: TimerHandle | null = null;
  let prunedAt = Number.NEGATIVE_INFINITY;

  const arm = (wallDelay: number) => {
    if (timer) timers.clearTimeout(timer);
    timer = timers.setTimeout(
      () => {
        timer = null;
        wake();
      },
      Math.min(pollWallMs, Math.max(0, wallDelay)),
    );
  };

  async function deliver(message: WebhookMessage): Promise<void> {
    const endpoint = await store.getEndpoint(message.owner, message.endpointId);
    const now = clock.now();
    const attempt = message.attempts + 1;
    if (!endpoint) {
      // Enqueued as its endpoint was deleted: ended without a send, so that nobody claims it again.
      const outcome = { ok: false, status: null, error: 'not sent: the endpoint was deleted', durationMs: 0 };
      await store.settle(settlement(message, attempt, 'failed', null, now, outcome));
      return;
    }
    // A test is sent even to a disabled endpoint: the operator checks the receiver before enabling it again.
    const sending = endpoint.enabled || message.type === 'webhook.test';
    const outcome: SendOutcome = sending
      ? await send({
          url: endpoint.url,
          body: message.payload,
          headers: webhookHeaders(
            signingSecrets(endpoint, now),
            message.id,
            Math.floor(wallNow() / 1000),
            message.payload,
          ),
          allowPrivate,
          signal: abort.signal,
        })
      : { ok: false, status: null, error: 'not sent: the endpoint is disabled', durationMs: 0 };
    // Stopped mid-send: nothing is recorded; the lease runs out and the attempt is made again (here after a restart).
    if (abort.signal.aborted) return;
    const at = clock.now();
    const wait = outcome.ok || !sending ? null : retryDelay(attempt, random());
    const status: WebhookMessageStatus = outcome.ok ? 'delivered' : wait === null ? 'failed' : 'pending';
    const settled = await store.settle(
      settlement(message, attempt, status, wait === null ? null : at + wait, at, outcome),
    );
    if (settled && sending && status !== 'pending' && message.type !== 'webhook.test')
      await events.settled(message, endpoint, outcome.ok);
  }

  function settlement(
    message: WebhookMessage,
    attempt: number,
    status: WebhookMessageStatus,
    nextAttemptAt: number | null,
    at: number,
    outcome: SendOutcome,
  ): WebhookSettlement {
    return {
      endpointId: message.endpointId,
      messageId: message.id,
      leaseOwner,
      status,
      attempts: attempt,
      nextAttemptAt,
      attempt: {
        id: attemptId('att_', at),
        messageId: message.id,
        endpointId: message.endpointId,
        owner: message.owner,
        type: message.type,
        attempt,
        at,
        durationMs: outcome.durationMs,
        status: outcome.status,
        error: outcome.error,
        ok: outcome.ok,
      },
    };
  }

  function track(message: WebhookMessage): void {
    const job = deliver(message)
      .catch((err) => events.error(err))
      .finally(() => {
        inFlight.delete(job);
        wake();
      });
    inFlight.add(job);
  }

  async function pump(): Promise<void> {
    if (clock.now() - prunedAt >= pruneEveryMs) {
      prunedAt = clock.now();
      await store.prune(prunedAt - retentionMs);
    }
    do {
      again = false;
      while (running && inFlight.size < concurrency) {
        const batch = await store.claim(clock.now(), concurrency - inFlight.size, leaseOwner, leaseMs);
        // Claimed is leased: sent even when stopping began meanwhile (stop waits for it, or aborts it).
        for (const message of batch) track(message);
        if (!running || batch.length === 0) break;
      }
    } while (again && running);
    if (!running || inFlight.size >= concurrency) return;
    const due = await store.nextDue();
    if (!running) return;
    arm(due === null ? pollWallMs : (due - clock.now()) / timeScale);
  }

  function wake(): void {
    if (!running) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = pump()
      .catch((err) => {
        events.error(err);
        if (running) arm(5_000);
      })
      .finally(() => {
        pumping = null;
        if (again) wake();
      });
  }

  return {
    leaseOwner,
    start() {
      running = true;
      wake();
    },
    wake,
    async idle() {
      while (pumping || inFlight.size > 0) await Promise.allSettled([pumping, ...inFlight]);
    },
    async stop() {
      running = false;
      if (timer) timers.clearTimeout(timer);
      timer = null;
      await pumping;
      const sends = Promise.allSettled([...inFlight]);
      let grace: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([sends, new Promise((resolve) => (grace = setTimeout(resolve, stopGraceMs)))]);
      clearTimeout(grace);
      abort.abort();
      await sends;
    },
  };
}
