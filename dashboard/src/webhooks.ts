/** The webhooks screen's data (the gateway's `WebhookEndpoint`, `WebhookDelivery`, …) and how it reads in words. */

/** An event type of the catalog. */
export interface WebhookEventInfo {
  type: string;
  description: string;
}

/** A webhook endpoint as the screen lists it (never with its secret). */
export interface Webhook {
  id: string;
  url: string;
  events: string[];
  description: string;
  enabled: boolean;
  /** `manual`, `failing`, or null when enabled. */
  disabled_reason: string | null;
  consecutive_failures: number;
  created_at: string;
}

/** The answer of createWebhook. */
export interface CreatedWebhook {
  secret: string;
  webhook: Webhook;
}

/** The answer of rotateWebhookSecret. */
export interface RotatedWebhookSecret {
  id: string;
  secret: string;
  previous_expires_at: string;
}

/** One delivery attempt of the log. */
export interface WebhookDelivery {
  id: string;
  message_id: string;
  type: string;
  attempt: number;
  at: string;
  duration_ms: number;
  status: number | null;
  error: string | null;
  ok: boolean;
}

/** A page of the delivery log. */
export interface WebhookDeliveryPage {
  nodes: WebhookDelivery[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** Whether an endpoint receives events, and why not, in words. */
export function webhookStatus(
  webhook: Pick<Webhook, 'enabled' | 'disabled_reason' | 'consecutive_failures'>,
): string {
  if (webhook.enabled) return 'Enabled';
  if (webhook.disabled_reason === 'manual') return 'Disabled by hand';
  if (webhook.disabled_reason === 'failing') {
    const n = webhook.consecutive_failures;
    return `Disabled after ${n} failed ${n === 1 ? 'delivery' : 'deliveries'} in a row`;
  }
  return webhook.disabled_reason ? `Disabled (${webhook.disabled_reason})` : 'Disabled';
}

/** What one attempt ended with: the HTTP status, the error, or both. */
export function deliveryOutcome(delivery: Pick<WebhookDelivery, 'status' | 'error' | 'ok'>): string {
  const status = delivery.status === null ? null : `HTTP ${delivery.status}`;
  if (delivery.ok) return status ?? 'Delivered';
  if (status && delivery.error) return `${status}: ${delivery.error}`;
  return status ?? delivery.error ?? 'Failed';
}

/** A duration in milliseconds, readable: `85 ms`, `1.2 s`, `30 s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  return seconds < 10 ? `${seconds.toFixed(1)} s` : `${Math.round(seconds)} s`;
}

/** The chosen event types with `type` added or removed, in the catalog's order. */
export function toggleEvent(
  catalog: readonly WebhookEventInfo[],
  chosen: readonly string[],
  type: string,
  on: boolean,
): string[] {
  const next = new Set(chosen);
  if (on) next.add(type);
  else next.delete(type);
  return catalog.map((event) => event.type).filter((name) => next.has(name));
}

/** What is wrong with the create form before asking the gateway (which checks everything again), or null. */
export function webhookFormProblem(url: string, events: readonly string[]): string | null {
  const text = url.trim();
  if (text === '') return 'Enter the URL that receives the events.';
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return 'The URL must be absolute, like https://example.com/limbic.';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return 'The URL must start with https:// or http://.';
  if (events.length === 0) return 'Choose at least one event.';
  return null;
}
