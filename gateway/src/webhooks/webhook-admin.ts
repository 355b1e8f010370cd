import {
  type Clock,
  createCryptoRandom,
  createIdGenerator,
  decodeCursor,
  encodeCursor,
  LimbicError,
  parseLimit,
  parseWith,
  toValidationError,
  type WebhookEndpoint,
  type WebhookStore,
} from '@limbic/core';
import {
  type WebhookCreated,
  type WebhookDeliveryPage,
  type WebhookEndpointView,
  type WebhookPage,
  type WebhookSecretRotated,
  webhookCreateInputSchema,
  webhookUpdateInputSchema,
} from '@limbic/protocol/shapes';
import { checkResolvedHost, urlIssues } from './address-guard.js';
import { createWebhookSecret, rotatedSecrets, secretOverlapMs } from './signing.js';
import { toDeliveryView, toEndpointView } from './webhook-views.js';

/** The most endpoints one owner may register (docs/webhooks.md). */
export const maxWebhooksPerOwner = 20;

const idPattern = /^whk_[0-9a-z]{1,64}$/i;

/** A page request as the routes read it: an opaque cursor and a page size, both optional. */
export interface PageQuery {
  cursor?: string | null | undefined;
  limit?: unknown;
}

/** Options of {@link createWebhookAdmin}. */
export interface WebhookAdminOptions {
  store: WebhookStore;
  clock: Clock;
  /** LIMBIC_WEBHOOK_ALLOW_PRIVATE. */
  allowPrivate: boolean;
}

/**
 * The operations on an owner's endpoints, shared by REST and GraphQL: another owner's endpoint is NOT_FOUND, bad
 * input is VALIDATION_ERROR naming the field, and a write that keeps losing to another process is CONFLICT.
 */
export function createWebhookAdmin({ store, clock, allowPrivate }: WebhookAdminOptions) {
  const newId = createIdGenerator(createCryptoRandom());

  async function checkUrl(url: string): Promise<void> {
    const issues = urlIssues(url, allowPrivate);
    if (issues.length === 0) issues.push(...(await checkResolvedHost(url, allowPrivate)));
    if (issues.length > 0) throw toValidationError('webhook', issues);
  }

  async function endpointOf(owner: string, id: string): Promise<WebhookEndpoint> {
    const endpoint = idPattern.test(id) ? await store.getEndpoint(owner, id) : null;
    if (!endpoint) throw new LimbicError('NOT_FOUND', 'Webhook not found');
    return endpoint;
  }

  /** Reads, changes and writes an endpoint with compare-and-set, retrying a few times on a concurrent write. */
  async function change(
    owner: string,
    id: string,
    edit: (endpoint: WebhookEndpoint) => WebhookEndpoint,
  ): Promise<WebhookEndpoint> {
    for (let i = 0; i < 5; i++) {
      const endpoint = await endpointOf(owner, id);
      const next = { ...edit(endpoint), version: endpoint.version + 1, updatedAt: clock.now() };
      if (await store.replaceEndpoint(next, endpoint.version)) return next;
    }
    throw new LimbicError('CONFLICT', 'The webhook was changed concurrently; retry');
  }

  function page(query: PageQuery): { after?: string; limit: number } {
    const limit = parseLimit(query.limit);
    const after = query.cursor ? decodeCursor(query.cursor, (id) => /^[\w-]{1,128}$/.test(id)) : undefined;
    return after === undefined ? { limit } : { after, limit };
  }

  return {
    endpointOf,
    change,

    async create(owner: string, body: unknown): Promise<WebhookCreated> {
      const input = parseWith(webhookCreateInputSchema, body, 'webhook');
      await checkUrl(input.url);
      if ((await store.countEndpoints(owner)) >= maxWebhooksPerOwner) {
        throw toValidationError('webhook', [
          { path: 'url', message: `at most ${maxWebhooksPerOwner} webhooks per account; delete one first` },
        ]);
      }
      const now = clock.now();
      const secret = createWebhookSecret();
      const endpoint: WebhookEndpoint = {
        id: newId('whk_', now),
        owner,
        url: input.url,
        events: [...new Set(input.events)],
        description: input.description ?? '',
        enabled: true,
        disabledReason: null,
        secrets: [{ secret, createdAt: now, expiresAt: null }],
        consecutiveFailures: 0,
        createdAt: now,
        updatedAt: now,
        version: 1,
      };
      await store.createEndpoint(endpoint);
      return { ...toEndpointView(endpoint), secret };
    },

    async list(owner: string, query: PageQuery): Promise<WebhookPage> {
      const { after, limit } = page(query);
      const found = await store.listEndpoints(owner, {
        ...(after === undefined ? {} : { after }),
        limit: limit + 1,
      });
      const webhooks = found.slice(0, limit);
      const last = webhooks.at(-1);
      return {
        webhooks: webhooks.map(toEndpointView),
        cursor: found.length > limit && last ? encodeCursor(last.id) : null,
      };
    },

    async get(owner: string, id: string): Promise<WebhookEndpointView> {
      return toEndpointView(await endpointOf(owner, id));
    },

    async update(owner: string, id: string, body: unknown): Promise<WebhookEndpointView> {
      await endpointOf(owner, id);
      const input = parseWith(webhookUpdateInputSchema, body, 'webhook');
      if (input.url !== undefined) await checkUrl(input.url);
      const next = await change(owner, id, (endpoint) => ({
        ...endpoint,
        ...(input.url === undefined ? {} : { url: input.url }),
        ...(input.events === undefined ? {} : { events: [...new Set(input.events)] }),
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(input.enabled === undefined
          ? {}
          : input.enabled
            ? { enabled: true, disabledReason: null, consecutiveFailures: 0 }
            : { enabled: false, disabledReason: 'manual' }),
      }));
      return toEndpointView(next);
    },

    async remove(owner: string, id: string): Promise<{ deleted: true; id: string }> {
      if (!idPattern.test(id) || !(await store.deleteEndpoint(owner, id)))
        throw new LimbicError('NOT_FOUND', 'Webhook not found');
      return { deleted: true, id };
    },

    async rotateSecret(owner: string, id: string): Promise<WebhookSecretRotated> {
      const secret = createWebhookSecret();
      const now = clock.now();
      await change(owner, id, (endpoint) => ({
        ...endpoint,
        secrets: rotatedSecrets(endpoint, secret, now),
      }));
      return { id, secret, previous_expires_at: new Date(now + secretOverlapMs).toISOString() };
    },

    async deliveries(owner: string, id: string, query: PageQuery): Promise<WebhookDeliveryPage> {
      await endpointOf(owner, id);
      const { after, limit } = page(query);
      const found = await store.listAttempts(owner, id, {
        ...(after === undefined ? {} : { after }),
        limit: limit + 1,
      });
      const deliveries = found.slice(0, limit);
      const last = deliveries.at(-1);
      return {
        deliveries: deliveries.map(toDeliveryView),
        cursor: found.length > limit && last ? encodeCursor(last.id) : null,
      };
    },
  };
}

/** The operations of {@link createWebhookAdmin}. */
export type WebhookAdmin = ReturnType<typeof createWebhookAdmin>;
