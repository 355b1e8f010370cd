import { appraiseEnglish } from '../appraisal/text-appraise.js';
import { groupOfCategory, readerCategories, readerGroups } from './categories.js';
import { compileEvents, createEventEvaluator, toEventReading } from './event-heads.js';
import { experienceKinds, fuseKinds, groupsOfKinds, kindInGroup } from './experience.js';
import { splitFeatures, splitScratch } from './features.js';
import { decodeWeights, type EventModel, type ReaderHeadSettings, type ReaderModel } from './model-format.js';
import type { EventReading, LexiconCues, Reader } from './reading.js';
import { categoryRecord, groupRecord, kindRecord } from './records.js';
import { narrativeOf, softmaxInto, stackFeatureCount, stackFeatures } from './stack-features.js';
import { createWideSums } from './wide-sums.js';

/** One expression head, decoded: its classes, its wide weights (bucket masked to its bits) and word projections. */
interface Head {
  classes: number;
  mask: number;
  wide: Int8Array;
  projection: Int8Array;
  settings: ReaderHeadSettings;
}

const groupIndexOfCategory = readerCategories.map((c) => readerGroups.indexOf(groupOfCategory[c]));
/** +1 for the pleasant group, −1 for the unpleasant ones, 0 for surprise and neutral. */
const groupPolarity = Float64Array.from(readerGroups, (g) =>
  g === 'joy' ? 1 : g === 'surprise' || g === 'neutral' ? 0 : -1,
);

/** A token made of letters (a word, not punctuation, an emoji or a number). */
function isWord(token: string): boolean {
  const c = token.charCodeAt(0);
  return (c >= 97 && c <= 122) || c > 0x7f ? /\p{L}/u.test(token) : false;
}

/** The lexicon pass's cues of a text read on its own (a user message, no character context). */
export function lexiconCues(text: string): LexiconCues {
  const a = appraiseEnglish({ description: text, source: 'user' }, {});
  return { congruence: a.goal_congruence, norm: a.norm_compatibility };
}

function dot(weights: readonly number[], x: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += (weights[i] ?? 0) * x[i]!;
  return s;
}

function clampUnit(x: number): number {
  return x < -1 ? -1 : x > 1 ? 1 : x;
}

/**
 * Builds a reader from model data (for the shipped models, use {@link loadReader}). `events` adds the event reader;
 * without it a reading's `event` is null and its `experience` is the expression reading alone. Decoding takes tens
 * of milliseconds; reading a chat message takes tens of microseconds.
 */
export function createReader(model: ReaderModel, events?: EventModel): Reader {
  if (model.format !== 1) throw new Error(`reader model format ${String(model.format)} is not supported`);
  const signed = decodeWeights(model.weights);
  const words = model.vocabulary.split('\n');
  const vocabulary = new Map<string, number>();
  for (let i = 0; i < words.length; i++) vocabulary.set(words[i]!, i);
  let offset = 0;
  const take = (n: number) => {
    const part = signed.subarray(offset, offset + n);
    offset += n;
    return part;
  };
  const ekmanWide = take((1 << model.ekman.bits) * readerGroups.length);
  const fineWide = take((1 << model.fine.bits) * readerCategories.length);
  const ekmanProj = take(words.length * readerGroups.length);
  const fineProj = take(words.length * readerCategories.length);
  if (offset !== signed.length) throw new Error('reader model: the weights do not match the settings');
  const head = (
    settings: ReaderHeadSettings,
    classes: number,
    wide: Int8Array,
    projection: Int8Array,
  ): Head => ({
    classes,
    mask: (1 << settings.bits) - 1,
    wide,
    projection,
    settings,
  });
  const ekman = head(model.ekman, readerGroups.length, ekmanWide, ekmanProj);
  const fine = head(model.fine, readerCategories.length, fineWide, fineProj);
  const fineWeight = model.fineWeight ?? 0;
  const bias = Float64Array.from(model.groupBias ?? readerGroups.map(() => 0));
  if (bias.length !== readerGroups.length) throw new Error('reader model: one group bias per group');
  const event = events === undefined ? null : compileEvents(events, words.length);
  // Scratch space, reused by every reading (reading is synchronous).
  const ze = new Float64Array(ekman.classes);
  const zf = new Float64Array(fine.classes);
  const g = new Float64Array(ekman.classes);
  const kinds = new Float64Array(experienceKinds.length);
  const fusedGroups = new Float64Array(readerGroups.length);
  const stacked = new Float64Array(stackFeatureCount);
  let rows = new Int32Array(64);
  const scratch = splitScratch();
  const wide = createWideSums(ekman, fine, event);
  const acc = wide.acc;
  const evaluateEvents = event === null ? null : createEventEvaluator(event);
  let unit = 0;

  /** Both heads' logits from the wide sums, then the embedding part, then the calibrated softmaxes. */
  function evaluate(rowCount: number): void {
    const se = ekman.settings.wideScale * unit;
    for (let k = 0; k < 7; k++) ze[k] = acc[k]! * se;
    const sf = fine.settings.wideScale * unit;
    for (let k = 0; k < 28; k++) zf[k] = acc[7 + k]! * sf;
    if (rowCount > 0) {
      const pe = ekman.projection;
      const pf = fine.projection;
      const scaleE = (ekman.settings.projectionScale * model.embeddingScale) / rowCount;
      const scaleF = (fine.settings.projectionScale * model.embeddingScale) / rowCount;
      for (let r = 0; r < rowCount; r++) {
        const row = rows[r]!;
        const be = row * 7;
        for (let k = 0; k < 7; k++) ze[k] = ze[k]! + pe[be + k]! * scaleE;
        const bf = row * 28;
        for (let k = 0; k < 28; k++) zf[k] = zf[k]! + pf[bf + k]! * scaleF;
      }
    }
    softmaxInto(ze, ekman.settings.temperature);
    softmaxInto(zf, fine.settings.temperature);
    for (let k = 0; k < 7; k++) g[k] = (1 - fineWeight) * ze[k]!;
    for (let k = 0; k < 28; k++)
      g[groupIndexOfCategory[k]!] = g[groupIndexOfCategory[k]!]! + fineWeight * zf[k]!;
  }

  return {
    read(text, cues) {
      const f = splitFeatures(text, scratch, false);
      if (rows.length < f.tokens.length) rows = new Int32Array(f.tokens.length * 2);
      let rowCount = 0;
      let words = 0;
      for (const t of f.tokens) {
        const row = vocabulary.get(t);
        if (row !== undefined) rows[rowCount++] = row;
        else if (!isWord(t)) continue;
        words++;
      }
      wide.sum(f);
      unit = f.unit;
      evaluate(rowCount);
      let group = 0;
      let best = Number.NEGATIVE_INFINITY;
      for (let k = 0; k < 7; k++) {
        const s = Math.log(g[k]!) + bias[k]!;
        if (s > best) {
          best = s;
          group = k;
        }
      }
      let emotion = -1;
      for (let k = 0; k < 28; k++) {
        if (groupIndexOfCategory[k] !== group) continue;
        if (emotion < 0 || zf[k]! > zf[emotion]!) emotion = k;
      }
      const scores = categoryRecord(zf);
      const groups = groupRecord(g);
      const outputs = evaluateEvents === null ? null : evaluateEvents(acc, unit, rows, rowCount);
      const narrative = outputs?.gate == null ? 0 : narrativeOf(outputs.gate, event!.model);
      let valence = 0;
      let activation = 0;
      let eventReading: EventReading | null = null;
      if (outputs && event) {
        const x = stackFeatures(g, zf, outputs, f.tokens, cues ?? lexiconCues(text), stacked);
        const stacks = event.model.stacks;
        // A report of an event is valued as its experiencer rates it, a sentence as its readers feel it.
        const gate = outputs.gate ?? 0;
        valence = clampUnit(gate * dot(stacks.eventValence, x) + (1 - gate) * dot(stacks.sentenceValence, x));
        activation = clampUnit(dot(stacks.activation, x));
        eventReading = toEventReading(outputs, narrative);
      } else {
        valence = clampUnit(g[3]! - g[0]! - g[1]! - g[2]! - g[4]!);
      }
      fuseKinds(zf, g, outputs?.emotion ?? null, narrative, kinds);
      groupsOfKinds(kinds, fusedGroups);
      // The expression reader's decision biases favour the rarer groups for GoEmotions' macro-F1; they apply in
      // proportion to its share of the fusion. The stacked valence is a second opinion on the groups' polarity.
      const agreement = (event?.model.valenceAgreement ?? 0) * valence;
      let fusedGroup = 0;
      best = Number.NEGATIVE_INFINITY;
      for (let k = 0; k < 7; k++) {
        const s = Math.log(fusedGroups[k]!) + (1 - narrative) * bias[k]! + agreement * groupPolarity[k]!;
        if (s > best) {
          best = s;
          fusedGroup = k;
        }
      }
      const kindScores = kindRecord(kinds);
      return {
        emotion: readerCategories[emotion]!,
        group: readerGroups[group]!,
        confidence: g[group]!,
        scores,
        groups,
        event: eventReading,
        coverage: words === 0 ? 0 : rowCount / words,
        experience: {
          kind: kindInGroup(kinds, fusedGroup),
          group: readerGroups[fusedGroup]!,
          confidence: fusedGroups[fusedGroup]!,
          kinds: kindScores,
          valence,
          activation,
        },
      };
    },
  };
}

let shipped: Promise<Reader> | undefined;

/**
 * Loads the shipped reader once (lazy imports of its weights: the expression model, about 6 MB of JavaScript, and
 * the event model, about 3 MB) and returns it; later calls return the same reader.
 */
export function loadReader(): Promise<Reader> {
  shipped ??= Promise.all([import('./reader-model.js'), import('./event-model.js')]).then(([m, e]) =>
    createReader(m.readerModel, e.eventModel),
  );
  return shipped;
}
