import type { ApiKeyRecord } from '../auth/api-key.js';
import { keyStatus } from '../auth/key-admin.js';

/** A key record as the CLI shows it: everything but the hash (the key itself is never stored). */
export interface KeyView {
  id: string;
  hint: string;
  env: ApiKeyRecord['env'];
  plan: ApiKeyRecord['plan'];
  account: string;
  status: ReturnType<typeof keyStatus>;
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

function when(iso: string | null): string {
  return iso === null ? '-' : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** Formats keys as an aligned text table (times in UTC, to the minute). */
export function formatKeyTable(keys: KeyView[]): string {
  const header = ['ID', 'KEY', 'ENV', 'PLAN', 'ACCOUNT', 'STATUS', 'CREATED', 'LAST USED', 'EXPIRES'];
  const rows = keys.map((k) => [
    k.id,
    k.hint,
    k.env,
    k.plan,
    k.account,
    k.status,
    when(k.createdAt),
    when(k.lastUsedAt),
    when(k.expiresAt),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  return [header, ...rows]
    .map((cells) =>
      cells
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
