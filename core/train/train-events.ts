/**
 * The event reader's training (part of `npm run train:reader`; docs/reader.md, "Reading events"). Four linear heads
 * over the reader's features (hashed word and character n-grams and the GloVe mean, features.ts):
 *
 * - `gate`: whether a text reports an event (crowd-enVENT) or expresses a feeling (GoEmotions): the fusion's gate;
 * - `emotion`: which of crowd-enVENT's 13 emotions the experiencer of a described event felt (softmax cross-entropy);
 * - `appraisal`: the experiencer's appraisal of it, ten dimensions (squared error; event-categories.ts);
 * - `affect`: the valence, arousal and dominance readers feel on reading a sentence (EmoBank; squared error).
 *
 * crowd-enVENT rows train twice: as written, and with the emotion words removed (the corpus's `hidden_emo_text`), so
 * the heads learn what events mean and not only the words people name feelings with. The emotion head's softmax
 * temperature and the stacked estimates' weights are fitted on out-of-fold predictions of a 5-fold cross-validation
 * on train. Dev is never read. Deterministic: the same data and seed give byte-identical weights.
 *
 * Without crowd-enVENT (LIMBIC_CROWD_ENVENT=off, or the folder missing) only the affect head is trained: the model
 * then has no gate, emotion or appraisal outputs, and readings fuse nothing (the corpus's licence note: an operator
 * who needs clean provenance can build the shipped model without it).
 */
import { writeFileSync } from 'node:fs';
import { type ReaderGroup, readerCategories, readerGroups } from '../src/reader/categories.js';
import {
  type AffectDimension,
  affectDimensions,
  eventDimensions,
  eventEmotions,
} from '../src/reader/event-categories.js';
import { tokenize } from '../src/reader/features.js';
import {
  type EventModel,
  type EventOutputs,
  lexiconCues,
  type Reader,
  stackFeatures,
} from '../src/reader/reader.js';
import { type BankRow, type CrowdRow, holdout } from './event-data.js';
import {
  adagradSquares,
  adagradStep,
  type Example,
  settings as expressionSettings,
  fitTemperature,
  type Head,
  lcg,
  logits,
  projections,
  quantize,
  type Row,
  shuffle,
  softmax,
  trainHead,
} from './train-reader.js';

/** Settings of a head trained by AdaGrad. */
export interface HeadSettings {
  epochs: number;
  learningRate: number;
  l2: number;
}

/** Training settings of the event reader (docs/reader.md gives the checks that chose them). */
export const eventSettings = {
  seed: Number(process.env.LIMBIC_READER_SEED ?? 42),
  /** Hash bits of every event head (one matrix ships them side by side). */
  bits: 15,
  /** The event heads' embedding input is this times the mean word vector (the expression heads use 0.4). */
  embeddingScale: 1,
  /** The mean word vector is weighted a/(a + p(w)) with this a (reader.ts `frequencyWeights`). */
  frequencyWeight: 1e-3,
  gate: { epochs: 3, learningRate: 0.5, l2: 1e-3, classWeightPower: 1 },
  emotion: { epochs: 6, learningRate: 0.5, l2: 3e-3, classWeightPower: 0.5 },
  appraisal: { epochs: 10, learningRate: 0.05, l2: 3e-4 },
  affect: { epochs: 20, learningRate: 0.01, l2: 1e-4 },
  /** The gate never gives the event reader more than this share of the fusion. */
  narrativeMax: 0.7,
  /** Gate probabilities up to this read as no report (reader.ts). */
  narrativeFloor: 0.3,
  /** κ: how much the stacked valence weighs in the choice of the group (reader.ts). */
  valenceAgreement: 1.5,
  /** Ridge penalty of the stacked estimates, per row. */
  stackRidge: 1e-3,
  folds: 5,
  /** crowd-enVENT texts also train cut to their first sentence, at most this many words (0: not at all). */
  shortWords: Number(process.env.LIMBIC_SHORT ?? 10),
};

/** The scaled appraisal targets of a crowd-enVENT row, in the order of {@link eventDimensions}. */
export function appraisalTargets(row: CrowdRow): number[] {
  const r = row.ratings;
  const unit = (x: number) => (x - 1) / 4;
  return [
    (r.pleasantness - r.unpleasantness) / 4,
    unit(r.intensity),
    unit(r.goal_relevance),
    unit(r.suddenness),
    unit(r.self_responsblt),
    unit(r.other_responsblt),
    unit(r.chance_responsblt),
    unit(r.self_control),
    unit((r.standards + r.social_norms) / 2),
    unit(r.urgency),
  ];
}

/**
 * The scaled affect targets of an EmoBank row (1–5 → [−1, 1]): the mean of both perspectives' ratings, which has
 * more raters per sentence than the readers' alone and predicts the readers' ratings better (docs/reader.md).
 */
export function affectTargets(row: BankRow): number[] {
  return affectDimensions.map((d: AffectDimension) => (row.mean[d] - 3) / 2);
}

/**
 * Trains a multi-output linear regression head (squared error, AdaGrad, L2 on the touched weights) on centred
 * targets; returns the head and the offsets (target means) to add back.
 */
export function trainRegression(
  examples: readonly Example[],
  targets: readonly (readonly number[])[],
  bits: number,
  settings: HeadSettings,
  seed: number,
): { head: Head; offset: number[] } {
  const K = targets[0]!.length;
  const offset = new Array<number>(K).fill(0);
  for (const t of targets) for (let k = 0; k < K; k++) offset[k]! += t[k]! / targets.length;
  const head: Head = {
    classes: K,
    bits,
    wide: new Float64Array((1 << bits) * K),
    embedding: new Float64Array(100 * K),
  };
  const squares = adagradSquares(head);
  const order = examples.map((_, i) => i);
  const random = lcg(seed);
  const z = new Float64Array(K);
  const grad = new Float64Array(K);
  const { l2, learningRate: lr } = settings;
  for (let epoch = 0; epoch < settings.epochs; epoch++) {
    shuffle(order, random);
    for (const idx of order) {
      const ex = examples[idx]!;
      const t = targets[idx]!;
      logits(head, ex, z);
      for (let k = 0; k < K; k++) grad[k] = z[k]! - (t[k]! - offset[k]!);
      adagradStep(head, squares, ex, grad, lr, l2);
    }
  }
  return { head, offset };
}

/** Builds a text's training example (hashed features and the scaled mean word vector). */
export type ExampleBuilder = (text: string, labels?: number[]) => Example;

/**
 * A crowd-enVENT row's training examples: as written, with the emotion words removed (when different), and, when the
 * text is longer, its first sentence cut to at most `shortWords` words (chat messages are shorter than the corpus's
 * texts; a linear model that saw only long texts is overconfident on short ones).
 */
export function crowdExamples(row: CrowdRow, exampleOf: ExampleBuilder, label: number[]): Example[] {
  const out = [exampleOf(row.text, label)];
  if (row.hidden !== row.text && row.hidden !== '') out.push(exampleOf(row.hidden, label));
  const short = shortened(row.hidden || row.text);
  if (short !== null && eventSettings.shortWords > 0) out.push(exampleOf(short, label));
  return out;
}

/** The first sentence of a text, at most `shortWords` words, or null when that is the whole text. */
export function shortened(text: string): string | null {
  const first = text.split(/(?<=[.!?])\s+/)[0] ?? text;
  const words = first.trim().split(/\s+/).slice(0, eventSettings.shortWords);
  const short = words.join(' ');
  return words.length >= 3 && short !== text.trim() ? short : null;
}

/** The event heads, in floating point. */
export interface EventHeads {
  gate: Head | null;
  emotion: Head | null;
  appraisal: { head: Head; offset: number[] } | null;
  affect: { head: Head; offset: number[] };
}

function classifier(
  examples: readonly Example[],
  classes: number,
  s: { epochs: number; learningRate: number; l2: number; classWeightPower: number },
): Head {
  return trainHead(examples, classes, eventSettings.bits, (l) => l, {
    ...expressionSettings,
    seed: eventSettings.seed,
    epochs: s.epochs,
    learningRate: s.learningRate,
    l2: s.l2,
    classWeightPower: s.classWeightPower,
  });
}

/**
 * Trains the heads on the given rows. `expressionTexts` (GoEmotions) are the gate's other class. Without crowd rows
 * only the affect head is trained.
 */
export function trainEventHeads(
  crowd: readonly CrowdRow[],
  bank: readonly BankRow[],
  expressionTexts: readonly Row[],
  exampleOf: ExampleBuilder,
): EventHeads {
  const s = eventSettings;
  const bankEx = bank.map((r) => exampleOf(r.text));
  const affect = trainRegression(bankEx, bank.map(affectTargets), s.bits, s.affect, s.seed);
  if (crowd.length === 0) return { gate: null, emotion: null, appraisal: null, affect };
  const crowdEx: Example[] = [];
  const crowdTargets: number[][] = [];
  for (const row of crowd) {
    const t = appraisalTargets(row);
    for (const ex of crowdExamples(row, exampleOf, [eventEmotions.indexOf(row.emotion)])) {
      crowdEx.push(ex);
      crowdTargets.push(t);
    }
  }
  const emotion = classifier(crowdEx, eventEmotions.length, s.emotion);
  const appraisal = trainRegression(crowdEx, crowdTargets, s.bits, s.appraisal, s.seed);
  const gateEx = [
    ...expressionTexts.map((r) => exampleOf(r.text, [0])),
    ...crowdEx.map((ex) => ({ ...ex, labels: [1] })),
  ];
  const gate = classifier(gateEx, 2, s.gate);
  return { gate, emotion, appraisal, affect };
}

/** Evaluates the heads on one example, as the shipped reader does (in floating point, before quantisation). */
export function evaluateEventHeads(heads: EventHeads, ex: Example, temperature = 1): EventOutputs {
  const withOffset = (h: { head: Head; offset: number[] }) => {
    const z = Float64Array.from(logits(h.head, ex, new Float64Array(h.head.classes)));
    for (let k = 0; k < z.length; k++) z[k]! += h.offset[k]!;
    return z;
  };
  let gate: number | null = null;
  if (heads.gate) {
    const z = logits(heads.gate, ex, new Float64Array(2));
    gate = 1 / (1 + Math.exp(z[0]! - z[1]!));
  }
  return {
    gate,
    emotion: heads.emotion
      ? softmax(
          Float64Array.from(logits(heads.emotion, ex, new Float64Array(eventEmotions.length))),
          temperature,
        )
      : null,
    appraisal: heads.appraisal ? withOffset(heads.appraisal) : null,
    affect: withOffset(heads.affect),
  };
}

/** The emotion head's raw logits of an example. */
function emotionLogits(heads: EventHeads, ex: Example): Float64Array {
  return Float64Array.from(logits(heads.emotion!, ex, new Float64Array(eventEmotions.length)));
}

/** Out-of-fold outputs of the heads (rows assigned to fold `i mod k`), with the emotion logits kept raw. */
export interface OutOfFold {
  crowd: { outputs: EventOutputs; logits: Float64Array | null }[];
  bank: EventOutputs[];
}

/**
 * Out-of-fold outputs of the heads on their own training rows (k-fold cross-validation): what the temperature and
 * the stacked estimates are fitted on, so neither sees a prediction of a row the heads were trained on. The gate is
 * trained on every expression text in every fold (the stacks are fitted on crowd-enVENT and EmoBank rows only).
 */
export function outOfFold(
  crowd: readonly CrowdRow[],
  bank: readonly BankRow[],
  expressionTexts: readonly Row[],
  exampleOf: ExampleBuilder,
  log: (line: string) => void,
): OutOfFold {
  const k = eventSettings.folds;
  const crowdOut: OutOfFold['crowd'] = new Array(crowd.length);
  const bankOut: EventOutputs[] = new Array(bank.length);
  for (let f = 0; f < k; f++) {
    const heads = trainEventHeads(
      crowd.filter((_, i) => i % k !== f),
      bank.filter((_, i) => i % k !== f),
      expressionTexts,
      exampleOf,
    );
    crowd.forEach((row, i) => {
      if (i % k !== f) return;
      const ex = exampleOf(row.text);
      crowdOut[i] = {
        outputs: evaluateEventHeads(heads, ex),
        logits: heads.emotion ? emotionLogits(heads, ex) : null,
      };
    });
    bank.forEach((row, i) => {
      if (i % k === f) bankOut[i] = evaluateEventHeads(heads, exampleOf(row.text));
    });
    log(`event cross-validation fold ${f + 1}/${k}`);
  }
  return { crowd: crowdOut, bank: bankOut };
}

/**
 * Weighted ridge regression by the normal equations (Gauss–Jordan with partial pivoting): the weights minimising
 * Σ wᵢ(yᵢ − w·xᵢ)² + λ·n·|w|² (the intercept, feature 0, unpenalised).
 */
export function ridge(
  x: readonly ArrayLike<number>[],
  y: readonly number[],
  rowWeight: readonly number[],
  lambda: number,
): number[] {
  const p = x[0]!.length;
  const a = Array.from({ length: p }, () => new Array<number>(p + 1).fill(0));
  let total = 0;
  x.forEach((row, i) => {
    const w = rowWeight[i]!;
    total += w;
    for (let r = 0; r < p; r++) {
      for (let c = 0; c < p; c++) a[r]![c]! += w * row[r]! * row[c]!;
      a[r]![p]! += w * row[r]! * y[i]!;
    }
  });
  for (let r = 1; r < p; r++) a[r]![r]! += lambda * total;
  for (let col = 0; col < p; col++) {
    let pivot = col;
    for (let r = col + 1; r < p; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    const d = a[col]![col]!;
    if (Math.abs(d) < 1e-12) continue;
    for (let c = col; c <= p; c++) a[col]![c]! /= d;
    for (let r = 0; r < p; r++) {
      if (r === col) continue;
      const f = a[r]![col]!;
      if (f === 0) continue;
      for (let c = col; c <= p; c++) a[r]![c]! -= f * a[col]![c]!;
    }
  }
  return a.map((row) => Number(row[p]!.toFixed(5)));
}

/**
 * Fits the stacked estimates on out-of-fold predictions (ridge regressions over {@link stackFeatures}): the valence
 * of a reported event on crowd-enVENT's (P − U)/4, the valence of a sentence on EmoBank's readers' valence
 * ((V − 3)/2), and activation on EmoBank's readers' arousal in standard units. Without crowd-enVENT the event
 * valence is the sentence valence.
 */
export function fitStacks(
  crowd: readonly CrowdRow[],
  bank: readonly BankRow[],
  oof: OutOfFold,
  expression: Reader,
  temperature: number,
): EventModel['stacks'] {
  const features = (text: string, outputs: EventOutputs) => {
    const r = expression.read(text);
    return stackFeatures(
      Float64Array.from(readerGroups, (g: ReaderGroup) => r.groups[g]),
      Float64Array.from(readerCategories, (c) => r.scores[c]),
      outputs,
      tokenize(text),
      lexiconCues(text),
    );
  };
  const bankX = bank.map((row, i) => features(row.text, oof.bank[i]!));
  const ones = (n: number) => new Array<number>(n).fill(1);
  // Both valences in units of two standard deviations of their corpus (0 stays neutral), so the blend of a report
  // and a sentence means the same thing on either side: 1 is an event as good as the corpus's clearly good ones.
  const twoSd = (ys: readonly number[]) => 2 * Math.sqrt(ys.reduce((a, y) => a + y * y, 0) / ys.length) || 1;
  const bankV = bank.map((row) => (row.reader.V - 3) / 2);
  const bankScale = twoSd(bankV);
  const sentenceValence = ridge(
    bankX,
    bankV.map((v) => v / bankScale),
    ones(bank.length),
    eventSettings.stackRidge,
  );
  const arousal = bank.map((row) => row.reader.A);
  const meanA = arousal.reduce((a, b) => a + b, 0) / Math.max(1, arousal.length);
  const sdA = Math.sqrt(arousal.reduce((a, b) => a + (b - meanA) ** 2, 0) / Math.max(1, arousal.length)) || 1;
  const activation = ridge(
    bankX,
    arousal.map((a) => (a - meanA) / sdA),
    ones(bank.length),
    eventSettings.stackRidge,
  );
  if (crowd.length === 0) return { eventValence: sentenceValence, sentenceValence, activation };
  const crowdX = crowd.map((row, i) => {
    const o = oof.crowd[i]!;
    return features(row.text, { ...o.outputs, emotion: softmax(Float64Array.from(o.logits!), temperature) });
  });
  const crowdV = crowd.map((row) => appraisalTargets(row)[0]!);
  const crowdScale = twoSd(crowdV);
  const eventValence = ridge(
    crowdX,
    crowdV.map((v) => v / crowdScale),
    ones(crowd.length),
    eventSettings.stackRidge,
  );
  return { eventValence, sentenceValence, activation };
}

/** Everything the event model file holds, before rendering. */
export interface EventModelData {
  model: Omit<EventModel, 'weights'>;
  bytes: Uint8Array;
}

/** The column names of the heads that exist, in the shipped order. */
export function outputNames(heads: EventHeads): string[] {
  return [
    ...(heads.gate ? ['gate:expression', 'gate:event'] : []),
    ...(heads.emotion ? eventEmotions.map((e) => `emotion:${e}`) : []),
    ...(heads.appraisal ? eventDimensions.map((d) => `appraisal:${d}`) : []),
    ...affectDimensions.map((d) => `affect:${d}`),
  ];
}

/**
 * Quantises the heads into one int8 matrix (wide part, then the word projections of the expression model's
 * vocabulary), the columns of every head side by side, each head with its own scale.
 */
export function packEventModel(
  heads: EventHeads,
  vocabulary: readonly string[],
  vectors: Map<string, number[]>,
  fitted: { temperature: number; stacks: EventModel['stacks'] },
): EventModelData {
  const parts: { head: Head; offset: number[] | null }[] = [
    ...(heads.gate ? [{ head: heads.gate, offset: null }] : []),
    ...(heads.emotion ? [{ head: heads.emotion, offset: null }] : []),
    ...(heads.appraisal ? [{ head: heads.appraisal.head, offset: heads.appraisal.offset }] : []),
    { head: heads.affect.head, offset: heads.affect.offset },
  ];
  const count = parts.reduce((n, p) => n + p.head.classes, 0);
  const buckets = 1 << eventSettings.bits;
  const bytes = new Int8Array(buckets * count + vocabulary.length * count);
  const wideScale: number[] = [];
  const projectionScale: number[] = [];
  const offset: number[] = [];
  let column = 0;
  for (const { head, offset: off } of parts) {
    const K = head.classes;
    const wide = quantize(head.wide);
    const projection = quantize(projections(head, vocabulary, vectors));
    for (let b = 0; b < buckets; b++)
      for (let k = 0; k < K; k++) bytes[b * count + column + k] = wide.data[b * K + k]!;
    const base = buckets * count;
    for (let w = 0; w < vocabulary.length; w++)
      for (let k = 0; k < K; k++) bytes[base + w * count + column + k] = projection.data[w * K + k]!;
    for (let k = 0; k < K; k++) {
      wideScale.push(wide.scale);
      projectionScale.push(projection.scale);
      offset.push(off === null ? 0 : Number(off[k]!.toFixed(6)));
    }
    column += K;
  }
  return {
    model: {
      format: 1,
      bits: eventSettings.bits,
      embeddingScale: eventSettings.embeddingScale,
      frequencyWeight: eventSettings.frequencyWeight,
      outputs: outputNames(heads),
      wideScale,
      projectionScale,
      offset,
      emotionTemperature: fitted.temperature,
      narrativeMax: eventSettings.narrativeMax,
      narrativeFloor: eventSettings.narrativeFloor,
      valenceAgreement: eventSettings.valenceAgreement,
      stacks: fitted.stacks,
      vocabularySize: vocabulary.length,
    },
    bytes: new Uint8Array(bytes.buffer),
  };
}

/**
 * Trains the event model: the heads on every train row, the temperature and stacks on out-of-fold predictions.
 * `expression` is the expression reader the model will ship with (the stacks read its groups).
 */
export function trainEventModel(
  data: { crowd: readonly CrowdRow[]; bank: readonly BankRow[]; expressionTexts: readonly Row[] },
  expression: Reader,
  vocabulary: readonly string[],
  vectors: Map<string, number[]>,
  exampleOf: ExampleBuilder,
  log: (line: string) => void,
): EventModelData {
  const heads = trainEventHeads(data.crowd, data.bank, data.expressionTexts, exampleOf);
  log('trained the event heads');
  const oof = outOfFold(data.crowd, data.bank, data.expressionTexts, exampleOf, log);
  if (process.env.LIMBIC_EVENT_OOF_DUMP) {
    const plain = (o: EventOutputs) => ({
      gate: o.gate,
      emotion: o.emotion && Array.from(o.emotion),
      appraisal: o.appraisal && Array.from(o.appraisal),
      affect: Array.from(o.affect),
    });
    writeFileSync(
      process.env.LIMBIC_EVENT_OOF_DUMP,
      JSON.stringify({
        crowd: oof.crowd.map((o) => ({ ...plain(o.outputs), logits: o.logits && Array.from(o.logits) })),
        bank: oof.bank.map(plain),
      }),
    );
  }
  const temperature =
    data.crowd.length === 0
      ? 1
      : fitTemperature(
          oof.crowd.map((o) => o.logits!),
          data.crowd.map((r) => [eventEmotions.indexOf(r.emotion)]),
        );
  const stacks = fitStacks(data.crowd, data.bank, oof, expression, temperature);
  log(`emotion temperature ${temperature}; stacks fitted`);
  return packEventModel(heads, vocabulary, vectors, { temperature, stacks });
}

export { holdout };
