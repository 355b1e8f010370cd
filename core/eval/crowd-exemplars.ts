/**
 * crowd-enVENT train as calibration data of the appraisal labeller (docs/emotion-model.md §7.2): one exemplar per
 * emotion, the mean of its events' appraisals (core/eval/crowd-appraisals.ts maps them), and the labeller's accuracy
 * on train by cross-validation, which the calibration (core/eval/calibration.ts) weighs against the published
 * profiles' held-out accuracy.
 */
import { appraisalDimensions } from '../src/appraisal/appraisal.js';
import { bondOf } from '../src/labels/appraisal-classifier.js';
import { labelFeatures } from '../src/labels/label-model.js';
import { eventEmotions } from '../src/reader/event-categories.js';
import { type AppraisalProfile, designProfiles } from '../test/appraisal-profiles.js';
import {
  type CrowdCase,
  classifyCases,
  crowdLabelOf,
  freshContext,
  loadCrowdCases,
} from './crowd-appraisals.js';
import { contextOf, type Exemplar, exemplarsOf, toModel } from './exemplars.js';

/** Folds of the cross-validation on crowd-enVENT train (event i is in fold i mod 5). */
export const crowdFolds = 5;

/** Name prefix of the crowd-enVENT exemplars. */
export const crowdSource = 'crowd-envent train';

/**
 * One exemplar per crowd-enVENT emotion: the mean appraisal of its events, labelled as {@link crowdLabelOf}, in the
 * situation its label's design profile presupposes (relief: a feared outcome before; trust: an established bond;
 * the others: a fresh character). The corpus does not record the situation, and the labeller must keep telling
 * relief from joy by the expectation and trust from gratitude by the bond. Shares 1; the breadth is applied later.
 */
export function crowdExemplarsOf(
  cases: readonly CrowdCase[],
  design: readonly AppraisalProfile[] = designProfiles,
): Exemplar[] {
  const out: Exemplar[] = [];
  for (const emotion of eventEmotions) {
    const own = cases.filter((c) => c.emotion === emotion);
    if (own.length === 0) continue;
    const label = crowdLabelOf[emotion];
    const situation = design.find((p) => p.term === label);
    const ctx = situation ? contextOf(situation) : freshContext;
    const mean = appraisalDimensions.map((k) => own.reduce((sum, c) => sum + c.appraisal[k], 0) / own.length);
    out.push({
      name: `${crowdSource}: ${emotion} (mean of ${own.length})`,
      label,
      value: [...mean, ctx.expectedCongruence, bondOf(ctx)],
      share: new Array<number>(labelFeatures.length).fill(1),
    });
  }
  return out;
}

/** crowd-enVENT train, prepared for calibration. */
export interface CrowdData {
  /** The exemplars of the whole split (shares 1): the ones the model ships. */
  exemplars: readonly Exemplar[];
  /** Per fold of the cross-validation: its events, and the exemplars of the other folds. */
  folds: readonly { cases: readonly CrowdCase[]; exemplars: readonly Exemplar[] }[];
}

/** Prepares crowd-enVENT train's cases for calibration (null stays null: the published profiles alone). */
export function prepareCrowd(cases: readonly CrowdCase[] | null): CrowdData | null {
  if (!cases) return null;
  const folds = Array.from({ length: crowdFolds }, (_, f) => ({
    cases: cases.filter((_, i) => i % crowdFolds === f),
    exemplars: crowdExemplarsOf(cases.filter((_, i) => i % crowdFolds !== f)),
  }));
  return { exemplars: crowdExemplarsOf(cases), folds };
}

let loadedCrowd: CrowdData | null | undefined;

/** crowd-enVENT train from its folder (see core/train/event-data.ts), once per process; null when absent or off. */
export function defaultCrowd(): CrowdData | null {
  if (loadedCrowd === undefined) loadedCrowd = prepareCrowd(loadCrowdCases('train'));
  return loadedCrowd;
}

/** The crowd exemplars at a breadth: their six appraisal dimensions carry that share of the attention. */
export function atBreadth(exemplars: readonly Exemplar[], breadth: number): Exemplar[] {
  return exemplars.map((e) => ({
    ...e,
    share: e.share.map((s, f) => (f < appraisalDimensions.length ? breadth : s)),
  }));
}

/** Accuracy on crowd-enVENT train by cross-validation: each fold's events against the other folds' exemplars. */
export function crossValidated(
  attention: readonly number[],
  breadth: number,
  data: { published: readonly AppraisalProfile[]; design: readonly AppraisalProfile[] },
  crowd: CrowdData,
): number {
  const profiles = exemplarsOf([...data.published, ...data.design]);
  let hits = 0;
  let total = 0;
  for (const fold of crowd.folds) {
    const model = toModel([...profiles, ...atBreadth(fold.exemplars, breadth)], attention);
    for (const o of classifyCases(model, fold.cases)) if (o.hit) hits++;
    total += fold.cases.length;
  }
  return hits / total;
}
