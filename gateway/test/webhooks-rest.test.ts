/**
 * The webhook routes over real HTTP: registration answers the secret once, pages, updates, rotation, the delivery
 * log; bad input is VALIDATION_ERROR naming the field on every route; another owner gets NOT_FOUND everywhere; a
 * loopback URL is refused unless LIMBIC_WEBHOOK_ALLOW_PRIVATE is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxWebhooksPerOwner } from '../src/webhooks/webhook-admin.js';
import { startTestGateway, type TestGateway } from './harness.js';
import { expectError, type RestClient, restClient } from './rest-client.js';

let t: TestGateway;
let strict: TestGateway;
let pro: RestClient;
let other: RestClient;

beforeAll(async () => {
  t = await startTestGateway({ webhookAllowPrivate: true });
  strict = await startTestGateway();
  pro = restClient(t, t.keys.pro);
  other = restClient(t, t.keys.other);
});
afterAll(async () => {
  await t.close();
  await strict.close();
});

const hook = { url: 'http://127.0.0.1:9/hook', events: ['proactive.action', 'session.deleted'] };

function issuePath(response: { body: { error: { message: string } } }): string {
  return response.body.error.message;
}

describe('webhook routes', () => {
  it('creates an endpoint with a whsec_ secret shown once, then shows it without', async () => {
    const created = await pro.post('/v1/webhooks', { ...hook, description: 'ops' });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.body.secret.slice(6), 'base64')).toHaveLength(32);
    expect(created.headers.get('location')).toBe(`/v1/webhooks/${created.body.id}`);
    expect(created.body).toMatchObject({ ...hook, description: 'ops', enabled: true, disabled_reason: null });
    const shown = await pro.get(`/v1/webhooks/${created.body.id}`);
    expect(shown.body).not.toHaveProperty('secret');
    expect(shown.body.id).toBe(created.body.id);
    // The owner is the key's account and environment, as for sessions: the live key of the account is another.
    const live = await restClient(t, t.keys.proLive).get(`/v1/webhooks/${created.body.id}`);
    expectError(live, 404, 'NOT_FOUND');
  });

  it('pages endpoints in creation order with a cursor', async () => {
    const owner = restClient(t, t.keys.free);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await owner.post('/v1/webhooks', hook)).body.id);
    const first = await owner.get('/v1/webhooks?limit=2');
    expect(first.body.webhooks.map((w: { id: string }) => w.id)).toEqual(ids.slice(0, 2));
    const second = await owner.get(`/v1/webhooks?limit=2&cursor=${first.body.cursor}`);
    expect(second.body).toEqual({ webhooks: [expect.objectContaining({ id: ids[2] })], cursor: null });
  });

  it('updates fields, disables by hand and re-enables with the failure count reset', async () => {
    const { id } = (await pro.post('/v1/webhooks', hook)).body;
    const off = await pro.patch(`/v1/webhooks/${id}`, { enabled: false, events: ['session.deleted'] });
    expect(off.body).toMatchObject({
      enabled: false,
      disabled_reason: 'manual',
      events: ['session.deleted'],
    });
    const on = await pro.patch(`/v1/webhooks/${id}`, { enabled: true });
    expect(on.body).toMatchObject({ enabled: true, disabled_reason: null, consecutive_failures: 0 });
  });

  it('rotates the secret: a new whsec_ and the time until which the old one still signs', async () => {
    const created = (await pro.post('/v1/webhooks', hook)).body;
    const rotated = await pro.post(`/v1/webhooks/${created.id}/rotate-secret`, undefined);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.secret);
    expect(Date.parse(rotated.body.previous_expires_at) - t.clock.now()).toBe(24 * 3600_000);
  });

  it('deletes an endpoint, then it is NOT_FOUND', async () => {
    const { id } = (await pro.post('/v1/webhooks', hook)).body;
    expect((await pro.delete(`/v1/webhooks/${id}`)).body).toEqual({ deleted: true, id });
    expectError(await pro.get(`/v1/webhooks/${id}`), 404, 'NOT_FOUND');
    expectError(await pro.delete(`/v1/webhooks/${id}`), 404, 'NOT_FOUND');
  });

  it('answers NOT_FOUND to another owner on every webhook route', async () => {
    const { id } = (await pro.post('/v1/webhooks', hook)).body;
    expectError(await other.get(`/v1/webhooks/${id}`), 404, 'NOT_FOUND');
    expectError(await other.patch(`/v1/webhooks/${id}`, { enabled: false }), 404, 'NOT_FOUND');
    expectError(await other.patch(`/v1/webhooks/${id}`, { enabled: 'no' }), 404, 'NOT_FOUND');
    expectError(await other.post(`/v1/webhooks/${id}/rotate-secret`, undefined), 404, 'NOT_FOUND');
    expectError(await other.get(`/v1/webhooks/${id}/deliveries`), 404, 'NOT_FOUND');
    expectError(await other.post(`/v1/webhooks/${id}/test`, undefined), 404, 'NOT_FOUND');
    expectError(await other.delete(`/v1/webhooks/${id}`), 404, 'NOT_FOUND');
    const listed = await other.get('/v1/webhooks');
    expect(listed.body.webhooks.map((w: { id: string }) => w.id)).not.toContain(id);
    expect((await pro.get(`/v1/webhooks/${id}`)).body.enabled).toBe(true);
  });

  it('answers VALIDATION_ERROR naming the field on every route with input', async () => {
    const bad: [Promise<import('./rest-client.js').RestResponse>, string][] = [
      [pro.post('/v1/webhooks', { events: ['proactive.action'] }), 'url'],
      [pro.post('/v1/webhooks', { url: 'ftp://example.com/x', events: ['proactive.action'] }), 'url'],
      [pro.post('/v1/webhooks', { url: 'not a url', events: ['proactive.action'] }), 'url'],
      [pro.post('/v1/webhooks', { url: 'http://u:p@example.com/', events: ['proactive.action'] }), 'url'],
      [pro.post('/v1/webhooks', { ...hook, events: ['session.exploded'] }), 'events[0]'],
      [pro.post('/v1/webhooks', { ...hook, events: [] }), 'events'],
      [pro.post('/v1/webhooks', { ...hook, description: 'x'.repeat(501) }), 'description'],
      [pro.post('/v1/webhooks', { ...hook, secret: 'mine' }), 'secret'],
      [pro.post('/v1/webhooks', [hook]), 'body'],
      [pro.get('/v1/webhooks?limit=0'), 'limit'],
      [pro.get('/v1/webhooks?cursor=nope'), 'cursor'],
      [pro.get('/v1/webhooks?limt=3'), 'limt'],
    ];
    const { id } = (await pro.post('/v1/webhooks', hook)).body;
    bad.push(
      [pro.patch(`/v1/webhooks/${id}`, { enabled: 'yes' }), 'enabled'],
      [pro.patch(`/v1/webhooks/${id}`, { events: ['nope'] }), 'events[0]'],
      [pro.patch(`/v1/webhooks/${id}`, { url: 'gopher://x' }), 'url'],
      [pro.patch(`/v1/webhooks/${id}`, 'text'), 'body'],
      [pro.get(`/v1/webhooks/${id}/deliveries?limit=101`), 'limit'],
      [pro.get(`/v1/webhooks/${id}/deliveries?cursor=c2.x`), 'cursor'],
    );
    for (const [pending, field] of bad) {
      const response = await pending;
      expectError(response, 400, 'VALIDATION_ERROR');
      expect(issuePath(response)).toContain(`${field}:`);
    }
    // Nothing half-applied: the endpoint is as it was.
    expect((await pro.get(`/v1/webhooks/${id}`)).body).toMatchObject({ ...hook, enabled: true });
  });

  it(`caps the endpoints of an owner at ${maxWebhooksPerOwner}`, async () => {
    const owner = restClient(strict, strict.keys.free);
    const url = 'https://203.0.114.10/hook';
    for (let i = 0; i < maxWebhooksPerOwner; i++)
      expect((await owner.post('/v1/webhooks', { url, events: ['webhook.test'] })).status).toBe(201);
    const refused = await owner.post('/v1/webhooks', { url, events: ['webhook.test'] });
    expectError(refused, 400, 'VALIDATION_ERROR');
    expect(issuePath(refused)).toContain(`at most ${maxWebhooksPerOwner} webhooks`);
  });
});

describe('SSRF', () => {
  const targets = [
    'http://127.0.0.1:8080/hook',
    'http://localhost/hook',
    'http://10.1.2.3/',
    'http://172.20.0.1/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://224.0.0.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
  ];

  it('refuses private, loopback, link-local and reserved targets without the development setting', async () => {
    const client = restClient(strict, strict.keys.pro);
    for (const url of targets) {
      const refused = await client.post('/v1/webhooks', { url, events: ['webhook.test'] });
      expectError(refused, 400, 'VALIDATION_ERROR');
      expect(refused.body.error.message, url).toContain('url: must not point to a private');
    }
    const { id } = (
      await client.post('/v1/webhooks', { url: 'https://203.0.114.10/', events: ['webhook.test'] })
    ).body;
    const moved = await client.patch(`/v1/webhooks/${id}`, { url: 'http://127.0.0.1/' });
    expectError(moved, 400, 'VALIDATION_ERROR');
    expect(moved.body.error.message).toContain('url:');
  });

  it('accepts them with LIMBIC_WEBHOOK_ALLOW_PRIVATE=true', async () => {
    for (const url of targets.slice(0, 3))
      expect((await pro.post('/v1/webhooks', { url, events: ['webhook.test'] })).status).toBe(201);
  });
});
