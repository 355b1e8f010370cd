import { type WebhookEventType, webhookEvents } from '@limbic/protocol';
import type {
  WebhookDelivery,
  WebhookEndpointView,
  WebhookSecretRotated,
  WebhookTestQueued,
} from '@limbic/protocol/shapes';
import { builder } from './builder.js';
import { type Connection, type Edge, PageInfoRef } from './session-types.js';

// Webhooks as GraphQL types, field for field the REST shapes of the same names (`@limbic/protocol/shapes`:
// WebhookEndpointView, WebhookDelivery, …; docs/webhooks.md). Event types stay strings (`proactive.action` is no
// GraphQL enum name); `webhookEvents` lists the catalog. Types carry the shapes' names, so that
// test/graphql-shapes.test.ts compares them; createWebhook's answer is `{secret, webhook}`, like createApiKey's.
// The fields and mutations are in webhook-fields.ts.

/** One event type of the catalog, with what it means. */
export interface WebhookEventInfo {
  type: WebhookEventType;
  description: string;
}

/** The catalog as {@link WebhookEventInfo} rows, in its order. */
export function webhookEventCatalog(): WebhookEventInfo[] {
  return Object.entries(webhookEvents).map(([type, description]) => ({
    type: type as WebhookEventType,
    description,
  }));
}

/** One event type an endpoint may receive. */
export const WebhookEventInfoRef = builder.objectRef<WebhookEventInfo>('WebhookEventType').implement({
  description: 'An event type an endpoint may receive (docs/webhooks.md).',
  fields: (t) => ({
    type: t.exposeString('type', { description: 'The event type, as `events` and deliveries name it' }),
    description: t.exposeString('description', { description: 'When it is sent and what its data holds' }),
  }),
});

/** A webhook endpoint, never with its secret (REST GET /v1/webhooks/:id). */
export const WebhookRef = builder.objectRef<WebhookEndpointView>('WebhookEndpoint').implement({
  description:
    'A webhook endpoint of your key (its secret is shown only by createWebhook and rotateWebhookSecret).',
  fields: (t) => ({
    id: t.exposeID('id', { description: '`whk_…`' }),
    url: t.exposeString('url'),
    events: t.exposeStringList('events', { description: 'The event types it receives (`webhookEvents`)' }),
    description: t.exposeString('description'),
    enabled: t.exposeBoolean('enabled'),
    disabled_reason: t.exposeString('disabled_reason', {
      nullable: true,
      description: '`manual`, `failing` (after the run of failed messages), or null when enabled',
    }),
    consecutive_failures: t.exposeInt('consecutive_failures', {
      description: 'Messages in a row that ended in failure',
    }),
    created_at: t.exposeString('created_at', { description: 'ISO 8601' }),
    updated_at: t.exposeString('updated_at', { description: 'ISO 8601' }),
  }),
});

/** The answer of createWebhook: the endpoint and its signing secret. */
export const CreatedWebhookRef = builder
  .objectRef<{ secret: string; webhook: WebhookEndpointView }>('CreatedWebhook')
  .implement({
    description: 'A new webhook endpoint (REST POST /v1/webhooks).',
    fields: (t) => ({
      secret: t.exposeString('secret', { description: '`whsec_…`: the signing secret, shown this once' }),
      webhook: t.expose('webhook', { type: WebhookRef }),
    }),
  });

/** The answer of rotateWebhookSecret (REST POST /v1/webhooks/:id/rotate-secret). */
export const RotatedWebhookSecretRef = builder.objectRef<WebhookSecretRotated>('WebhookSecret').implement({
  description: 'A new signing secret; the previous one keeps signing until `previous_expires_at`.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The endpoint' }),
    secret: t.exposeString('secret', { description: '`whsec_…`: the new secret, shown this once' }),
    previous_expires_at: t.exposeString('previous_expires_at', {
      description: 'ISO 8601: until when deliveries are also signed with the previous secret',
    }),
  }),
});

/** The answer of testWebhook (REST POST /v1/webhooks/:id/test). */
export const WebhookTestQueuedRef = builder.objectRef<WebhookTestQueued>('WebhookTest').implement({
  description: 'A `webhook.test` event queued for one endpoint; its attempts appear in `deliveries`.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The endpoint' }),
    message_id: t.exposeString('message_id', { description: 'The `webhook-id` header it is sent with' }),
    queued: t.exposeBoolean('queued'),
  }),
});

/** One delivery attempt (REST GET /v1/webhooks/:id/deliveries). */
export const WebhookDeliveryRef = builder.objectRef<WebhookDelivery>('WebhookDelivery').implement({
  description: 'One attempt to deliver an event to an endpoint.',
  fields: (t) => ({
    id: t.exposeID('id'),
    message_id: t.exposeString('message_id', {
      description: 'The `webhook-id` header: the same for every attempt of one event',
    }),
    type: t.exposeString('type', { description: 'The event type' }),
    attempt: t.exposeInt('attempt', { description: '1 for the first attempt of the message' }),
    at: t.exposeString('at', { description: 'ISO 8601: when the attempt was made' }),
    duration_ms: t.exposeInt('duration_ms'),
    status: t.exposeInt('status', {
      nullable: true,
      description: 'The HTTP status answered, or null when there was no answer',
    }),
    error: t.exposeString('error', { nullable: true, description: 'Why it failed, or null on success' }),
    ok: t.exposeBoolean('ok'),
  }),
});

/** A page of endpoints as a cursor connection. */
export type WebhookConnection = Connection<WebhookEndpointView>;
/** A page of the delivery log as a cursor connection. */
export type WebhookDeliveryConnection = Connection<WebhookDelivery>;

const WebhookEdgeRef = builder.objectRef<Edge<WebhookEndpointView>>('WebhookEdge').implement({
  fields: (t) => ({
    cursor: t.exposeString('cursor', { description: 'Pass as `after` to list the endpoints after this one' }),
    node: t.expose('node', { type: WebhookRef }),
  }),
});

/** The webhook connection. */
export const WebhookConnectionRef = builder.objectRef<WebhookConnection>('WebhookConnection').implement({
  description: 'A page of webhook endpoints, in creation order.',
  fields: (t) => ({
    edges: t.expose('edges', { type: [WebhookEdgeRef] }),
    nodes: t.field({ type: [WebhookRef], resolve: (c) => c.edges.map((e) => e.node) }),
    pageInfo: t.expose('pageInfo', { type: PageInfoRef }),
  }),
});

const WebhookDeliveryEdgeRef = builder.objectRef<Edge<WebhookDelivery>>('WebhookDeliveryEdge').implement({
  fields: (t) => ({
    cursor: t.exposeString('cursor', { description: 'Pass as `after` to list the older attempts' }),
    node: t.expose('node', { type: WebhookDeliveryRef }),
  }),
});

/** The delivery log connection. */
export const WebhookDeliveryConnectionRef = builder
  .objectRef<WebhookDeliveryConnection>('WebhookDeliveryConnection')
  .implement({
    description: 'A page of the delivery log, newest first.',
    fields: (t) => ({
      edges: t.expose('edges', { type: [WebhookDeliveryEdgeRef] }),
      nodes: t.field({ type: [WebhookDeliveryRef], resolve: (c) => c.edges.map((e) => e.node) }),
      pageInfo: t.expose('pageInfo', { type: PageInfoRef }),
    }),
  });

/** REST POST /v1/webhooks's body. */
export const CreateWebhookInput = builder.inputType('CreateWebhookInput', {
  description: 'A new endpoint: an http(s) URL on a public address, and the event types it receives.',
  fields: (t) => ({
    url: t.string({ required: true }),
    events: t.stringList({ required: true, description: 'At least one type of `webhookEvents`' }),
    description: t.string({ description: 'At most 500 characters' }),
  }),
});

/** REST PATCH /v1/webhooks/:id's body. */
export const UpdateWebhookInput = builder.inputType('UpdateWebhookInput', {
  description: 'The fields to change; an omitted (or null) field stays as it is.',
  fields: (t) => ({
    url: t.string(),
    events: t.stringList(),
    description: t.string(),
    enabled: t.boolean({
      description: 'false disables the endpoint; true re-enables it and resets its failure count',
    }),
  }),
});
