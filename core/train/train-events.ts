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
import { affectDimensions, eventDimensions, eventEmotions } from '../src/reader/event-categories.js';
import type { EventModel } from '../src/reader/model-format.js';
import type { Reader } from '../src/reader/reading.js';
import type { EventOutputs } from '../src/reader/stack-features.js';
import { type BankRow, type CrowdRow, holdout } from './event-data.js';
import { eventSettings } from './event-settings.js';
import { fitStacks, outOfFold } from './fit-stacks.js';
import { fitTemperature, type Head, projections, quantize } from './linear-head.js';
import type { Row } from './reader-data.js';
import { type EventHeads, type ExampleBuilder, trainEventHeads } from './train-event-heads.js';

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
