import { keyPattern, type Plan, type PlanName } from '../config.js';
import { type ApiKeyRecord, envOf, hashKey, type KeyEnvironment, sameDigest } from './api-key.js';
import type { KeyStore } from './key-store.js';

/** Who is calling: the key, its account and environment, and its plan. */
export interface Principal {
  keyId: string;
  account: string;
  env: KeyEnvironment;
  /** The owner string of the session service: sessions belong to (account, environment). */
  owner: string;
  plan: Plan;
}

/** Options of {@link createAuthenticator}. */
export interface AuthenticatorOptions {
  keys: KeyStore;
  pepper: string;
  plans: Record<PlanName, Plan>;
  /** Wall clock in ms, for expiry and last-use times. */
  now?: () => number;
}

/** Turns a presented API key into a {@link Principal}, or null for any failure. */
export interface Authenticator {
  authenticate(token: string | undefined | null): Promise<Principal | null>;
}

/** The owner string of (account, environment). */
export function ownerOf(account: string, env: KeyEnvironment): string {
  return `${account}:${env}`;
}

function isUsable(record: ApiKeyRecord, now: number): boolean {
  return record.status === 'active' && (record.expiresAt === null || Date.parse(record.expiresAt) > now);
}

/**
 * Creates the authenticator. A key is accepted when it has an interface prefix, its keyed hash is stored, the
 * digests match in constant time, and it is active and unexpired. Every failure returns null, so callers give one
 * answer for all of them.
 */
export function createAuthenticator(options: AuthenticatorOptions): Authenticator {
  const now = options.now ?? Date.now;
  return {
    async authenticate(token) {
      if (typeof token !== 'string' || !keyPattern.test(token)) return null;
      const hash = hashKey(options.pepper, token);
      const record = await options.keys.findByHash(hash);
      if (!record || !sameDigest(record.hash, hash) || record.env !== envOf(token)) return null;
      const t = now();
      if (!isUsable(record, t)) return null;
      options.keys.touch(record.id, new Date(t).toISOString());
      return {
        keyId: record.id,
        account: record.account,
        env: record.env,
        owner: ownerOf(record.account, record.env),
        plan: options.plans[record.plan],
      };
    },
  };
}

/** Reads a bearer token from an Authorization header value. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}
