import type { ErrorCode } from '../errors.js';
import type { OperationSpec } from './operation.js';
import { pageQuery } from './schema-parts.js';

const endpoint: readonly ErrorCode[] = ['NOT_FOUND'];
// Endpoint writes are compare-and-set: CONFLICT when they keep losing to another process.
const write: readonly ErrorCode[] = ['NOT_FOUND', 'CONFLICT'];

/** The webhook operations (docs/webhooks.md), in the document's order. */
export const webhookOperations: readonly OperationSpec[] = [
  {
    id: 'createWebhook',
    summary: 'Register a webhook endpoint; the answer carries its signing secret, shown only this once',
    tag: 'webhooks',
    ok: 'WebhookCreated',
    status: 201,
    body: 'WebhookCreateInput',
  },
  {
    id: 'listWebhooks',
    summary: 'List the webhook endpoints, in creation order',
    tag: 'webhooks',
    ok: 'WebhookPage',
    query: pageQuery,
    errors: ['VALIDATION_ERROR'],
  },
  {
    id: 'getWebhook',
    summary: 'A webhook endpoint',
    tag: 'webhooks',
    ok: 'WebhookEndpoint',
    errors: endpoint,
  },
  {
    id: 'updateWebhook',
    summary: 'Change a webhook endpoint; enabled true re-enables it and resets its failure count',
    tag: 'webhooks',
    ok: 'WebhookEndpoint',
    body: 'WebhookUpdateInput',
    errors: write,
  },
  {
    id: 'deleteWebhook',
    summary: 'Delete a webhook endpoint with its pending messages and delivery log',
    tag: 'webhooks',
    ok: 'Deleted',
    errors: endpoint,
  },
  {
    id: 'rotateWebhookSecret',
    summary: 'Make a new signing secret (shown only this once); the previous one keeps signing for 24 hours',
    tag: 'webhooks',
    ok: 'WebhookSecret',
    errors: write,
  },
  {
    id: 'listWebhookDeliveries',
    summary: 'The delivery log of an endpoint: every attempt, newest first',
    tag: 'webhooks',
    ok: 'WebhookDeliveryPage',
    query: pageQuery,
    errors: ['VALIDATION_ERROR', ...endpoint],
  },
  {
    id: 'testWebhook',
    summary: 'Queue a webhook.test event for this endpoint (sent even while it is disabled)',
    tag: 'webhooks',
    ok: 'WebhookTest',
    status: 202,
    errors: endpoint,
  },
];
