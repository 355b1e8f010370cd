import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PlanName } from '../config.js';

/** The environment a key belongs to: its data never mixes with the other's. */
export type KeyEnvironment = 'live' | 'test';

/** A stored API key. The key itself is never stored, only a keyed hash (HMAC-SHA256 with a server-side pepper). */
export interface ApiKeyRecord {
  /** Public identifier (`key_…`), safe to show and log. */
  id: string;
  /** Hex HMAC-SHA256(pepper, key). */
  hash: string;
  /** What a dashboard may show: prefix, first and last characters, e.g. `svc_test_Ab12…wXyz`. */
  hint: string;
  env: KeyEnvironment;
  plan: PlanName;
  /** Sessions belong to (account, environment): a rotated key keeps its account, so it keeps its sessions. */
  account: string;
  status: 'active' | 'revoked';
  /** How the key came to be. */
  source: 'generated' | 'provisioned' | 'sandbox';
  createdAt: string;
  lastUsedAt: string | null;
  /** When a rotated-out key stops working (ISO), or null. */
  expiresAt: string | null;
}

const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` random base62 characters (uniform: rejection sampling over crypto random bytes). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      // Rejection sampling keeps the alphabet uniform (248 = 4·62).
      if (b < 248) out += base62[b % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i++) {
    crc ^= text.charCodeAt(i);
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** The 6-character base62 CRC32 of a key's random part (62^6 > 2^32, so every CRC fits). */
function checksumOf(random: string): string {
  let check = crc32(random);
  let suffix = '';
  for (let i = 0; i < 6; i++) {
    suffix = base62[check % 62] + suffix;
    check = Math.floor(check / 62);
  }
  return suffix;
}

/**
 * A new API key: `svc_<env>_` + 32 random base62 characters (≈ 190 bits) + a 6-character base62 CRC32 of them,
 * GitHub-style, so secret scanners can recognise Limbic keys with few false positives.
 */
export function generateKey(env: KeyEnvironment): string {
  const random = randomBase62(32);
  return `svc_${env}_${random}${checksumOf(random)}`;
}

/**
 * True when `key` has the exact shape of a {@link generateKey} key and its checksum matches. Keys provisioned
 * through LIMBIC_API_KEYS need not have this shape, so the authenticator does not require it; scanners can.
 */
export function isGeneratedKey(key: string): boolean {
  const match = /^svc_(?:live|test)_([0-9A-Za-z]{32})([0-9A-Za-z]{6})$/.exec(key);
  return match !== null && checksumOf(match[1] ?? '') === match[2];
}

/** A new public id: `prefix` + 16 random base62 characters. */
export function generateId(prefix: string): string {
  return `${prefix}${randomBase62(16)}`;
}

/** The environment of a well-formed key. */
export function envOf(key: string): KeyEnvironment {
  return key.startsWith('svc_live_') ? 'live' : 'test';
}

/**
 * The display hint of a key: its prefix and last four characters, plus the first four when the key is long
 * enough (32+ characters after the prefix) that showing eight of them leaves it unguessable. A provisioned key may
 * have as few as 16.
 */
export function hintOf(key: string): string {
  const prefix = key.slice(0, 9);
  const rest = key.slice(9);
  return rest.length >= 32 ? `${prefix}${rest.slice(0, 4)}…${rest.slice(-4)}` : `${prefix}…${rest.slice(-4)}`;
}

/** HMAC-SHA256(pepper, key) in hex: the only form in which a key is stored or compared. */
export function hashKey(pepper: string, key: string): string {
  return createHmac('sha256', pepper).update(key).digest('hex');
}

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
