import { createHash } from 'node:crypto';
import type { WebhookEndpoint, WebhookMessage } from '@limbic/core';
import type { WebhookEventType } from '@limbic/protocol';

/** One event to send: its type, what it is about (the id source) and its data. */
export interface WebhookEvent {
  type: WebhookEventType;
  /**
   * What makes the event itself unique (an action id, a session id and version): the message id is derived from
   * it, so the same event enqueued twice (two gateways, a retried write) is stored once.
   */
  key: string;
  data: Record<string, unknown>;
}

/** The `webhook-id` of an event for one endpoint: `msg_` + 32 hex of SHA-256 over the endpoint, type and key. */
export function messageIdOf(endpointId: string, type: string, key: string): string {
  return `msg_${createHash('sha256').update(`${endpointId}\n${type}\n${key}`).digest('hex').slice(0, 32)}`;
}

/** The body of a delivery: `{type, timestamp, data}` (the Standard Webhooks payload form). */
export function payloadOf(event: WebhookEvent, now: number): string {
  return JSON.stringify({ type: event.type, timestamp: new Date(now).toISOString(), data: event.data });
}

/** The outbox messages of `event` for each of `endpoints`, due at once. */
export function messagesFor(
  endpoints: readonly WebhookEndpoint[],
  event: WebhookEvent,
  now: number,
): WebhookMessage[] {
  const payload = payloadOf(event, now);
  return endpoints.map((endpoint) => ({
    id: messageIdOf(endpoint.id, event.type, event.key),
    endpointId: endpoint.id,
    owner: endpoint.owner,
    type: event.type,
    payload,
    createdAt: now,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    leaseOwner: null,
    leaseUntil: null,
  }));
}
