import type { EmotionLabel } from '../labels/emotion-label.js';
import type { Domain } from '../persona/hexaco.js';
import type { ExperienceKind } from '../reader/experience.js';
import { clamp } from '../util/math.js';
import type { Appraisal } from './appraisal.js';
import type { AppraisalContext, EventSource } from './appraiser.js';
import type { Party } from './text-roles.js';

/**
 * What a message means for the relationship with the one who sent it (docs/emotion-model.md §8.2): how much of the
 * turn is their own conduct toward the character, and how much they confide. Only conduct toward the character
 * moves the character's trust in them; confiding builds closeness whatever the news.
 */
export interface Conduct {
  /**
   * How much the turn is the speaker's own act toward the character, [0, 1]: 1 for "I lied to you", "thank you",
   * "you're an idiot"; 0 for a report of someone else's doing or of fate ("my sister lied to me", "my dog died").
   */
  toward: number;
  /** How much the speaker confides their own fortunes, [0, 1] (self-disclosure; Collins & Miller 1994). */
  disclosure: number;
}

/** What the speaker does to the character by saying it, when the message is aimed at the character. */
export type SpeechAct = 'praise' | 'affection' | 'criticism' | 'none';

/**
 * A message as understood, whoever read it (the offline reader or an LLM): what the experiencer feels, how strongly
 * the evidence says so, and who did what to whom. {@link appraiseHeard} turns it into the character's appraisal.
 */
export interface HeardEvent {
  source: EventSource;
  /** What the experiencer of the event feels. */
  kind: ExperienceKind;
  /** How pleasant the event is for its experiencer, [−1, 1]. */
  valence: number;
  /**
   * How much the evidence says the event matters, [0, 1]: a confident reading of a life event near 1, an uncertain
   * reading or small talk near 0 (docs/reader.md, "Evidence sets strength").
   */
  strength: number;
  /** How activating it is, [−1, 1] (0 when unknown). */
  activation: number;
  /**
   * How much of the reading is threat (fear or nervousness), [0, 1]: an uncertain misfortune ("my grandmother is in
   * the hospital") rather than a settled loss ("my dog died").
   */
  threat: number;
  experiencer: Party;
  cause: Party | 'nobody';
  /** The message is aimed at the character as praise, affection or criticism (its own speech act). */
  act: SpeechAct;
  /** The message apologises. */
  apology: boolean;
  /** Evidence of a moral breach in what happened, [0, 1] ("lied", "cheated", "unfair"). */
  breach: number;
  /** Someone else wronged the experiencer: a harm a third party did to them, with evidence of a breach. */
  wronged: boolean;
  /** The character is said to have acted ("you won", "you did it"): praise is its own success. */
  characterActed: boolean;
  /** Explicit expectation and control cues, or null. */
  expectedness: number | null;
  controllability: number | null;
}

/** The character who hears it. */
export interface Listener {
  /** HEXACO domains, [0, 1]. */
  personality: Readonly<Record<Domain, number>>;
  /** Rapport with the speaker, [0, 1]; 0.5 is neutral. */
  rapport: number;
}

/** The personality of a character with every trait at 0.5, when the context gives none. */
const neutralPersonality = { O: 0.5, C: 0.5, E: 0.5, A: 0.5, N: 0.5, H: 0.5 } as const;

/**
 * The listener an appraisal context describes: its personality (neutral traits with the context's agreeableness
 * when it gives none) and its rapport with the speaker (0.5 when unknown).
 */
export function listenerOf(context: AppraisalContext): Listener {
  const personality = context.personality ?? { ...neutralPersonality, A: context.agreeableness ?? 0.5 };
  return { personality, rapport: context.rapport ?? 0.5 };
}

/** What the character makes of a message: its appraisal, the emotion it is meant to name, and the conduct. */
export interface HeardAppraisal {
  appraisal: Appraisal;
  /** The emotion the appraisal is built to name (the labeller names it from the appraisal). */
  label: EmotionLabel;
  conduct: Conduct;
}

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
 * The trait levels at which personality changes what is felt (docs/emotion-model.md §11.5): agreeable from A 0.7,
 * anxious from N 0.65, steady up to N 0.35, lively from E 0.65, open from O 0.7, closed up to O 0.35.
 */
export const traitLevels = {
  agreeable: 0.7,
  anxious: 0.65,
  /** Steady is N below this. */
  steady: 0.35 + 1e-6,
  lively: 0.65,
  open: 0.7,
  /** Closed is O below this. */
  closed: 0.35 + 1e-6,
} as const;

/** The trait is at least the level (with a hair of slack for levels written in decimals). */
function at(trait: number, level: number): boolean {
  return trait >= level - 1e-9;
}

/** Centres a trait from [0, 1] to [−1, 1]. */
const z = (x: number) => 2 * x - 1;

/**
 * Liking of the speaker in [−1, 1]: 0.5 for a neutral character with neutral rapport (people feel with strangers
 * too), more with rapport and agreeableness, and negative for a hostile, disagreeable character, who then resents
 * the speaker's good fortune and gloats over the bad (OCC's resentment and gloating; Ortony, Clore & Collins 1988).
 */
export function liking(rapport: number, agreeableness: number): number {
  return clamp(0.5 + 1.5 * (rapport - 0.5) + 0.5 * (agreeableness - 0.5), -1, 1);
}

/**
 * Envy of the speaker's own success, [−1, 1]: low Honesty-Humility (greed, status-seeking) and low Agreeableness
 * (Ashton & Lee 2007; envy's hostile side, Smith & Kim 2007). Above `resentmentAt` a success the speaker earned is
 * resented; between `respectAt` and it, met with grudging respect.
 */
export function envyOf(p: Readonly<Record<Domain, number>>): number {
  return -(z(p.H) + z(p.A)) / 2;
}

/** Envy at which the speaker's success is resented (anger). */
const resentmentAt = 0.4;
/** Envy at which the speaker's success is met with grudging respect (trust). */
const respectAt = 0.2;
/** The share of threat in a reading of sorrow at which a neurotic character worries instead. */
const threatAt = 0.1;

/** How much the character cares about a party's fortune, [0, 1]. */
function careFor(party: Party, like: number): number {
  if (party === 'character') return 1;
  // A companion cares about the person it talks to from the first message (liking 0.5 → 0.925); a stranger the
  // speaker tells of matters less.
  const speaker = hearing.speakerCare + (1 - hearing.speakerCare) * Math.abs(like);
  return party === 'speaker' ? speaker : 0.7 * speaker;
}

interface Choice {
  label: EmotionLabel;
  /** Whose fortune the character's feeling is about (scales relevance by care). */
  about: Party;
  conduct: Conduct;
}

const noConduct: Conduct = { toward: 0, disclosure: 0 };

/**
 * The label a character feels, from what the experiencer feels, who did what to whom and its personality
 * (docs/emotion-model.md §11.4 and §11.5). The rules, each with its source:
 *
 * - criticism aimed at the character is an offence (anger), or hurt (sadness) for a highly agreeable character
 *   (Kuppens & Van Mechelen 2007: agreeableness predicts less anger and more sadness at being wronged);
 * - praise is the character's success when it acted (pride), else a kindness toward it (gratitude; love with a bond);
 * - the speaker's own wrong toward the character ("I lied to you", "I broke your mug") hurts: anger, or sadness for
 *   the agreeable and after an apology; a kindness toward it ("I missed you") is gratitude;
 * - another person's wrong toward the speaker ("my sister lied to me") is felt on the speaker's behalf: empathic
 *   anger (Batson et al. 2007), or sorry-for sadness for the highly agreeable;
 * - the speaker's fortunes are shared (OCC's happy-for and sorry-for; Hatfield, Cacioppo & Rapson 1993): sadness,
 *   worry, joy, relief; negative liking turns them into gloating (joy) and resentment (anger);
 * - neuroticism biases unclear misfortunes toward threat (worry: anxiety or fear rather than sadness; Tong 2010;
 *   Lazarus 1991), extraversion toward excited joy at good news (Larsen & Ketelaar 1991), openness toward surprise
 *   and interest at the unexpected, low Honesty-Humility and Agreeableness toward envy at the speaker's success.
 */
/** Something the speaker did toward the character, at a strength. */
function toward(strength: number): Conduct {
  return { toward: strength, disclosure: 0 };
}

/** The speaker confided something of their own, at the reading's strength. */
function confides(strength: number): Conduct {
  return { toward: 0, disclosure: strength };
}

function choose(h: HeardEvent, l: Listener): Choice {
  const p = l.personality;
  const like = liking(l.rapport, p.A);
  const agreeable = at(p.A, traitLevels.agreeable);
  const anxious = at(p.N, traitLevels.anxious);
  const steady = !at(p.N, traitLevels.steady);
  const lively = at(p.E, traitLevels.lively);
  const open = at(p.O, traitLevels.open);
  const closed = !at(p.O, traitLevels.closed);
  const positive = h.valence > 0.05;
  if (h.source !== 'user') {
    return { label: ownFeeling(h, p), about: 'character', conduct: noConduct };
  }
  // Nothing felt and nothing done to the character: small talk, a remark, advice.
  if (h.kind === 'neutral' && h.act === 'none')
    return { label: 'calm', about: 'speaker', conduct: noConduct };
  // The message is itself an act toward the character.
  if (h.act === 'criticism') {
    return { label: agreeable ? 'sadness' : 'anger', about: 'character', conduct: toward(1) };
  }
  if (h.act === 'praise' || h.act === 'affection') {
    const label = h.characterActed ? 'pride' : 'gratitude';
    return { label, about: 'character', conduct: toward(1) };
  }
  // The speaker's own doing toward the character.
  if (h.cause === 'speaker' && h.experiencer === 'character') {
    if (positive) return { label: 'gratitude', about: 'character', conduct: toward(1) };
    const label = h.apology || agreeable ? 'sadness' : 'anger';
    return { label, about: 'character', conduct: toward(h.apology ? 0.5 : 1) };
  }
  // What the character did to the speaker, as the speaker tells it: credit, or an accusation.
  if (h.cause === 'character' && h.experiencer === 'speaker') {
    if (positive) return { label: 'pride', about: 'character', conduct: toward(0.5) };
    return { label: agreeable ? 'sadness' : 'anger', about: 'character', conduct: toward(1) };
  }
  // The character's own fortune, told by the speaker ("someone insulted you", "you won").
  if (h.experiencer === 'character') {
    if (h.cause === 'character')
      return { label: positive ? 'pride' : 'shame', about: 'character', conduct: toward(0.5) };
    if (!positive && h.cause === 'third_party') {
      return { label: agreeable ? 'sadness' : 'anger', about: 'character', conduct: noConduct };
    }
    return { label: ownFeeling(h, p), about: 'character', conduct: noConduct };
  }
  // The speaker's (or a third party's) fortunes: felt with them.
  const about = h.experiencer;
  const conduct = about === 'speaker' ? confides(h.strength) : noConduct;
  const envy = envyOf(p);
  const gloating = like < 0;
  switch (h.kind) {
    case 'anger':
    case 'disgust': {
      // A wrong done to the speaker is an offence (anger on their behalf), not a contamination.
      if (h.kind === 'disgust' && !h.wronged) return { label: 'disgust', about, conduct };
      return { label: agreeable && h.cause === 'third_party' ? 'sadness' : 'anger', about, conduct };
    }
    case 'sadness':
    case 'guilt':
    case 'shame': {
      if (gloating) return { label: 'joy', about, conduct };
      // Someone wronged the speaker ("my sister lied to me"): anger on their behalf (Batson et al. 2007), or sorrow
      // for them when the character is highly agreeable.
      if (h.wronged && !agreeable) return { label: 'anger', about, conduct };
      // Neuroticism reads an uncertain misfortune as a threat (Tong 2010): worry where others feel sorrow.
      if (anxious && h.cause !== 'speaker' && h.kind === 'sadness' && h.threat >= threatAt)
        return { label: 'anxiety', about, conduct };
      return { label: 'sadness', about, conduct };
    }
    case 'boredom':
      return { label: gloating ? 'contentment' : 'numbness', about, conduct };
    case 'fear':
    case 'nervousness': {
      if (gloating) return { label: 'contentment', about, conduct };
      if (steady) return { label: 'anxiety', about, conduct };
      return { label: h.kind === 'fear' || anxious ? 'fear' : 'anxiety', about, conduct };
    }
    case 'surprise': {
      if (closed) return { label: 'calm', about, conduct };
      return { label: positive && lively ? 'excitement' : 'surprise', about, conduct };
    }
    case 'neutral':
      return { label: 'calm', about, conduct };
    default: {
      // joy, excitement, pride, relief, amusement, warmth: the speaker's good fortune.
      if (gloating) return { label: 'anger', about, conduct };
      if (about === 'speaker' && (h.kind === 'pride' || h.cause === 'speaker')) {
        if (envy > resentmentAt) return { label: 'anger', about, conduct };
        if (envy > respectAt) return { label: 'trust', about, conduct };
      }
      if (h.kind === 'relief') return { label: 'relief', about, conduct };
      if (h.kind === 'amusement') return { label: 'amusement', about, conduct };
      if (h.kind === 'warmth') return { label: about === 'speaker' ? 'joy' : 'contentment', about, conduct };
      if (lively || (open && h.activation > 0.1)) return { label: 'excitement', about, conduct };
      return { label: 'joy', about, conduct };
    }
  }
}

/** The character's own feeling about its own fortunes (narration, its thoughts): the experiencer's feeling. */
function ownFeeling(h: HeardEvent, p: Readonly<Record<Domain, number>>): EmotionLabel {
  switch (h.kind) {
    case 'anger':
      return 'anger';
    case 'disgust':
      return 'disgust';
    case 'fear':
      return 'fear';
    case 'nervousness':
      return 'anxiety';
    case 'sadness':
      return z(p.N) >= 0.3 && h.cause === 'nobody' ? 'anxiety' : 'sadness';
    case 'guilt':
      return 'guilt';
    case 'shame':
      return 'shame';
    case 'boredom':
      return 'numbness';
    case 'joy':
      return 'joy';
    case 'excitement':
      return 'excitement';
    case 'pride':
      return 'pride';
    case 'relief':
      return 'relief';
    case 'amusement':
      return 'amusement';
    case 'warmth':
      return h.cause === 'third_party' ? 'gratitude' : 'contentment';
    case 'surprise':
      return 'surprise';
    default:
      return 'calm';
  }
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
 * experiencer feels, who did what to whom and the character's personality ({@link choose}); the appraisal takes the
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
  const choice = choose(h, l);
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
