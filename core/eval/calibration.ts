/**
 * Calibration of the appraisal labeller (docs/emotion-model.md §7.2) on the appraisal profiles in
 * core/test/appraisal-profiles.ts and, when it is there, on crowd-enVENT train's events with their writers' own
 * appraisals (core/eval/crowd-appraisals.ts). Deterministic: the same data give the same model, to the last digit.
 *
 * The labeller is an exemplar model: an event takes the label of the nearest exemplar (core/eval/exemplars.ts builds
 * them). Fitted: one attention weight per appraisal dimension and one for the expected congruence (the bond's stays
 * 1, scaled with the rest).
 *
 * Because every profile is its own exemplar, accuracy in sample says little. The weights are fitted on the
 * leave-one-source-out accuracy instead: each published source classified by the exemplars of every other source
 * and the design profiles. The objective is the mean hit rate over sources, plus a small tie-break by margin, minus a
 * normal prior on the log-weights ({@link weightPrior}) that keeps them near 1 unless the data insist.
 *
 * With crowd-enVENT (core/eval/crowd-exemplars.ts), each of its emotions adds one exemplar, the mean of its train
 * events' appraisals, with a fitted breadth (the share of attention its six dimensions carry: a mean of scattered
 * events stands for a wider region than a stated profile). The objective then also counts the labeller's accuracy on
 * crowd-enVENT train by five-fold cross-validation (each fold's events classified with the means of the other
 * folds), weighted {@link crowdWeight}. Without the corpus (absent, or LIMBIC_CROWD_ENVENT=off) the calibration is
 * the published profiles' alone, and gives the model shipped before crowd-enVENT, to the last digit.
 */
import type { AppraisalLabelModel } from '../src/labels/label-model.js';
import { labelFeatures } from '../src/labels/label-model.js';
import {
  type AppraisalProfile,
  designProfiles,
  profiles as publishedProfiles,
  type SourceId,
  sources,
} from '../test/appraisal-profiles.js';
import { atBreadth, type CrowdData, crossValidated, defaultCrowd } from './crowd-exemplars.js';
import {
  classifyProfiles,
  type Exemplar,
  exemplarsOf,
  hitRates,
  type ProfileOutcome,
  toModel,
} from './exemplars.js';

/** Strength of the normal prior on the log-weights, per squared natural-log unit. */
export const weightPrior = 0.02;

/** Weight of the cross-validated accuracy on crowd-enVENT train in the objective; the published sources have the rest. */
export const crowdWeight = 0.5;

/** What a fit calibrates on. */
interface FitData {
  published: readonly AppraisalProfile[];
  design: readonly AppraisalProfile[];
  crowd: CrowdData | null;
}

/**
 * Each published source classified by a model of the exemplars of every other source, the design profiles and the
 * crowd exemplars (if any).
 */
function heldOut(attention: readonly number[], data: FitData, crowd: readonly Exemplar[]): ProfileOutcome[] {
  const out: ProfileOutcome[] = [];
  for (const source of sources) {
    const held = data.published.filter((p) => p.source === source.id);
    if (held.length === 0) continue;
    const rest = data.published.filter((p) => p.source !== source.id);
    out.push(
      ...classifyProfiles(toModel([...exemplarsOf([...rest, ...data.design]), ...crowd], attention), held),
    );
  }
  return out;
}

/** The breadth of the crowd exemplars from the fitted log-parameters (1 without the corpus). */
function breadthOf(theta: readonly number[]): number {
  return theta.length > fittedWeights ? Math.exp(theta[fittedWeights]!) : 1;
}

function objective(theta: readonly number[], data: FitData): number {
  const attention = attentionOf(theta);
  const crowd = data.crowd ? atBreadth(data.crowd.exemplars, breadthOf(theta)) : [];
  const outcomes = heldOut(attention, data, crowd);
  let rate = 0;
  let count = 0;
  for (const { hits, total } of hitRates(outcomes).values()) {
    rate += hits / total;
    count++;
  }
  let score = rate / count;
  if (data.crowd)
    score =
      (1 - crowdWeight) * score + crowdWeight * crossValidated(attention, breadthOf(theta), data, data.crowd);
  let margin = 0;
  for (const o of outcomes) margin += Math.max(-1, Math.min(1, o.margin));
  let prior = 0;
  for (const t of theta) prior += t * t;
  return score + (1e-3 * margin) / outcomes.length - weightPrior * prior;
}

/** Fitted attention weights: the six appraisal dimensions and the expected congruence (the bond's stays 1). */
const fittedWeights = 7;

/** Fitted log-weights → attention (the bond's stays 1 before scaling). */
function attentionOf(theta: readonly number[]): number[] {
  return labelFeatures.map((_, i) => (i < fittedWeights ? Math.exp(theta[i]!) : 1));
}

/** Fitted attention weights and, with crowd-enVENT, the breadth of its exemplars. */
export interface FittedWeights {
  attention: number[];
  breadth: number;
}

/**
 * Fits the attention weights (and the crowd exemplars' breadth) by coordinate search in log steps on the objective
 * (deterministic), then scales the weights to a mean of 1 over the six appraisal dimensions (nearest-exemplar
 * decisions do not change with a common scale; the breadth is a share and is not scaled).
 */
export function fitAttention(
  published: readonly AppraisalProfile[] = publishedProfiles,
  design: readonly AppraisalProfile[] = designProfiles,
  crowd: CrowdData | null = defaultCrowd(),
): FittedWeights {
  const data: FitData = { published, design, crowd };
  let theta: number[] = new Array(crowd ? fittedWeights + 1 : fittedWeights).fill(0);
  let best = objective(theta, data);
  for (const step of [Math.log(2), Math.log(1.5), Math.log(1.25), Math.log(1.1)]) {
    for (let round = 0; round < 10; round++) {
      let improved = false;
      for (let i = 0; i < theta.length; i++) {
        for (const k of [step, -step]) {
          const trial = theta.slice();
          trial[i] = trial[i]! + k;
          const score = objective(trial, data);
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
  return { attention: attention.map((a) => a / mean), breadth: breadthOf(theta) };
}

/** A calibrated model with what it was fitted from. */
export interface Calibration extends FittedWeights {
  exemplars: Exemplar[];
  model: AppraisalLabelModel;
}

/** The exemplars of a calibration: the published and design profiles, then the crowd exemplars at their breadth. */
function calibrationOf(
  published: readonly AppraisalProfile[],
  crowd: CrowdData | null,
  fitted: FittedWeights,
): Calibration {
  const exemplars = [
    ...exemplarsOf([...published, ...designProfiles]),
    ...(crowd ? atBreadth(crowd.exemplars, fitted.breadth) : []),
  ];
  return { ...fitted, exemplars, model: toModel(exemplars, fitted.attention) };
}

const calibrations = new Map<CrowdData | null, Calibration>();

/**
 * The calibrated model: every published and design exemplar and, with crowd-enVENT, one exemplar per emotion of
 * its train split; weights fitted as above. Pass null for the published profiles alone (the model as it was before
 * crowd-enVENT, and what an operator without the corpus builds).
 */
export function calibrate(crowd: CrowdData | null = defaultCrowd()): Calibration {
  let calibration = calibrations.get(crowd);
  if (!calibration) {
    calibration = calibrationOf(
      publishedProfiles,
      crowd,
      fitAttention(publishedProfiles, designProfiles, crowd),
    );
    calibrations.set(crowd, calibration);
  }
  return calibration;
}

/** A model calibrated without one published source (exemplars and weights), for the held-out figures. */
export function calibrateWithout(
  source: SourceId,
  crowd: CrowdData | null = defaultCrowd(),
): AppraisalLabelModel {
  const rest = publishedProfiles.filter((p) => p.source !== source);
  return calibrationOf(rest, crowd, fitAttention(rest, designProfiles, crowd)).model;
}
