import { LruMap } from '../util/lru-map.js';
import { dayMs, hourMs } from './activity.js';

const formats = new Map<string, Intl.DateTimeFormat | null>();
const offsets = new LruMap<string, number>(4096);

function formatOf(timeZone: string): Intl.DateTimeFormat | null {
  let format = formats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      });
    } catch {
      // An unknown zone reads as UTC (healthTimeZone only gives valid IANA names).
      format = null;
    }
    if (formats.size < 1024) formats.set(timeZone, format);
  }
  return format;
}

/** The offset of `timeZone` from UTC at `time` (ms), in minutes; 0 for UTC or an unknown zone. */
function offsetAt(time: number, timeZone: string): number {
  const format = formatOf(timeZone);
  if (format === null) return 0;
  const part: Record<string, number> = {};
  for (const p of format.formatToParts(new Date(time)))
    if (p.type !== 'literal') part[p.type] = Number(p.value);
  const local = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour! % 24, part.minute!);
  return Math.round((local - Math.floor(time / 60_000) * 60_000) / 60_000);
}

/**
 * The offset (minutes) of `timeZone` (an IANA name) from UTC on a UTC day, taken at its noon: one offset per day, so
 * the hours of a day on which daylight saving time changes are read with that day's noon offset. Cached per zone
 * and day.
 */
export function dayOffset(day: number, timeZone: string): number {
  if (timeZone === 'UTC') return 0;
  const key = `${timeZone}|${day}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = offsetAt(day * dayMs + dayMs / 2, timeZone);
    offsets.set(key, offset);
  }
  return offset;
}

/**
 * The local hour (0–23) of the middle of UTC hour `hour` (0–23) of a day whose offset is `offset` minutes. Taking
 * the middle places the hour of a zone 30 minutes off UTC by where most of it falls.
 */
export function localHourOf(hour: number, offset: number): number {
  const minutes = hour * 60 + 30 + offset;
  return ((Math.floor(minutes / 60) % 24) + 24) % 24;
}

/** The local hour in `timeZone` of the UTC hour that starts at `hourStart` (ms). */
export function localHour(hourStart: number, timeZone: string): number {
  const day = Math.floor(hourStart / dayMs);
  return localHourOf(Math.floor((hourStart - day * dayMs) / hourMs), dayOffset(day, timeZone));
}
