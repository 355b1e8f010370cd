import type { Appraisal } from '../appraisal/appraisal.js';
import { appraisalLabelModel } from './appraisal-model.js';
import { type EmotionLabel, emotionLabels } from './emotion-label.js';
import { type AppraisalLabelModel, featureRanges, labelFeatures } from './label-model.js';

/** The situation an event lands in, as far as labelling is concerned. */
export interface LabelContext {
  /** The goal congruence the character expected before the event (its prediction model). */
  expectedCongruence: number;
  trust: number;
  familiarity: number;
}

/** The distance loop is unrolled for exactly these eight features. */
const featureCount = 8;
if (labelFeatures.length !== featureCount)
  throw new Error('appraisal-classifier: the feature loop expects 8');
const labelCount = emotionLabels.length;

/** Bond with the person: the geometric mean of trust and familiarity (as for attachment seeking). */
export function bondOf(ctx: LabelContext): number {
  const t = ctx.trust > 0 ? ctx.trust : 0;
  const f = ctx.familiarity > 0 ? ctx.familiarity : 0;
  return Math.sqrt(t * f);
}

/** A model in flat arrays: per exemplar and feature, the coordinate and the weight attention·share/range². */
interface Compiled {
  count: number;
  label: Int32Array;
  value: Float64Array;
  weight: Float64Array;
}

const compiledModels = new WeakMap<AppraisalLabelModel, Compiled>();

function compile(model: AppraisalLabelModel): Compiled {
  let compiled = compiledModels.get(model);
  if (compiled) return compiled;
  const count = model.label.length;
  const value = new Float64Array(count * featureCount);
  const weight = new Float64Array(count * featureCount);
  for (let e = 0; e < count; e++) {
    for (let f = 0; f < featureCount; f++) {
      const range = featureRanges[labelFeatures[f]!];
      value[e * featureCount + f] = model.value[e]![f]!;
      weight[e * featureCount + f] = (model.attention[f]! * model.share[e]![f]!) / (range * range);
    }
  }
  compiled = { count, label: Int32Array.from(model.label), value, weight };
  compiledModels.set(model, compiled);
  return compiled;
}

/**
 * The distance of an appraisal (in its context) to every label: the weighted squared distance to the label's nearest
 * exemplar, `min_e Σ_f a_f·s_ef·(x_f − v_ef)²/range_f²`. Indexed like {@link emotionLabels}; smaller is closer, and a
 * label without exemplars is infinitely far.
 */
export function appraisalDistances(
  ap: Appraisal,
  ctx: LabelContext,
  model: AppraisalLabelModel = appraisalLabelModel,
  out: Float64Array = new Float64Array(labelCount),
): Float64Array {
  const m = compile(model);
  const x0 = ap.goal_relevance;
  const x1 = ap.goal_congruence;
  const x2 = ap.expectedness;
  const x3 = ap.controllability;
  const x4 = ap.agency;
  const x5 = ap.norm_compatibility;
  const x6 = ctx.expectedCongruence;
  const x7 = bondOf(ctx);
  out.fill(Number.POSITIVE_INFINITY);
  const value = m.value;
  const weight = m.weight;
  // Eight features, unrolled: this runs once per turn for every exemplar.
  for (let e = 0, b = 0; e < m.count; e++, b += 8) {
    const d0 = x0 - value[b]!;
    const d1 = x1 - value[b + 1]!;
    const d2 = x2 - value[b + 2]!;
    const d3 = x3 - value[b + 3]!;
    const d4 = x4 - value[b + 4]!;
    const d5 = x5 - value[b + 5]!;
    const d6 = x6 - value[b + 6]!;
    const d7 = x7 - value[b + 7]!;
    const d =
      weight[b]! * d0 * d0 +
      weight[b + 1]! * d1 * d1 +
      weight[b + 2]! * d2 * d2 +
      weight[b + 3]! * d3 * d3 +
      weight[b + 4]! * d4 * d4 +
      weight[b + 5]! * d5 * d5 +
      weight[b + 6]! * d6 * d6 +
      weight[b + 7]! * d7 * d7;
    const l = m.label[e]!;
    if (d < out[l]!) out[l] = d;
  }
  return out;
}

const distances = new Float64Array(labelCount);

/** The two emotions an appraisal pattern points to most: the nearest label and the runner-up. */
export interface AppraisalReading {
  primary: EmotionLabel;
  secondary: EmotionLabel;
}

/**
 * The nearest and second-nearest labels under {@link appraisalDistances}: what the event means, and the emotion it
 * comes closest to after that (unfairness one can stand up to: anger, then disgust).
 */
export function readAppraisal(
  ap: Appraisal,
  ctx: LabelContext,
  model: AppraisalLabelModel = appraisalLabelModel,
): AppraisalReading {
  const d = appraisalDistances(ap, ctx, model, distances);
  let best = 0;
  let second = 1;
  if (d[second]! < d[best]!) {
    best = 1;
    second = 0;
  }
  for (let l = 2; l < labelCount; l++) {
    if (d[l]! < d[best]!) {
      second = best;
      best = l;
    } else if (d[l]! < d[second]!) second = l;
  }
  return { primary: emotionLabels[best]!, secondary: emotionLabels[second]! };
}

/**
 * The emotion an appraisal pattern points to: the label of the nearest exemplar under {@link appraisalDistances}
 * (docs/emotion-model.md §7.2). The exemplars are the published appraisal profiles of emotions (Smith & Ellsworth
 * 1985; Roseman, Antoniou & Jose 1996; Ellsworth & Smith 1988; Smith & Lazarus 1993; Kuppens et al. 2003; Lazarus
 * 1991; Weiner 1985; Ortony, Clore & Collins 1988), Limbic's design profiles and the mean appraisal of each emotion's
 * events in crowd-enVENT train (Troiano, Oberländer & Klinger 2023), translated into Limbic's features; the attention
 * weights are fitted on them across sources and by cross-validation on crowd-enVENT.
 */
export function classifyAppraisal(
  ap: Appraisal,
  ctx: LabelContext,
  model: AppraisalLabelModel = appraisalLabelModel,
): EmotionLabel {
  return readAppraisal(ap, ctx, model).primary;
}
