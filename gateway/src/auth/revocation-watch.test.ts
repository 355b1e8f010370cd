import { describe, expect, it } from 'vitest';
import { revokeKey, rotateKey } from './key-admin.js';
import { createMemoryKeyStore } from './key-store.js';
import { createKey } from './provision.js';
import { createRevocationWatch } from './revocation-watch.js';

const pepper = 'unit-test-pepper';

describe('revocation watch', () => {
  it('reports each key once when it is revoked or its grace ends, and never keys revoked before it started', async () => {
    let t = Date.UTC(2026, 0, 1);
    const store = createMemoryKeyStore();
    const revokedEarlier = await createKey(store, pepper, { env: 'test', plan: 'free' });
    await revokeKey(store, revokedEarlier.record.id, t);
    const a = await createKey(store, pepper, { env: 'test', plan: 'free' });
    const b = await createKey(store, pepper, { env: 'test', plan: 'free' });
    const seen: string[] = [];
    const watch = createRevocationWatch({ keys: store, onRevoked: (id) => seen.push(id), now: () => t });
    await watch.check();
    expect(seen).toEqual([]);
    await revokeKey(store, a.record.id, t);
    await rotateKey(store, pepper, b.record.id, 1000, t);
    await watch.check();
    expect(seen).toEqual([a.record.id]);
    t += 1000;
    await watch.check();
    await watch.check();
    expect(seen).toEqual([a.record.id, b.record.id]);
  });

  it('reports a store error and keeps going', async () => {
    const errors: unknown[] = [];
    const store = createMemoryKeyStore();
    store.list = async () => {
      throw new Error('disk gone');
    };
    const watch = createRevocationWatch({ keys: store, onRevoked: () => {}, onError: (e) => errors.push(e) });
    await watch.check();
    expect(errors).toHaveLength(1);
  });
});
