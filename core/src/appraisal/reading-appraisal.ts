import type { EmotionLabel } from '../labels/emotion-label.js';
import type { ReaderCategory } from '../reader/categories.js';
import type { ExperienceKind } from '../reader/experience.js';
import type { Reading } from '../reader/reading.js';
import { clamp } from '../util/math.js';
import type { EventSource } from './appraiser.js';
import type { EnglishReading } from './english-reading.js';
import type { HeardEvent, SpeechAct } from './heard-event.js';
import type { RoleReading } from './text-roles.js';

export { readingPrototypes } from './reading-prototypes.js';
export { liking } from './trait-levels.js';

/**
 * Ekman's group of each label (neutral for calm), the grouping GoEmotions uses: the unit in which the reader's
 * decision is kept, and the one `npm run eval:reader` scores the engine's label in.
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

const praise = new Set<ReaderCategory>(['admiration', 'approval', 'gratitude', 'pride', 'joy']);
const affection = new Set<ReaderCategory>(['love', 'caring']);
const criticism = new Set<ReaderCategory>(['anger', 'annoyance', 'disapproval', 'disgust']);
const unpleasantKinds = new Set<ExperienceKind>([
  'anger',
  'disgust',
  'fear',
  'nervousness',
  'sadness',
  'guilt',
  'shame',
  'boredom',
]);

/**
 * What the speaker does to the character by saying a message aimed at it (docs/reader.md, "Roles"): praise or
 * thanks when the message speaks to the character with an approving expression, affection with a loving one, and
 * criticism when it aims at the character with a critical one (an insult, an accusation). A message whose clause
 * is the speaker's own harm to the character ("I lied to you") is not praise whatever its tone.
 */
export function speechActOf(reading: Reading, english: EnglishReading, roles: RoleReading): SpeechAct {
  const harmsCharacter = roles.cause === 'speaker' && roles.experiencer === 'character' && roles.act < 0;
  if (english.aimed && criticism.has(reading.emotion)) return 'criticism';
  if (!english.addressed || harmsCharacter) return 'none';
  if (affection.has(reading.emotion)) return 'affection';
  if (praise.has(reading.emotion)) return 'praise';
  return 'none';
}

/** Weights of the evidence that an event matters (docs/reader.md, "Evidence sets strength"). */
export const strengthWeights = {
  /** Strength = gain × evidence × importance + emphasis weight × emphasis, at most 1. */
  gain: 1.3,
  /** Explicit intensity: "!", capitals, "so", "really". */
  emphasis: 0.25,
  /** Importance without an event reader (no crowd-enVENT in the model). */
  importance: 0.5,
  /** Strength of phatic talk at most (greetings, thanks, "ok", "lol": text-phatic.ts). */
  phatic: 0.1,
  /** A question read as curiosity (the speaker's interest, not news) counts this share of its strength. */
  question: 0.5,
  /**
   * A clearly pleasant or unpleasant valence is evidence that something was felt on its own: the evidence is the
   * larger of 1 − P(neutral) and this times |valence| ("Goodwill works." reads neutral, but plainly good).
   */
  valenceEvidence: 1,
};

/**
 * How much the evidence says something that matters happened, [0, 1]: how sure the reading is that something was
 * felt at all (1 − P(neutral), or |valence| when that is larger), times how intense and relevant such events are for the people who live them (the
 * event reader's prediction of crowd-enVENT's intensity and goal-relevance ratings), plus how emphatically it was
 * said. An uncertain reading of small talk stays near 0; a clear report of an important event reaches 1. Phatic talk
 * (greetings, thanks, "ok", "lol") tells of no event: at most 0.1. A question read as curiosity is the speaker's
 * interest, not news: half. How good or bad the event is is its valence, which {@link appraiseHeard} weighs beside
 * this.
 */
export function strengthOf(reading: Reading, english: EnglishReading): number {
  const w = strengthWeights;
  const evidence = Math.max(
    1 - reading.experience.kinds.neutral,
    w.valenceEvidence * Math.abs(reading.experience.valence),
  );
  const event = reading.event;
  const importance = event
    ? clamp((event.appraisal.intensity + event.appraisal.relevance) / 2, 0, 1)
    : w.importance;
  const strength = clamp(w.gain * evidence * importance + w.emphasis * english.emphasis, 0, 1);
  if (english.phatic) return Math.min(strength, w.phatic);
  return english.asks && reading.experience.kind === 'surprise' ? w.question * strength : strength;
}

/**
 * A message as the offline reader understands it (docs/reader.md): what the experiencer feels and how pleasant it is
 * for them (the fused reading), how strongly the evidence says so, who did what to whom (the roles), and what the
 * speaker does to the character by saying it. An act the roles name outright ("helped me", "lied to you") sets the
 * sign of the event where the reading disagrees: "he smiled at me on the bus" is a kindness however the bus reads.
 */
export function hearReading(
  reading: Reading,
  english: EnglishReading,
  roles: RoleReading,
  source: EventSource,
): HeardEvent {
  let kind = reading.experience.kind;
  let valence = reading.experience.valence;
  // A moral wrong the roles name ("told everyone my secret") is a breach even where the lexicon has no norm cue.
  const breach = Math.max(clamp(-english.appraisal.norm_compatibility, 0, 1), roles.wrong ? 0.6 : 0);
  // An act that lands on the speaker or the character ("he smiled at me", "I broke your mug") sets the sign when the
  // reading is unsure or finds nothing; a confident reading keeps its own ("lmao, stole my joke 😂").
  // The act wins over a reading that is unsure, finds nothing, or rests on the event reader alone (a small corpus's
  // word associations: "my friend told everyone my secret" reads like the corpus's stories of trust).
  const expressed = reading.group !== 'neutral' && reading.confidence >= 0.6;
  const unsure =
    reading.experience.confidence < 0.6 || kind === 'neutral' || kind === 'boredom' || !expressed;
  if (roles.act !== 0 && (roles.target === 'character' || (roles.target === 'speaker' && unsure))) {
    if (Math.sign(valence) !== roles.act || Math.abs(valence) < 0.3)
      valence = roles.act * Math.max(Math.abs(valence), 0.4);
    const unpleasant = unpleasantKinds.has(kind) && kind !== 'boredom';
    if (roles.act > 0 && (unpleasant || kind === 'neutral' || kind === 'boredom')) kind = 'warmth';
    else if (roles.act < 0 && !unpleasant) kind = breach >= 0.3 ? 'anger' : 'sadness';
  }
  return {
    source,
    kind,
    valence,
    strength: strengthOf(reading, english),
    activation: reading.experience.activation,
    threat: reading.experience.kinds.fear + reading.experience.kinds.nervousness,
    experiencer: roles.experiencer,
    cause: roles.cause,
    act: source === 'user' ? speechActOf(reading, english, roles) : 'none',
    apology: roles.apology,
    breach,
    wronged:
      roles.cause === 'third_party' && roles.act < 0 && roles.target === roles.experiencer && breach >= 0.3,
    characterActed: english.appraisal.agency > 0.3 || roles.cause === 'character',
    expectedness: english.expectationCues ? english.appraisal.expectedness : null,
    controllability: english.controlCues ? english.appraisal.controllability : null,
  };
}
