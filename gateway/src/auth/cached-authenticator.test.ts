import { describe, expect, it } from 'vitest';
import type { Authenticator, Principal } from './authenticator.js';
import { createCachedAuthenticator } from './cached-authenticator.js';

function principal(keyId: string): Principal {
  return {
    keyId,
    account: 'acct',
    env: 'test',
    owner: 'acct:test',
    plan: { name: 'free', requestsPerMinute: 60, sessions: 10, sockets: 20, subscriptions: 20 },
  };
}

function counting(valid: Record<string, string>): Authenticator & { calls: number } {
  const inner = {
    calls: 0,
    async authenticate(token: string | undefined | null) {
      inner.calls++;
      const keyId = typeof token === 'string' ? valid[token] : undefined;
      return keyId ? principal(keyId) : null;
    },
  };
  return inner;
}

describe('createCachedAuthenticator', () => {
  it('checks an accepted key once per ttl', async () => {
    let t = 0;
    const inner = counting({ good: 'key_1' });
    const auth = createCachedAuthenticator(inner, { ttlMs: 1000, now: () => t });
    expect((await auth.authenticate('good'))?.keyId).toBe('key_1');
    t = 999;
    expect((await auth.authenticate('good'))?.keyId).toBe('key_1');
    expect(inner.calls).toBe(1);
    t = 1000;
    await auth.authenticate('good');
    expect(inner.calls).toBe(2);
  });

  it('never caches a refusal', async () => {
    const inner = counting({});
    const auth = createCachedAuthenticator(inner);
    expect(await auth.authenticate('bad')).toBeNull();
    expect(await auth.authenticate('bad')).toBeNull();
    expect(await auth.authenticate(undefined)).toBeNull();
    expect(inner.calls).toBe(3);
  });

  it('forgets a revoked key at once', async () => {
    const valid: Record<string, string> = { good: 'key_1', other: 'key_2' };
    const inner = counting(valid);
    const auth = createCachedAuthenticator(inner, { now: () => 0 });
    await auth.authenticate('good');
    await auth.authenticate('other');
    delete valid.good;
    auth.forget('key_1');
    expect(await auth.authenticate('good')).toBeNull();
    expect((await auth.authenticate('other'))?.keyId).toBe('key_2');
    expect(inner.calls).toBe(3);
  });

  it('starts over when full', async () => {
    const inner = counting({ a: 'key_a', b: 'key_b' });
    const auth = createCachedAuthenticator(inner, { maxEntries: 1, now: () => 0 });
    await auth.authenticate('a');
    await auth.authenticate('b');
    await auth.authenticate('a');
    expect(inner.calls).toBe(3);
  });
});
