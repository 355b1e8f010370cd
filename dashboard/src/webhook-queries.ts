/** The GraphQL operations of the webhooks screen (docs/dashboard.md, "Webhooks"); result types in `webhooks.ts`. */

const webhookFields = 'id url events description enabled disabled_reason consecutive_failures created_at';

/** How many delivery attempts one page of the log holds. */
export const deliveryPageSize = 20;

/** The event catalog, for the create form's choices. */
export const webhookEventsQuery = 'query WebhookEvents { webhookEvents { type description } }';

/** The key's endpoints (at most 20 per owner, so one page holds them all), in creation order. */
export const webhooksQuery = `query Webhooks { webhooks(first: 100) { nodes { ${webhookFields} } } }`;

/** Registers an endpoint; the answer holds its signing secret, the only time it is shown. */
export const createWebhookMutation = `mutation CreateWebhook($input: CreateWebhookInput!) {
  createWebhook(input: $input) { secret webhook { ${webhookFields} } }
}`;

/** Enables or disables an endpoint (enabling resets its failure count). */
export const setWebhookEnabledMutation = `mutation SetWebhookEnabled($id: ID!, $enabled: Boolean!) {
  updateWebhook(id: $id, input: { enabled: $enabled }) { ${webhookFields} }
}`;

/** Gives an endpoint a new signing secret, shown once; the previous one signs on for an overlap. */
export const rotateWebhookSecretMutation = `mutation RotateWebhookSecret($id: ID!) {
  rotateWebhookSecret(id: $id) { id secret previous_expires_at }
}`;

/** Queues a `webhook.test` event for one endpoint. */
export const testWebhookMutation = `mutation TestWebhook($id: ID!) { testWebhook(id: $id) { id message_id queued } }`;

/** Deletes an endpoint and its delivery log. */
export const deleteWebhookMutation = `mutation DeleteWebhook($id: ID!) { deleteWebhook(id: $id) { deleted id } }`;

/** A page of an endpoint's delivery log, newest first. */
export const deliveriesQuery = `query WebhookDeliveries($id: ID!, $after: String) {
  webhook(id: $id) { id deliveries(first: ${deliveryPageSize}, after: $after) {
    nodes { id message_id type attempt at duration_ms status error ok }
    pageInfo { hasNextPage endCursor } } }
}`;
