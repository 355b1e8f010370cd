import { describe, expect, it } from 'vitest';
import { trainHead } from '../../train/linear-head.js';
import type { Example } from '../../train/reader-data.js';
import { readerCategories, readerGroups } from './categories.js';
import { hashBits, textFeatures, tokenize } from './features.js';
import { loadReader } from './reader.js';

describe('reader features', () => {
  it('tokenises words, contractions, placeholders, punctuation runs and emoji', () => {
    expect(tokenize('I can’t BELIEVE it!!! [NAME] did this 😂')).toEqual([
      'i',
      "can't",
      'believe',
      'it',
      '!!!',
      '[name]',
      'did',
      'this',
      '😂',
    ]);
  });

  it('marks negation scope up to the next punctuation, so "not happy" is not "happy"', () => {
    const plain = textFeatures('I am happy');
    const negated = textFeatures('I am not happy');
    const reset = textFeatures('I am not sure. happy');
    const bucketsOf = (f: ReturnType<typeof textFeatures>) => new Set(f.buckets.subarray(0, f.count));
    const happyWord = [...bucketsOf(textFeatures('happy'))][0]!;
    expect(bucketsOf(plain).has(happyWord)).toBe(true);
    expect(bucketsOf(negated).has(happyWord)).toBe(false);
    expect(bucketsOf(reset).has(happyWord)).toBe(true);
  });

  it('gives unit-length, deterministic features inside the hash space', () => {
    const a = textFeatures('What a lovely day, thank you!');
    const b = textFeatures('What a lovely day, thank you!');
    expect(Array.from(a.buckets.subarray(0, a.count))).toEqual(Array.from(b.buckets.subarray(0, b.count)));
    let norm = 0;
    for (let i = 0; i < a.count; i++) {
      norm += a.weights[i]! ** 2;
      expect(a.buckets[i]).toBeGreaterThanOrEqual(0);
      expect(a.buckets[i]).toBeLessThan(2 ** hashBits);
    }
    expect(norm).toBeCloseTo(1, 12);
    expect(textFeatures('').count).toBe(1);
  });
});

describe('shipped reader', () => {
  it('loads once, lazily, and returns calibrated distributions over 28 categories and 7 groups', async () => {
    const reader = await loadReader();
    expect(await loadReader()).toBe(reader);
    const r = reader.read('Thank you so much, you are the best!');
    expect(Object.keys(r.scores)).toEqual([...readerCategories]);
    expect(Object.keys(r.groups)).toEqual([...readerGroups]);
    const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
    expect(sum(r.scores)).toBeCloseTo(1, 9);
    expect(sum(r.groups)).toBeCloseTo(1, 9);
    expect(r.confidence).toBe(r.groups[r.group]);
    expect(r.group).toBe('joy');
    expect(r.emotion).toBe('gratitude');
  });

  it('reads what the writer expresses', async () => {
    const reader = await loadReader();
    const group = (t: string) => reader.read(t).group;
    expect(group('I am so scared of the exam tomorrow')).toBe('fear');
    expect(group('My dog died this morning.')).toBe('sadness');
    expect(group('I got the job!')).toBe('joy');
    expect(group('That is disgusting, he kicked the cat.')).toBe('disgust');
    expect(group('This is so unfair, I hate it')).toBe('anger');
    expect(group('Wait, what? I did not expect that at all!')).toBe('surprise');
    expect(group('I had pasta for lunch.')).toBe('neutral');
    expect(['neutral', 'surprise']).toContain(group('hi, how are you?'));
    expect(reader.read('I feel so guilty for lying to her').emotion).toBe('remorse');
  });

  it('reads the same text the same way and survives empty or odd input', async () => {
    const reader = await loadReader();
    expect(reader.read('ok then')).toEqual(reader.read('ok then'));
    for (const t of ['', '   ', '🙂', 'ÄÖÜ ß', 'x'.repeat(5000)]) {
      const r = reader.read(t);
      expect(Number.isFinite(r.confidence)).toBe(true);
      expect(readerGroups).toContain(r.group);
    }
  });
});

describe('training', () => {
  const examples: Example[] = ['great news thanks', 'this is awful and sad', 'so scared right now', 'ok'].map(
    (text, i) => {
      const f = textFeatures(text);
      return {
        buckets: f.buckets,
        weights: f.weights,
        count: f.count,
        embedding: new Float64Array(100).fill(i / 10),
        labels: [i],
      };
    },
  );

  it('gives byte-identical weights for the same data and seed', () => {
    const a = trainHead(examples, 4, 10, (l) => l);
    const b = trainHead(examples, 4, 10, (l) => l);
    expect(Buffer.from(a.wide.buffer).equals(Buffer.from(b.wide.buffer))).toBe(true);
    expect(Buffer.from(a.embedding.buffer).equals(Buffer.from(b.embedding.buffer))).toBe(true);
    expect(a.wide.some((w) => w !== 0)).toBe(true);
  });
});
