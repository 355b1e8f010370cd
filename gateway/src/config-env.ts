import type { ValidationIssue } from '@limbic/core';
import { type StoreKind, storeKinds } from '@limbic/store';
import { keyPattern, type PlanName, type ProvisionedKey, planNames } from './config.js';
import { corsOriginIssue } from './cors.js';

// Readers of single environment variables: each returns the value (or its default) and adds an issue, with the
// variable's name as its path, when the variable is set but invalid.

/** Reads a number in [min, max]; unset or empty gives `fallback`. */
export function readNumber(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  issues: ValidationIssue[],
  min: number,
  max: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) {
    issues.push({ path: name, message: `must be a number in [${min}, ${max}] (got ${JSON.stringify(raw)})` });
    return fallback;
  }
  return n;
}

/** Reads `true` or `false`; unset or empty is false. */
export function readFlag(env: NodeJS.ProcessEnv, name: string, issues: ValidationIssue[]): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  issues.push({ path: name, message: `must be true or false (got ${JSON.stringify(raw)})` });
  return false;
}

/** An operator-chosen token (admin, metrics): 16-512 characters without spaces, never shaped like an API key. */
export function checkToken(name: string, token: string | undefined, issues: ValidationIssue[]): void {
  if (token === undefined) return;
  if (token.length < 16 || token.length > 512 || /\s/.test(token)) {
    issues.push({ path: name, message: 'must be 16-512 characters without spaces' });
  } else if (/^svc_(live|test)_/.test(token)) {
    issues.push({ path: name, message: 'must not start with svc_live_ or svc_test_ (API keys do)' });
  }
}

/** Reads LIMBIC_API_KEYS: `key:plan,key:plan` (the plan defaults to free). */
export function readApiKeys(raw: string | undefined, issues: ValidationIssue[]): ProvisionedKey[] {
  if (!raw) return [];
  const out: ProvisionedKey[] = [];
  for (const [i, entry] of raw.split(',').entries()) {
    const trimmed = entry.trim();
    if (!trimmed) continue;
    const at = trimmed.lastIndexOf(':');
    const key = at < 0 ? trimmed : trimmed.slice(0, at);
    const plan = (at < 0 ? 'free' : trimmed.slice(at + 1)) as PlanName;
    if (!keyPattern.test(key)) {
      issues.push({
        path: `LIMBIC_API_KEYS[${i}]`,
        message: 'must start with svc_live_ or svc_test_ followed by at least 16 characters',
      });
    } else if (!planNames.includes(plan)) {
      issues.push({
        path: `LIMBIC_API_KEYS[${i}]`,
        message: `plan must be one of ${planNames.join(', ')} (got ${JSON.stringify(plan)})`,
      });
    } else {
      out.push({ key, plan });
    }
  }
  return out;
}

/** Reads LIMBIC_CORS_ORIGINS: comma-separated origins, or `*`. */
export function readCorsOrigins(raw: string | undefined, issues: ValidationIssue[]): string[] {
  const out: string[] = [];
  for (const [i, entry] of (raw ?? '').split(',').entries()) {
    const origin = entry.trim();
    if (origin === '') continue;
    const issue = corsOriginIssue(origin);
    if (issue) issues.push({ path: `LIMBIC_CORS_ORIGINS[${i}]`, message: issue });
    else out.push(origin);
  }
  return out;
}

/** Reads LIMBIC_STORE; unset, mongodb when MONGODB_URI is set, else sqlite. */
export function readStore(env: NodeJS.ProcessEnv, issues: ValidationIssue[]): StoreKind {
  const raw = env.LIMBIC_STORE;
  if (!raw) return env.MONGODB_URI ? 'mongodb' : 'sqlite';
  if ((storeKinds as readonly string[]).includes(raw)) return raw as StoreKind;
  issues.push({
    path: 'LIMBIC_STORE',
    message: `must be one of ${storeKinds.join(', ')} (got ${JSON.stringify(raw)})`,
  });
  return 'sqlite';
}
