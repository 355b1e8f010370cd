import type { KeyView } from '../auth/key-admin.js';

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
