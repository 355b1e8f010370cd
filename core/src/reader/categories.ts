/**
 * The 28 categories of GoEmotions (Demszky et al. 2020; 27 emotions and neutral), in the dataset's order, and
 * Ekman's groups as the paper folds them.
 */
export const readerCategories = [
  'admiration',
  'amusement',
  'anger',
  'annoyance',
  'approval',
  'caring',
  'confusion',
  'curiosity',
  'desire',
  'disappointment',
  'disapproval',
  'disgust',
  'embarrassment',
  'excitement',
  'fear',
  'gratitude',
  'grief',
  'joy',
  'love',
  'nervousness',
  'optimism',
  'pride',
  'realization',
  'relief',
  'remorse',
  'sadness',
  'surprise',
  'neutral',
] as const;

/** A GoEmotions category. */
export type ReaderCategory = (typeof readerCategories)[number];

/** Ekman's groups plus neutral, the coarse level of a reading. */
export const readerGroups = ['anger', 'disgust', 'fear', 'joy', 'sadness', 'surprise', 'neutral'] as const;

/** An Ekman group (or neutral). */
export type ReaderGroup = (typeof readerGroups)[number];

/** The group of each category (Demszky et al. 2020, Ekman mapping). */
export const groupOfCategory: Readonly<Record<ReaderCategory, ReaderGroup>> = {
  admiration: 'joy',
  amusement: 'joy',
  anger: 'anger',
  annoyance: 'anger',
  approval: 'joy',
  caring: 'joy',
  confusion: 'surprise',
  curiosity: 'surprise',
  desire: 'joy',
  disappointment: 'sadness',
  disapproval: 'anger',
  disgust: 'disgust',
  embarrassment: 'sadness',
  excitement: 'joy',
  fear: 'fear',
  gratitude: 'joy',
  grief: 'sadness',
  joy: 'joy',
  love: 'joy',
  nervousness: 'fear',
  optimism: 'joy',
  pride: 'joy',
  realization: 'surprise',
  relief: 'joy',
  remorse: 'sadness',
  sadness: 'sadness',
  surprise: 'surprise',
  neutral: 'neutral',
};
