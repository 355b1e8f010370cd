import { LruMap } from '../util/lru-map.js';

/** Quiet hours: a daily span of local wall-clock time, `HH:MM` to `HH:MM`; it wraps midnight when `end` < `start`. */
export interface QuietHours {
  start: string;
  end: string;
}

const day = 86_400_000;
const formats = new LruMap<string, Intl.DateTimeFormat | null>(512);

/** The formatter of a zone, or null for a name Intl does not know (cached either way). */
function formatOf(zone: string): Intl.DateTimeFormat | null {
  let format = formats.get(zone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      format = null;
    }
    formats.set(zone, format);
  }
  return format;
}

/** True when `zone` is an IANA time zone name this runtime's Intl knows (`Europe/Madrid`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  return zone.length > 0 && zone.length <= 64 && formatOf(zone) !== null;
}

/**
 * The zone's offset from UTC at instant `at`, in ms (positive east of Greenwich), read from Intl's local date and
 * time at that instant, so it follows the zone's daylight-saving rules.
 */
export function zoneOffsetMs(at: number, zone: string): number {
  const format = formatOf(zone);
  if (!format) return 0;
  const whole = Math.floor(at / 1000) * 1000;
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(whole)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const local = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return local - whole;
}

/** Local wall-clock time at `at`, as ms since the Unix epoch read as if the zone were UTC. */
function localMs(at: number, zone: string): number {
  return at + zoneOffsetMs(at, zone);
}

/** The local calendar day of `at` in `zone`, as `YYYY-MM-DD`. */
export function localDay(at: number, zone: string): string {
  return new Date(localMs(at, zone)).toISOString().slice(0, 10);
}

/** `HH:MM` (00:00–23:59) as minutes after midnight, or null when malformed. */
export function parseClock(text: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** Minutes after local midnight at `at`, with the fraction of a minute. */
function localMinutes(at: number, zone: string): number {
  const local = localMs(at, zone);
  return (((local % day) + day) % day) / 60_000;
}

/** True when `at` falls inside the quiet hours (start included, end excluded), read in `zone`. */
export function isQuiet(at: number, zone: string, quiet: QuietHours): boolean {
  const start = parseClock(quiet.start) ?? 0;
  const end = parseClock(quiet.end) ?? 0;
  const now = localMinutes(at, zone);
  return start <= end ? now >= start && now < end : now >= start || now < end;
}

/**
 * The first instant at or after `from` when `predicate` no longer holds, given that it stops holding at local
 * time-of-day `target` (minutes after midnight): jump by local arithmetic, then check with the zone's real offsets.
 * A daylight-saving change between `from` and the jump makes the local clock skip or repeat an hour; a repeated hour
 * leaves the jump short (jump again), a skipped one may overshoot (the boundary is then found by bisection).
 */
function firstInstantAfter(
  from: number,
  zone: string,
  target: number,
  predicate: (at: number) => boolean,
): number {
  let at = from;
  for (let i = 0; i < 4 && predicate(at); i++) {
    const wait = (((target - localMinutes(at, zone)) % 1440) + 1440) % 1440;
    const next = at + Math.max(1, Math.round(wait * 60_000));
    if (!predicate(next)) {
      if (predicate(next - 1000)) return next;
      let lo = at;
      let hi = next;
      while (hi - lo > 1) {
        const mid = lo + Math.floor((hi - lo) / 2);
        if (predicate(mid)) lo = mid;
        else hi = mid;
      }
      return hi;
    }
    at = next;
  }
  return at;
}

/**
 * The end of the quiet hours that `at` falls in (the first instant at or after `at` outside them), or `at` itself
 * when it is not quiet. DST-safe: computed with the zone's offsets at the instants concerned.
 */
export function quietEndAt(at: number, zone: string, quiet: QuietHours): number {
  if (!isQuiet(at, zone, quiet)) return at;
  const end = parseClock(quiet.end) ?? 0;
  return firstInstantAfter(at, zone, end, (t) => isQuiet(t, zone, quiet));
}

/** The first instant of the local calendar day after the one `at` falls in (local midnight, or the first instant
 * after it when a DST change skips midnight). */
export function nextLocalDayAt(at: number, zone: string): number {
  const today = localDay(at, zone);
  return firstInstantAfter(at, zone, 0, (t) => localDay(t, zone) === today);
}
