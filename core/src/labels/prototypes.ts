import type { Vec3 } from '../persona/engine-params.js';
import type { EmotionLabel } from './emotion-label.js';

/**
 * VAD prototype of every label, arousal in [-1, 1], from Russell & Mehrabian (1977) term ratings (the term used is
 * named; emotion-model.md §3.2d). Labels are compared with the character's felt state by squared distance.
 */
export const prototypes: Record<EmotionLabel, Vec3> = {
  joy: { V: 0.76, a: 0.48, D: 0.35 }, // Joyful
  excitement: { V: 0.62, a: 0.75, D: 0.38 }, // Excited
  contentment: { V: 0.74, a: -0.13, D: 0.03 }, // Secure
  love: { V: 0.82, a: 0.65, D: -0.05 }, // In love
  pride: { V: 0.77, a: 0.38, D: 0.65 }, // Proud
  gratitude: { V: 0.64, a: 0.16, D: -0.21 }, // Grateful (GAMYGDALA transcription)
  amusement: { V: 0.78, a: 0.25, D: 0.41 }, // Carefree
  relief: { V: 0.29, a: -0.19, D: -0.28 }, // Consoled
  anger: { V: -0.51, a: 0.59, D: 0.25 }, // Angry
  fear: { V: -0.64, a: 0.6, D: -0.43 }, // Fearful
  sadness: { V: -0.63, a: -0.27, D: -0.33 }, // Sad
  anxiety: { V: -0.33, a: 0.58, D: -0.11 }, // Tense
  disgust: { V: -0.6, a: 0.35, D: 0.11 }, // Disgusted
  shame: { V: -0.57, a: 0.01, D: -0.34 }, // Shamed
  guilt: { V: -0.57, a: 0.28, D: -0.34 }, // Guilty
  surprise: { V: 0.4, a: 0.67, D: -0.13 }, // Surprised
  trust: { V: 0.38, a: 0.13, D: -0.08 }, // Respectful
  calm: { V: 0.68, a: -0.46, D: 0.06 }, // Relaxed
  numbness: { V: -0.37, a: -0.26, D: -0.14 }, // Detached
};

/**
 * Relative episode duration per label: sqrt(median duration / anger's), from the self-reported durations of
 * Verduyn & Lavrijsen (2015) (sadness 120 h, joy 35 h, anxiety 24 h, relief 8 h, excitement 6 h, gratitude 5 h,
 * guilt 3.5 h, pride 2.6 h, anger and surprise 2 h, fear 0.7 h, shame and disgust 0.5 h). The square root
 * compresses their 240-fold spread, because a chat turn is not a day of rumination; the order is kept.
 * Labels without a measured duration use the nearest measured one (named).
 */
export const durationFactor: Record<EmotionLabel, number> = {
  sadness: Math.sqrt(120 / 2),
  joy: Math.sqrt(35 / 2),
  contentment: Math.sqrt(24 / 2), // satisfaction
  anxiety: Math.sqrt(24 / 2),
  trust: Math.sqrt(24 / 2), // hope
  relief: Math.sqrt(8 / 2),
  excitement: Math.sqrt(6 / 2),
  gratitude: Math.sqrt(5 / 2),
  calm: Math.sqrt(4.3 / 2), // relaxation
  guilt: Math.sqrt(3.5 / 2),
  pride: Math.sqrt(2.6 / 2),
  love: Math.sqrt(2.5 / 2), // affection
  anger: 1,
  surprise: 1,
  numbness: 1, // boredom
  amusement: 1, // surprise-like, brief
  fear: Math.sqrt(0.7 / 2),
  shame: Math.sqrt(0.5 / 2),
  disgust: Math.sqrt(0.5 / 2),
};

/** Labels whose prototype is pleasant (V > 0.2): used to pick the duration factor of pleasant episodes. */
export function isPleasant(label: EmotionLabel): boolean {
  return prototypes[label].V > 0.2;
}
