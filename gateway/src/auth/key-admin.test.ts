import { describe, expect, it } from 'vitest';
import { KeyAdminError, keyStatus, revokeKey, rotateKey } from './key-admin.js';
import { createMemoryKeyStore } from './key-store.js';
import { createKey } from './provision.js';

const pepper = 'unit-test-pepper';
const t0 = Date.UTC(2026, 0, 1);
const hour = 3600_000;

describe('rotateKey', () => {
  it('creates a key in the same account, env and plan, and lets the old one expire after the grace', async () => {
    const store = createMemoryKeyStore();
    const { key: oldKey, record: old } = await createKey(store, pepper, { env: 'live', plan: 'pro' });
    const { key, record, previous } = await rotateKey(store, pepper, old.id, 24 * hour, t0);
    expect(key).not.toBe(oldKey);
    expect(record).toMatchObject({ env: 'live', plan: 'pro', account: old.account, status: 'active' });
    expect(record.id).not.toBe(old.id);
    expect(previous).toMatchObject({
      id: old.id,
      status: 'active',
      expiresAt: new Date(t0 + 24 * hour).toISOString(),
    });
    expect(keyStatus(previous, t0)).toBe('expiring');
    expect(keyStatus(previous, t0 + 24 * hour)).toBe('expired');
    expect(await store.findById(old.id)).toEqual(previous);
  });

  it('revokes the old key now with a grace of 0', async () => {
    const store = createMemoryKeyStore();
    const { record: old } = await createKey(store, pepper, { env: 'test', plan: 'free' });
    const { previous } = await rotateKey(store, pepper, old.id, 0, t0);
    expect(keyStatus(previous, t0)).toBe('revoked');
  });

  it('never extends an expiry already set', async () => {
    const store = createMemoryKeyStore();
    const { record: old } = await createKey(store, pepper, { env: 'test', plan: 'free' });
    await rotateKey(store, pepper, old.id, hour, t0);
    const { previous } = await rotateKey(store, pepper, old.id, 7 * 24 * hour, t0);
    expect(previous.expiresAt).toBe(new Date(t0 + hour).toISOString());
  });

  it('refuses unknown, revoked and expired keys', async () => {
    const store = createMemoryKeyStore();
    await expect(rotateKey(store, pepper, 'key_missing', 0, t0)).rejects.toMatchObject({
      reason: 'not_found',
    });
    const { record } = await createKey(store, pepper, { env: 'test', plan: 'free' });
    await revokeKey(store, record.id, t0);
    await expect(rotateKey(store, pepper, record.id, 0, t0)).rejects.toBeInstanceOf(KeyAdminError);
    const { record: expiring } = await createKey(store, pepper, { env: 'test', plan: 'free' });
    await rotateKey(store, pepper, expiring.id, hour, t0);
    await expect(rotateKey(store, pepper, expiring.id, 0, t0 + hour)).rejects.toMatchObject({
      reason: 'not_usable',
      message: `Key ${expiring.id} is expired`,
    });
    expect(await store.list()).toHaveLength(3);
  });
});

describe('revokeKey', () => {
  it('revokes now and is idempotent', async () => {
    const store = createMemoryKeyStore();
    const { record } = await createKey(store, pepper, { env: 'test', plan: 'free' });
    const revoked = await revokeKey(store, record.id, t0);
    expect(revoked).toMatchObject({ status: 'revoked', expiresAt: new Date(t0).toISOString() });
    expect(await revokeKey(store, record.id, t0 + hour)).toEqual(revoked);
  });

  it('refuses an unknown id', async () => {
    await expect(revokeKey(createMemoryKeyStore(), 'key_missing')).rejects.toMatchObject({
      reason: 'not_found',
    });
  });
});
