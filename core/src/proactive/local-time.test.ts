import { describe, expect, it } from 'vitest';
import { isQuiet, isTimeZone, localDay, nextLocalDayAt, quietEndAt, zoneOffsetMs } from './local-time.js';

const at = (iso: string) => Date.parse(iso);
const night = { start: '22:00', end: '08:00' };

describe('local time in an IANA zone', () => {
  it('knows IANA names and refuses others', () => {
    expect(isTimeZone('Europe/Madrid')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('reads the offset with daylight saving time', () => {
    expect(zoneOffsetMs(at('2026-01-15T12:00:00Z'), 'Europe/Madrid')).toBe(3_600_000);
    expect(zoneOffsetMs(at('2026-07-15T12:00:00Z'), 'Europe/Madrid')).toBe(7_200_000);
    expect(zoneOffsetMs(at('2026-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe(19_800_000);
  });

  it('tells quiet hours that wrap midnight, start included and end excluded', () => {
    expect(isQuiet(at('2026-01-15T02:00:00Z'), 'Europe/Madrid', night)).toBe(true); // 03:00
    expect(isQuiet(at('2026-01-15T21:00:00Z'), 'Europe/Madrid', night)).toBe(true); // 22:00
    expect(isQuiet(at('2026-01-15T07:00:00Z'), 'Europe/Madrid', night)).toBe(false); // 08:00
    expect(isQuiet(at('2026-01-15T12:00:00Z'), 'Europe/Madrid', night)).toBe(false); // 13:00
    expect(isQuiet(at('2026-01-15T12:00:00Z'), 'UTC', { start: '09:00', end: '17:00' })).toBe(true);
  });

  it('ends quiet hours at their local end, on an ordinary night', () => {
    expect(quietEndAt(at('2026-01-15T02:00:00Z'), 'Europe/Madrid', night)).toBe(at('2026-01-15T07:00:00Z'));
    const outside = at('2026-01-15T12:00:00Z');
    expect(quietEndAt(outside, 'Europe/Madrid', night)).toBe(outside);
  });

  it('ends them at 08:00 local across the spring and autumn changes of clock', () => {
    // 29 March 2026: 02:00 CET becomes 03:00 CEST; 08:00 CEST is 06:00 UTC.
    expect(quietEndAt(at('2026-03-28T23:00:00Z'), 'Europe/Madrid', night)).toBe(at('2026-03-29T06:00:00Z'));
    // 25 October 2026: 03:00 CEST becomes 02:00 CET; 08:00 CET is 07:00 UTC.
    expect(quietEndAt(at('2026-10-24T23:00:00Z'), 'Europe/Madrid', night)).toBe(at('2026-10-25T07:00:00Z'));
  });

  it('ends them when the clock jumps over their end (an end inside the skipped hour)', () => {
    // 02:30 does not exist on 29 March in Madrid: quiet ends when the clock jumps to 03:00 CEST (01:00 UTC).
    const end = quietEndAt(at('2026-03-29T00:00:00Z'), 'Europe/Madrid', { start: '22:00', end: '02:30' });
    expect(end).toBe(at('2026-03-29T01:00:00Z'));
  });

  it('finds the next local midnight and the local day', () => {
    expect(localDay(at('2026-03-28T23:30:00Z'), 'Europe/Madrid')).toBe('2026-03-29');
    expect(nextLocalDayAt(at('2026-03-28T12:00:00Z'), 'Europe/Madrid')).toBe(at('2026-03-28T23:00:00Z'));
    expect(nextLocalDayAt(at('2026-07-01T12:00:00Z'), 'Asia/Tokyo')).toBe(at('2026-07-01T15:00:00Z'));
  });
});
