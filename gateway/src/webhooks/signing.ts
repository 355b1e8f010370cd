import { createHmac, randomBytes } from 'node:crypto';
import type { WebhookEndpoint, WebhookSecret } from '@limbic/core';

/** How long a rotated secret keeps signing beside the new one, engine-clock ms (24 h; docs/webhooks.md). */
export const secretOverlapMs = 24 * 3600_000;

/** A new signing secret in the Standard Webhooks form: `whsec_` + base64 of 32 random bytes. */
export function createWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The secrets of `endpoint` that still sign at `now`: the current one and rotated ones within their overlap. */
export function signingSecrets(endpoint: WebhookEndpoint, now: number): WebhookSecret[] {
  return endpoint.secrets.filter((s) => s.expiresAt === null || s.expiresAt > now);
}

/**
 * The Standard Webhooks signature of one delivery with one secret: `v1,` + base64 of HMAC-SHA256 over
 * `id.timestamp.body`, keyed with the base64-decoded part of `whsec_…`.
 */
export function signPayload(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/**
 * The Standard Webhooks headers of one attempt: `webhook-id`, `webhook-timestamp` (wall-clock seconds: receivers
 * compare it with their own clock) and `webhook-signature` with one space-separated signature per secret.
 */
export function webhookHeaders(
  secrets: readonly WebhookSecret[],
  id: string,
  timestampSeconds: number,
  body: string,
): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((s) => signPayload(s.secret, id, timestampSeconds, body)).join(' '),
  };
}

/** An endpoint's secrets after a rotation at `now`: `secret` first, the others expiring after the overlap. */
export function rotatedSecrets(endpoint: WebhookEndpoint, secret: string, now: number): WebhookSecret[] {
  const kept = signingSecrets(endpoint, now).map((s) => ({
    ...s,
    expiresAt: Math.min(s.expiresAt ?? Number.POSITIVE_INFINITY, now + secretOverlapMs),
  }));
  return [{ secret, createdAt: now, expiresAt: null }, ...kept];
}
