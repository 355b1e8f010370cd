import type { EmotionLabel } from '../labels/emotion-label.js';
import { clamp } from '../util/math.js';
import type { Appraisal } from './appraisal.js';
import { chooseFeeling } from './choose-feeling.js';
import type { Conduct } from './conduct.js';
import type { HeardEvent, Listener } from './heard-event.js';
import { readingPrototypes } from './reading-prototypes.js';
import type { Party } from './roles.js';
import { liking } from './trait-levels.js';

// Conduct moved to conduct.ts; re-exported here for the engine and the session service, which import it from here.
export type { Conduct } from './conduct.js';

/** What the character makes of a message: its appraisal, the emotion it is meant to name, and the conduct. */
export interface HeardAppraisal {
  appraisal: Appraisal;
  /** The emotion the appraisal is built to name (the labeller names it from the appraisal). */
  label: EmotionLabel;
  conduct: Conduct;
}

/** How much the character cares about a party's fortune, [0, 1]. */
function careFor(party: Party, like: number): number {
  if (party === 'character') return 1;
  // A companion cares about the person it talks to from the first message (liking 0.5 → 0.925); a stranger the
  // speaker tells of matters less.
  const speaker = hearing.speakerCare + (1 - hearing.speakerCare) * Math.abs(like);
  return party === 'speaker' ? speaker : 0.7 * speaker;
}

/** Feelings of low arousal (Russell & Mehrabian's prototypes below 0 arousal), calm aside. */
const lowArousal: ReadonlySet<EmotionLabel> = new Set([
  'sadness',
  'relief',
  'shame',
  'numbness',
  'contentment',
]);
/** The least relevance of a feeling other than calm, so that it is felt (an episode above the engine's rest). */
const minimumRelevance = 0.15;

/**
 * How a heard event's evidence becomes the character's appraisal (docs/emotion-model.md §11.4). Chosen on held-out
 * rows of the train splits (crowd-enVENT, EmoBank, GoEmotions), never on dev.
 */
export const hearing = {
  /** Relevance R = care × (base + perStrength·strength + perActivation·activation). */
  base: 0.2,
  perStrength: 0.8,
  perActivation: 0.15,
  /** Relevance of an event read as calm is at most this (times care): small talk stays small. */
  calmRelevance: 0.4,
  /** The valence impulse sought is care × reach × tanh(valence/saturation), reach 1 (0.6 for calm). */
  reach: 1,
  calmReach: 0.6,
  saturation: 0.6,
  /**
   * A clear report of an important event (strength above `boostFrom`) seeks up to (1 + boost) times the valence
   * impulse, rising linearly to strength 1: life events reach a moderate feeling while uncertain readings stay small.
   */
  boost: 0.5,
  boostFrom: 0.75,
  /** Care for the speaker's fortune is speakerCare + (1 − speakerCare)·|liking|. */
  speakerCare: 0.85,
  /** Expectedness falls by this times the activation (arousal follows novelty and urgency; Scherer 2001). */
  novelty: 0.6,
} as const;

/**
 * The character's appraisal of a message it heard (docs/emotion-model.md §11.4): the feeling is chosen from what the
 * experiencer feels, who did what to whom and the character's personality ({@link chooseFeeling}); the appraisal takes the
 * feeling's design profile ({@link readingPrototypes}) for who is responsible and how controllable it is, and sets
 * the rest from the evidence:
 *
 * - relevance R = care × (0.2 + 0.8·strength + 0.15·activation), where care is how much the character cares about
 *   whose fortune it is (1 for itself, 0.85 + 0.15·|liking| for the speaker, 0.7 of that for a stranger); at least
 *   0.15 for a feeling other than calm, at most 0.4·care for calm;
 * - expectedness x = x_profile − 0.6·activation: the more activating the text, the less expected;
 * - norm compatibility n = −(evidence of a breach) ("lied", "cheated"); 0 for calm;
 * - congruence g is what gives the valence impulse R·(0.7·g + 0.3·n)·(1 + 0.5·(1 − x)) (docs §3.1) the size
 *   care·boost·tanh(valence/0.6) (0.6 of it for calm), where boost rises from 1 at strength 0.75 to 1.5 at
 *   strength 1: a neutral character's valence then follows how pleasant the event is, saturating for life events, and
 *   a clear report of an important one moves it further. g keeps the feeling's sign (0 where the valence
 *   contradicts it); surprise takes at most −0.15, as a bad surprise is another feeling (fear, disgust).
 *
 * The label also travels with the turn as its `feeling`: the engine's episode takes it (docs §7.2).
 */
export function appraiseHeard(h: HeardEvent, l: Listener): HeardAppraisal {
  const choice = chooseFeeling(h, l);
  const { label } = choice;
  const proto = readingPrototypes[label];
  const like = liking(l.rapport, l.personality.A);
  const care = careFor(choice.about, like);
  const strength = clamp(h.strength, 0, 1);
  const calm = label === 'calm';
  const k = hearing;
  const sign = Math.abs(proto.goal_congruence) < 0.2 ? 0 : Math.sign(proto.goal_congruence);
  const evidence = k.base + k.perStrength * strength;
  const relevance = clamp(
    care * ((calm ? Math.min(k.calmRelevance, evidence) : evidence) + k.perActivation * h.activation),
    calm ? 0 : minimumRelevance,
    1,
  );
  // An activating text is less expected (more arousing); a feeling of low arousal (sadness, relief, shame) keeps
  // its own expectedness, as arousing it would make it another feeling.
  const shift = k.novelty * (lowArousal.has(label) ? Math.min(0, h.activation) : h.activation);
  const expectedness = h.expectedness ?? clamp(proto.expectedness - shift, 0, 1);
  const norm = calm || !(h.breach > 0) ? 0 : -Math.min(1, h.breach);
  const surprise = 1 + 0.5 * (1 - expectedness);
  const boost = 1 + (k.boost * Math.max(0, strength - k.boostFrom)) / (1 - k.boostFrom);
  const wanted = care * (calm ? k.calmReach : k.reach) * boost * Math.tanh(h.valence / k.saturation);
  let congruence = (wanted / (relevance * surprise || 1) - 0.3 * norm) / 0.7;
  if (sign !== 0 && sign * congruence < 0) congruence = 0;
  if (label === 'surprise') congruence = Math.max(congruence, -0.15);
  const appraisal: Appraisal = {
    goal_relevance: relevance,
    goal_congruence: clamp(congruence, -1, 1),
    expectedness,
    controllability: h.controllability ?? proto.controllability,
    agency: proto.agency,
    norm_compatibility: norm,
  };
  return { appraisal, label, conduct: choice.conduct };
}
