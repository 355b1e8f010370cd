import { describe, expect, it } from 'vitest';
import { readerCategories, readerGroups } from './categories.js';
import { affectDimensions, eventDimensions, eventEmotions } from './event-categories.js';
import { experienceKinds } from './experience.js';
import {
  affectRecord,
  categoryRecord,
  eventDimensionRecord,
  eventEmotionRecord,
  groupRecord,
  kindRecord,
} from './records.js';

describe('records of the reader’s distributions', () => {
  it.each([
    ['categories', readerCategories, categoryRecord],
    ['groups', readerGroups, groupRecord],
    ['experience kinds', experienceKinds, kindRecord],
    ['event emotions', eventEmotions, eventEmotionRecord],
    ['event dimensions', eventDimensions, eventDimensionRecord],
    ['affect', affectDimensions, affectRecord],
  ] as const)('%s: every key, in the list’s order, with its value', (_, keys, record) => {
    const values = keys.map((_, i) => i / 100);
    const out = (record as (z: number[], f?: (x: number) => number) => Record<string, number>)(
      values,
      (x) => x * 2,
    );
    expect(Object.keys(out)).toEqual([...keys]);
    expect(Object.values(out)).toEqual(values.map((x) => x * 2));
  });

  it('gives zeros for a missing head', () => {
    expect(Object.values(eventEmotionRecord(null)).every((x) => x === 0)).toBe(true);
    expect(Object.values(eventDimensionRecord(null)).every((x) => x === 0)).toBe(true);
  });
});
