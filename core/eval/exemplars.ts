/**
 * The exemplars of the appraisal labeller (docs/emotion-model.md §7.2) from the appraisal profiles in
 * core/test/appraisal-profiles.ts, and the profiles classified by a model (core/eval/calibration.ts fits it).
 *
 * Every profile whose emotion names a Limbic label is an exemplar of that label (Medin & Schaffer 1978; Nosofsky
 * 1986). A feature its source states has full attention; a feature the source leaves open sits at the neutral value
 * with half the attention ({@link openShare}).
 */
import type { Appraisal } from '../src/appraisal/appraisal.js';
import { appraisalDimensions } from '../src/appraisal/appraisal.js';
import { appraisalDistances, bondOf, type LabelContext } from '../src/labels/appraisal-classifier.js';
import { type EmotionLabel, emotionLabels } from '../src/labels/emotion-label.js';
import type { AppraisalLabelModel } from '../src/labels/label-model.js';
import { type AppraisalProfile, neutralFill, type SourceId, type Term } from '../test/appraisal-profiles.js';

/** Share of the attention a feature keeps in an exemplar whose source leaves it open. */
export const openShare = 0.5;

/** Learning rate of the expectation at neutral personality (docs §4.2); fixture priors are learned with it. */
const expectationRate = 0.25;

/**
 * The label each source term names. Terms with a label of their own name it; the others name the label of their
 * family in Shaver et al.'s (1987) hierarchy (frustration, irritation and dislike: anger; contempt and reproach:
 * disgust; distress and hopelessness: sadness; remorse: guilt; hope: joy; interest and challenge: excitement;
 * liking: gratitude; admiration: trust; boredom: numbness). Terms whose family spans several labels (regret:
 * sadness, guilt or shame; OCC's self-reproach: shame or guilt) are not exemplars; they are only scored.
 */
export const labelOf: Readonly<Record<Term, EmotionLabel | null>> = {
  anger: 'anger',
  frustration: 'anger',
  dislike: 'anger',
  contempt: 'disgust',
  disgust: 'disgust',
  reproach: 'disgust',
  fear: 'fear',
  anxiety: 'anxiety',
  sadness: 'sadness',
  distress: 'sadness',
  hopelessness: 'sadness',
  regret: null,
  guilt: 'guilt',
  remorse: 'guilt',
  shame: 'shame',
  'self-reproach': null,
  joy: 'joy',
  happiness: 'joy',
  satisfaction: 'contentment',
  hope: 'joy',
  interest: 'excitement',
  challenge: 'excitement',
  pride: 'pride',
  gratification: 'pride',
  gratitude: 'gratitude',
  liking: 'gratitude',
  admiration: 'trust',
  relief: 'relief',
  surprise: 'surprise',
  boredom: 'numbness',
  calm: 'calm',
  numbness: 'numbness',
  contentment: 'contentment',
  amusement: 'amusement',
  excitement: 'excitement',
  love: 'love',
  trust: 'trust',
};

/** The expectation a profile's priors leave on a fresh character (delta rule at the neutral rate). */
export function expectedCongruenceAfter(priors: readonly Appraisal[] | undefined): number {
  let e = 0;
  for (const p of priors ?? []) e += expectationRate * (p.goal_congruence - e);
  return e;
}

/** The labelling context of a profile: a fresh neutral character, unless the profile presupposes a relationship. */
export function contextOf(p: AppraisalProfile): LabelContext {
  return {
    expectedCongruence: expectedCongruenceAfter(p.priors),
    trust: p.relationship?.trust ?? 0.5,
    familiarity: p.relationship?.familiarity ?? 0,
  };
}

/** One exemplar before weighting. */
export interface Exemplar {
  /** Where it comes from (source and emotion term). */
  name: string;
  label: EmotionLabel;
  value: number[];
  share: number[];
}

/** The exemplars of a set of profiles. */
export function exemplarsOf(profiles: readonly AppraisalProfile[]): Exemplar[] {
  const out: Exemplar[] = [];
  for (const profile of profiles) {
    const label = labelOf[profile.term];
    if (!label) continue;
    const full = neutralFill(profile.given);
    const ctx = contextOf(profile);
    out.push({
      name: `${profile.source}: ${profile.emotion}`,
      label,
      value: [...appraisalDimensions.map((k) => full[k]), ctx.expectedCongruence, bondOf(ctx)],
      share: [...appraisalDimensions.map((k) => (profile.given[k] === undefined ? openShare : 1)), 1, 1],
    });
  }
  return out;
}

/** Builds a model from exemplars and attention weights. */
export function toModel(exemplars: readonly Exemplar[], attention: readonly number[]): AppraisalLabelModel {
  return {
    attention: [...attention],
    name: exemplars.map((e) => e.name),
    label: exemplars.map((e) => emotionLabels.indexOf(e.label)),
    value: exemplars.map((e) => e.value),
    share: exemplars.map((e) => e.share),
  };
}

/** One profile's outcome under the appraisal labeller alone: the label, whether it is a hit, and the margin. */
export interface ProfileOutcome {
  profile: AppraisalProfile;
  label: EmotionLabel;
  hit: boolean;
  /** Distance to the nearest label outside the family minus distance to the nearest inside: positive for a hit. */
  margin: number;
}

/** Classifies profiles with the appraisal labeller alone (no engine). */
export function classifyProfiles(
  model: AppraisalLabelModel,
  profiles: readonly AppraisalProfile[],
): ProfileOutcome[] {
  const d = new Float64Array(emotionLabels.length);
  return profiles.map((profile) => {
    appraisalDistances(neutralFill(profile.given), contextOf(profile), model, d);
    let best = 0;
    let inside = Number.POSITIVE_INFINITY;
    let outside = Number.POSITIVE_INFINITY;
    emotionLabels.forEach((label, l) => {
      if (d[l]! < d[best]!) best = l;
      if ((profile.family as readonly string[]).includes(label)) inside = Math.min(inside, d[l]!);
      else outside = Math.min(outside, d[l]!);
    });
    const label = emotionLabels[best]!;
    return {
      profile,
      label,
      hit: (profile.family as readonly string[]).includes(label),
      margin: outside - inside,
    };
  });
}

/** Hit rate per source. */
export function hitRates(
  outcomes: readonly ProfileOutcome[],
): Map<SourceId, { hits: number; total: number }> {
  const rates = new Map<SourceId, { hits: number; total: number }>();
  for (const o of outcomes) {
    const r = rates.get(o.profile.source) ?? { hits: 0, total: 0 };
    r.total++;
    if (o.hit) r.hits++;
    rates.set(o.profile.source, r);
  }
  return rates;
}
