import { describe, expect, it } from 'vitest';
import { createManualTime } from './timers.js';

describe('createManualTime', () => {
  it('fires timers in time order with the clock at each timer', async () => {
    const time = createManualTime(0);
    const fired: [string, number][] = [];
    time.timers.setTimeout(() => fired.push(['b', time.clock.now()]), 200);
    time.timers.setTimeout(() => fired.push(['a', time.clock.now()]), 100);
    time.timers.setTimeout(() => fired.push(['c', time.clock.now()]), 500);
    await time.advance(300);
    expect(fired).toEqual([
      ['a', 100],
      ['b', 200],
    ]);
    expect(time.clock.now()).toBe(300);
    expect(time.pending).toBe(1);
  });

  it('fires timers set by timers within the same advance, after their promise chains ran', async () => {
    const time = createManualTime(0);
    const fired: number[] = [];
    const loop = async (): Promise<void> => {
      await Promise.resolve();
      fired.push(time.clock.now());
      if (fired.length < 4) time.timers.setTimeout(() => void loop(), 1000);
    };
    time.timers.setTimeout(() => void loop(), 1000);
    await time.advance(10_000);
    expect(fired).toEqual([1000, 2000, 3000, 4000]);
  });

  it('a cleared timer never fires; equal times fire in the order they were set', async () => {
    const time = createManualTime(0);
    const fired: string[] = [];
    const cleared = time.timers.setTimeout(() => fired.push('cleared'), 10);
    time.timers.setTimeout(() => fired.push('first'), 10);
    time.timers.setTimeout(() => fired.push('second'), 10);
    time.timers.clearTimeout(cleared);
    await time.advance(10);
    expect(fired).toEqual(['first', 'second']);
  });
});
