/** Display helpers: dates, numbers and enum values in words. */

/** A date and time in the reader's locale, or an em dash for none. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * A chart time: the time of day with seconds when the chart spans less than a day (`spanMs`), else the date and the
 * time of day, so ticks days apart do not read as minutes apart.
 */
export function formatTime(ms: number, spanMs = 0): string {
  const date = new Date(ms);
  if (spanMs >= 86_400_000) {
    return date.toLocaleString(undefined, {
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
  }
  return date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** How long ago `iso` was, from `now` (ms): "just now", "5 min ago", "3 h ago", "2 d ago"; future times say "in …". */
export function formatRelative(iso: string, now: number): string {
  const diff = now - Date.parse(iso);
  if (Number.isNaN(diff)) return iso;
  const seconds = Math.round(Math.abs(diff) / 1000);
  let span: string;
  if (seconds < 45) return 'just now';
  if (seconds < 3600) span = `${Math.max(1, Math.round(seconds / 60))} min`;
  else if (seconds < 86_400) span = `${Math.round(seconds / 3600)} h`;
  else span = `${Math.round(seconds / 86_400)} d`;
  return diff >= 0 ? `${span} ago` : `in ${span}`;
}

/** A share in [0, 1] as a whole percentage: 0.426 → "43%". */
export function formatPercent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** A signed value with a real minus sign: 0.5 → "+0.50", -0.1 → "−0.10". */
export function formatSigned(value: number, digits = 2): string {
  const text = Math.abs(value).toFixed(digits);
  if (Number(text) === 0) return text;
  return `${value < 0 ? '−' : '+'}${text}`;
}

/** An enum value in words: "breaking_point" → "Breaking point". */
export function labelize(value: string): string {
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The start of a secret, enough to recognise it: "svc_test_abcd…". */
export function maskSecret(secret: string, visible = 13): string {
  return secret.length <= visible ? secret : `${secret.slice(0, visible)}…`;
}
