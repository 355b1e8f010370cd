import type { ReaderCategory, ReaderGroup } from '../reader/categories.js';
import { loadReader, type Reader, type Reading } from '../reader/reader.js';
import { round } from '../util/math.js';
import type { Appraisal } from './appraisal.js';
import type { AppraisalContext, AppraisalOutcome, Appraiser, EventSource, TextEvent } from './appraiser.js';
import { appraiseReading } from './reading-appraisal.js';
import { readEnglish } from './text-appraise.js';

/** What the reader read in a text turn's message: the emotion the writer expresses. */
export interface Perceived {
  /** The GoEmotions category (within the most likely group). */
  emotion: ReaderCategory;
  /** Its Ekman group, or neutral. */
  group: ReaderGroup;
  /** Probability of that group, calibrated on GoEmotions dev. */
  confidence: number;
  /** Probability of every category (rounded to 4 decimals). */
  scores: Record<ReaderCategory, number>;
}

/** The rounded, client-facing form of a reading. */
export function toPerceived(reading: Reading): Perceived {
  const scores = {} as Record<ReaderCategory, number>;
  for (const [k, v] of Object.entries(reading.scores)) scores[k as ReaderCategory] = round(v);
  return { emotion: reading.emotion, group: reading.group, confidence: round(reading.confidence), scores };
}

/** The lexicon pass's norm and congruence at or below which a neutral reading names an explicit breach. */
const breachNorm = -0.5;
const breachCongruence = -0.2;

/**
 * A neutral reading of a message that names a moral breach outright ("you lied to me", "he cheated on her, so
 * unfair") is read as anger. Reddit's raters often left such short, plain reports neutral, where a person told them
 * face to face hears an accusation; the lexicon pass's norm cues (docs/emotion-model.md §11.1) say so explicitly.
 * On GoEmotions dev the rule changes 19 of 5,426 labels and leaves macro-F1 where it was (docs/reader.md).
 */
function withExplicitBreach(reading: Reading, lexicon: Appraisal): Reading {
  if (reading.group !== 'neutral') return reading;
  if (lexicon.norm_compatibility > breachNorm || lexicon.goal_congruence > breachCongruence) return reading;
  return { ...reading, emotion: 'anger', group: 'anger' };
}

/**
 * Appraises a text with the reader and the lexicon pass (docs/reader.md): the reader says what the writer feels,
 * the lexicon pass who is spoken to and which cues are explicit, and {@link appraiseReading} turns both into the
 * character's appraisal.
 */
export function appraiseWithReader(
  reader: Reader,
  event: TextEvent,
  context: AppraisalContext,
): AppraisalOutcome {
  const text = typeof event.description === 'string' ? event.description : '';
  const source: EventSource =
    event.source === 'system' || event.source === 'internal' ? event.source : 'user';
  const reading = reader.read(text);
  const english = readEnglish(event, context);
  const perceived = toPerceived(reading);
  if (!english.english) return { appraisal: english.appraisal, appraiser: 'reader', perceived };
  const { appraisal } = appraiseReading(
    withExplicitBreach(reading, english.appraisal),
    {
      addressed: english.addressed,
      aimed: english.aimed,
      agency: english.appraisal.agency,
      expectedness: english.expectationCues ? english.appraisal.expectedness : null,
      controllability: english.controlCues ? english.appraisal.controllability : null,
    },
    source,
    { rapport: context.rapport ?? 0.5, agreeableness: context.agreeableness ?? 0.5 },
  );
  return { appraisal, appraiser: 'reader', perceived };
}

/**
 * Creates the offline appraiser named `reader`: the trained reader (loaded lazily on first use) and the lexicon
 * pass's grammar. English only; other languages get the lexicon appraiser's low-relevance neutral appraisal.
 */
export function createReaderAppraiser(options: { reader?: Reader } = {}): Appraiser {
  let reader: Reader | Promise<Reader> | undefined = options.reader;
  return {
    name: 'reader',
    async appraise(event, context, signal) {
      signal?.throwIfAborted();
      reader ??= loadReader();
      const loaded = await reader;
      reader = loaded;
      signal?.throwIfAborted();
      return appraiseWithReader(loaded, event, context);
    },
  };
}
