import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatPercent,
  formatRelative,
  formatSigned,
  formatTime,
  labelize,
  maskSecret,
} from './format.js';

describe('formatRelative', () => {
  const now = Date.parse('2025-06-01T12:00:00Z');

  it('says "just now" under 45 seconds', () => {
    expect(formatRelative('2025-06-01T11:59:30Z', now)).toBe('just now');
  });

  it('counts minutes, hours and days ago', () => {
    expect(formatRelative('2025-06-01T11:55:00Z', now)).toBe('5 min ago');
    expect(formatRelative('2025-06-01T09:00:00Z', now)).toBe('3 h ago');
    expect(formatRelative('2025-05-30T12:00:00Z', now)).toBe('2 d ago');
  });

  it('says "in" for a time to come', () => {
    expect(formatRelative('2025-06-02T12:00:00Z', now)).toBe('in 1 d');
  });

  it('gives back what it cannot parse', () => {
    expect(formatRelative('soon', now)).toBe('soon');
  });
});

describe('number formatting', () => {
  it('rounds a share to a whole percentage', () => {
    expect(formatPercent(0.426)).toBe('43%');
    expect(formatPercent(1)).toBe('100%');
  });

  it('signs values with a real minus sign, and none for zero', () => {
    expect(formatSigned(0.5)).toBe('+0.50');
    expect(formatSigned(-0.1)).toBe('−0.10');
    expect(formatSigned(-0.001)).toBe('0.00');
    expect(formatSigned(1, 1)).toBe('+1.0');
  });
});

describe('text formatting', () => {
  it('turns enum values into words', () => {
    expect(labelize('breaking_point')).toBe('Breaking point');
    expect(labelize('joy')).toBe('Joy');
  });

  it('shows only the start of a secret', () => {
    expect(maskSecret('svc_test_abcdefghijklmnop')).toBe('svc_test_abcd…');
    expect(maskSecret('short')).toBe('short');
  });

  it('shows a dash for a missing date', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});

describe('formatTime', () => {
  const at = Date.UTC(2026, 10, 24, 0, 20);
  it('shows seconds for charts shorter than a day, the date for longer ones', () => {
    expect(formatTime(at, 3_600_000)).toBe(
      new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
    );
    const long = formatTime(at, 3 * 86_400_000);
    expect(long).toBe(
      new Date(at).toLocaleString(undefined, {
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      }),
    );
    expect(long).not.toBe(formatTime(at, 0));
  });
});
