import { isLimbicError, toValidationError } from '@limbic/core';
import type { WebhookEndpointView } from '@limbic/protocol/shapes';
import type { PageQuery } from '../webhooks/webhook-admin.js';
import { builder, type GraphQLContext } from './builder.js';
import { withoutNulls } from './inputs.js';
import { ownerOf } from './queries.js';
import { type Connection, checkFirst, connectionOf, DeletedRef } from './session-types.js';
import {
  CreatedWebhookRef,
  CreateWebhookInput,
  RotatedWebhookSecretRef,
  UpdateWebhookInput,
  WebhookConnectionRef,
  WebhookDeliveryConnectionRef,
  WebhookEventInfoRef,
  WebhookRef,
  WebhookTestQueuedRef,
  webhookEventCatalog,
} from './webhook-types.js';

// Webhooks in GraphQL (docs/webhooks.md): the `webhooks` connection, `webhook(id)` with its delivery log, the event
// catalog, and the mutations. Each runs REST's operation (webhooks/webhook-admin.ts) with REST's errors: bad input
// is VALIDATION_ERROR naming the field, another key's endpoint is NOT_FOUND, here as there.

// The admin names REST's page parameters; here they are the field's arguments.
const argumentNames: Record<string, string> = { cursor: 'after', limit: 'first' };

/** Runs a page read with GraphQL's argument names in its validation issues. */
async function paged<T>(
  first: number,
  after: string | null | undefined,
  read: (query: PageQuery) => Promise<{ nodes: T[]; cursor: string | null }>,
  idOf: (node: T) => string,
): Promise<Connection<T>> {
  checkFirst(first);
  try {
    const page = await read({ cursor: after ?? null, limit: first });
    return connectionOf(page.nodes, idOf, page.cursor);
  } catch (error) {
    if (!isLimbicError(error, 'VALIDATION_ERROR')) throw error;
    throw toValidationError(
      'page',
      error.issues.map((issue) => ({ ...issue, path: argumentNames[issue.path] ?? issue.path })),
    );
  }
}

const admin = (ctx: GraphQLContext) => ctx.gateway.webhooks.admin;

builder.queryFields((t) => ({
  webhooks: t.field({
    type: WebhookConnectionRef,
    nullable: true,
    description:
      'Your webhook endpoints, in creation order, `first` (1-100) at a time (REST GET /v1/webhooks). Secrets are never shown.',
    args: {
      first: t.arg.int({ required: true, defaultValue: 20, description: 'Page size, 1-100' }),
      after: t.arg.string({ description: 'The endCursor (or an edge cursor) of the previous page' }),
    },
    resolve: (_root, { first, after }, ctx) =>
      paged(
        first,
        after,
        async (query) => {
          const page = await admin(ctx).list(ownerOf(ctx), query);
          return { nodes: page.webhooks, cursor: page.cursor };
        },
        (node) => node.id,
      ),
  }),
  webhook: t.field({
    type: WebhookRef,
    nullable: true,
    description: 'One of your webhook endpoints (REST GET /v1/webhooks/:id); NOT_FOUND for anyone else’s.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, ctx) => admin(ctx).get(ownerOf(ctx), String(id)),
  }),
  webhookEvents: t.field({
    type: [WebhookEventInfoRef],
    description: 'The event types an endpoint may receive, with what each means (docs/webhooks.md).',
    resolve: () => webhookEventCatalog(),
  }),
}));

builder.objectField(WebhookRef, 'deliveries', (t) =>
  t.field({
    type: WebhookDeliveryConnectionRef,
    nullable: true,
    description:
      'The delivery log: every attempt, newest first, `first` (1-100) at a time (REST GET /v1/webhooks/:id/deliveries). Null (with the error) for a bad argument.',
    args: {
      first: t.arg.int({ required: true, defaultValue: 20, description: 'Page size, 1-100' }),
      after: t.arg.string({ description: 'The endCursor (or an edge cursor) of the previous page' }),
    },
    resolve: (webhook: WebhookEndpointView, { first, after }, ctx) =>
      paged(
        first,
        after,
        async (query) => {
          const page = await admin(ctx).deliveries(ownerOf(ctx), webhook.id, query);
          return { nodes: page.deliveries, cursor: page.cursor };
        },
        (node) => node.id,
      ),
  }),
);

builder.mutationFields((t) => ({
  createWebhook: t.field({
    type: CreatedWebhookRef,
    nullable: true,
    description:
      'Registers an endpoint (REST POST /v1/webhooks): the answer holds its signing secret, shown this once. VALIDATION_ERROR names the field (a private or loopback URL, an unknown event type, too many endpoints).',
    args: { input: t.arg({ type: CreateWebhookInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const { secret, ...webhook } = await admin(ctx).create(ownerOf(ctx), withoutNulls(input));
      return { secret, webhook };
    },
  }),
  updateWebhook: t.field({
    type: WebhookRef,
    nullable: true,
    description:
      'Changes an endpoint’s URL, events, description, or whether it is enabled (REST PATCH /v1/webhooks/:id).',
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: UpdateWebhookInput, required: true }),
    },
    resolve: (_root, { id, input }, ctx) => admin(ctx).update(ownerOf(ctx), String(id), withoutNulls(input)),
  }),
  deleteWebhook: t.field({
    type: DeletedRef,
    nullable: true,
    description: 'Deletes an endpoint and its delivery log (REST DELETE /v1/webhooks/:id).',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, ctx) => admin(ctx).remove(ownerOf(ctx), String(id)),
  }),
  rotateWebhookSecret: t.field({
    type: RotatedWebhookSecretRef,
    nullable: true,
    description:
      'Gives an endpoint a new signing secret, shown this once; the previous one keeps signing for an overlap (REST POST /v1/webhooks/:id/rotate-secret).',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, ctx) => admin(ctx).rotateSecret(ownerOf(ctx), String(id)),
  }),
  testWebhook: t.field({
    type: WebhookTestQueuedRef,
    nullable: true,
    description:
      'Queues a `webhook.test` event for this endpoint only, whatever its events (REST POST /v1/webhooks/:id/test).',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, ctx) => ctx.gateway.webhooks.test(ownerOf(ctx), String(id)),
  }),
}));
