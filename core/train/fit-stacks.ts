import { type ReaderGroup, readerCategories, readerGroups } from '../src/reader/categories.js';
import { tokenize } from '../src/reader/features.js';
import type { EventModel } from '../src/reader/model-format.js';
import { lexiconCues } from '../src/reader/reader.js';
import type { Reader } from '../src/reader/reading.js';
import { type EventOutputs, stackFeatures } from '../src/reader/stack-features.js';
import type { BankRow, CrowdRow } from './event-data.js';
import { eventSettings } from './event-settings.js';
import { softmax } from './linear-head.js';
import type { Row } from './reader-data.js';
import {
  appraisalTargets,
  type ExampleBuilder,
  emotionLogits,
  evaluateEventHeads,
  trainEventHeads,
} from './train-event-heads.js';

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
