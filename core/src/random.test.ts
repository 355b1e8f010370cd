import { describe, expect, it } from 'vitest';
import { createId, createIdGenerator, createSeededRandom } from './random.js';

describe('createIdGenerator', () => {
  it('makes strictly increasing ids within one millisecond and when the clock steps back', () => {
    const next = createIdGenerator(createSeededRandom(3));
    const ids = [
      next('ses_', 1000),
      next('ses_', 1000),
      next('ses_', 1000),
      next('ses_', 999),
      next('ses_', 1001),
    ];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toMatch(/^ses_[0-9a-z]{26}$/);
  });

  it('starts every new millisecond with a fresh random part, like createId', () => {
    const next = createIdGenerator(createSeededRandom(5));
    expect(next('ses_', 42)).toBe(createId('ses_', 42, createSeededRandom(5)));
  });
});
