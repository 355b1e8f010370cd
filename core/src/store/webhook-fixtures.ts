import type { WebhookAttempt, WebhookEndpoint, WebhookMessage } from './webhook-store.js';

let counter = 0;
function next(): string {
  counter += 1;
  return String(counter).padStart(8, '0');
}

/** A fixed engine-clock time the webhook fixtures start from, ms. */
export const webhookTestTime = 1_767_225_600_000;

/** Builds an endpoint for store tests; every call gets a fresh, later id unless overridden. */
export function makeTestEndpoint(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: `whk_test${next()}`,
    owner: 'owner-a',
    url: 'https://hooks.example.com/limbic',
    events: ['proactive.action', 'session.stage_transition'],
    description: 'Käthe’s receiver',
    enabled: true,
    disabledReason: null,
    secrets: [
      { secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', createdAt: webhookTestTime, expiresAt: null },
      {
        secret: 'whsec_OLDxQ9r8GKYqrTwjUPD8ILPZIo2La',
        createdAt: webhookTestTime - 1000,
        expiresAt: webhookTestTime + 86_400_000,
      },
    ],
    consecutiveFailures: 0,
    createdAt: webhookTestTime,
    updatedAt: webhookTestTime,
    version: 1,
    ...overrides,
  };
}

/** Builds a pending message due at {@link webhookTestTime} for `endpoint`; a fresh id unless overridden. */
export function makeTestMessage(
  endpoint: WebhookEndpoint,
  overrides: Partial<WebhookMessage> = {},
): WebhookMessage {
  const id = overrides.id ?? `msg_test${next()}`;
  return {
    id,
    endpointId: endpoint.id,
    owner: endpoint.owner,
    type: 'proactive.action',
    payload: JSON.stringify({
      type: 'proactive.action',
      data: { id, message: 'Wie war die Prüfung? 試験はどうだった？' },
    }),
    createdAt: webhookTestTime,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: webhookTestTime,
    leaseOwner: null,
    leaseUntil: null,
    ...overrides,
  };
}

/** Builds the record of one attempt at `message`; a fresh, later id unless overridden. */
export function makeTestAttempt(
  message: WebhookMessage,
  overrides: Partial<WebhookAttempt> = {},
): WebhookAttempt {
  return {
    id: `att_test${next()}`,
    messageId: message.id,
    endpointId: message.endpointId,
    owner: message.owner,
    type: message.type,
    attempt: message.attempts + 1,
    at: webhookTestTime,
    durationMs: 42,
    status: 200,
    error: null,
    ok: true,
    ...overrides,
  };
}
