/** Webhooks over GraphQL: the same operations, errors and isolation as REST (docs/graphql.md, docs/webhooks.md). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectGqlError, gql, selectAll } from './graphql-client.js';
import { startTestGateway, type TestGateway } from './harness.js';
import { startReceiver, type WebhookReceiver } from './webhook-receiver.js';

let t: TestGateway;
let receiver: WebhookReceiver;

beforeAll(async () => {
  t = await startTestGateway({ webhookAllowPrivate: true });
  receiver = await startReceiver();
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const webhook = selectAll('Webhook');
const delivery = selectAll('WebhookDelivery');

async function ok(query: string, variables: Record<string, unknown> = {}, key = t.keys.pro) {
  const res = await gql(t, query, { key, variables });
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data;
}

const create = `mutation ($input: WebhookInput!) { createWebhook(input: $input) { id secret events enabled } }`;

describe('webhooks over GraphQL', () => {
  it('creates, lists, updates, tests, reads the log, rotates and deletes, as REST does', async () => {
    const { createWebhook } = await ok(create, { input: { url: receiver.url, events: ['session.deleted'] } });
    expect(createWebhook).toMatchObject({ secret: expect.stringMatching(/^whsec_/), enabled: true });
    const id = createWebhook.id;
    const listed = await ok(`{ webhooks(first: 10) { nodes ${webhook} pageInfo { hasNextPage } } }`);
    expect(listed.webhooks.nodes.map((w: { id: string }) => w.id)).toContain(id);
    const rest = await fetch(`${t.url}/v1/webhooks/${id}`, {
      headers: { authorization: `Bearer ${t.keys.pro}` },
    });
    expect(listed.webhooks.nodes.find((w: { id: string }) => w.id === id)).toEqual(await rest.json());

    const updated = await ok(
      `mutation ($id: ID!) { updateWebhook(id: $id, input: {description: "ops", enabled: false}) ${webhook} }`,
      { id },
    );
    expect(updated.updateWebhook).toMatchObject({
      description: 'ops',
      enabled: false,
      disabled_reason: 'manual',
    });
    const tested = await ok(`mutation ($id: ID!) { testWebhook(id: $id) { id message_id queued } }`, { id });
    await receiver.waitFor(1);
    await t.gateway.webhooks.worker.idle();
    const log = await ok(`query ($id: ID!) { webhookDeliveries(id: $id, first: 5) { nodes ${delivery} } }`, {
      id,
    });
    expect(log.webhookDeliveries.nodes).toEqual([
      expect.objectContaining({ message_id: tested.testWebhook.message_id, ok: true, attempt: 1 }),
    ]);
    const rotated = await ok(
      `mutation ($id: ID!) { rotateWebhookSecret(id: $id) { id secret previous_expires_at } }`,
      {
        id,
      },
    );
    expect(rotated.rotateWebhookSecret.secret).not.toBe(createWebhook.secret);
    expect(
      (await ok(`mutation ($id: ID!) { deleteWebhook(id: $id) { deleted id } }`, { id })).deleteWebhook,
    ).toEqual({
      deleted: true,
      id,
    });
  });

  it('answers NOT_FOUND to another owner on every webhook field', async () => {
    const { createWebhook } = await ok(create, {
      input: { url: receiver.url, events: ['proactive.action'] },
    });
    const variables = { id: createWebhook.id };
    for (const query of [
      `query ($id: ID!) { webhook(id: $id) { id } }`,
      `query ($id: ID!) { webhookDeliveries(id: $id) { nodes { id } } }`,
      `mutation ($id: ID!) { updateWebhook(id: $id, input: {enabled: false}) { id } }`,
      `mutation ($id: ID!) { rotateWebhookSecret(id: $id) { secret } }`,
      `mutation ($id: ID!) { testWebhook(id: $id) { id } }`,
      `mutation ($id: ID!) { deleteWebhook(id: $id) { id } }`,
    ]) {
      const res = await gql(t, query, { key: t.keys.other, variables });
      expectGqlError(res.body, 'NOT_FOUND');
    }
    const theirs = await ok('{ webhooks { nodes { id } } }', {}, t.keys.other);
    expect(theirs.webhooks.nodes).toEqual([]);
    expect((await ok(`query ($id: ID!) { webhook(id: $id) { enabled } }`, variables)).webhook.enabled).toBe(
      true,
    );
  });

  it('answers VALIDATION_ERROR naming the field', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      [create, { input: { url: 'ftp://x', events: ['proactive.action'] } }, 'url:'],
      [create, { input: { url: receiver.url, events: ['nope'] } }, 'events[0]:'],
      ['{ webhooks(first: 0) { nodes { id } } }', {}, 'first:'],
      ['{ webhooks(after: "nope") { nodes { id } } }', {}, 'after:'],
    ];
    for (const [query, variables, field] of cases) {
      const res = await gql(t, query, { key: t.keys.pro, variables });
      expectGqlError(res.body, 'VALIDATION_ERROR');
      expect(res.body.errors[0].message).toContain(field);
    }
  });
});
