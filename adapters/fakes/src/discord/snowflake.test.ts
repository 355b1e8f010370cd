import { SnowflakeUtil } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { createSnowflakes } from './snowflake.js';

describe('createSnowflakes', () => {
  it('encodes the time so discord.js reads it back', () => {
    const next = createSnowflakes();
    const at = Date.UTC(2026, 10, 21, 12, 30);

    expect(SnowflakeUtil.timestampFrom(next(at))).toBe(at);
  });

  it('keeps ids made in the same millisecond unique and ordered', () => {
    const next = createSnowflakes();
    const ids = [next(1_700_000_000_000), next(1_700_000_000_000), next(1_700_000_000_000)].map(BigInt);

    expect(new Set(ids).size).toBe(3);
    expect([...ids].sort((a, b) => (a < b ? -1 : 1))).toEqual(ids);
  });
});
