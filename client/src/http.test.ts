import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './http.js';

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.UTC(2026, 10, 21, 12);
    expect(parseRetryAfter('37', now)).toBe(37);
    expect(parseRetryAfter(new Date(now + 4_500).toUTCString(), now)).toBe(4);
    expect(parseRetryAfter(new Date(now - 10_000).toUTCString(), now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});
