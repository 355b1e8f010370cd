import { describe, expect, it } from 'vitest';
import { plansOf } from '../config.js';
import { generateKey, hashKey } from './api-key.js';
import { bearerToken, createAuthenticator, ownerOf } from './authenticator.js';
import { revokeKey, rotateKey } from './key-admin.js';
import { createMemoryKeyStore } from './key-store.js';
import { createKey } from './provision.js';

const pepper = 'unit-test-pepper';
const plans = plansOf({ enterpriseRequestsPerMinute: Number.POSITIVE_INFINITY, enterpriseSessions: 1e12 });
const start = Date.UTC(2026, 0, 1);

async function setup() {
  let t = start;
  const keys = createMemoryKeyStore();
  const auth = createAuthenticator({ keys, pepper, plans, now: () => t });
  return { keys, auth, advance: (ms: number) => (t += ms), now: () => t };
}

describe('authenticator', () => {
  it('turns a valid key into a principal owned by account:env with its plan', async () => {
    const { keys, auth } = await setup();
    const { key, record } = await createKey(keys, pepper, { env: 'live', plan: 'pro' });
    const principal = await auth.authenticate(key);
    expect(principal).toEqual({
      keyId: record.id,
      account: record.account,
      env: 'live',
      owner: `${record.account}:live`,
      plan: plans.pro,
    });
    expect(ownerOf(record.account, 'live')).toBe(principal?.owner);
  });

  it('records the last use', async () => {
    const { keys, auth } = await setup();
    const { key, record } = await createKey(keys, pepper, { env: 'test', plan: 'free' });
    await auth.authenticate(key);
    expect((await keys.findById(record.id))?.lastUsedAt).toBe(new Date(start).toISOString());
  });

  it('gives test and live keys of one account different owners', async () => {
    const { keys, auth } = await setup();
    const test = await createKey(keys, pepper, { env: 'test', plan: 'pro' });
    const live = await createKey(keys, pepper, { env: 'live', plan: 'pro', account: test.record.account });
    const a = await auth.authenticate(test.key);
    const b = await auth.authenticate(live.key);
    expect(a?.account).toBe(b?.account);
    expect(a?.owner).not.toBe(b?.owner);
  });

  it('refuses a revoked key', async () => {
    const { keys, auth, now } = await setup();
    const { key, record } = await createKey(keys, pepper, { env: 'test', plan: 'free' });
    await revokeKey(keys, record.id, now());
    expect(await auth.authenticate(key)).toBeNull();
  });

  it('refuses an expired key and accepts it until then', async () => {
    const { keys, auth, advance } = await setup();
    const { key, record } = await createKey(keys, pepper, { env: 'test', plan: 'free' });
    await keys.put({ ...record, expiresAt: new Date(start + 1000).toISOString() });
    expect(await auth.authenticate(key)).not.toBeNull();
    advance(1000);
    expect(await auth.authenticate(key)).toBeNull();
  });

  it('refuses unknown, malformed, wrong-prefix and missing keys', async () => {
    const { keys, auth } = await setup();
    const { key } = await createKey(keys, pepper, { env: 'test', plan: 'free' });
    for (const token of [
      generateKey('test'),
      'svc_test_short',
      `sk_test_${key.slice(9)}`,
      `svc_prod_${key.slice(9)}`,
      `${key} `,
      `${key}\n`,
      '',
      undefined,
      null,
      42 as unknown as string,
    ]) {
      expect(await auth.authenticate(token)).toBeNull();
    }
  });

  it('refuses a key whose stored environment does not match its prefix', async () => {
    const { keys, auth } = await setup();
    const { key, record } = await createKey(keys, pepper, { env: 'test', plan: 'free' });
    await keys.put({ ...record, env: 'live' });
    expect(await auth.authenticate(key)).toBeNull();
  });

  it('refuses a key hashed under another pepper', async () => {
    const { keys, auth } = await setup();
    const { key } = await createKey(keys, 'other-pepper', { env: 'test', plan: 'free' });
    expect(await keys.findByHash(hashKey('other-pepper', key))).not.toBeNull();
    expect(await auth.authenticate(key)).toBeNull();
  });

  it('lets a rotated key keep the account, so it owns the same sessions', async () => {
    const { keys, auth, now, advance } = await setup();
    const { key, record } = await createKey(keys, pepper, { env: 'live', plan: 'pro' });
    const rotated = await rotateKey(keys, pepper, record.id, 3600_000, now());
    const before = await auth.authenticate(key);
    const after = await auth.authenticate(rotated.key);
    expect(after?.owner).toBe(before?.owner);
    expect(after?.keyId).not.toBe(before?.keyId);
    advance(3600_000);
    expect(await auth.authenticate(key)).toBeNull();
    expect((await auth.authenticate(rotated.key))?.owner).toBe(`${record.account}:live`);
  });
});

describe('bearerToken', () => {
  it('reads the token of a Bearer header, in any case', () => {
    expect(bearerToken('Bearer svc_test_abc')).toBe('svc_test_abc');
    expect(bearerToken('bearer   svc_test_abc  ')).toBe('svc_test_abc');
  });

  it('is undefined for other schemes and missing headers', () => {
    expect(bearerToken(undefined)).toBeUndefined();
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken('Bearer')).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
  });
});
