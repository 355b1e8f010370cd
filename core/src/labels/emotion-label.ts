/**
 * The discrete emotion labels, in three groups: positive, negative, neutral or mixed. The same 19 as the reference
 * engine (molroo), with VAD prototypes from Russell & Mehrabian (1977); see docs/emotion-model.md.
 */
export const emotionLabels = [
  'joy',
  'excitement',
  'contentment',
  'love',
  'pride',
  'gratitude',
  'amusement',
  'relief',
  'anger',
  'fear',
  'sadness',
  'anxiety',
  'disgust',
  'shame',
  'guilt',
  'surprise',
  'trust',
  'calm',
  'numbness',
] as const;

/** A discrete emotion label. */
export type EmotionLabel = (typeof emotionLabels)[number];

/** The intensity levels, weakest first. */
export const intensityLevels = ['faint', 'mild', 'moderate', 'strong', 'intense'] as const;

/** Words for how strong an emotion is: intensity < .2 faint, < .4 mild, < .6 moderate, < .8 strong, else intense. */
export type IntensityLevel = (typeof intensityLevels)[number];

/** Maps an intensity in [0, 1] to its {@link IntensityLevel}. */
export function toIntensityLevel(intensity: number): IntensityLevel {
  if (intensity < 0.2) return 'faint';
  if (intensity < 0.4) return 'mild';
  if (intensity < 0.6) return 'moderate';
  if (intensity < 0.8) return 'strong';
  return 'intense';
}
