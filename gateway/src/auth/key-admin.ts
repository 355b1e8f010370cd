import type { ApiKeyRecord } from './api-key.js';
import type { KeyStore } from './key-store.js';
import { createKey } from './provision.js';

/** What a key can do now: `expiring` still works until its `expiresAt` (a rotated-out key in its grace period). */
export type KeyStatus = 'active' | 'expiring' | 'expired' | 'revoked';

/** The effective status of a record at wall time `now` (ms). */
export function keyStatus(record: ApiKeyRecord, now: number): KeyStatus {
  if (record.status === 'revoked') return 'revoked';
  if (record.expiresAt === null) return 'active';
  return Date.parse(record.expiresAt) > now ? 'expiring' : 'expired';
}

/** A key record as the CLI and the GraphQL operator fields show it: everything but the hash (no key is stored). */
export interface KeyView {
  id: string;
  hint: string;
  env: ApiKeyRecord['env'];
  plan: ApiKeyRecord['plan'];
  account: string;
  status: KeyStatus;
  source: ApiKeyRecord['source'];
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}

/** The public view of a record at wall time `now` (ms): the effective status, no hash. */
export function toKeyView(record: ApiKeyRecord, now: number): KeyView {
  return {
    id: record.id,
    hint: record.hint,
    env: record.env,
    plan: record.plan,
    account: record.account,
    status: keyStatus(record, now),
    source: record.source,
    createdAt: record.createdAt,
    lastUsedAt: record.lastUsedAt,
    expiresAt: record.expiresAt,
  };
}

/** Why a key operation could not be done: the key does not exist, or it no longer works. */
export class KeyAdminError extends Error {
  override readonly name = 'KeyAdminError';
  constructor(
    readonly reason: 'not_found' | 'not_usable',
    message: string,
  ) {
    super(message);
  }
}

async function usable(store: KeyStore, id: string, now: number): Promise<ApiKeyRecord> {
  const record = await store.findById(id);
  if (!record) throw new KeyAdminError('not_found', `No key with id ${id}`);
  const status = keyStatus(record, now);
  if (status === 'revoked' || status === 'expired') {
    throw new KeyAdminError('not_usable', `Key ${id} is ${status}`);
  }
  return record;
}

/**
 * Revokes a key now. Revoking a revoked key changes nothing and returns it.
 * @throws KeyAdminError not_found.
 */
export async function revokeKey(
  store: KeyStore,
  id: string,
  now: number = Date.now(),
): Promise<ApiKeyRecord> {
  const record = await store.findById(id);
  if (!record) throw new KeyAdminError('not_found', `No key with id ${id}`);
  if (record.status === 'revoked') return record;
  const revoked: ApiKeyRecord = { ...record, status: 'revoked', expiresAt: new Date(now).toISOString() };
  await store.put(revoked);
  return revoked;
}

/** The outcome of {@link rotateKey}. */
export interface RotatedKey {
  /** The new key: show it once. */
  key: string;
  record: ApiKeyRecord;
  /** The old key's record after the change. */
  previous: ApiKeyRecord;
}

/**
 * Rolls a key, as Stripe does: a new key in the same account, environment and plan, so it sees the same sessions;
 * the old key keeps working for `graceMs` (0: revoked now). A grace never extends an expiry already set.
 * @throws KeyAdminError not_found, or not_usable for a revoked or expired key.
 */
export async function rotateKey(
  store: KeyStore,
  pepper: string,
  id: string,
  graceMs: number,
  now: number = Date.now(),
): Promise<RotatedKey> {
  const old = await usable(store, id, now);
  const { key, record } = await createKey(store, pepper, {
    env: old.env,
    plan: old.plan,
    account: old.account,
  });
  const end = now + graceMs;
  const previous: ApiKeyRecord =
    graceMs <= 0
      ? { ...old, status: 'revoked', expiresAt: new Date(now).toISOString() }
      : {
          ...old,
          expiresAt: new Date(
            old.expiresAt === null ? end : Math.min(end, Date.parse(old.expiresAt)),
          ).toISOString(),
        };
  await store.put(previous);
  return { key, record, previous };
}
