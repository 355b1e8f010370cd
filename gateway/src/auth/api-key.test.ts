import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyPattern } from '../config.js';
import { envOf, generateId, generateKey, hashKey, hintOf, isGeneratedKey, sameDigest } from './api-key.js';

describe('generateKey', () => {
  it('is svc_<env>_ plus 32 random and 6 checksum base62 characters', () => {
    for (const env of ['test', 'live'] as const) {
      const key = generateKey(env);
      expect(key).toMatch(new RegExp(`^svc_${env}_[0-9A-Za-z]{38}$`));
      expect(keyPattern.test(key)).toBe(true);
      expect(isGeneratedKey(key)).toBe(true);
      expect(envOf(key)).toBe(env);
    }
  });

  it('carries a checksum that catches a changed character', () => {
    const key = generateKey('test');
    const last = key.at(-1) === 'a' ? 'b' : 'a';
    expect(isGeneratedKey(`${key.slice(0, -1)}${last}`)).toBe(false);
    const tenth = key[9] === 'a' ? 'b' : 'a';
    expect(isGeneratedKey(`${key.slice(0, 9)}${tenth}${key.slice(10)}`)).toBe(false);
    expect(isGeneratedKey(`svc_prod_${key.slice(9)}`)).toBe(false);
  });

  it('never repeats', () => {
    const keys = new Set(Array.from({ length: 2000 }, () => generateKey('live')));
    expect(keys.size).toBe(2000);
  });

  it('uses the whole base62 alphabet', () => {
    const seen = new Set(
      Array.from({ length: 200 }, () => generateKey('test').slice(9, 41))
        .join('')
        .split(''),
    );
    expect(seen.size).toBe(62);
  });
});

describe('generateId', () => {
  it('is the prefix plus 16 base62 characters, unique', () => {
    const ids = new Set(Array.from({ length: 500 }, () => generateId('key_')));
    expect(ids.size).toBe(500);
    for (const id of ids) expect(id).toMatch(/^key_[0-9A-Za-z]{16}$/);
  });
});

describe('hintOf', () => {
  it('shows the prefix, first and last four characters of a generated key', () => {
    const key = generateKey('live');
    expect(hintOf(key)).toBe(`svc_live_${key.slice(9, 13)}…${key.slice(-4)}`);
  });

  it('shows only the last four characters of a short provisioned key', () => {
    expect(hintOf('svc_test_0123456789abcdef')).toBe('svc_test_…cdef');
  });
});

describe('hashKey', () => {
  it('is HMAC-SHA256 of the key under the pepper, in hex', () => {
    const key = generateKey('test');
    expect(hashKey('pepper-one', key)).toBe(createHmac('sha256', 'pepper-one').update(key).digest('hex'));
    expect(hashKey('pepper-one', key)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('differs with the pepper and with the key, and never contains the key', () => {
    const key = generateKey('test');
    expect(hashKey('pepper-one', key)).not.toBe(hashKey('pepper-two', key));
    expect(hashKey('pepper-one', key)).not.toBe(hashKey('pepper-one', generateKey('test')));
    expect(hashKey('pepper-one', key)).not.toContain(key.slice(9));
  });
});

describe('sameDigest', () => {
  const a = hashKey('p', 'svc_test_aaaaaaaaaaaaaaaaaaaa');
  const b = hashKey('p', 'svc_test_bbbbbbbbbbbbbbbbbbbb');

  it('is true for equal digests only', () => {
    expect(sameDigest(a, a)).toBe(true);
    expect(sameDigest(a, b)).toBe(false);
  });

  it('is false, without throwing, for different lengths and empty input', () => {
    expect(sameDigest(a, a.slice(0, 32))).toBe(false);
    expect(sameDigest('', '')).toBe(false);
    expect(sameDigest(a, 'not hex')).toBe(false);
  });
});
