import type { WebhookAttempt, WebhookEndpoint } from '@limbic/core';
import type { WebhookDelivery, WebhookEndpointView } from '@limbic/protocol/shapes';

const iso = (ms: number) => new Date(ms).toISOString();

/** An endpoint as the API shows it: snake_case, ISO times, never its secrets. */
export function toEndpointView(endpoint: WebhookEndpoint): WebhookEndpointView {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events as WebhookEndpointView['events'],
    description: endpoint.description,
    enabled: endpoint.enabled,
    disabled_reason: endpoint.disabledReason,
    consecutive_failures: endpoint.consecutiveFailures,
    created_at: iso(endpoint.createdAt),
    updated_at: iso(endpoint.updatedAt),
  };
}

/** One attempt as the delivery log shows it. */
export function toDeliveryView(attempt: WebhookAttempt): WebhookDelivery {
  return {
    id: attempt.id,
    message_id: attempt.messageId,
    type: attempt.type,
    attempt: attempt.attempt,
    at: iso(attempt.at),
    duration_ms: Math.max(0, Math.round(attempt.durationMs)),
    status: attempt.status,
    error: attempt.error,
    ok: attempt.ok,
  };
}
