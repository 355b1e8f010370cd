import type {
  WebhookCreated,
  WebhookDelivery,
  WebhookEndpointView,
  WebhookSecretRotated,
  WebhookTestQueued,
} from '@limbic/protocol/shapes';
import { builder } from './builder.js';
import { type Connection, PageInfoRef } from './session-types.js';

// The webhook objects of GraphQL (docs/webhooks.md), field for field REST's bodies; the fields are in
// webhook-fields.ts.

/** A page of endpoints. */
export type WebhookConnection = Connection<WebhookEndpointView>;
/** A page of the delivery log. */
export type WebhookDeliveryConnection = Connection<WebhookDelivery>;

const endpointNotes = {
  events: 'The event types it receives',
  disabled_reason: '`manual`, `failing` (after the run of failed messages), or null',
  consecutive_failures: 'Messages in a row that ended in failure',
} as const;

/** An endpoint (REST GET /v1/webhooks/:id). */
export const WebhookRef = builder.objectRef<WebhookEndpointView>('Webhook').implement({
  description:
    'A webhook endpoint of your account and environment (docs/webhooks.md); never with its secret.',
  fields: (t) => ({
    id: t.exposeID('id'),
    url: t.exposeString('url'),
    events: t.exposeStringList('events', { description: endpointNotes.events }),
    description: t.exposeString('description'),
    enabled: t.exposeBoolean('enabled'),
    disabled_reason: t.exposeString('disabled_reason', {
      nullable: true,
      description: endpointNotes.disabled_reason,
    }),
    consecutive_failures: t.exposeInt('consecutive_failures', {
      description: endpointNotes.consecutive_failures,
    }),
    created_at: t.exposeString('created_at'),
    updated_at: t.exposeString('updated_at'),
  }),
});

/** The answer of createWebhook (REST's 201 body): the endpoint and its secret, shown this once. */
export const WebhookCreatedRef = builder.objectRef<WebhookCreated>('WebhookCreated').implement({
  description: 'A new endpoint and its signing secret, shown only in this answer.',
  fields: (t) => ({
    id: t.exposeID('id'),
    url: t.exposeString('url'),
    events: t.exposeStringList('events', { description: endpointNotes.events }),
    description: t.exposeString('description'),
    enabled: t.exposeBoolean('enabled'),
    disabled_reason: t.exposeString('disabled_reason', {
      nullable: true,
      description: endpointNotes.disabled_reason,
    }),
    consecutive_failures: t.exposeInt('consecutive_failures', {
      description: endpointNotes.consecutive_failures,
    }),
    created_at: t.exposeString('created_at'),
    updated_at: t.exposeString('updated_at'),
    secret: t.exposeString('secret', { description: '`whsec_…`: the signing secret' }),
  }),
});

/** The answer of rotateWebhookSecret. */
export const WebhookSecretRef = builder.objectRef<WebhookSecretRotated>('WebhookSecret').implement({
  description:
    'A new signing secret, shown only in this answer, and until when the previous one still signs.',
  fields: (t) => ({
    id: t.exposeID('id'),
    secret: t.exposeString('secret'),
    previous_expires_at: t.exposeString('previous_expires_at'),
  }),
});

/** One attempt of the delivery log. */
export const WebhookDeliveryRef = builder.objectRef<WebhookDelivery>('WebhookDelivery').implement({
  description: 'One delivery attempt.',
  fields: (t) => ({
    id: t.exposeID('id'),
    message_id: t.exposeString('message_id', {
      description: 'The webhook-id header, the same on every attempt',
    }),
    type: t.exposeString('type'),
    attempt: t.exposeInt('attempt', { description: '1 for the first attempt' }),
    at: t.exposeString('at'),
    duration_ms: t.exposeInt('duration_ms'),
    status: t.exposeInt('status', {
      nullable: true,
      description: 'The HTTP status, or null without an answer',
    }),
    error: t.exposeString('error', { nullable: true, description: 'Why it failed, or null on success' }),
    ok: t.exposeBoolean('ok'),
  }),
});

/** The answer of testWebhook. */
export const WebhookTestRef = builder.objectRef<WebhookTestQueued>('WebhookTest').implement({
  description: 'A webhook.test event queued for delivery.',
  fields: (t) => ({
    id: t.exposeID('id'),
    message_id: t.exposeString('message_id'),
    queued: t.exposeBoolean('queued'),
  }),
});

const WebhookEdgeRef = builder
  .objectRef<{ cursor: string; node: WebhookEndpointView }>('WebhookEdge')
  .implement({
    fields: (t) => ({ cursor: t.exposeString('cursor'), node: t.expose('node', { type: WebhookRef }) }),
  });

const WebhookDeliveryEdgeRef = builder
  .objectRef<{ cursor: string; node: WebhookDelivery }>('WebhookDeliveryEdge')
  .implement({
    fields: (t) => ({
      cursor: t.exposeString('cursor'),
      node: t.expose('node', { type: WebhookDeliveryRef }),
    }),
  });

/** A page of endpoints, oldest first. */
export const WebhookConnectionRef = builder.objectRef<WebhookConnection>('WebhookConnection').implement({
  description: 'A page of webhook endpoints, oldest first.',
  fields: (t) => ({
    edges: t.expose('edges', { type: [WebhookEdgeRef] }),
    nodes: t.field({ type: [WebhookRef], resolve: (c) => c.edges.map((e) => e.node) }),
    pageInfo: t.expose('pageInfo', { type: PageInfoRef }),
  }),
});

/** A page of the delivery log, newest first. */
export const WebhookDeliveryConnectionRef = builder
  .objectRef<WebhookDeliveryConnection>('WebhookDeliveryConnection')
  .implement({
    description: 'A page of delivery attempts, newest first.',
    fields: (t) => ({
      edges: t.expose('edges', { type: [WebhookDeliveryEdgeRef] }),
      nodes: t.field({ type: [WebhookDeliveryRef], resolve: (c) => c.edges.map((e) => e.node) }),
      pageInfo: t.expose('pageInfo', { type: PageInfoRef }),
    }),
  });
