import { describe, expect, it } from 'vitest';
import {
  boundaryGrams,
  boundaryKey,
  splitFeatures,
  splitScratch,
  textFeatures,
  tokenGrams,
} from './features.js';

/** The multiset of (bucket, weight) pairs of a text, as sorted strings. */
function multiset(pairs: [number, number][]): string[] {
  return pairs.map(([b, w]) => `${b}:${w.toPrecision(15)}`).sort();
}

describe('split features (what the reader sums)', () => {
  const texts = [
    '',
    'ok',
    'I',
    'I got the job!!',
    "hey, how's it going?",
    'My dog died this morning. I miss him so much :(',
    'ugh, my boss yelled at me again today and I feel like crap',
    'omg that is disgusting 🤢 a b c',
    "not bad, n't   spaced   out  ",
    'Émile a réussi son examen !',
  ];

  it('are exactly the features of textFeatures, with the same weights', () => {
    const scratch = splitScratch();
    for (const text of texts) {
      const f = textFeatures(text);
      const whole: [number, number][] = [];
      for (let i = 0; i < f.count; i++) whole.push([f.buckets[i]!, f.weights[i]!]);
      const s = splitFeatures(text, scratch);
      const split: [number, number][] = [];
      for (let i = 0; i < s.wordCount; i++) split.push([s.words[i]!, 2 * s.unit]);
      for (let i = 0; i < s.crossingCount; i++) split.push([s.crossing[i]!, s.unit]);
      for (const token of s.tokens) for (const b of tokenGrams(token)) split.push([b, s.unit]);
      expect(s.tokens, text).toEqual(f.tokens);
      expect(multiset(split), text).toEqual(multiset(whole));
    }
  });

  it('split into token boundaries, give exactly the crossing n-grams', () => {
    const scratch = splitScratch();
    for (const text of [...texts, 'a b c d', 'i am ok', 'x 🤢 y', 'ab cd ef', 'abc de f g']) {
      const s = splitFeatures(text, scratch);
      const crossing = Array.from(s.crossing.subarray(0, s.crossingCount)).sort();
      const fromBoundaries: number[] = [];
      const t = s.tokens;
      for (let i = 0; i + 1 < t.length; i++)
        fromBoundaries.push(...boundaryGrams(t[i]!, t[i + 1]!, t[i + 2]));
      expect(fromBoundaries.sort(), text).toEqual(crossing);
      const lean = splitFeatures(text, scratch, false);
      expect(lean.crossingCount).toBe(0);
      expect(lean.unit, text).toBe(s.unit);
    }
  });

  it('at a boundary depend only on the left token and the boundary key', () => {
    expect(boundaryGrams('dog', 'ab', 'x')).toEqual(boundaryGrams('dog', 'ab', 'y'));
    expect(boundaryKey('ab', 'x')).toBe(boundaryKey('ab', 'y'));
    expect(boundaryGrams('dog', 'a', 'x')).not.toEqual(boundaryGrams('dog', 'a', 'y'));
    expect(boundaryKey('a', 'x')).not.toBe(boundaryKey('a', 'y'));
    expect(boundaryKey('a', undefined)).not.toBe(boundaryKey('a', 'y'));
  });
});
