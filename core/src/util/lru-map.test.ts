import { describe, expect, it } from 'vitest';
import { LruMap } from './lru-map.js';

describe('LruMap', () => {
  it('evicts the least recently used entry beyond capacity, counting reads as use', () => {
    const m = new LruMap<string, number>(3);
    m.set('a', 1);
    m.set('b', 2);
    m.set('c', 3);
    expect(m.get('a')).toBe(1);
    m.set('d', 4);
    expect(m.get('b')).toBeUndefined();
    expect(m.get('a')).toBe(1);
    expect(m.size).toBe(3);
    m.delete('a');
    expect(m.get('a')).toBeUndefined();
  });
});
