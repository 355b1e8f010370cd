/**
 * Records of the reader's distributions, built as object literals with every key in a fixed order, so each record
 * has one hidden class and costs a few nanoseconds to build (a loop assigning computed keys builds a dictionary).
 * A test checks that the keys follow the category lists (categories.ts, event-categories.ts, experience.ts).
 */
import type { ReaderCategory, ReaderGroup } from './categories.js';
import type { AffectDimension, EventDimension, EventEmotion } from './event-categories.js';
import type { ExperienceKind } from './experience.js';

type Map = (value: number) => number;
const same: Map = (value) => value;

/** The 28 categories' record of `z` (in readerCategories order), each through `f`. */
export function categoryRecord(z: ArrayLike<number>, f: Map = same): Record<ReaderCategory, number> {
  return {
    admiration: f(z[0]!),
    amusement: f(z[1]!),
    anger: f(z[2]!),
    annoyance: f(z[3]!),
    approval: f(z[4]!),
    caring: f(z[5]!),
    confusion: f(z[6]!),
    curiosity: f(z[7]!),
    desire: f(z[8]!),
    disappointment: f(z[9]!),
    disapproval: f(z[10]!),
    disgust: f(z[11]!),
    embarrassment: f(z[12]!),
    excitement: f(z[13]!),
    fear: f(z[14]!),
    gratitude: f(z[15]!),
    grief: f(z[16]!),
    joy: f(z[17]!),
    love: f(z[18]!),
    nervousness: f(z[19]!),
    optimism: f(z[20]!),
    pride: f(z[21]!),
    realization: f(z[22]!),
    relief: f(z[23]!),
    remorse: f(z[24]!),
    sadness: f(z[25]!),
    surprise: f(z[26]!),
    neutral: f(z[27]!),
  };
}

/** The seven groups' record of `z` (in readerGroups order). */
export function groupRecord(z: ArrayLike<number>, f: Map = same): Record<ReaderGroup, number> {
  return {
    anger: f(z[0]!),
    disgust: f(z[1]!),
    fear: f(z[2]!),
    joy: f(z[3]!),
    sadness: f(z[4]!),
    surprise: f(z[5]!),
    neutral: f(z[6]!),
  };
}

/** The 16 experience kinds' record of `z` (in experienceKinds order). */
export function kindRecord(z: ArrayLike<number>, f: Map = same): Record<ExperienceKind, number> {
  return {
    anger: f(z[0]!),
    disgust: f(z[1]!),
    fear: f(z[2]!),
    nervousness: f(z[3]!),
    sadness: f(z[4]!),
    guilt: f(z[5]!),
    shame: f(z[6]!),
    joy: f(z[7]!),
    excitement: f(z[8]!),
    pride: f(z[9]!),
    relief: f(z[10]!),
    amusement: f(z[11]!),
    warmth: f(z[12]!),
    surprise: f(z[13]!),
    boredom: f(z[14]!),
    neutral: f(z[15]!),
  };
}

/** The 13 event emotions' record of `z` (in eventEmotions order; 0 where `z` is null). */
export function eventEmotionRecord(z: ArrayLike<number> | null, f: Map = same): Record<EventEmotion, number> {
  const x: Map = z === null ? () => 0 : f;
  const zz = z ?? [];
  return {
    anger: x(zz[0]!),
    boredom: x(zz[1]!),
    disgust: x(zz[2]!),
    fear: x(zz[3]!),
    guilt: x(zz[4]!),
    joy: x(zz[5]!),
    'no-emotion': x(zz[6]!),
    pride: x(zz[7]!),
    relief: x(zz[8]!),
    sadness: x(zz[9]!),
    shame: x(zz[10]!),
    surprise: x(zz[11]!),
    trust: x(zz[12]!),
  };
}

/** The ten event dimensions' record of `z` (in eventDimensions order; 0 where `z` is null). */
export function eventDimensionRecord(
  z: ArrayLike<number> | null,
  f: Map = same,
): Record<EventDimension, number> {
  const x: Map = z === null ? () => 0 : f;
  const zz = z ?? [];
  return {
    valence: x(zz[0]!),
    intensity: x(zz[1]!),
    relevance: x(zz[2]!),
    suddenness: x(zz[3]!),
    self: x(zz[4]!),
    other: x(zz[5]!),
    chance: x(zz[6]!),
    control: x(zz[7]!),
    norms: x(zz[8]!),
    urgency: x(zz[9]!),
  };
}

/** The three affect dimensions' record of `z` (in affectDimensions order). */
export function affectRecord(z: ArrayLike<number>, f: Map = same): Record<AffectDimension, number> {
  return {
    V: f(z[0]!),
    A: f(z[1]!),
    D: f(z[2]!),
  };
}
