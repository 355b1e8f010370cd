import { routes } from '@limbic/protocol';
import type {
  WebhookCreated,
  WebhookCreateInput,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEndpointView,
  WebhookPage,
  WebhookSecretRotated,
  WebhookTestQueued,
  WebhookUpdateInput,
} from '@limbic/protocol/shapes';
import { type CallOptions, type HttpConfig, send } from './http.js';
import { at } from './route-call.js';

/** A page request of the webhook lists. */
export interface WebhookPageOptions extends CallOptions {
  /** The `cursor` of the previous page; omitted or null for the first page. */
  cursor?: string | null;
  /** Page size, 1-100. Default 20. */
  limit?: number;
}

/** The client's methods for webhooks (docs/webhooks.md): part of every {@link LimbicClient}. */
export interface WebhookMethods {
  /**
   * `POST /v1/webhooks`: registers an endpoint for some events; the answer carries its signing secret
   * (`whsec_…`), shown only this once.
   * @example
   * const { id, secret } = await limbic.createWebhook({ url: 'https://example.com/limbic', events: ['proactive.action'] });
   */
  createWebhook(input: WebhookCreateInput, options?: CallOptions): Promise<WebhookCreated>;
  /** `GET /v1/webhooks`: one page of the endpoints, in creation order. */
  listWebhooks(options?: WebhookPageOptions): Promise<WebhookPage>;
  /** `GET /v1/webhooks/:id`: one endpoint (without its secret). */
  getWebhook(id: string, options?: CallOptions): Promise<WebhookEndpointView>;
  /** `PATCH /v1/webhooks/:id`: changes the given fields; `enabled: true` re-enables it and resets its failures. */
  updateWebhook(id: string, changes: WebhookUpdateInput, options?: CallOptions): Promise<WebhookEndpointView>;
  /** `DELETE /v1/webhooks/:id`: deletes the endpoint with its pending messages and delivery log. */
  deleteWebhook(id: string, options?: CallOptions): Promise<{ deleted: true; id: string }>;
  /** `POST /v1/webhooks/:id/rotate-secret`: a new secret (shown only now); the previous one signs for 24 h more. */
  rotateWebhookSecret(id: string, options?: CallOptions): Promise<WebhookSecretRotated>;
  /** `GET /v1/webhooks/:id/deliveries`: one page of the delivery log, newest attempt first. */
  listWebhookDeliveries(id: string, options?: WebhookPageOptions): Promise<WebhookDeliveryPage>;
  /** Every attempt of the delivery log, newest first, page after page. */
  webhookDeliveries(
    id: string,
    options?: Omit<WebhookPageOptions, 'cursor'>,
  ): AsyncIterableIterator<WebhookDelivery>;
  /** `POST /v1/webhooks/:id/test`: queues a `webhook.test` event for this endpoint. */
  testWebhook(id: string, options?: CallOptions): Promise<WebhookTestQueued>;
}

/** The webhook methods of a client on `config`. */
export function webhookMethods(config: HttpConfig): WebhookMethods {
  const methods: WebhookMethods = {
    createWebhook: async (input, call) => send(config, { ...at(routes.createWebhook), body: input, call }),
    listWebhooks: async ({ cursor, limit, ...call } = {}) =>
      send(config, { ...at(routes.listWebhooks), query: { cursor: cursor ?? undefined, limit }, call }),
    getWebhook: async (id, call) => send(config, { ...at(routes.getWebhook, { id }), call }),
    updateWebhook: async (id, changes, call) =>
      send(config, { ...at(routes.updateWebhook, { id }), body: changes, call }),
    deleteWebhook: async (id, call) => send(config, { ...at(routes.deleteWebhook, { id }), call }),
    rotateWebhookSecret: async (id, call) =>
      send(config, { ...at(routes.rotateWebhookSecret, { id }), call }),
    listWebhookDeliveries: async (id, { cursor, limit, ...call } = {}) =>
      send(config, {
        ...at(routes.listWebhookDeliveries, { id }),
        query: { cursor: cursor ?? undefined, limit },
        call,
      }),
    async *webhookDeliveries(id, { limit, ...call } = {}) {
      let cursor: string | null = null;
      do {
        const page: WebhookDeliveryPage = await methods.listWebhookDeliveries(id, {
          ...call,
          ...(limit === undefined ? {} : { limit }),
          cursor,
        });
        yield* page.deliveries;
        cursor = page.cursor;
      } while (cursor !== null);
    },
    testWebhook: async (id, call) => send(config, { ...at(routes.testWebhook, { id }), call }),
  };
  return methods;
}
