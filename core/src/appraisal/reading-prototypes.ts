import type { EmotionLabel } from '../labels/emotion-label.js';
import type { Appraisal } from './appraisal.js';

/**
 * The appraisal that makes the labeller name each label: Limbic's design profiles (core/test/appraisal-profiles.ts,
 * docs/emotion-model.md §7.2), with the dimensions they leave open at the neutral value. A test checks that they
 * stay equal to the design profiles and that the labeller names each one as its label.
 */
export const readingPrototypes: Readonly<Record<EmotionLabel, Appraisal>> = {
  joy: ap(0.8, 0.7, 0.75, 0.5, 0, 0),
  excitement: ap(0.9, 0.7, 0.3, 0.5, 0, 0),
  contentment: ap(0.35, 0.45, 0.75, 0.6, 0, 0.2),
  love: ap(0.9, 0.7, 0.5, 0.5, -0.9, 0.6),
  pride: ap(0.8, 0.7, 0.5, 0.5, 0.9, 0),
  gratitude: ap(0.8, 0.7, 0.5, 0.5, -0.9, 0.6),
  amusement: ap(0.3, 0.5, 0.2, 0.6, -0.3, 0),
  relief: ap(0.8, 0.7, 0.5, 0.5, 0, 0),
  anger: ap(0.8, -0.7, 0.5, 0.8, -0.9, -0.6),
  fear: ap(0.8, -0.7, 0.1, 0.2, -0.5, 0),
  sadness: ap(0.8, -0.7, 0.75, 0.2, -0.5, 0),
  anxiety: ap(0.8, -0.5, 0.5, 0.2, -0.5, 0),
  disgust: ap(0.4, -0.4, 0.5, 0.5, 0, -0.8),
  shame: ap(0.8, -0.7, 0.5, 0.2, 0.9, -0.6),
  guilt: ap(0.8, -0.7, 0.5, 0.8, 0.9, -0.6),
  surprise: ap(0.8, 0, 0.1, 0.5, 0, 0),
  trust: ap(0.5, 0.3, 0.75, 0.5, -0.6, 0.6),
  calm: ap(0.1, 0.1, 0.7, 0.6, 0, 0),
  numbness: ap(0.2, -0.3, 0.6, 0.3, 0, 0),
};

function ap(R: number, g: number, x: number, c: number, a: number, n: number): Appraisal {
  return {
    goal_relevance: R,
    goal_congruence: g,
    expectedness: x,
    controllability: c,
    agency: a,
    norm_compatibility: n,
  };
}
