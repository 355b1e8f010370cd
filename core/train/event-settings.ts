/** The event reader's training settings (core/train/train-events.ts). */

/** Settings of a head trained by AdaGrad. */
export interface HeadSettings {
  epochs: number;
  learningRate: number;
  l2: number;
}

/** Training settings of the event reader (docs/reader.md gives the checks that chose them). */
export const eventSettings = {
  seed: Number(process.env.LIMBIC_READER_SEED ?? 42),
  /** Hash bits of every event head (one matrix ships them side by side). */
  bits: 15,
  /** The event heads' embedding input is this times the mean word vector (the expression heads use 0.4). */
  embeddingScale: 1,
  /** The mean word vector is weighted a/(a + p(w)) with this a (reader/stack-features.ts `frequencyWeights`). */
  frequencyWeight: 1e-3,
  gate: { epochs: 3, learningRate: 0.5, l2: 1e-3, classWeightPower: 1 },
  emotion: { epochs: 6, learningRate: 0.5, l2: 3e-3, classWeightPower: 0.5 },
  appraisal: { epochs: 10, learningRate: 0.05, l2: 3e-4 },
  affect: { epochs: 20, learningRate: 0.01, l2: 1e-4 },
  /** The gate never gives the event reader more than this share of the fusion. */
  narrativeMax: 0.7,
  /** Gate probabilities up to this read as no report (reader/stack-features.ts `narrativeOf`). */
  narrativeFloor: 0.3,
  /** κ: how much the stacked valence weighs in the choice of the group (reader.ts). */
  valenceAgreement: 1.5,
  /** Ridge penalty of the stacked estimates, per row. */
  stackRidge: 1e-3,
  folds: 5,
  /** crowd-enVENT texts also train cut to their first sentence, at most this many words (0: not at all). */
  shortWords: Number(process.env.LIMBIC_SHORT ?? 10),
};
