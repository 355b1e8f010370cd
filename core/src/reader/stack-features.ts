/**
 * What the reader and its trainer (core/train) share beyond the features: the calibrated softmax, the event reader's
 * raw outputs, the inputs of the stacked estimates, the frequency weights and the event reader's share of the fusion.
 */
import { readerCategories, readerGroups } from './categories.js';
import { eventDimensions, eventEmotions } from './event-categories.js';
import type { EventModel } from './model-format.js';
import type { LexiconCues } from './reading.js';

/** Softmax of `z` in place, at a temperature (shared with the trainer). */
export function softmaxInto(z: Float64Array, temperature: number): void {
  let max = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < z.length; k++) if (z[k]! > max) max = z[k]!;
  let sum = 0;
  for (let k = 0; k < z.length; k++) {
    z[k] = Math.exp((z[k]! - max) / temperature);
    sum += z[k]!;
  }
  for (let k = 0; k < z.length; k++) z[k] = z[k]! / sum;
}

/** The event reader's raw outputs for one text, as {@link stackFeatures} reads them. */
export interface EventOutputs {
  /** The gate's probability that the text reports an event (before `narrativeMax`), or null without a gate. */
  gate: number | null;
  /** Emotion probabilities (calibrated), or null. */
  emotion: Float64Array | null;
  /** Appraisal (offsets added), or null. */
  appraisal: Float64Array | null;
  /** Affect (offsets added). */
  affect: Float64Array;
}

/**
 * The inputs of the stacked estimates (docs/reader.md, "Stacking"), shared by the trainer, which fits their weights
 * on out-of-fold predictions, and the reader: a bias, EmoBank's V, A, |V| and D, the lexicon pass's congruence,
 * norm and |congruence|, the expression reader's seven groups and 28 categories, the event reader's 13 emotions and ten appraisal dimensions (0 without crowd-enVENT),
 * and whether the text exclaims or asks.
 */
export function stackFeatures(
  expressionGroups: ArrayLike<number>,
  expressionCategories: ArrayLike<number>,
  event: EventOutputs,
  tokens: readonly string[],
  cues: LexiconCues,
  out: number[] | Float64Array = new Array<number>(stackFeatureCount),
): number[] | Float64Array {
  let i = 0;
  out[i++] = 1;
  out[i++] = event.affect[0]!;
  out[i++] = event.affect[1]!;
  out[i++] = Math.abs(event.affect[0]!);
  out[i++] = event.affect[2]!;
  out[i++] = cues.congruence;
  out[i++] = cues.norm;
  out[i++] = Math.abs(cues.congruence);
  for (let k = 0; k < expressionGroups.length; k++) out[i++] = expressionGroups[k]!;
  for (let k = 0; k < expressionCategories.length; k++) out[i++] = expressionCategories[k]!;
  for (let k = 0; k < eventEmotions.length; k++) out[i++] = event.emotion?.[k] ?? 0;
  for (let k = 0; k < eventDimensions.length; k++) out[i++] = event.appraisal?.[k] ?? 0;
  let exclaims = 0;
  let asks = 0;
  for (const t of tokens) {
    if (t.charCodeAt(0) === 33) exclaims = 1;
    else if (t.charCodeAt(0) === 63) asks = 1;
  }
  out[i++] = exclaims;
  out[i++] = asks;
  return out;
}

/** The number of {@link stackFeatures}. */
export const stackFeatureCount =
  8 + readerGroups.length + readerCategories.length + eventEmotions.length + eventDimensions.length + 2;

/**
 * Smooth inverse frequency weights of the first `size` words of a frequency-ordered vocabulary: a/(a + p), with
 * p = 1/((rank + 10)·ln 40,000) (Zipf's law; Arora, Liang & Ma 2017).
 */
export function frequencyWeights(size: number, a: number): Float64Array {
  const out = new Float64Array(size);
  const norm = Math.log(40_000);
  for (let r = 0; r < size; r++) out[r] = a / (a + 1 / ((r + 10) * norm));
  return out;
}

/** The event reader's share of the fusion from the gate's probability (see {@link EventModel.narrativeFloor}). */
export function narrativeOf(
  gate: number,
  model: Pick<EventModel, 'narrativeMax' | 'narrativeFloor'>,
): number {
  const floor = model.narrativeFloor ?? 0;
  return model.narrativeMax * Math.max(0, (gate - floor) / (1 - floor));
}
