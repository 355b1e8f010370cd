import { randomUUID } from 'node:crypto';
import {
  type Clock,
  isLimbicError,
  type SessionService,
  type Timers,
  type WebhookEndpoint,
  type WebhookStore,
} from '@limbic/core';
import type { WebhookTestQueued } from '@limbic/protocol/shapes';
import type { FastifyBaseLogger } from 'fastify';
import { createDeliveryWorker, type DeliveryWorker } from './delivery-worker.js';
import { messagesFor, type WebhookEvent } from './messages.js';
import { failuresBeforeDisable } from './retry-schedule.js';
import { type SendOptions, type SendOutcome, sendWebhook } from './send.js';
import { watchSessionEvents } from './session-events.js';
import { createWebhookAdmin, type WebhookAdmin } from './webhook-admin.js';

/** Options of {@link createWebhooks}. */
export interface WebhooksOptions {
  store: WebhookStore;
  service: SessionService;
  clock: Clock;
  timers: Timers;
  timeScale: number;
  /** LIMBIC_WEBHOOK_ALLOW_PRIVATE: allow private, loopback and link-local targets (development and tests). */
  allowPrivate: boolean;
  log: () => FastifyBaseLogger;
  /** Replaces the HTTP sender (default node:http/https). */
  send?: (options: SendOptions) => Promise<SendOutcome>;
  /** Uniform random numbers in [0, 1) for the retry jitter (default Math.random). */
  random?: () => number;
}

/** The gateway's webhooks: the endpoints' operations, the producer of events and the delivery worker. */
export interface Webhooks {
  store: WebhookStore;
  admin: WebhookAdmin;
  worker: DeliveryWorker;
  /** Enqueues an event for every enabled endpoint of `owner` that receives it, then wakes the worker. */
  publish(owner: string, event: WebhookEvent): Promise<void>;
  /** Enqueues a `webhook.test` for one endpoint of `owner`. */
  test(owner: string, id: string): Promise<WebhookTestQueued>;
  start(): void;
  /** Stops producing and sending; waits for the sends in flight to be recorded. */
  stop(): Promise<void>;
}

/**
 * Creates the webhooks of a gateway (docs/webhooks.md): events of this process's own writes go to a durable outbox
 * in the store, with ids derived from the event so that several gateways enqueue each event once; the worker sends
 * them, retries with backoff, and disables an endpoint after {@link failuresBeforeDisable} failed messages in a row.
 */
export function createWebhooks(options: WebhooksOptions): Webhooks {
  const { store, service, clock, log } = options;
  const admin = createWebhookAdmin({ store, clock, allowPrivate: options.allowPrivate });
  let unwatch: (() => void) | null = null;

  async function enqueue(endpoints: WebhookEndpoint[], event: WebhookEvent): Promise<string[]> {
    if (endpoints.length === 0) return [];
    const messages = messagesFor(endpoints, event, clock.now());
    await store.enqueue(messages);
    worker.wake();
    return messages.map((m) => m.id);
  }

  async function publish(owner: string, event: WebhookEvent): Promise<void> {
    try {
      await enqueue(await store.endpointsFor(owner, event.type), event);
    } catch (err) {
      log().error({ err, type: event.type, key: event.key }, 'a webhook event could not be enqueued');
    }
  }

  async function settled(endpoint: WebhookEndpoint, delivered: boolean): Promise<void> {
    if (delivered && endpoint.consecutiveFailures === 0) return;
    let disabled = false;
    const next = await admin.change(endpoint.owner, endpoint.id, (current) => {
      const failures = delivered ? 0 : current.consecutiveFailures + 1;
      disabled = current.enabled && failures >= failuresBeforeDisable;
      return {
        ...current,
        consecutiveFailures: failures,
        ...(disabled ? { enabled: false, disabledReason: 'failing' } : {}),
      };
    });
    if (!disabled) return;
    log().warn(
      { webhookId: next.id, owner: next.owner, url: next.url, failures: next.consecutiveFailures },
      'webhook endpoint disabled after failing messages in a row',
    );
    await publish(next.owner, {
      type: 'webhook.disabled',
      key: `${next.id}/${next.version}`,
      data: {
        webhook_id: next.id,
        url: next.url,
        reason: 'failing',
        consecutive_failures: next.consecutiveFailures,
      },
    });
  }

  const worker = createDeliveryWorker({
    store,
    clock,
    timers: options.timers,
    timeScale: options.timeScale,
    send: options.send ?? sendWebhook,
    allowPrivate: options.allowPrivate,
    ...(options.random ? { random: options.random } : {}),
    events: {
      settled: (_message, endpoint, delivered) =>
        settled(endpoint, delivered).catch((err) => {
          // Deleted meanwhile: there is nothing left to count.
          if (isLimbicError(err, 'NOT_FOUND')) return;
          log().error({ err, webhookId: endpoint.id }, 'cannot update a webhook after a delivery');
        }),
      error: (err) => log().error({ err }, 'webhook delivery failed'),
    },
  });

  return {
    store,
    admin,
    worker,
    publish,
    async test(owner, id) {
      const endpoint = await admin.endpointOf(owner, id);
      const [messageId] = await enqueue([endpoint], {
        type: 'webhook.test',
        key: randomUUID(),
        data: { webhook_id: id, message: 'A test event from Limbic' },
      });
      return { id, message_id: messageId ?? '', queued: true };
    },
    start() {
      unwatch ??= watchSessionEvents({
        service,
        publish,
        wants: async (owner, type) => (await store.endpointsFor(owner, type)).length > 0,
        onError: (err) => log().error({ err }, 'a webhook event could not be made'),
      });
      worker.start();
    },
    async stop() {
      unwatch?.();
      unwatch = null;
      await worker.stop();
    },
  };
}
