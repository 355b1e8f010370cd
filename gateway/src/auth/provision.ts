import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toValidationError } from '@limbic/core';
import type { GatewayConfig, PlanName } from '../config.js';
import {
  type ApiKeyRecord,
  envOf,
  generateId,
  generateKey,
  hashKey,
  hintOf,
  type KeyEnvironment,
  sameDigest,
} from './api-key.js';
import type { KeyStore } from './key-store.js';

/** A MAC of a fixed text under the pepper: safe to store, and tells whether a pepper is the one keys were made with. */
function pepperCheckOf(pepper: string): string {
  return hashKey(pepper, 'limbic key secret check v1');
}

function readIfExists(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function secretError(message: string): Error {
  return toValidationError('configuration', [{ path: 'LIMBIC_KEY_SECRET', message }]);
}

/**
 * The pepper of key hashes: LIMBIC_KEY_SECRET when set (recommended in production: keep it outside the data
 * directory), else a random secret generated once into `<LIMBIC_DATA>/key-secret` (mode 0600). The gateway and the
 * keys CLI must use the same pepper, so `<LIMBIC_DATA>/key-secret.check` records a MAC of it: a different secret
 * on the same data directory is refused instead of silently making every stored key unusable.
 * @throws LimbicError VALIDATION_ERROR naming LIMBIC_KEY_SECRET when the secret does not match the stored keys.
 */
export function loadPepper(config: Pick<GatewayConfig, 'keySecret' | 'dataDir'>): string {
  const checkFile = join(config.dataDir, 'key-secret.check');
  const secretFile = join(config.dataDir, 'key-secret');
  const check = readIfExists(checkFile);
  let pepper = config.keySecret ?? readIfExists(secretFile);
  if (pepper === '')
    throw secretError(`${secretFile} is empty; delete it only if ${config.dataDir} holds no keys`);
  if (pepper === undefined) {
    if (check !== undefined || existsSync(join(config.dataDir, 'keys.json'))) {
      throw secretError(
        `must be set: the keys in ${config.dataDir} were made with LIMBIC_KEY_SECRET and ${secretFile} does not exist`,
      );
    }
    mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    try {
      writeFileSync(secretFile, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process (the gateway or the CLI) created it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    pepper = readIfExists(secretFile) ?? '';
  }
  const expected = pepperCheckOf(pepper);
  if (check === undefined) {
    mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(checkFile, `${expected}\n`, { mode: 0o600 });
  } else if (!sameDigest(check, expected)) {
    throw secretError(
      `does not match the secret the keys in ${config.dataDir} were made with (${config.keySecret ? 'LIMBIC_KEY_SECRET is set' : `read from ${secretFile}`}); use the gateway's secret`,
    );
  }
  return pepper;
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
 * Stores the keys of LIMBIC_API_KEYS. Idempotent: a key already stored keeps its id and account and takes the plan
 * given now, and nothing is written when nothing changed. A stored key that was revoked or has expired stays so
 * (revocation is a security decision an environment variable must not undo); it is returned so the caller can warn.
 * Each new provisioned key is its own account.
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
      const updated = existing.plan === plan ? existing : { ...existing, plan };
      if (updated !== existing) await store.put(updated);
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
