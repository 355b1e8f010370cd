import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiKeyRecord } from './api-key.js';
import { createFileKeyStore, createMemoryKeyStore, type KeyStore } from './key-store.js';

let n = 0;
function record(overrides: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  n += 1;
  return {
    id: `key_${n}`,
    hash: n.toString(16).padStart(64, '0'),
    hint: 'svc_test_…abcd',
    env: 'test',
    plan: 'free',
    account: `acct_${n}`,
    status: 'active',
    source: 'generated',
    createdAt: '2026-01-01T00:00:00.000Z',
    lastUsedAt: null,
    expiresAt: null,
    ...overrides,
  };
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'limbic-keys-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const stores: [string, () => KeyStore][] = [
  ['memory', () => createMemoryKeyStore()],
  ['file', () => createFileKeyStore(dir)],
];

describe.each(stores)('%s key store', (_name, make) => {
  it('finds a stored record by hash and by id, and lists it', async () => {
    const store = make();
    const r = record();
    await store.put(r);
    expect(await store.findByHash(r.hash)).toEqual(r);
    expect(await store.findById(r.id)).toEqual(r);
    expect(await store.list()).toEqual([r]);
    expect(await store.findByHash('f'.repeat(64))).toBeNull();
    expect(await store.findById('key_missing')).toBeNull();
  });

  it('replaces a record by id', async () => {
    const store = make();
    const r = record();
    await store.put(r);
    await store.put({ ...r, status: 'revoked' });
    expect(await store.list()).toEqual([{ ...r, status: 'revoked' }]);
  });

  it('records the last use', async () => {
    const store = make();
    const r = record();
    await store.put(r);
    store.touch(r.id, '2026-02-01T00:00:00.000Z');
    expect((await store.findById(r.id))?.lastUsedAt).toBe('2026-02-01T00:00:00.000Z');
    await store.close();
  });
});

describe('file key store', () => {
  const file = () => join(dir, 'keys.json');

  it('writes one JSON file, mode 0600, by atomic rename with no temporary or lock file left', async () => {
    const store = createFileKeyStore(dir);
    await store.put(record());
    const before = statSync(file()).ino;
    await store.put(record());
    expect(statSync(file()).ino).not.toBe(before);
    expect(statSync(file()).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['keys.json']);
    const parsed = JSON.parse(readFileSync(file(), 'utf8')) as { version: number; keys: unknown[] };
    expect(parsed.version).toBe(1);
    expect(parsed.keys).toHaveLength(2);
  });

  it('reads nothing from a missing directory and creates nothing until a write', async () => {
    const store = createFileKeyStore(join(dir, 'missing'));
    expect(await store.list()).toEqual([]);
    await store.close();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('sees changes of another instance after its reload interval', async () => {
    let t = 0;
    const reader = createFileKeyStore(dir, { reloadMs: 1000, now: () => t });
    const writer = createFileKeyStore(dir);
    expect(await reader.list()).toEqual([]);
    const r = record();
    await writer.put(r);
    t = 999;
    expect(await reader.findByHash(r.hash)).toBeNull();
    t = 1000;
    expect(await reader.findByHash(r.hash)).toEqual(r);
    await writer.put({ ...r, status: 'revoked' });
    t = 2000;
    expect((await reader.findByHash(r.hash))?.status).toBe('revoked');
  });

  it('keeps a key another writer added when it writes its own', async () => {
    const a = createFileKeyStore(dir);
    const b = createFileKeyStore(dir);
    const ra = record();
    const rb = record();
    await a.put(ra);
    await b.put(rb);
    await a.put({ ...ra, plan: 'pro' });
    const ids = (await createFileKeyStore(dir).list()).map((r) => r.id).sort();
    expect(ids).toEqual([ra.id, rb.id].sort());
  });

  it('flushes last-use times on close without losing a key added by another writer', async () => {
    const gateway = createFileKeyStore(dir);
    const r = record();
    await gateway.put(r);
    gateway.touch(r.id, '2026-03-01T00:00:00.000Z');
    const cli = createFileKeyStore(dir);
    const added = record();
    await cli.put(added);
    await gateway.close();
    const after = await createFileKeyStore(dir).list();
    expect(after.find((x) => x.id === r.id)?.lastUsedAt).toBe('2026-03-01T00:00:00.000Z');
    expect(after.find((x) => x.id === added.id)).toEqual(added);
  });

  it('flushes last-use times while running, at most every flushMs', async () => {
    let t = 0;
    const store = createFileKeyStore(dir, { reloadMs: 0, flushMs: 60_000, now: () => t });
    const r = record();
    await store.put(r);
    store.touch(r.id, '2026-03-01T00:00:00.000Z');
    t = 59_999;
    await store.list();
    expect((await createFileKeyStore(dir).findById(r.id))?.lastUsedAt).toBeNull();
    t = 60_000;
    await store.list();
    expect((await createFileKeyStore(dir).findById(r.id))?.lastUsedAt).toBe('2026-03-01T00:00:00.000Z');
  });

  it('takes over a stale lock left by a crashed writer', async () => {
    const store = createFileKeyStore(dir);
    writeFileSync(`${file()}.lock`, '');
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${file()}.lock`, old, old);
    await store.put(record());
    expect(readdirSync(dir)).toEqual(['keys.json']);
  });

  it('names the file when it cannot be parsed', async () => {
    writeFileSync(file(), '{not json');
    expect(() => createFileKeyStore(dir)).toThrow(/keys\.json/);
  });
});
