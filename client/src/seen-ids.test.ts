import { describe, expect, it } from 'vitest';
import { SeenIds } from './seen-ids.js';

describe('SeenIds', () => {
  it('reports each id new once', () => {
    const seen = new SeenIds(10, ['a']);
    expect([seen.add('a'), seen.add('b'), seen.add('b')]).toEqual([false, true, false]);
    expect(seen.size).toBe(2);
  });

  it('forgets the least recently seen id beyond its capacity', () => {
    const seen = new SeenIds(2);
    seen.add('a');
    seen.add('b');
    // Seeing `a` again makes `b` the oldest.
    seen.add('a');
    seen.add('c');
    expect([seen.has('a'), seen.has('b'), seen.has('c')]).toEqual([true, false, true]);
  });

  it('forgets one id or all of them on request', () => {
    const seen = new SeenIds(5, ['a', 'b']);
    seen.forget('a');
    expect([seen.has('a'), seen.has('b')]).toEqual([false, true]);
    seen.forget();
    expect(seen.size).toBe(0);
    expect(() => new SeenIds(0)).toThrow(RangeError);
  });
});
