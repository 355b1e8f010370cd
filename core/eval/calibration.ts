/**
 * Calibration of the appraisal labeller (docs/emotion-model.md §7.2) on the appraisal profiles in
 * core/test/appraisal-profiles.ts. Deterministic: the same profiles give the same model, to the last digit.
 *
 * The labeller is an exemplar model (Medin & Schaffer 1978; Nosofsky 1986): every profile whose emotion names a
 * Limbic label is an exemplar of that label, and an event takes the label of the nearest exemplar. A feature its
 * source states has full attention; a feature the source leaves open sits at the neutral value with half the
 * attention ({@link openShare}). Fitted: one attention weight per appraisal dimension and one for the expected
 * congruence (the bond's stays 1, scaled with the rest).
 *
 * Because every profile is its own exemplar, accuracy in sample says little. The weights are fitted on the
 * leave-one-source-out accuracy instead: each published source classified by the exemplars of every other source
 * and the design profiles. The objective is the mean hit rate over sources, plus a small tie-break by margin, minus a
 * normal prior on the log-weights ({@link weightPrior}) that keeps them near 1 unless the data insist.
 */
import { type Appraisal, appraisalDimensions } from '../src/appraisal/appraisal.js';
import {
  type AppraisalLabelModel,
  appraisalDistances,
  bondOf,
  type LabelContext,
  labelFeatures,
} from '../src/labels/appraisal-classifier.js';
import { type EmotionLabel, emotionLabels } from '../src/labels/emotion-label.js';
import {
  type AppraisalProfile,
  designProfiles,
  neutralFill,
  profiles as publishedProfiles,
  type SourceId,
  sources,
  type Term,
} from '../test/appraisal-profiles.js';

/** Share of the attention a feature keeps in an exemplar whose source leaves it open. */
export const openShare = 0.5;

/** Strength of the normal prior on the log-weights, per squared natural-log unit. */
export const weightPrior = 0.02;

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
  profile: AppraisalProfile;
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
      profile,
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
    name: exemplars.map((e) => `${e.profile.source}: ${e.profile.emotion}`),
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

/** Each published source classified by a model of the exemplars of every other source and the design profiles. */
function heldOut(
  attention: readonly number[],
  published: readonly AppraisalProfile[],
  design: readonly AppraisalProfile[],
): ProfileOutcome[] {
  const out: ProfileOutcome[] = [];
  for (const source of sources) {
    const held = published.filter((p) => p.source === source.id);
    if (held.length === 0) continue;
    const rest = published.filter((p) => p.source !== source.id);
    out.push(...classifyProfiles(toModel(exemplarsOf([...rest, ...design]), attention), held));
  }
  return out;
}

function objective(
  theta: readonly number[],
  published: readonly AppraisalProfile[],
  design: readonly AppraisalProfile[],
): number {
  const outcomes = heldOut(attentionOf(theta), published, design);
  let rate = 0;
  let count = 0;
  for (const { hits, total } of hitRates(outcomes).values()) {
    rate += hits / total;
    count++;
  }
  let margin = 0;
  for (const o of outcomes) margin += Math.max(-1, Math.min(1, o.margin));
  let prior = 0;
  for (const t of theta) prior += t * t;
  return rate / count + (1e-3 * margin) / outcomes.length - weightPrior * prior;
}

/** Fitted log-weights → attention (the bond's stays 1 before scaling). */
function attentionOf(theta: readonly number[]): number[] {
  return labelFeatures.map((_, i) => (i < theta.length ? Math.exp(theta[i]!) : 1));
}

/**
 * Fits the attention weights by coordinate search in log steps on the leave-one-source-out objective
 * (deterministic), then scales them to a mean of 1 over the six appraisal dimensions (nearest-exemplar decisions do
 * not change with a common scale).
 */
export function fitAttention(
  published: readonly AppraisalProfile[] = publishedProfiles,
  design: readonly AppraisalProfile[] = designProfiles,
): number[] {
  let theta: number[] = new Array(7).fill(0);
  let best = objective(theta, published, design);
  for (const step of [Math.log(2), Math.log(1.5), Math.log(1.25), Math.log(1.1)]) {
    for (let round = 0; round < 10; round++) {
      let improved = false;
      for (let i = 0; i < theta.length; i++) {
        for (const k of [step, -step]) {
          const trial = theta.slice();
          trial[i] = trial[i]! + k;
          const score = objective(trial, published, design);
          if (score > best + 1e-12) {
            best = score;
            theta = trial;
            improved = true;
          }
        }
      }
      if (!improved) break;
    }
  }
  const attention = attentionOf(theta);
  let mean = 0;
  for (let i = 0; i < 6; i++) mean += attention[i]! / 6;
  return attention.map((a) => a / mean);
}

/** The calibrated model: every published and design exemplar, attention fitted across sources. */
export function calibrate(): { attention: number[]; exemplars: Exemplar[]; model: AppraisalLabelModel } {
  const attention = fitAttention();
  const exemplars = exemplarsOf([...publishedProfiles, ...designProfiles]);
  return { attention, exemplars, model: toModel(exemplars, attention) };
}

/** A model calibrated without one published source (exemplars and weights), for the held-out figures. */
export function calibrateWithout(source: SourceId): AppraisalLabelModel {
  const rest = publishedProfiles.filter((p) => p.source !== source);
  return toModel(exemplarsOf([...rest, ...designProfiles]), fitAttention(rest, designProfiles));
}
