import type { EmotionLabel } from '../labels/emotion-label.js';
import type { Domain } from '../persona/hexaco.js';
import { type Conduct, confides, noConduct, toward } from './conduct.js';
import type { HeardEvent, Listener } from './heard-event.js';
import type { Party } from './roles.js';
import { at, envyOf, liking, traitLevels, z } from './trait-levels.js';

/** Envy at which the speaker's success is resented (anger). */
const resentmentAt = 0.4;
/** Envy at which the speaker's success is met with grudging respect (trust). */
const respectAt = 0.2;
/** The share of threat in a reading of sorrow at which a neurotic character worries instead. */
const threatAt = 0.1;

/** The feeling chosen for a heard event: its label, whose fortune it is about, and the conduct. */
export interface FeelingChoice {
  label: EmotionLabel;
  /** Whose fortune the character's feeling is about (scales relevance by care). */
  about: Party;
  conduct: Conduct;
}

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
export function chooseFeeling(h: HeardEvent, l: Listener): FeelingChoice {
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
