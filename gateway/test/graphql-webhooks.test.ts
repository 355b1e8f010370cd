/**
 * Webhooks over GraphQL, on real HTTP: the same operations, answers, errors and isolation as the REST routes, the
 * secret only in createWebhook and rotateWebhookSecret, and a test event delivered to a local receiver and found in
 * the delivery log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectGqlError, gql, selectAll } from './graphql-client.js';
import { startTestGateway, type TestGateway } from './harness.js';
import { type RestClient, restClient } from './rest-client.js';
import { startReceiver } from './webhook-receiver.js';

let t: TestGateway;
let strict: TestGateway;
let rest: RestClient;

beforeAll(async () => {
  t = await startTestGateway({ webhookAllowPrivate: true });
  strict = await startTestGateway();
  rest = restClient(t, t.keys.pro);
});
afterAll(async () => {
  await t.close();
  await strict.close();
});

const webhookFields = selectAll('WebhookEndpoint', ['deliveries']);
const hook = { url: 'http://127.0.0.1:9/hook', events: ['proactive.action', 'session.deleted'] };

/** Runs an operation with `key` (default the pro key); fails the test on any error. */
async function ok(query: string, variables: Record<string, unknown> = {}, key = t.keys.pro) {
  const res = await gql(t, query, { key, variables });
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data;
}

const create = `mutation ($i: CreateWebhookInput!) { createWebhook(input: $i) { secret webhook ${webhookFields} } }`;
const one = `query ($id: ID!) { webhook(id: $id) ${webhookFields} }`;
const list = `query ($first: Int!, $after: String) { webhooks(first: $first, after: $after) {
  edges { cursor node { id } } nodes { id } pageInfo { hasNextPage endCursor } } }`;
const update = `mutation ($id: ID!, $i: UpdateWebhookInput!) { updateWebhook(id: $id, input: $i) ${webhookFields} }`;
const log = `query ($id: ID!, $first: Int!, $after: String) { webhook(id: $id) { deliveries(first: $first, after: $after) {
  nodes ${selectAll('WebhookDelivery')} pageInfo { hasNextPage endCursor } } } }`;

async function createHook(input: Record<string, unknown> = hook, key = t.keys.pro) {
  return (await ok(create, { i: input }, key)).createWebhook as {
    secret: string;
    webhook: { id: string } & Record<string, unknown>;
  };
}

describe('graphql: webhooks', () => {
  it('createWebhook answers the endpoint and its secret once; webhook(id) is REST’s view without it', async () => {
    const created = await createHook({ ...hook, description: 'ops' });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.webhook).toMatchObject({
      ...hook,
      description: 'ops',
      enabled: true,
      disabled_reason: null,
    });
    const shown = (await ok(one, { id: created.webhook.id })).webhook;
    expect(shown).toEqual((await rest.get(`/v1/webhooks/${created.webhook.id}`)).body);
    // No field of a listed or fetched endpoint can carry a secret.
    const type = await gql(t, '{ __type(name: "WebhookEndpoint") { fields { name } } }');
    const names = type.body.data.__type.fields.map((f: { name: string }) => f.name);
    expect(names).toContain('deliveries');
    expect(names.some((name: string) => /secret/i.test(name))).toBe(false);
  });

  it('pages endpoints in creation order with REST’s cursors', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await createHook(hook, t.keys.free)).webhook.id);
    const first = (await ok(list, { first: 2 }, t.keys.free)).webhooks;
    expect(first.nodes.map((n: { id: string }) => n.id)).toEqual(ids.slice(0, 2));
    const restFirst = (await restClient(t, t.keys.free).get('/v1/webhooks?limit=2')).body;
    expect(first.pageInfo).toEqual({ hasNextPage: true, endCursor: restFirst.cursor });
    const second = (await ok(list, { first: 2, after: first.pageInfo.endCursor }, t.keys.free)).webhooks;
    expect(second.nodes.map((n: { id: string }) => n.id)).toEqual([ids[2]]);
    expect(second.pageInfo.hasNextPage).toBe(false);
  });

  it('updates, disables by hand, re-enables, rotates the secret and deletes', async () => {
    const { webhook, secret } = await createHook();
    const id = webhook.id;
    const changed = (await ok(update, { id, i: { events: ['webhook.test'], description: 'x', url: null } }))
      .updateWebhook;
    expect(changed).toMatchObject({ url: hook.url, events: ['webhook.test'], description: 'x' });
    const disabled = (await ok(update, { id, i: { enabled: false } })).updateWebhook;
    expect(disabled).toMatchObject({ enabled: false, disabled_reason: 'manual' });
    const enabled = (await ok(update, { id, i: { enabled: true } })).updateWebhook;
    expect(enabled).toMatchObject({ enabled: true, disabled_reason: null, consecutive_failures: 0 });
    const rotated = (
      await ok('mutation ($id: ID!) { rotateWebhookSecret(id: $id) { id secret previous_expires_at } }', {
        id,
      })
    ).rotateWebhookSecret;
    expect(rotated.id).toBe(id);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(secret);
    expect(Date.parse(rotated.previous_expires_at)).toBeGreaterThan(t.clock.now());
    const deleted = await ok('mutation ($id: ID!) { deleteWebhook(id: $id) { deleted id } }', { id });
    expect(deleted.deleteWebhook).toEqual({ deleted: true, id });
    expectGqlError((await gql(t, one, { key: t.keys.pro, variables: { id } })).body, 'NOT_FOUND');
  });

  it('testWebhook reaches a local receiver, and the attempt is in the delivery log, newest first', async () => {
    const receiver = await startReceiver([500]);
    try {
      const { webhook } = await createHook({ url: receiver.url, events: ['proactive.action'] });
      const query = 'mutation ($id: ID!) { testWebhook(id: $id) { id message_id queued } }';
      const first = (await ok(query, { id: webhook.id })).testWebhook;
      expect(first).toMatchObject({ id: webhook.id, queued: true });
      await receiver.waitFor(1);
      await t.gateway.webhooks.worker.idle();
      const second = (await ok(query, { id: webhook.id })).testWebhook;
      const [, got] = await receiver.waitFor(2);
      await t.gateway.webhooks.worker.idle();
      expect(got?.json.type).toBe('webhook.test');
      expect(got?.headers['webhook-id']).toBe(second.message_id);
      const deliveries = (await ok(log, { id: webhook.id, first: 1 })).webhook.deliveries;
      expect(deliveries.nodes).toEqual([
        expect.objectContaining({
          message_id: second.message_id,
          type: 'webhook.test',
          attempt: 1,
          status: 204,
        }),
      ]);
      expect(deliveries.nodes[0]).toMatchObject({ ok: true, error: null });
      const older = (await ok(log, { id: webhook.id, first: 5, after: deliveries.pageInfo.endCursor }))
        .webhook.deliveries;
      expect(older.nodes[0]).toMatchObject({ message_id: first.message_id, status: 500, ok: false });
      const viaRest = (await rest.get(`/v1/webhooks/${webhook.id}/deliveries`)).body.deliveries;
      expect([...deliveries.nodes, ...older.nodes].slice(0, viaRest.length)).toEqual(viaRest);
    } finally {
      await receiver.close();
    }
  });
});

describe('graphql: webhook validation', () => {
  it('names the field with REST’s message and details', async () => {
    const bad = { url: 'ftp://example.com/x', events: ['proactive.action', 'no.such'] };
    const res = await gql(t, create, { key: t.keys.pro, variables: { i: bad } });
    const viaRest = (await rest.post('/v1/webhooks', bad)).body.error;
    expectGqlError(res.body, 'VALIDATION_ERROR');
    expect(res.body.errors[0].message).toBe(viaRest.message);
    expect(res.body.errors[0].extensions.details).toEqual(viaRest.details);
    expect(res.body.data.createWebhook).toBeNull();
    const { id } = (await createHook()).webhook;
    const badUpdate = await gql(t, update, { key: t.keys.pro, variables: { id, i: { events: [] } } });
    expectGqlError(badUpdate.body, 'VALIDATION_ERROR');
    expect(badUpdate.body.errors[0].extensions.details[0].path).toBe('events');
  });

  it('names `first` and `after` for bad page arguments of both connections', async () => {
    const { id } = (await createHook()).webhook;
    const cases: [string, Record<string, unknown>, string][] = [
      [list, { first: 0 }, 'first'],
      [list, { first: 2, after: 'c2.x' }, 'after'],
      [log, { id, first: 101 }, 'first'],
      [log, { id, first: 2, after: 'c2.x' }, 'after'],
    ];
    for (const [query, variables, path] of cases) {
      const res = await gql(t, query, { key: t.keys.pro, variables });
      expectGqlError(res.body, 'VALIDATION_ERROR');
      expect(res.body.errors[0].extensions.details[0].path, JSON.stringify(variables)).toBe(path);
    }
  });

  it('refuses a loopback URL without LIMBIC_WEBHOOK_ALLOW_PRIVATE', async () => {
    const res = await gql(strict, create, { key: strict.keys.pro, variables: { i: hook } });
    expectGqlError(res.body, 'VALIDATION_ERROR');
    expect(res.body.errors[0].message).toContain('url: must not point to a private');
  });
});

describe('graphql: webhook isolation', () => {
  it('another key’s endpoint is NOT_FOUND for every field and mutation, and changes nothing', async () => {
    const { webhook } = await createHook();
    const id = webhook.id;
    const operations: [string, Record<string, unknown>][] = [
      [one, { id }],
      [log, { id, first: 5 }],
      [update, { id, i: { enabled: false } }],
      ['mutation ($id: ID!) { rotateWebhookSecret(id: $id) { secret } }', { id }],
      ['mutation ($id: ID!) { testWebhook(id: $id) { queued } }', { id }],
      ['mutation ($id: ID!) { deleteWebhook(id: $id) { deleted } }', { id }],
    ];
    const restMessage = (await rest.get(`/v1/webhooks/${id}`, { key: t.keys.other })).body.error.message;
    for (const key of [t.keys.other, t.keys.proLive]) {
      for (const [query, variables] of operations) {
        const res = await gql(t, query, { key, variables });
        expect(res.status, query).toBe(200);
        expectGqlError(res.body, 'NOT_FOUND');
        expect(res.body.errors[0].message).toBe(restMessage);
      }
      const theirs = (await ok(list, { first: 100 }, key)).webhooks.nodes;
      expect(theirs.map((n: { id: string }) => n.id)).not.toContain(id);
    }
    expect((await ok(one, { id })).webhook).toEqual(webhook);
  });
});
