import { type ReaderCategory, type ReaderGroup, readerCategories, readerGroups } from './categories.js';
import { type EventEmotion, eventEmotions } from './event-categories.js';

/**
 * What the experiencer of a message's event feels, in one vocabulary for both readers (docs/reader.md, "Fusion"):
 * the expression reader's GoEmotions categories and the event reader's crowd-enVENT emotions, each mapped to the
 * kind a listener tells apart. `warmth` gathers the positive feelings toward someone (gratitude, love, caring,
 * admiration, approval, trust); `nervousness` is fear's anticipatory form; `boredom` only the event reader knows.
 */
export const experienceKinds = [
  'anger',
  'disgust',
  'fear',
  'nervousness',
  'sadness',
  'guilt',
  'shame',
  'joy',
  'excitement',
  'pride',
  'relief',
  'amusement',
  'warmth',
  'surprise',
  'boredom',
  'neutral',
] as const;

/** One of {@link experienceKinds}. */
export type ExperienceKind = (typeof experienceKinds)[number];

/** The kind of each GoEmotions category. */
export const kindOfCategory: Readonly<Record<ReaderCategory, ExperienceKind>> = {
  admiration: 'warmth',
  amusement: 'amusement',
  anger: 'anger',
  annoyance: 'anger',
  approval: 'warmth',
  caring: 'warmth',
  confusion: 'surprise',
  curiosity: 'surprise',
  desire: 'excitement',
  disappointment: 'sadness',
  disapproval: 'anger',
  disgust: 'disgust',
  embarrassment: 'shame',
  excitement: 'excitement',
  fear: 'fear',
  gratitude: 'warmth',
  grief: 'sadness',
  joy: 'joy',
  love: 'warmth',
  nervousness: 'nervousness',
  optimism: 'joy',
  pride: 'pride',
  realization: 'surprise',
  relief: 'relief',
  remorse: 'guilt',
  sadness: 'sadness',
  surprise: 'surprise',
  neutral: 'neutral',
};

/** The kind of each crowd-enVENT emotion. */
export const kindOfEvent: Readonly<Record<EventEmotion, ExperienceKind>> = {
  anger: 'anger',
  boredom: 'boredom',
  disgust: 'disgust',
  fear: 'fear',
  guilt: 'guilt',
  joy: 'joy',
  'no-emotion': 'neutral',
  pride: 'pride',
  relief: 'relief',
  sadness: 'sadness',
  shame: 'shame',
  surprise: 'surprise',
  trust: 'warmth',
};

/** The Ekman group of each kind (boredom counts as neutral: no emotion was expressed), as GoEmotions folds them. */
export const groupOfKind: Readonly<Record<ExperienceKind, ReaderGroup>> = {
  anger: 'anger',
  disgust: 'disgust',
  fear: 'fear',
  nervousness: 'fear',
  sadness: 'sadness',
  guilt: 'sadness',
  shame: 'sadness',
  joy: 'joy',
  excitement: 'joy',
  pride: 'joy',
  relief: 'joy',
  amusement: 'joy',
  warmth: 'joy',
  surprise: 'surprise',
  boredom: 'neutral',
  neutral: 'neutral',
};

const K = experienceKinds.length;
const neutralKind = experienceKinds.indexOf('neutral');
const kindIndexOfCategory = Int32Array.from(readerCategories, (c) =>
  experienceKinds.indexOf(kindOfCategory[c]),
);
const kindIndexOfEvent = Int32Array.from(eventEmotions, (e) => experienceKinds.indexOf(kindOfEvent[e]));
const groupIndexOfKind = Int32Array.from(experienceKinds, (k) => readerGroups.indexOf(groupOfKind[k]));

const groupIndexOfCategory = Int32Array.from(readerCategories, (c) =>
  readerGroups.indexOf(groupOfKind[kindOfCategory[c]]),
);
const groupMass = new Float64Array(readerGroups.length);

/**
 * Fuses the two readers' distributions into one over {@link experienceKinds} (written into `out`), as a mixture of
 * experts whose gate is `narrative`, the probability that the text reports an event rather than expresses a feeling
 * (Jacobs, Jordan, Nowlan & Hinton 1991): p(k) = (1 − d)·p_expression(k) + d·p_event(k). The expression reader's
 * kinds carry its group distribution (`expressionGroups`, both of its heads), split inside each group by its
 * categories. Neutral is the absence of evidence, so it is the weighted geometric mean of the two: a text is neutral
 * only when both readers find nothing, and a neutral reading by one reader never outvotes what the other found.
 * Without an event reading (or with d = 0) the groups are the expression reader's own.
 */
export function fuseKinds(
  expressionCategories: Float64Array,
  expressionGroups: Float64Array,
  event: Float64Array | null,
  narrative: number,
  out: Float64Array,
): Float64Array {
  out.fill(0);
  groupMass.fill(0);
  for (let c = 0; c < expressionCategories.length; c++)
    groupMass[groupIndexOfCategory[c]!] = groupMass[groupIndexOfCategory[c]!]! + expressionCategories[c]!;
  const d = event === null ? 0 : narrative;
  let expressionNeutral = 0;
  for (let c = 0; c < expressionCategories.length; c++) {
    const k = kindIndexOfCategory[c]!;
    const group = groupIndexOfCategory[c]!;
    const p = (expressionGroups[group]! * expressionCategories[c]!) / Math.max(groupMass[group]!, 1e-12);
    if (k === neutralKind) expressionNeutral += p;
    else out[k] = out[k]! + (1 - d) * p;
  }
  let eventNeutral = 0;
  if (event !== null) {
    for (let e = 0; e < event.length; e++) {
      const k = kindIndexOfEvent[e]!;
      if (k === neutralKind) eventNeutral += event[e]!;
      else out[k] = out[k]! + d * event[e]!;
    }
  }
  out[neutralKind] =
    d === 0 ? expressionNeutral : expressionNeutral ** (1 - d) * Math.max(eventNeutral, 1e-9) ** d;
  let sum = 0;
  for (let k = 0; k < K; k++) sum += out[k]!;
  for (let k = 0; k < K; k++) out[k] = out[k]! / sum;
  return out;
}

/** Sums a distribution over kinds into the seven groups (written into `out`). */
export function groupsOfKinds(kinds: Float64Array, out: Float64Array): Float64Array {
  out.fill(0);
  for (let k = 0; k < K; k++) out[groupIndexOfKind[k]!] = out[groupIndexOfKind[k]!]! + kinds[k]!;
  return out;
}

/** The most likely kind inside a group. */
export function kindInGroup(kinds: Float64Array, group: number): ExperienceKind {
  let best = -1;
  for (let k = 0; k < K; k++) {
    if (groupIndexOfKind[k] !== group) continue;
    if (best < 0 || kinds[k]! > kinds[best]!) best = k;
  }
  return experienceKinds[best]!;
}
