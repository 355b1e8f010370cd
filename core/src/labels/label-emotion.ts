import type { Vec3 } from '../persona/engine-params.js';
import { type EmotionLabel, emotionLabels } from './emotion-label.js';
import { prototypes } from './prototypes.js';

/** Weight of the appraisal-rule label against VAD distance (research §4.5: d² − 0.3·bonus). */
const ruleWeight = 0.3;
// Prototype coordinates in flat arrays indexed like emotionLabels: labelling runs twice per turn.
const labelCount = emotionLabels.length;
const protoV = Float64Array.from(emotionLabels, (l) => prototypes[l].V);
const protoA = Float64Array.from(emotionLabels, (l) => prototypes[l].a);
const protoD = Float64Array.from(emotionLabels, (l) => prototypes[l].D);
const numbnessIndex = emotionLabels.indexOf('numbness');

/** Below this distance from baseline, with no live episode, the character is at rest. */
const restRadius = 0.15;
/** An episode weaker than this no longer counts as live. */
const restStrength = 0.05;
/** An episode read as calm keeps the character calm within this distance of rest (a faint feeling, intensity < 0.2). */
const calmRadius = 0.24;

/** The inputs of labelling: the felt state, the resting point, and the live episode's rule label. */
export interface LabelInput {
  /** Felt emotion (event-driven emotion plus body offset), internal space. */
  felt: Vec3;
  /** Where the character rests right now (baseline plus body offset), internal space. */
  rest: Vec3;
  /** The label of the current episode's appraisal, or null. */
  ruleLabel: EmotionLabel | null;
  /** The runner-up label of the same appraisal, or null. */
  ruleSecondary?: EmotionLabel | null;
  /** How much of that episode is still live, in [0, 1] (event intensity × remaining share). */
  ruleStrength: number;
  energy: number;
  stress: number;
}

/** The primary and secondary discrete emotion. */
export interface LabelResult {
  primary: EmotionLabel;
  secondary: EmotionLabel | null;
}

/**
 * Labels the felt state (hybrid): every label is scored by squared VAD distance to its prototype (for a mild
 * feeling, the prototype pulled toward the resting point as far as the feeling is from it, so the direction of the
 * change names the feeling rather than the personality's resting mood), and the label the live episode's appraisal
 * points to gets a bonus of 0.3·strength, so the appraisal decides between neighbours (anger/disgust,
 * sadness/shame/guilt) while a state far from that prototype still reads as what it is. The secondary label is the
 * appraisal's runner-up while the episode is live. At rest the label is calm, contentment (pleasant rest) or numbness
 * (depleted or overloaded body).
 */
export function labelEmotion(input: LabelInput): LabelResult {
  const { felt, rest } = input;
  const dv = felt.V - rest.V;
  const da = felt.a - rest.a;
  const dd = felt.D - rest.D;
  const depleted = input.energy < 0.25 || input.stress > 0.8;
  // At rest: no live episode and the felt state near the resting point, or an episode read as calm (small talk, a
  // remark) that moved the character no more than faintly.
  const distance2 = dv * dv + da * da + dd * dd;
  const calmEpisode = input.ruleLabel === 'calm' && input.ruleStrength >= restStrength;
  if (
    (input.ruleStrength < restStrength && distance2 < restRadius * restRadius) ||
    (calmEpisode && distance2 < calmRadius * calmRadius)
  ) {
    if (depleted) return { primary: 'numbness', secondary: null };
    return { primary: felt.V > 0.25 ? 'contentment' : 'calm', secondary: null };
  }
  const ruleIndex = input.ruleLabel === null ? -1 : emotionLabels.indexOf(input.ruleLabel);
  const bonus = ruleWeight * input.ruleStrength;
  const devNorm = Math.sqrt(dv * dv + da * da + dd * dd);
  let best = -1;
  let second = -1;
  let bestScore = Number.POSITIVE_INFINITY;
  let secondScore = Number.POSITIVE_INFINITY;
  for (let i = 0; i < labelCount; i++) {
    // A mild feeling is compared with the prototype pulled toward the resting point, as far out as the feeling
    // itself: the direction of the change names it, not the personality's resting mood.
    const pv = protoV[i]! - rest.V;
    const pa = protoA[i]! - rest.a;
    const pd = protoD[i]! - rest.D;
    const protoNorm = Math.sqrt(pv * pv + pa * pa + pd * pd);
    const k = devNorm < protoNorm ? devNorm / protoNorm : 1;
    const v = dv - k * pv;
    const a = da - k * pa;
    const d = dd - k * pd;
    let score = v * v + a * a + d * d;
    if (i === ruleIndex) score -= bonus;
    if (i === numbnessIndex && depleted) score -= 0.1;
    if (score < bestScore) {
      second = best;
      secondScore = bestScore;
      best = i;
      bestScore = score;
    } else if (score < secondScore) {
      second = i;
      secondScore = score;
    }
  }
  const primary = emotionLabels[best]!;
  // While the event's episode is live, the secondary comes from its appraisal: the event's own label when the felt
  // state overrode it (a sad character hears a jab as sadness, with an undertone of disgust), else the appraisal's
  // runner-up (unfairness one can stand up to: anger, then disgust). Only a faded episode leaves the secondary to the VAD state.
  if (input.ruleStrength >= restStrength && input.ruleLabel !== null) {
    const fromEpisode = primary === input.ruleLabel ? (input.ruleSecondary ?? null) : input.ruleLabel;
    if (fromEpisode !== null && fromEpisode !== primary) return { primary, secondary: fromEpisode };
  }
  return { primary, secondary: second < 0 ? null : emotionLabels[second]! };
}

/**
 * Emotion intensity in [0, 1]: the distance of the felt state from the personality baseline, dominance at half
 * weight, normalised by 1.2 (the reference engine's demo: "intensity reflects distance from baseline").
 */
export function emotionIntensity(felt: Vec3, baseline: Vec3): number {
  const v = felt.V - baseline.V;
  const a = felt.a - baseline.a;
  const d = (felt.D - baseline.D) * 0.5;
  const i = Math.sqrt(v * v + a * a + d * d) / 1.2;
  return i > 1 ? 1 : i;
}
