import { classifyAppraisal, type LabelContext } from '../labels/appraisal-classifier.js';
import type { EmotionLabel } from '../labels/emotion-label.js';
import type { ReaderCategory } from '../reader/categories.js';
import type { Reading } from '../reader/reader.js';
import { clamp } from '../util/math.js';
import type { Appraisal } from './appraisal.js';
import type { EventSource } from './appraiser.js';

/**
 * The appraisal that makes the labeller name each label: Limbic's design profiles (core/test/appraisal-profiles.ts,
 * docs/emotion-model.md §7.2), with the dimensions they leave open at the neutral value. A test checks that they
 * stay equal to the design profiles and that the labeller names each one as its label.
 */
export const readingPrototypes: Readonly<Record<EmotionLabel, Appraisal>> = {
  joy: ap(0.8, 0.7, 0.75, 0.5, 0, 0),
  excitement: ap(0.9, 0.7, 0.3, 0.5, 0, 0),
  contentment: ap(0.35, 0.45, 0.75, 0.6, 0, 0.2),
  love: ap(0.9, 0.7, 0.5, 0.5, -0.9, 0.6),
  pride: ap(0.8, 0.7, 0.5, 0.5, 0.9, 0),
  gratitude: ap(0.8, 0.7, 0.5, 0.5, -0.9, 0.6),
  amusement: ap(0.3, 0.5, 0.2, 0.6, -0.3, 0),
  relief: ap(0.8, 0.7, 0.5, 0.5, 0, 0),
  anger: ap(0.8, -0.7, 0.5, 0.8, -0.9, -0.6),
  fear: ap(0.8, -0.7, 0.1, 0.2, -0.5, 0),
  sadness: ap(0.8, -0.7, 0.75, 0.2, -0.5, 0),
  anxiety: ap(0.8, -0.5, 0.5, 0.2, -0.5, 0),
  disgust: ap(0.4, -0.4, 0.5, 0.5, 0, -0.8),
  shame: ap(0.8, -0.7, 0.5, 0.2, 0.9, -0.6),
  guilt: ap(0.8, -0.7, 0.5, 0.8, 0.9, -0.6),
  surprise: ap(0.8, 0, 0.1, 0.5, 0, 0),
  trust: ap(0.5, 0.3, 0.75, 0.5, -0.6, 0.6),
  calm: ap(0.1, 0.1, 0.7, 0.6, 0, 0),
  numbness: ap(0.2, -0.3, 0.6, 0.3, 0, 0),
};

function ap(R: number, g: number, x: number, c: number, a: number, n: number): Appraisal {
  return {
    goal_relevance: R,
    goal_congruence: g,
    expectedness: x,
    controllability: c,
    agency: a,
    norm_compatibility: n,
  };
}

/**
 * What the character feels about a message, by the emotion the writer expresses, when the message tells of the
 * writer's or the world's fortunes: the character feels with the writer (OCC's happy-for and sorry-for; emotional
 * contagion, Hatfield, Cacioppo & Rapson 1993). The writer's pride becomes the character's joy for them, their grief
 * or remorse its sadness for them, their fear or nervousness its fear or worry for them.
 */
export const feelingWith: Readonly<Record<ReaderCategory, EmotionLabel>> = {
  admiration: 'joy',
  amusement: 'amusement',
  anger: 'anger',
  annoyance: 'anger',
  approval: 'contentment',
  caring: 'joy',
  confusion: 'surprise',
  curiosity: 'surprise',
  desire: 'excitement',
  disappointment: 'sadness',
  disapproval: 'anger',
  disgust: 'disgust',
  embarrassment: 'sadness',
  excitement: 'excitement',
  fear: 'fear',
  gratitude: 'joy',
  grief: 'sadness',
  joy: 'joy',
  love: 'joy',
  nervousness: 'anxiety',
  optimism: 'joy',
  pride: 'joy',
  realization: 'surprise',
  relief: 'relief',
  remorse: 'sadness',
  sadness: 'sadness',
  surprise: 'surprise',
  neutral: 'calm',
};

/**
 * What the character feels about its own fortunes (narration of the character's world, its own thoughts): the
 * writer's emotion is the character's. Remorse is guilt, embarrassment shame, pride pride.
 */
export const feelingOwn: Readonly<Record<ReaderCategory, EmotionLabel>> = {
  ...feelingWith,
  admiration: 'trust',
  caring: 'love',
  embarrassment: 'shame',
  gratitude: 'gratitude',
  love: 'love',
  pride: 'pride',
  remorse: 'guilt',
};

/**
 * Ekman's group of each label (neutral for calm), the grouping GoEmotions uses: the unit in which the reader's
 * decision is kept.
 */
export const emotionGroupOf: Readonly<Record<EmotionLabel, string>> = {
  joy: 'joy',
  excitement: 'joy',
  contentment: 'joy',
  love: 'joy',
  pride: 'joy',
  gratitude: 'joy',
  amusement: 'joy',
  relief: 'joy',
  trust: 'joy',
  anger: 'anger',
  disgust: 'disgust',
  fear: 'fear',
  anxiety: 'fear',
  sadness: 'sadness',
  shame: 'sadness',
  guilt: 'sadness',
  numbness: 'sadness',
  surprise: 'surprise',
  calm: 'neutral',
};

const neutralContext: LabelContext = { expectedCongruence: 0, trust: 0.5, familiarity: 0 };

/** Who a message is about, as far as the character's feeling goes. */
export type Perspective =
  /** The message judges or thanks the character ("you're useless", "thank you!", "you won!"). */
  | 'addressed'
  /** The writer's or the world's fortunes ("my dog died", "I got the job", "this guy is an idiot"). */
  | 'others'
  /** The character's own fortunes: narration by the system, or its own thoughts. */
  | 'own';

/** What the grammar of a message says, from the lexicon appraiser's pass. */
export interface GrammarReading {
  /** The message speaks to the character ("you", "your", its name). */
  addressed: boolean;
  /**
   * The message aims at the character: its name, or "you" as the one described or acting ("you're an idiot", "you
   * lied", "fuck you"), not Reddit's generic "you". Only then is criticism the character's affront. Defaults to
   * `addressed`.
   */
  aimed?: boolean;
  /** Agency as the lexicon appraiser reads it from clause subjects (+1 the character acted). */
  agency: number;
  /** Expectedness and controllability from explicit cues ("suddenly", "nothing I can do"), or null without cues. */
  expectedness: number | null;
  controllability: number | null;
}

/** The relationship that scales feeling for the writer (OCC: the fortunes of liked others). */
export interface Sympathy {
  /** Rapport with the person, [0, 1]; 0.5 is neutral. */
  rapport: number;
  /** The character's agreeableness, [0, 1]. */
  agreeableness: number;
}

/**
 * Liking of the writer in [−1, 1]: 0.5 for a neutral character with neutral rapport (people feel with strangers too),
 * more with rapport and agreeableness, and negative for a hostile, disagreeable character, who then resents the
 * writer's good fortune and gloats over the bad (OCC's resentment and gloating).
 */
export function liking(s: Sympathy): number {
  return clamp(0.5 + 1.5 * (s.rapport - 0.5) + 0.5 * (s.agreeableness - 0.5), -1, 1);
}

const praise = new Set<ReaderCategory>([
  'admiration',
  'approval',
  'gratitude',
  'love',
  'caring',
  'pride',
  'joy',
]);
const criticism = new Set<ReaderCategory>(['anger', 'annoyance', 'disapproval', 'disgust']);

/** The perspective of a message from its source, its reading and its grammar. */
export function perspectiveOf(source: EventSource, reading: Reading, grammar: GrammarReading): Perspective {
  if (source !== 'user') return 'own';
  if (grammar.addressed && praise.has(reading.emotion)) return 'addressed';
  if ((grammar.aimed ?? grammar.addressed) && criticism.has(reading.emotion)) return 'addressed';
  return 'others';
}

/**
 * The character's appraisal of a message from what the reader read and what the grammar says (docs/reader.md):
 *
 * - addressed: criticism is an offence by the person (anger); praise or thanks is the character's own success when
 *   the character acted ("you won": pride), else a good act by the person toward it (gratitude, or love with a bond);
 * - others: the character feels with the writer ({@link feelingWith}), its congruence scaled by {@link liking} (a
 *   negative liking turns sorrow into gloating and joy into resentment);
 * - own: the writer's emotion is the character's ({@link feelingOwn}).
 *
 * The label's prototype gives the pattern; the reading's confidence and the liking scale its relevance; explicit
 * expectation and control cues of the grammar replace the prototype's.
 */
export function appraiseReading(
  reading: Reading,
  grammar: GrammarReading,
  source: EventSource,
  sympathy: Sympathy,
): { appraisal: Appraisal; label: EmotionLabel; perspective: Perspective } {
  const perspective = perspectiveOf(source, reading, grammar);
  let label: EmotionLabel;
  let sympathyFactor: number | null = null;
  if (perspective === 'addressed') {
    if (criticism.has(reading.emotion)) label = 'anger';
    else if (grammar.agency > 0.3) label = 'pride';
    else label = reading.emotion === 'love' ? 'love' : 'gratitude';
  } else if (perspective === 'own') {
    label = feelingOwn[reading.emotion];
  } else {
    label = feelingWith[reading.emotion];
    // Feeling with the writer: anger and disgust at a third party are shared outrage, not a fortune of the writer.
    // Only a fortune is felt with: outrage at a third party (anger, disgust) is shared as it is, and surprise and calm
    // are no fortune of the writer's.
    if (
      Math.abs(readingPrototypes[label].goal_congruence) >= 0.3 &&
      label !== 'anger' &&
      label !== 'disgust'
    ) {
      sympathyFactor = liking(sympathy);
    }
  }
  const p = readingPrototypes[label];
  // The label's pattern is kept whole, so the labeller names it: scaling congruence down would move a mild sadness
  // into numbness' or disgust's region. How much the event matters carries the rest: the reading's confidence
  // (0.8–1), and for the writer's fortunes how much the character likes them (OCC: the desirability of another's
  // fortune grows with liking), whose sign turns sorrow into gloating and joy into resentment.
  const matters = 0.8 + 0.2 * clamp(reading.confidence, 0, 1);
  const sympathyScale = sympathyFactor === null ? 1 : 0.5 + 0.5 * Math.abs(sympathyFactor);
  const sign = sympathyFactor !== null && sympathyFactor < 0 ? -1 : 1;
  const appraisal: Appraisal = {
    goal_relevance: clamp(p.goal_relevance * matters * sympathyScale, 0, 1),
    goal_congruence: clamp(p.goal_congruence * sign, -1, 1),
    expectedness: grammar.expectedness ?? p.expectedness,
    controllability: grammar.controllability ?? p.controllability,
    agency: p.agency,
    norm_compatibility: p.norm_compatibility,
  };
  // Cues refine the pattern but do not move it into another emotion group: the reader decides what is felt. When
  // the cues would (a "!" turning calm into amusement), the prototype's expectedness and control stay.
  if (grammar.expectedness !== null || grammar.controllability !== null) {
    const intended = classifyAppraisal(
      { ...appraisal, expectedness: p.expectedness, controllability: p.controllability },
      neutralContext,
    );
    const refined = classifyAppraisal(appraisal, neutralContext);
    if (emotionGroupOf[refined] !== emotionGroupOf[intended]) {
      appraisal.expectedness = p.expectedness;
      appraisal.controllability = p.controllability;
    }
  }
  return { appraisal, label, perspective };
}
