/**
 * The emotions of crowd-enVENT (Troiano, Oberländer & Klinger 2023): what people felt about events they lived
 * through. The event reader predicts which one the experiencer of a described event felt.
 */
export const eventEmotions = [
  'anger',
  'boredom',
  'disgust',
  'fear',
  'guilt',
  'joy',
  'no-emotion',
  'pride',
  'relief',
  'sadness',
  'shame',
  'surprise',
  'trust',
] as const;

/** One of {@link eventEmotions}. */
export type EventEmotion = (typeof eventEmotions)[number];

/**
 * The experiencer's appraisal of an event as the event reader predicts it, each dimension scaled from the corpus's
 * 1–5 ratings to [0, 1] (valence to [−1, 1]):
 *
 * - `valence`: pleasantness minus unpleasantness, over 4;
 * - `intensity`: how intensely it was felt;
 * - `relevance`: goal relevance (expected important consequences);
 * - `suddenness`: how suddenly it happened;
 * - `self`, `other`, `chance`: responsibility of the experiencer, of someone else, of chance;
 * - `control`: the experiencer's own control over it;
 * - `norms`: how much it clashed with the experiencer's standards and social norms (mean of the two);
 * - `urgency`: how urgently it needed a response.
 */
export const eventDimensions = [
  'valence',
  'intensity',
  'relevance',
  'suddenness',
  'self',
  'other',
  'chance',
  'control',
  'norms',
  'urgency',
] as const;

/** One of {@link eventDimensions}. */
export type EventDimension = (typeof eventDimensions)[number];

/** The readers' valence, arousal and dominance of a text (EmoBank), each scaled from 1–5 to [−1, 1]. */
export const affectDimensions = ['V', 'A', 'D'] as const;

/** One of {@link affectDimensions}. */
export type AffectDimension = (typeof affectDimensions)[number];
