import type { ReaderCategory, ReaderGroup } from './categories.js';
import type { AffectDimension, EventDimension, EventEmotion } from './event-categories.js';
import type { ExperienceKind } from './experience.js';

/** What the event reader makes of a text (null in a reading when no event model is loaded). */
export interface EventReading {
  /**
   * How much the text reads as a report of an event rather than an expression of feeling, in [0, narrativeMax]: the
   * gate of the fusion ("My sister lied to me again" ≈ 0.7; "you're an idiot" ≈ 0).
   */
  narrative: number;
  /** The experiencer's most likely emotion (crowd-enVENT's 13), and its probability. */
  emotion: EventEmotion;
  confidence: number;
  /** Probability of each of the 13 emotions. */
  scores: Record<EventEmotion, number>;
  /** The experiencer's appraisal as predicted (docs/reader.md; each in [0, 1], valence in [−1, 1], unclamped). */
  appraisal: Record<EventDimension, number>;
  /** What readers feel on reading the text (EmoBank), each in [−1, 1] (unclamped). */
  affect: Record<AffectDimension, number>;
}

/**
 * What the experiencer of the text's event feels, from both readers together: the fused kind, its group and
 * probability, and the stacked estimates of how pleasant the event is for them and how activating it is.
 */
export interface Experience {
  kind: ExperienceKind;
  group: ReaderGroup;
  /** Probability of the group under the fused distribution. */
  confidence: number;
  /** Probability of every kind. */
  kinds: Record<ExperienceKind, number>;
  /** How pleasant the event is for its experiencer, [−1, 1] (stacked; crowd-enVENT's (P − U)/4 and EmoBank's V). */
  valence: number;
  /** How activating the text is, [−1, 1] (stacked; EmoBank's readers' arousal). */
  activation: number;
}

/**
 * What the reader makes of a message: the emotion the writer expresses (GoEmotions), what happened as the event
 * reader reads it, and the two fused into what the experiencer feels.
 */
export interface Reading {
  /** The most likely GoEmotions category within the most likely group. */
  emotion: ReaderCategory;
  /** The most likely Ekman group (or neutral). */
  group: ReaderGroup;
  /** The probability of that group, in [0, 1] (temperature-calibrated on GoEmotions dev). The group is chosen by
   * this probability with small per-group decision biases, so it is usually, not always, the most probable one. */
  confidence: number;
  /** Probability of each of the 28 categories (sums to 1). */
  scores: Record<ReaderCategory, number>;
  /** Probability of each group, from both heads (sums to 1). */
  groups: Record<ReaderGroup, number>;
  /** The event reader's reading, or null without an event model. */
  event: EventReading | null;
  /** Both readings fused. Without an event model: the expression reading alone. */
  experience: Experience;
  /**
   * Share of the text's words that the reader knows (that have a word vector), [0, 1]: how far the text reads as
   * English (0 for a text without words).
   */
  coverage: number;
}

/**
 * What the lexicon pass found in a text (appraisal/text-appraise.ts): its AFINN-based congruence and norm cues, on
 * [−1, 1]. The stacked estimates read them (word-sum valence is a classic baseline that adds to the trained heads).
 */
export interface LexiconCues {
  congruence: number;
  norm: number;
}

/** A loaded reader: reads English text synchronously, with no network and no native code. */
export interface Reader {
  /**
   * Reads a text. `cues` are the lexicon pass's findings when the caller already has them (the reader appraiser
   * does); without them the reader runs the lexicon pass itself.
   */
  read(text: string, cues?: LexiconCues): Reading;
}
