import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectGqlError, gql, subscribe, within, wsClient } from './graphql-client.js';
import { startTestGateway, type TestGateway } from './harness.js';
import { expectError, restClient } from './rest-client.js';

let t: TestGateway;
beforeEach(async () => {
  t = await startTestGateway();
});
afterEach(() => t.close());

const keyFields = 'id hint env plan account status source createdAt lastUsedAt expiresAt';
const listKeys = `query ($prefix: String, $env: KeyEnvironment, $status: KeyStatus) {
  apiKeys(prefix: $prefix, env: $env, status: $status) { ${keyFields} } }`;
const createKey = `mutation ($i: CreateApiKeyInput!) { createApiKey(input: $i) { key apiKey { ${keyFields} } } }`;
const revokeKey = `mutation ($id: ID!) { revokeApiKey(id: $id) { ${keyFields} } }`;
const rotateKey = `mutation ($id: ID!, $h: Int) { rotateApiKey(id: $id, graceHours: $h) {
  key apiKey { ${keyFields} } previous { ${keyFields} } } }`;

/** Runs an operation with the operator token; fails the test on any error. */
async function asOperator(query: string, variables: Record<string, unknown> = {}) {
  const res = await gql(t, query, { key: t.adminToken, variables });
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  expect(res.status).toBe(200);
  return res.body.data;
}

/** The HTTP status REST answers a key with on GET /v1/presets. */
async function restStatus(key: string): Promise<number> {
  return (await restClient(t, key).get('/v1/presets')).status;
}

async function created(env = 'test', plan = 'free', account?: string) {
  const input = account === undefined ? { env, plan } : { env, plan, account };
  return (await asOperator(createKey, { i: input })).createApiKey as {
    key: string;
    apiKey: { id: string; hint: string; account: string; status: string };
  };
}

describe('graphql: operator sign-in', () => {
  it('answers operator { signedIn version } for the operator token, with no rate-limit headers', async () => {
    const res = await gql(t, '{ operator { signedIn version } }', { key: t.adminToken });
    expect(res.body).toEqual({ data: { operator: { signedIn: true, version: t.gateway.context.version } } });
    expect(res.headers.get('ratelimit')).toBeNull();
    expect(res.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('refuses a wrong token, no token and an API key with UNAUTHORIZED (401)', async () => {
    for (const key of ['limbic_admin_00000000000000000000000000000000', null]) {
      const res = await gql(t, '{ operator { signedIn } }', { key });
      expect(res.status).toBe(401);
      expectGqlError(res.body, 'UNAUTHORIZED');
      expect(res.body.errors[0].message).toBe('Invalid or missing operator token (LIMBIC_ADMIN_TOKEN)');
      expect(res.body.data ?? null).toBeNull();
    }
    const asKey = await gql(t, '{ operator { signedIn } }', { key: t.keys.pro });
    expect(asKey.status).toBe(401);
    expectGqlError(asKey.body, 'UNAUTHORIZED');
    expect(asKey.body.errors[0].message).toContain('needs the operator token (LIMBIC_ADMIN_TOKEN)');
  });

  it('counts wrong operator tokens against the address, like bad API keys', async () => {
    await t.close();
    t = await startTestGateway({ failedAuthPerMinute: 3 });
    const wrong = (i: number) =>
      gql(t, '{ operator { signedIn } }', { key: `limbic_admin_wrong${i}wrongwrongwrong` });
    for (let i = 0; i < 3; i++) expectGqlError((await wrong(i)).body, 'UNAUTHORIZED');
    expectGqlError((await wrong(3)).body, 'RATE_LIMIT');
    // The right token now is not confirmed: the address is blocked whatever it presents.
    const blocked = await gql(t, '{ operator { signedIn } }', { key: t.adminToken });
    expect(blocked.status).toBe(429);
    expectGqlError(blocked.body, 'RATE_LIMIT');
  });

  it('accepts the operator token in graphql-ws connectionParams, for operator fields only', async () => {
    const client = wsClient(t, t.adminToken);
    try {
      const stream = subscribe(client, '{ operator { signedIn } apiKeys(env: live) { id env } }');
      const result = await stream.next();
      expect(result.errors).toBeUndefined();
      expect(result.data?.operator).toEqual({ signedIn: true });
      expect(result.data?.apiKeys.every((k: { env: string }) => k.env === 'live')).toBe(true);
      const refused = await subscribe(client, '{ sessions { nodes { sessionId } } }').next();
      expect(refused.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
      expect(refused.errors?.[0]?.message).toContain('needs an API key');
    } finally {
      await client.dispose();
    }
  });
});

describe('graphql: operator fields and key-scoped fields', () => {
  it('refuses apiKeys and the key mutations to an API key, naming LIMBIC_ADMIN_TOKEN', async () => {
    for (const [query, variables] of [
      [listKeys, {}],
      [createKey, { i: { env: 'test', plan: 'free' } }],
      [revokeKey, { id: 'key_0000000000000000' }],
      ['{ health { status } apiKeys { id } }', {}],
    ] as const) {
      const res = await gql(t, query, { key: t.keys.pro, variables });
      expect(res.status).toBe(401);
      expectGqlError(res.body, 'UNAUTHORIZED');
      expect(res.body.errors[0].message).toBe(
        'This operation needs the operator token (LIMBIC_ADMIN_TOKEN), not an API key',
      );
    }
  });

  it('refuses sessions, turns and subscriptions to the operator, saying they need an API key', async () => {
    for (const query of [
      '{ sessions { nodes { sessionId } } }',
      '{ operator { signedIn } presets { id } }',
      'mutation { createSession(input: {preset: "rival"}) { sessionId } }',
    ]) {
      const res = await gql(t, query, { key: t.adminToken });
      expect(res.status).toBe(401);
      expectGqlError(res.body, 'UNAUTHORIZED');
      expect(res.body.errors[0].message).toBe(
        'This operation needs an API key: the operator token opens only the operator fields',
      );
    }
    // Public fields stay public for everyone.
    const health = await gql(t, '{ health { status } __schema { queryType { name } } }', {
      key: t.adminToken,
    });
    expect(health.body.data.health.status).toBe('ok');
  });
});

describe('graphql: createApiKey and apiKeys', () => {
  it('creates a key whose secret works at once, and lists it with its last use', async () => {
    const { key, apiKey } = await created('live', 'pro');
    expect(key).toMatch(/^svc_live_[0-9A-Za-z]{38}$/);
    expect(apiKey).toMatchObject({ env: 'live', plan: 'pro', status: 'active', source: 'generated' });
    expect(apiKey.hint).toBe(`${key.slice(0, 13)}…${key.slice(-4)}`);
    expect(apiKey.account).toMatch(/^acct_/);
    const before = (await asOperator(listKeys, { prefix: apiKey.hint })).apiKeys;
    expect(before).toEqual([expect.objectContaining({ id: apiKey.id, lastUsedAt: null, expiresAt: null })]);

    const rest = await restClient(t, key).get('/v1/presets');
    expect(rest.status).toBe(200);
    expect(rest.headers.get('x-ratelimit-limit')).toBe('600');
    const after = (await asOperator(listKeys, { prefix: apiKey.hint })).apiKeys;
    expect(Date.parse(after[0].lastUsedAt)).toBeGreaterThan(0);
    expect(JSON.stringify(after)).not.toContain(key.slice(13, -4));
  });

  it('joins an existing account when asked, so the new key sees its sessions', async () => {
    const first = await created('test', 'pro');
    const session = await restClient(t, first.key).post('/v1/persona', { preset: 'rival' });
    expect(session.status).toBe(201);
    const second = await created('test', 'free', first.apiKey.account);
    expect(second.apiKey.account).toBe(first.apiKey.account);
    expect((await restClient(t, second.key).get(`/v1/persona/${session.body.sessionId}`)).status).toBe(200);
  });

  it('lists newest first, filtered by the start of the hint, the environment and the status', async () => {
    const all = (await asOperator(listKeys)).apiKeys as { id: string; env: string; createdAt: string }[];
    expect(all).toHaveLength(4);
    const a = await created('test');
    const b = await created('live');
    const c = await created('live');
    await asOperator(revokeKey, { id: c.apiKey.id });
    const ids = (vars: Record<string, unknown>) =>
      asOperator(listKeys, vars).then((d) => d.apiKeys.map((k: { id: string }) => k.id));
    expect((await ids({})).slice(0, 3)).toEqual([c.apiKey.id, b.apiKey.id, a.apiKey.id]);
    expect((await ids({ prefix: 'svc_live_' })).slice(0, 2)).toEqual([c.apiKey.id, b.apiKey.id]);
    expect(await ids({ prefix: 'svc_live_' })).toEqual(await ids({ env: 'live' }));
    expect(await ids({ env: 'live', status: 'active' })).not.toContain(c.apiKey.id);
    expect(await ids({ status: 'revoked' })).toEqual([c.apiKey.id]);
    expect(await ids({ prefix: a.apiKey.hint.slice(0, 12) })).toContain(a.apiKey.id);
    expect(await ids({ prefix: 'svc_none_' })).toEqual([]);
    const live = (await asOperator(listKeys, { env: 'live' })).apiKeys as { env: string }[];
    expect(live.every((k) => k.env === 'live')).toBe(true);
  });

  it('names the field of bad input', async () => {
    const bad = await gql(t, createKey, {
      key: t.adminToken,
      variables: { i: { env: 'test', plan: 'free', account: 'no spaces please' } },
    });
    expectGqlError(bad.body, 'VALIDATION_ERROR');
    expect(bad.body.errors[0].extensions.details).toEqual([
      { path: 'input.account', message: expect.any(String) },
    ]);
    expect(bad.body.data).toEqual({ createApiKey: null });
    const plan = await gql(t, createKey, {
      key: t.adminToken,
      variables: { i: { env: 'test', plan: 'gold' } },
    });
    expectGqlError(plan.body, 'VALIDATION_ERROR');
    expect(plan.body.errors[0].message).toBe('Value "gold" does not exist in "Plan" enum.');
    const prefix = await gql(t, listKeys, { key: t.adminToken, variables: { prefix: 'x'.repeat(65) } });
    expect(prefix.body.errors[0].extensions.details[0].path).toBe('prefix');
  });
});

describe('graphql: revokeApiKey', () => {
  it('revokes at once on every transport, and revoking again returns the revoked key', async () => {
    const { key, apiKey } = await created('test', 'pro');
    expect(await restStatus(key)).toBe(200);
    const sessionId = (await restClient(t, key).post('/v1/persona', { preset: 'rival' })).body.sessionId;
    const closed = new Promise<number>((resolve) => {
      const client = wsClient(t, key, {
        on: { closed: (event) => resolve((event as { code: number }).code) },
      });
      subscribe(client, 'subscription ($s: ID!) { sessionState(sessionId: $s) { turns } }', { s: sessionId })
        .next()
        .catch(() => {});
    });
    await within(
      (async () => {
        while (t.gateway.graphql.subscriptions === 0) await new Promise((r) => setTimeout(r, 10));
      })(),
      'the subscription to open',
    );

    const revoked = (await asOperator(revokeKey, { id: apiKey.id })).revokeApiKey;
    expect(revoked).toMatchObject({ id: apiKey.id, status: 'revoked' });
    expect(Date.parse(revoked.expiresAt)).toBeGreaterThan(0);
    expectError(await restClient(t, key).get('/v1/presets'), 401, 'UNAUTHORIZED');
    expect((await gql(t, '{ presets { id } }', { key })).status).toBe(401);
    expect(await within(closed, 'the socket to close')).toBe(4401);
    expect((await asOperator(revokeKey, { id: apiKey.id })).revokeApiKey).toEqual(revoked);
  });

  it('answers NOT_FOUND for an unknown id and VALIDATION_ERROR naming id for a malformed one', async () => {
    const unknown = await gql(t, revokeKey, { key: t.adminToken, variables: { id: 'key_0000000000000000' } });
    expect(unknown.status).toBe(200);
    expectGqlError(unknown.body, 'NOT_FOUND');
    expect(unknown.body.data).toEqual({ revokeApiKey: null });
    // A pasted secret is not echoed back.
    const pasted = await gql(t, revokeKey, { key: t.adminToken, variables: { id: t.keys.free } });
    expectGqlError(pasted.body, 'VALIDATION_ERROR');
    expect(pasted.body.errors[0].extensions.details[0].path).toBe('id');
    expect(JSON.stringify(pasted.body)).not.toContain(t.keys.free);
    expect(await restStatus(t.keys.free)).toBe(200);
  });
});

describe('graphql: rotateApiKey', () => {
  it('gives a new key in the same account; the old one is expiring and works for the default 24 hours', async () => {
    const old = await created('live', 'pro');
    const sessionId = (await restClient(t, old.key).post('/v1/persona', { preset: 'rival' })).body.sessionId;
    const rotated = (await asOperator(rotateKey, { id: old.apiKey.id })).rotateApiKey;
    expect(rotated.key).not.toBe(old.key);
    expect(rotated.apiKey).toMatchObject({
      account: old.apiKey.account,
      env: 'live',
      plan: 'pro',
      status: 'active',
    });
    expect(rotated.previous).toMatchObject({ id: old.apiKey.id, status: 'expiring' });
    const hours = (Date.parse(rotated.previous.expiresAt) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect((await restClient(t, rotated.key).get(`/v1/persona/${sessionId}`)).status).toBe(200);
    expect(await restStatus(old.key)).toBe(200);
    const listed = (await asOperator(listKeys, { status: 'expiring' })).apiKeys;
    expect(listed.map((k: { id: string }) => k.id)).toEqual([old.apiKey.id]);
  });

  it('revokes the old key now with graceHours 0', async () => {
    const old = await created();
    expect(await restStatus(old.key)).toBe(200);
    const rotated = (await asOperator(rotateKey, { id: old.apiKey.id, h: 0 })).rotateApiKey;
    expect(rotated.previous.status).toBe('revoked');
    expect(await restStatus(old.key)).toBe(401);
    expect(await restStatus(rotated.key)).toBe(200);
  });

  it('names graceHours out of range and id of a key that no longer works', async () => {
    const old = await created();
    for (const h of [-1, 169]) {
      const res = await gql(t, rotateKey, { key: t.adminToken, variables: { id: old.apiKey.id, h } });
      expectGqlError(res.body, 'VALIDATION_ERROR');
      expect(res.body.errors[0].extensions.details[0].path).toBe('graceHours');
    }
    await asOperator(revokeKey, { id: old.apiKey.id });
    const revoked = await gql(t, rotateKey, { key: t.adminToken, variables: { id: old.apiKey.id } });
    expectGqlError(revoked.body, 'VALIDATION_ERROR');
    expect(revoked.body.errors[0].message).toMatch(/id: Key key_\w+ is revoked/);
    const unknown = await gql(t, rotateKey, { key: t.adminToken, variables: { id: 'key_0000000000000000' } });
    expectGqlError(unknown.body, 'NOT_FOUND');
  });
});
