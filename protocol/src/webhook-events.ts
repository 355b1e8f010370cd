/**
 * The catalog of webhook events (docs/webhooks.md): every event type an endpoint may subscribe to, with what it
 * means. One row per event; a new event is one more row here (and its producer in the gateway).
 */
export const webhookEvents = {
  'proactive.action':
    'A proactive action arose in a session (time-driven check or turn); data: session_id, action',
  'session.stage_transition':
    'A turn moved the soul stage to another stage; data: session_id, version, transition, soul_stage',
  'session.emotional_overflow':
    'A turn left the felt intensity at or above the coping threshold, or the character in crisis (stage level 7-9); data: session_id, version, trigger, emotion, intensity, threshold, stress, stage_level',
  'session.deleted': 'A session was deleted; data: session_id',
  'relationship.signal':
    'A message started a relationship-health signal for a person (docs/relationship-health.md); data: session_id, participant, signal',
  'webhook.disabled':
    'Another endpoint of the same owner was disabled after failing; data: webhook_id, url, reason, consecutive_failures',
  'webhook.test': 'Sent by POST /v1/webhooks/:id/test to that endpoint only; data: webhook_id, message',
} as const satisfies Record<string, string>;

/** A webhook event type (`proactive.action`, …). */
export type WebhookEventType = keyof typeof webhookEvents;

/** Every webhook event type, in the catalog's order. */
export const webhookEventTypes = Object.keys(webhookEvents) as WebhookEventType[];

/** True when `type` is an event of the catalog. */
export function isWebhookEventType(type: unknown): type is WebhookEventType {
  return typeof type === 'string' && Object.hasOwn(webhookEvents, type);
}
