import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GatewayConfig, PlanName } from '../config.js';
import {
  type ApiKeyRecord,
  envOf,
  generateId,
  generateKey,
  hashKey,
  hintOf,
  type KeyEnvironment,
} from './api-key.js';
import type { KeyStore } from './key-store.js';

/**
 * The pepper of key hashes: LIMBIC_KEY_SECRET when set (recommended in production: keep it outside the data
 * directory), else a random secret generated once into `<LIMBIC_DATA>/key-secret` (mode 0600).
 */
export function loadPepper(config: Pick<GatewayConfig, 'keySecret' | 'dataDir'>): string {
  if (config.keySecret) return config.keySecret;
  const file = join(config.dataDir, 'key-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}

/** What to create a key for. */
export interface NewKeyOptions {
  env: KeyEnvironment;
  plan: PlanName;
  /** The account it belongs to; default: a new account. */
  account?: string;
  source?: ApiKeyRecord['source'];
}

/** Creates and stores a new key; returns the key (to show once) and its record. */
export async function createKey(
  store: KeyStore,
  pepper: string,
  options: NewKeyOptions,
): Promise<{ key: string; record: ApiKeyRecord }> {
  const key = generateKey(options.env);
  const record: ApiKeyRecord = {
    id: generateId('key_'),
    hash: hashKey(pepper, key),
    hint: hintOf(key),
    env: options.env,
    plan: options.plan,
    account: options.account ?? generateId('acct_'),
    status: 'active',
    source: options.source ?? 'generated',
    createdAt: new Date().toISOString(),
    lastUsedAt: null,
    expiresAt: null,
  };
  await store.put(record);
  return { key, record };
}

/**
 * Stores the keys of LIMBIC_API_KEYS (idempotent: a key already stored keeps its id and account, and takes the
 * plan given now). Each provisioned key is its own account.
 */
export async function provisionKeys(
  store: KeyStore,
  pepper: string,
  keys: GatewayConfig['apiKeys'],
): Promise<ApiKeyRecord[]> {
  const out: ApiKeyRecord[] = [];
  for (const { key, plan } of keys) {
    const hash = hashKey(pepper, key);
    const existing = await store.findByHash(hash);
    if (existing) {
      const updated = { ...existing, plan, status: 'active' as const };
      await store.put(updated);
      out.push(updated);
      continue;
    }
    const record: ApiKeyRecord = {
      id: generateId('key_'),
      hash,
      hint: hintOf(key),
      env: envOf(key),
      plan,
      account: generateId('acct_'),
      status: 'active',
      source: 'provisioned',
      createdAt: new Date().toISOString(),
      lastUsedAt: null,
      expiresAt: null,
    };
    await store.put(record);
    out.push(record);
  }
  return out;
}

/**
 * On a first start with no keys at all, creates one sandbox key (`svc_test_`, pro plan) and returns it so it can
 * be printed once; otherwise returns null.
 */
export async function ensureSandboxKey(store: KeyStore, pepper: string): Promise<string | null> {
  if ((await store.list()).length > 0) return null;
  const { key } = await createKey(store, pepper, { env: 'test', plan: 'pro', source: 'sandbox' });
  return key;
}
