import type { RequestOf, ResponseOf } from './registry.js';

// The types of the webhook routes' bodies, inferred from their schemas (docs/webhooks.md).

/** An endpoint as `GET /v1/webhooks/:id` answers it (never with its secret). */
export type WebhookEndpointView = ResponseOf<'WebhookEndpoint'>;
/** The answer of `POST /v1/webhooks`: the endpoint with its secret, shown this once. */
export type WebhookCreated = ResponseOf<'WebhookCreated'>;
/** The body of `GET /v1/webhooks`. */
export type WebhookPage = ResponseOf<'WebhookPage'>;
/** The answer of `POST /v1/webhooks/:id/rotate-secret`. */
export type WebhookSecretRotated = ResponseOf<'WebhookSecret'>;
/** One attempt of the delivery log. */
export type WebhookDelivery = ResponseOf<'WebhookDelivery'>;
/** The body of `GET /v1/webhooks/:id/deliveries`. */
export type WebhookDeliveryPage = ResponseOf<'WebhookDeliveryPage'>;
/** The answer of `POST /v1/webhooks/:id/test`. */
export type WebhookTestQueued = ResponseOf<'WebhookTest'>;
/** The body of `POST /v1/webhooks`. */
export type WebhookCreateInput = RequestOf<'WebhookCreateInput'>;
/** The body of `PATCH /v1/webhooks/:id`. */
export type WebhookUpdateInput = RequestOf<'WebhookUpdateInput'>;
