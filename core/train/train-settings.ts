/** The expression reader's training settings (core/train/train-reader.ts). */

/** Training settings (docs/reader.md gives the dev figures that chose them). */
export const settings: TrainSettings = {
  seed: Number(process.env.LIMBIC_READER_SEED ?? 42),
  epochs: 6,
  learningRate: 0.5,
  l2: 3e-4,
  classWeightPower: 0.5,
  ekmanBits: 17,
  fineBits: 16,
  vocabularySize: 40_000,
  /** The embedding input is this times the mean of the message's word vectors. */
  embeddingScale: 0.4,
  fineWeight: 0.5,
  biasFolds: 5,
  biasAllRowsWeight: 1,
};

/** The settings of a training run. */
export interface TrainSettings {
  seed: number;
  epochs: number;
  learningRate: number;
  l2: number;
  classWeightPower: number;
  ekmanBits: number;
  fineBits: number;
  vocabularySize: number;
  embeddingScale: number;
  /** The group distribution mixes the Ekman head's and the category head's (summed into groups) with this weight. */
  fineWeight: number;
  /** Folds of the cross-validation on train that fits the groups' decision biases. */
  biasFolds: number;
  /**
   * The biases' objective: this weight times the all-rows macro-F1 plus the rest times the single-label macro-F1
   * (1: all rows only, the figure the engine's goal is stated on; the first biases used 0.5).
   */
  biasAllRowsWeight: number;
  /** Label smoothing: this share of the target is spread over all classes. */
  labelSmoothing?: number;
  /** The rate of epoch e is learningRate / (1 + rateDecay·e). */
  rateDecay?: number;
}
