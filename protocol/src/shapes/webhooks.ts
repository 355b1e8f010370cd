import { z } from 'zod';
import { webhookEventTypes } from '../webhook-events.js';
import { count, dateTime, nullableString, oneOf } from './primitives.js';

/** Longest endpoint URL accepted. */
export const maxWebhookUrlLength = 2048;
/** Longest endpoint description accepted. */
export const maxWebhookDescriptionLength = 500;

const eventType = oneOf(webhookEventTypes);
const url = z.string().min(1).max(maxWebhookUrlLength).describe('An http or https URL on a public address');
const events = z
  .array(eventType)
  .min(1)
  .max(webhookEventTypes.length)
  .describe('The event types the endpoint receives (docs/webhooks.md)');
const description = z.string().max(maxWebhookDescriptionLength);

/** An endpoint as the API shows it (never with its secret, except right after creation and rotation). */
export const webhookEndpointSchema = z.strictObject({
  id: z.string(),
  url: z.string(),
  events: z.array(eventType),
  description: z.string(),
  enabled: z.boolean(),
  disabled_reason: nullableString.describe('`manual`, `failing` (after the run of failed messages), or null'),
  consecutive_failures: count.describe('Messages in a row that ended in failure'),
  created_at: dateTime,
  updated_at: dateTime,
});

/** The answer of creating an endpoint: the endpoint with its signing secret, shown this once. */
export const webhookCreatedSchema = webhookEndpointSchema.extend({
  secret: z.string().describe('`whsec_…`: the signing secret, shown only now'),
});

/** A page of endpoints, in creation order. */
export const webhookPageSchema = z.strictObject({
  webhooks: z.array(webhookEndpointSchema),
  cursor: nullableString,
});

/** The answer of rotating a secret: the new secret, shown this once, and until when the previous one still signs. */
export const webhookSecretSchema = z.strictObject({
  id: z.string(),
  secret: z.string().describe('`whsec_…`: the new signing secret, shown only now'),
  previous_expires_at: dateTime.describe('Until when deliveries are also signed with the previous secret'),
});

/** One delivery attempt, as the delivery log shows it. */
export const webhookDeliverySchema = z.strictObject({
  id: z.string(),
  message_id: z.string().describe('The `webhook-id` header: the same for every attempt of one event'),
  type: z.string(),
  attempt: z.int().min(1),
  at: dateTime,
  duration_ms: count,
  status: z.int().nullable().describe('The HTTP status answered, or null when there was no answer'),
  error: nullableString.describe('Why the attempt failed, or null on success'),
  ok: z.boolean(),
});

/** A page of the delivery log, newest first. */
export const webhookDeliveryPageSchema = z.strictObject({
  deliveries: z.array(webhookDeliverySchema),
  cursor: nullableString,
});

/** The answer of sending a test event: the message queued for delivery. */
export const webhookTestSchema = z.strictObject({
  id: z.string(),
  message_id: z.string(),
  queued: z.literal(true),
});

/** The body of `POST /v1/webhooks`. */
export const webhookCreateInputSchema = z.strictObject({
  url,
  events,
  description: description.optional(),
});

/** The body of `PATCH /v1/webhooks/:id`: the fields to change. */
export const webhookUpdateInputSchema = z.strictObject({
  url: url.optional(),
  events: events.optional(),
  description: description.optional(),
  enabled: z
    .boolean()
    .optional()
    .describe('true re-enables a disabled endpoint and resets its failure count'),
});
