import type { ReaderCategory, ReaderGroup } from '../reader/categories.js';
import type { ExperienceKind } from '../reader/experience.js';

/**
 * What the reader read in a text turn's message: the emotion the writer expresses (GoEmotions), and what the message
 * tells of, as both of the reader's parts understand it (docs/reader.md).
 */
export interface Perceived {
  /** The GoEmotions category the message expresses (within the most likely group). */
  emotion: ReaderCategory;
  /** Its Ekman group, or neutral. */
  group: ReaderGroup;
  /** Probability of that group, calibrated on GoEmotions train by cross-validation. */
  confidence: number;
  /** Probability of every category (rounded to 4 decimals). */
  scores: Record<ReaderCategory, number>;
  /** What the one it happened to feels, and how strongly the evidence says it matters. */
  experience: PerceivedExperience;
}

/** The experience a message tells of, as read (docs/reader.md, "Fusion" and "Evidence sets strength"). */
export interface PerceivedExperience {
  /** What the experiencer feels: one of the reader's 16 kinds (`anger` … `warmth`, `boredom`, `neutral`). */
  kind: ExperienceKind;
  /** How pleasant the event is for them, [−1, 1] (1: as good as the clearly good events people report). */
  valence: number;
  /** How stirring the text is, [−1, 1], in readers' terms (0 is an average sentence). */
  activation: number;
  /**
   * How much the text reads as a report of an event rather than an expression of feeling, [0, 0.7]: the share the
   * event reader had in the reading.
   */
  narrative: number;
  /** How much the evidence says the event matters, [0, 1]: it scales the character's response. */
  strength: number;
}
