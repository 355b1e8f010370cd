/** The event reader's heads (docs/reader.md): the compiled model, its outputs for a text, and its reading. */
import { affectDimensions, eventDimensions, eventEmotions } from './event-categories.js';
import { decodeWeights, type EventModel } from './model-format.js';
import type { EventReading } from './reading.js';
import { affectRecord, eventDimensionRecord, eventEmotionRecord } from './records.js';
import { type EventOutputs, frequencyWeights, softmaxInto, stackFeatureCount } from './stack-features.js';
import { expressionWidth } from './wide-sums.js';

/** An event model ready to evaluate: its weights decoded, its columns located. */
export interface CompiledEvents {
  model: EventModel;
  /** Each vocabulary word's weight in the mean, or null for a plain mean. */
  wordWeight: Float64Array | null;
  count: number;
  mask: number;
  wide: Int8Array;
  projection: Int8Array;
  wideScale: Float64Array;
  projectionScale: Float64Array;
  offset: Float64Array;
  /** First column of each head, or −1 when the model has none. */
  gate: number;
  emotion: number;
  appraisal: number;
  affect: number;
}

/** Decodes an event model and checks it against the expression model's vocabulary and the stacks' inputs. */
export function compileEvents(model: EventModel, vocabularySize: number): CompiledEvents {
  if (model.format !== 1) throw new Error(`event model format ${String(model.format)} is not supported`);
  if (model.vocabularySize !== vocabularySize)
    throw new Error('event model: its projections do not match the reader model vocabulary');
  const count = model.outputs.length;
  const column = (name: string) => model.outputs.indexOf(name);
  const first = (prefix: string, names: readonly string[]) => {
    const at = column(`${prefix}:${names[0]}`);
    if (at < 0) return -1;
    names.forEach((n, i) => {
      if (column(`${prefix}:${n}`) !== at + i) throw new Error(`event model: ${prefix} outputs out of order`);
    });
    return at;
  };
  const affect = first('affect', affectDimensions);
  if (affect < 0) throw new Error('event model: no affect outputs');
  for (const [name, weights] of Object.entries(model.stacks)) {
    if (weights.length !== stackFeatureCount)
      throw new Error(
        `event model: the ${name} stack has ${weights.length} weights, not ${stackFeatureCount}`,
      );
  }
  const signed = decodeWeights(model.weights);
  const wideLength = (1 << model.bits) * count;
  if (signed.length !== wideLength + vocabularySize * count)
    throw new Error('event model: the weights do not match the settings');
  return {
    model,
    wordWeight:
      model.frequencyWeight === undefined ? null : frequencyWeights(vocabularySize, model.frequencyWeight),
    count,
    mask: (1 << model.bits) - 1,
    wide: signed.subarray(0, wideLength),
    projection: signed.subarray(wideLength),
    wideScale: Float64Array.from(model.wideScale),
    projectionScale: Float64Array.from(model.projectionScale),
    offset: Float64Array.from(model.offset),
    gate: first('gate', ['expression', 'event']),
    emotion: first('emotion', eventEmotions),
    appraisal: first('appraisal', eventDimensions),
    affect,
  };
}

/** The event reader's reading of a text from its raw outputs and its share of the fusion. */
export function toEventReading(outputs: EventOutputs, narrative: number): EventReading {
  let best = 0;
  const e = outputs.emotion;
  if (e !== null) for (let k = 1; k < e.length; k++) if (e[k]! > e[best]!) best = k;
  return {
    narrative,
    emotion: e ? eventEmotions[best]! : 'no-emotion',
    confidence: e?.[best] ?? 0,
    scores: eventEmotionRecord(e),
    appraisal: eventDimensionRecord(outputs.appraisal),
    affect: affectRecord(outputs.affect),
  };
}

/** Evaluates the event heads from a text's wide sums and word rows. */
export type EventEvaluator = (
  acc: Int32Array,
  unit: number,
  rows: Int32Array,
  rowCount: number,
) => EventOutputs;

/**
 * The event heads' outputs in one pass over the same features as the expression heads (views into scratch space,
 * valid until the next evaluation).
 */
export function createEventEvaluator(e: CompiledEvents): EventEvaluator {
  const C = e.count;
  const zv = new Float64Array(C);
  const projected = new Float64Array(C);
  return (acc, unit, rows, rowCount) => {
    for (let k = 0; k < C; k++) zv[k] = acc[expressionWidth + k]! * unit;
    // The word projections are summed (weighted by frequency when the model says so) and scaled once per output.
    projected.fill(0);
    const p = e.projection;
    let total = 0;
    for (let r = 0; r < rowCount; r++) {
      const row = rows[r]!;
      const base = row * C;
      const w = e.wordWeight === null ? 1 : e.wordWeight[row]!;
      total += w;
      for (let k = 0; k < C; k++) projected[k] = projected[k]! + w * p[base + k]!;
    }
    const scale = total > 0 ? e.model.embeddingScale / total : 0;
    for (let k = 0; k < C; k++)
      zv[k] = zv[k]! * e.wideScale[k]! + projected[k]! * e.projectionScale[k]! * scale + e.offset[k]!;
    let gate: number | null = null;
    if (e.gate >= 0) gate = 1 / (1 + Math.exp(zv[e.gate]! - zv[e.gate + 1]!));
    let emotion: Float64Array | null = null;
    if (e.emotion >= 0) {
      emotion = zv.subarray(e.emotion, e.emotion + eventEmotions.length);
      softmaxInto(emotion, e.model.emotionTemperature);
    }
    return {
      gate,
      emotion,
      appraisal: e.appraisal >= 0 ? zv.subarray(e.appraisal, e.appraisal + eventDimensions.length) : null,
      affect: zv.subarray(e.affect, e.affect + affectDimensions.length),
    };
  };
}
