import { isLimbicError, toValidationError } from '@limbic/core';
import type { GraphQLContext } from './builder.js';
import { builder } from './builder.js';
import { withoutNulls } from './inputs.js';
import { ownerOf } from './queries.js';
import { checkFirst, connectionOf, DeletedRef } from './session-types.js';
import {
  WebhookConnectionRef,
  WebhookCreatedRef,
  WebhookDeliveryConnectionRef,
  WebhookRef,
  WebhookSecretRef,
  WebhookTestRef,
} from './webhook-types.js';

// Webhooks in GraphQL (docs/webhooks.md, docs/graphql.md): the `webhooks` connection, one `webhook`, its
// `webhookDeliveries`, and the mutations. Each is REST's route of the same purpose through the same operations,
// with REST's errors and issue paths (a page's `cursor` and `limit` are `after` and `first` here).

const argumentNames: Record<string, string> = { cursor: 'after', limit: 'first' };

/** Runs a page read with REST's page issues renamed to the field's arguments. */
async function paged<T>(first: number, read: () => Promise<T>): Promise<T> {
  checkFirst(first);
  try {
    return await read();
  } catch (error) {
    if (!isLimbicError(error, 'VALIDATION_ERROR')) throw error;
    throw toValidationError(
      'page',
      error.issues.map((issue) => ({ ...issue, path: argumentNames[issue.path] ?? issue.path })),
    );
  }
}

const admin = (ctx: GraphQLContext) => ctx.gateway.webhooks.admin;

const WebhookInput = builder.inputType('WebhookInput', {
  description:
    'A new endpoint (REST POST /v1/webhooks): an http(s) URL on a public address and the events it wants.',
  fields: (t) => ({
    url: t.string({ required: true }),
    events: t.stringList({
      required: true,
      description: 'Event types of docs/webhooks.md, e.g. proactive.action',
    }),
    description: t.string(),
  }),
});

const WebhookUpdateInput = builder.inputType('WebhookUpdateInput', {
  description:
    'The fields to change (REST PATCH /v1/webhooks/:id); enabled true also resets the failure count.',
  fields: (t) => ({
    url: t.string(),
    events: t.stringList(),
    description: t.string(),
    enabled: t.boolean(),
  }),
});

builder.queryFields((t) => ({
  webhooks: t.field({
    type: WebhookConnectionRef,
    nullable: true,
    description: 'Your webhook endpoints, oldest first, `first` (1-100) at a time (REST GET /v1/webhooks).',
    args: {
      first: t.arg.int({ required: true, defaultValue: 20, description: 'Page size, 1-100' }),
      after: t.arg.string({ description: 'The endCursor (or an edge cursor) of the previous page' }),
    },
    resolve: (_root, { first, after }, ctx) =>
      paged(first, async () => {
        const page = await admin(ctx).list(ownerOf(ctx), { cursor: after ?? null, limit: first });
        return connectionOf(page.webhooks, (node) => node.id, page.cursor);
      }),
  }),
  webhook: t.field({
    type: WebhookRef,
    nullable: true,
    description: 'One webhook endpoint (REST GET /v1/webhooks/:id).',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, ctx) => admin(ctx).get(ownerOf(ctx), String(id)),
  }),
  webhookDeliveries: t.field({
    type: WebhookDeliveryConnectionRef,
    nullable: true,
    description:
      'The delivery log of an endpoint, newest attempt first, `first` (1-100) at a time (REST GET /v1/webhooks/:id/deliveries).',
    args: {
      id: t.arg.id({ required: true }),
      first: t.arg.int({ required: true, defaultValue: 20, description: 'Page size, 1-100' }),
      after: t.arg.string({ description: 'The endCursor (or an edge cursor) of the previous page' }),
    },
    resolve: (_root, { id, first, after }, ctx) =>
      paged(first, async () => {
        const page = await admin(ctx).deliveries(ownerOf(ctx), String(id), {
          cursor: after ?? null,
          limit: first,
        });
        return connectionOf(page.deliveries, (node) => node.id, page.cursor);
      }),
  }),
}));

builder.mutationFields((t) => ({
  createWebhook: t.field({
    type: WebhookCreatedRef,
    nullable: true,
    description:
      'Registers a webhook endpoint; the answer carries its signing secret, shown only this once (REST POST /v1/webhooks).',
    args: { input: t.arg({ type: WebhookInput, required: true }) },
    resolve: (_root, { input }, ctx) => admin(ctx).create(ownerOf(ctx), withoutNulls(input)),
  }),
  updateWebhook: t.field({
    type: WebhookRef,
    nullable: true,
    description: 'Changes a webhook endpoint (REST PATCH /v1/webhooks/:id).',
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: WebhookUpdateInput, required: true }) },
    resolve: (_root, { id, input }, ctx) => admin(ctx).update(ownerOf(ctx), String(id), withoutNulls(input)),
  }),
  deleteWebhook: t.field({
    type: DeletedRef,
    nullable: true,
    description:
      'Deletes a webhook endpoint with its pending messages and log (REST DELETE /v1/webhooks/:id).',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, ctx) => admin(ctx).remove(ownerOf(ctx), String(id)),
  }),
  rotateWebhookSecret: t.field({
    type: WebhookSecretRef,
    nullable: true,
    description:
      'Makes a new signing secret, shown only this once; the previous one signs for 24 hours more (REST POST /v1/webhooks/:id/rotate-secret).',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, ctx) => admin(ctx).rotateSecret(ownerOf(ctx), String(id)),
  }),
  testWebhook: t.field({
    type: WebhookTestRef,
    nullable: true,
    description: 'Queues a webhook.test event for one endpoint (REST POST /v1/webhooks/:id/test).',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, ctx) => ctx.gateway.webhooks.test(ownerOf(ctx), String(id)),
  }),
}));
