/**
 * The shape of the appraisal labeller's calibrated model and the features it compares: what the classifier reads and
 * what the calibration (core/eval/calibrate-labels.ts) writes into appraisal-model.ts.
 */
import { appraisalDimensions } from '../appraisal/appraisal.js';

/**
 * The features the appraisal labeller compares: the six appraisal dimensions, and two features of the situation the
 * event lands in (the expectation before it, and the bond with the person).
 */
export const labelFeatures = [...appraisalDimensions, 'expected_congruence', 'bond'] as const;

/** One of {@link labelFeatures}. */
export type LabelFeature = (typeof labelFeatures)[number];

/**
 * Width of each feature's range. Differences are taken in units of the range, so a bipolar dimension ([−1, 1]) and
 * a unipolar one ([0, 1]) weigh alike for the same share of their range.
 */
export const featureRanges: Readonly<Record<LabelFeature, number>> = {
  goal_relevance: 1,
  goal_congruence: 2,
  expectedness: 1,
  controllability: 1,
  agency: 2,
  norm_compatibility: 2,
  expected_congruence: 1,
  bond: 1,
};

/**
 * A calibrated appraisal labeller: an exemplar model of emotion categories (Medin & Schaffer 1978; Nosofsky 1986).
 * Every exemplar is a published appraisal profile of an emotion, one of Limbic's design profiles, or the mean of the
 * events people felt an emotion about with their own appraisals (crowd-enVENT), translated into Limbic's features;
 * an event is read as the label of the most similar exemplar.
 */
export interface AppraisalLabelModel {
  /** Attention weight of each feature of {@link labelFeatures}, for differences in units of the feature's range. */
  attention: readonly number[];
  /** Where each exemplar comes from (source and emotion term), for the docs and for debugging. */
  name: readonly string[];
  /** The label of each exemplar, as an index into `emotionLabels` (emotion-label.ts). */
  label: readonly number[];
  /** Coordinates of each exemplar, `value[exemplar][feature]`. */
  value: readonly (readonly number[])[];
  /**
   * Share of the attention each exemplar's feature carries: 1 where its source states the feature, less where the
   * source leaves it open (the coordinate is then the neutral value); for a mean of people's events, its fitted
   * breadth (a mean of scattered events stands for a wider region than a stated profile).
   */
  share: readonly (readonly number[])[];
}
