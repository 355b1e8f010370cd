import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { keyPattern } from '../config.js';
import { hashKey, randomBase62, sameDigest } from './api-key.js';

/** The prefix of generated operator tokens (never `svc_`: an operator token is not an API key). */
export const adminTokenPrefix = 'limbic_admin_';

/** A new operator token: `limbic_admin_` + 32 random base62 characters (≈ 190 bits). */
export function generateAdminToken(): string {
  return `${adminTokenPrefix}${randomBase62(32)}`;
}

/** The file under LIMBIC_DATA that keeps the operator token's keyed hash (never the token). */
export function adminTokenFile(dataDir: string): string {
  return join(dataDir, 'admin.json');
}

interface AdminFile {
  version: 1;
  /** Hex HMAC-SHA256(pepper, token), like an API key's. */
  hash: string;
  createdAt: string;
}

/** The stored hash, or null when there is no file. @throws Error when the file exists but cannot be used. */
function readHash(file: string): string | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let parsed: Partial<AdminFile> | null = null;
  try {
    parsed = JSON.parse(text) as Partial<AdminFile>;
  } catch {
    // Reported below with the fix.
  }
  if (typeof parsed?.hash !== 'string' || !/^[0-9a-f]{64}$/.test(parsed.hash)) {
    throw new Error(
      `${file} is not a Limbic admin token file; make a new token with: npm run keys -- admin-token`,
    );
  }
  return parsed.hash;
}

/**
 * Writes a new token's hash to `admin.json` atomically (a temporary file, mode 0600, renamed or linked into
 * place). With `exclusive`, an existing file wins and false is returned.
 */
function store(dataDir: string, token: string, pepper: string, exclusive: boolean): boolean {
  const file = adminTokenFile(dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const body: AdminFile = { version: 1, hash: hashKey(pepper, token), createdAt: new Date().toISOString() };
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
  if (!exclusive) {
    renameSync(tmp, file);
    return true;
  }
  try {
    // link() fails when the file exists, so two processes starting at once never both print a token.
    linkSync(tmp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(tmp, { force: true });
  }
}

/**
 * Makes a new operator token and stores its hash in `<dataDir>/admin.json`, replacing the old one; returns the
 * token, to be shown once. A running gateway reading that file accepts it, and refuses the old one, within its
 * reload period (a second).
 */
export function replaceAdminToken(dataDir: string, pepper: string): string {
  const token = generateAdminToken();
  store(dataDir, token, pepper, false);
  return token;
}

/**
 * On a first start (no `admin.json` yet), makes an operator token, stores its hash and returns the token to print
 * once; otherwise returns null.
 * @throws Error when `admin.json` exists but is not a token file.
 */
export function ensureAdminToken(dataDir: string, pepper: string): string | null {
  if (readHash(adminTokenFile(dataDir)) !== null) return null;
  const token = generateAdminToken();
  return store(dataDir, token, pepper, true) ? token : null;
}

/** Recognises the operator token (LIMBIC_ADMIN_TOKEN or the one kept in `admin.json`). */
export interface OperatorAuth {
  /** True when `token` is the operator token; compared as keyed hashes in constant time. */
  verify(token: string | undefined | null): boolean;
}

/** Options of {@link createOperatorAuth}. */
export interface OperatorAuthOptions {
  /** The pepper of key hashes (the file keeps HMAC-SHA256(pepper, token)). */
  pepper: string;
  /** LIMBIC_ADMIN_TOKEN: when set, it is the token and the file is ignored. */
  token?: string | undefined;
  /** Where `admin.json` lives; without it (and without `token`) no token is accepted. */
  dataDir?: string | undefined;
  /** How often, at most, the file is checked for a new token, ms (default 1000, as for the key store). */
  reloadMs?: number;
  /** Called when the file cannot be read; no token is accepted until it can. */
  onError?: (error: unknown) => void;
  /** Wall clock in ms. */
  now?: () => number;
}

/**
 * Creates the operator check: the presented token's HMAC-SHA256 under the pepper is compared in constant time with
 * the hash of LIMBIC_ADMIN_TOKEN, else with the hash in `<dataDir>/admin.json`, which is re-read within `reloadMs`
 * of a change (so `npm run keys -- admin-token` takes effect without a restart). API-key-shaped tokens are never
 * the operator token.
 */
export function createOperatorAuth(options: OperatorAuthOptions): OperatorAuth {
  const now = options.now ?? Date.now;
  const reloadMs = options.reloadMs ?? 1000;
  const fixed = options.token === undefined ? null : hashKey(options.pepper, options.token);
  const file = options.dataDir === undefined ? undefined : adminTokenFile(options.dataDir);
  let hash: string | null = fixed;
  let signature = '';
  let checkedAt = Number.NEGATIVE_INFINITY;

  function load(): void {
    if (fixed !== null || file === undefined) return;
    const t = now();
    if (t - checkedAt < reloadMs) return;
    checkedAt = t;
    let next: string;
    try {
      const s = statSync(file);
      next = `${s.ino}:${s.size}:${s.mtimeMs}`;
    } catch {
      next = 'none';
    }
    if (next === signature) return;
    signature = next;
    try {
      hash = readHash(file);
    } catch (error) {
      hash = null;
      options.onError?.(error);
    }
  }

  return {
    verify(token) {
      if (typeof token !== 'string' || token.length === 0 || token.length > 512 || keyPattern.test(token)) {
        return false;
      }
      load();
      return hash !== null && sameDigest(hash, hashKey(options.pepper, token));
    },
  };
}
