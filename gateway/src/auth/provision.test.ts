import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isLimbicError } from '@limbic/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashKey } from './api-key.js';
import { revokeKey } from './key-admin.js';
import { createFileKeyStore, createMemoryKeyStore } from './key-store.js';
import { createKey, ensureSandboxKey, loadPepper, provisionKeys } from './provision.js';

const pepper = 'unit-test-pepper';
const keyA = 'svc_live_aaaaaaaaaaaaaaaaaaaa';
const keyB = 'svc_test_bbbbbbbbbbbbbbbb';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'limbic-provision-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('loadPepper', () => {
  it('creates a 256-bit secret once, mode 0600, and reads the same one afterwards', () => {
    const first = loadPepper({ dataDir: dir, keySecret: undefined });
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(join(dir, 'key-secret')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'key-secret.check')).mode & 0o777).toBe(0o600);
    expect(loadPepper({ dataDir: dir, keySecret: undefined })).toBe(first);
    expect(readFileSync(join(dir, 'key-secret'), 'utf8').trim()).toBe(first);
  });

  it('creates the data directory', () => {
    const nested = join(dir, 'a', 'b');
    loadPepper({ dataDir: nested, keySecret: undefined });
    expect(statSync(nested).isDirectory()).toBe(true);
  });

  it('uses LIMBIC_KEY_SECRET without writing a secret file', () => {
    expect(loadPepper({ dataDir: dir, keySecret: 'a-secret-of-16-chars' })).toBe('a-secret-of-16-chars');
    expect(() => readFileSync(join(dir, 'key-secret'))).toThrow();
  });

  it('stores no secret in the check file', () => {
    const secret = loadPepper({ dataDir: dir, keySecret: undefined });
    expect(readFileSync(join(dir, 'key-secret.check'), 'utf8')).not.toContain(secret);
  });

  it('refuses a LIMBIC_KEY_SECRET other than the one the stored keys were made with', () => {
    loadPepper({ dataDir: dir, keySecret: undefined });
    let error: unknown;
    try {
      loadPepper({ dataDir: dir, keySecret: 'another-secret-entirely' });
    } catch (e) {
      error = e;
    }
    expect(isLimbicError(error, 'VALIDATION_ERROR')).toBe(true);
    expect((error as Error).message).toMatch(/LIMBIC_KEY_SECRET: does not match/);
  });

  it('refuses to generate a secret when the keys were made with LIMBIC_KEY_SECRET', async () => {
    const secret = loadPepper({ dataDir: dir, keySecret: 'the-gateway-secret-1' });
    await createKey(createFileKeyStore(dir), secret, { env: 'test', plan: 'free' });
    expect(() => loadPepper({ dataDir: dir, keySecret: undefined })).toThrow(
      /LIMBIC_KEY_SECRET: must be set/,
    );
    expect(() => readFileSync(join(dir, 'key-secret'))).toThrow();
  });
});

describe('provisionKeys', () => {
  it('stores only keyed hashes of the given keys, each in its own account', async () => {
    const store = createMemoryKeyStore();
    const out = await provisionKeys(store, pepper, [
      { key: keyA, plan: 'pro' },
      { key: keyB, plan: 'free' },
    ]);
    expect(out.map((r) => [r.env, r.plan, r.source])).toEqual([
      ['live', 'pro', 'provisioned'],
      ['test', 'free', 'provisioned'],
    ]);
    expect(out[0]?.account).not.toBe(out[1]?.account);
    expect(await store.findByHash(hashKey(pepper, keyA))).toEqual(out[0]);
    expect(JSON.stringify(await store.list())).not.toContain(keyA.slice(9));
  });

  it('is idempotent: a second start keeps id and account and takes the new plan', async () => {
    const store = createFileKeyStore(dir);
    const [first] = await provisionKeys(store, pepper, [{ key: keyA, plan: 'pro' }]);
    const [again] = await provisionKeys(store, pepper, [{ key: keyA, plan: 'pro' }]);
    const [upgraded] = await provisionKeys(store, pepper, [{ key: keyA, plan: 'enterprise' }]);
    expect(again).toEqual(first);
    expect(upgraded).toMatchObject({ id: first?.id, account: first?.account, plan: 'enterprise' });
    expect(await store.list()).toHaveLength(1);
  });

  it('writes nothing when nothing changed', async () => {
    const store = createFileKeyStore(dir);
    await provisionKeys(store, pepper, [{ key: keyA, plan: 'pro' }]);
    const ino = statSync(join(dir, 'keys.json')).ino;
    await provisionKeys(store, pepper, [{ key: keyA, plan: 'pro' }]);
    expect(statSync(join(dir, 'keys.json')).ino).toBe(ino);
  });

  it('leaves a revoked key revoked', async () => {
    const store = createMemoryKeyStore();
    const [record] = await provisionKeys(store, pepper, [{ key: keyA, plan: 'pro' }]);
    await revokeKey(store, record?.id ?? '');
    const [again] = await provisionKeys(store, pepper, [{ key: keyA, plan: 'pro' }]);
    expect(again?.status).toBe('revoked');
  });
});

describe('ensureSandboxKey', () => {
  it('creates one pro svc_test_ key on an empty store and returns it', async () => {
    const store = createMemoryKeyStore();
    const key = await ensureSandboxKey(store, pepper);
    expect(key).toMatch(/^svc_test_[0-9A-Za-z]{38}$/);
    const [record] = await store.list();
    expect(record).toMatchObject({ env: 'test', plan: 'pro', source: 'sandbox', status: 'active' });
    expect(record?.hash).toBe(hashKey(pepper, key ?? ''));
  });

  it('creates nothing once a key exists, even a revoked one', async () => {
    const store = createMemoryKeyStore();
    await ensureSandboxKey(store, pepper);
    expect(await ensureSandboxKey(store, pepper)).toBeNull();
    const other = createMemoryKeyStore();
    const { record } = await createKey(other, pepper, { env: 'live', plan: 'free' });
    await revokeKey(other, record.id);
    expect(await ensureSandboxKey(other, pepper)).toBeNull();
    expect(await other.list()).toHaveLength(1);
  });

  it('creates nothing when LIMBIC_API_KEYS provisioned keys', async () => {
    const store = createMemoryKeyStore();
    await provisionKeys(store, pepper, [{ key: keyB, plan: 'free' }]);
    expect(await ensureSandboxKey(store, pepper)).toBeNull();
  });
});
