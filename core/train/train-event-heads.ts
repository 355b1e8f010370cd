import {
  type AffectDimension,
  affectDimensions,
  eventDimensions,
  eventEmotions,
} from '../src/reader/event-categories.js';
import type { EventOutputs } from '../src/reader/stack-features.js';
import type { BankRow, CrowdRow } from './event-data.js';
import { eventSettings, type HeadSettings } from './event-settings.js';
import {
  adagradSquares,
  adagradStep,
  type Head,
  lcg,
  logits,
  shuffle,
  softmax,
  trainHead,
} from './linear-head.js';
import type { Example, Row } from './reader-data.js';
import { settings as expressionSettings } from './train-settings.js';

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
export function emotionLogits(heads: EventHeads, ex: Example): Float64Array {
  return Float64Array.from(logits(heads.emotion!, ex, new Float64Array(eventEmotions.length)));
}
