// The public exports of webhook storage (docs/storage.md, "Webhooks"), re-exported by the package index.

export { createMemoryWebhookStore } from './memory-webhook-store.js';
export type {
  WebhookAttempt,
  WebhookEndpoint,
  WebhookMessage,
  WebhookMessageStatus,
  WebhookPageOptions,
  WebhookSecret,
  WebhookSettlement,
  WebhookStore,
} from './webhook-store.js';
