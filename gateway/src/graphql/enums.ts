import {
  emotionLabels,
  experienceKinds,
  intensityLevels,
  readerCategories,
  readerGroups,
  soulStages,
  stageTransitionReasons,
} from '@limbic/core';
import { builder } from './builder.js';

/** The 19 discrete emotion labels. */
export const EmotionLabelEnum = builder.enumType('EmotionLabel', {
  description: 'A discrete emotion label (docs/emotion-model.md).',
  values: emotionLabels,
});

/** Intensity in words. */
export const IntensityLevelEnum = builder.enumType('IntensityLevel', {
  description: 'Intensity in words: < .2 faint, < .4 mild, < .6 moderate, < .8 strong, else intense.',
  values: intensityLevels,
});

/** The 15 soul stage ids. */
export const SoulStageIdEnum = builder.enumType('SoulStageId', {
  description: 'A soul stage, levels 1-15 in order.',
  values: soulStages.map((s) => s.id),
});

/** The five groups of soul stages. */
export const SoulStageGroupEnum = builder.enumType('SoulStageGroup', {
  description: 'The group of a soul stage.',
  values: [...new Set(soulStages.map((s) => s.group))],
});

/** Why a soul stage changed. */
export const StageTransitionReasonEnum = builder.enumType('StageTransitionReason', {
  description: 'Why the soul stage changed.',
  values: stageTransitionReasons,
});

/** The 28 GoEmotions categories the offline reader reads. */
export const ReaderCategoryEnum = builder.enumType('ReaderCategory', {
  description: 'A GoEmotions category (Demszky et al. 2020), as the offline reader reads it in a message.',
  values: readerCategories,
});

/** Ekman's six groups plus neutral. */
export const ReaderGroupEnum = builder.enumType('ReaderGroup', {
  description: 'The Ekman group of a GoEmotions category, or neutral.',
  values: readerGroups,
});

/** The 16 kinds of experience the offline reader tells apart. */
export const ExperienceKindEnum = builder.enumType('ExperienceKind', {
  description:
    'What the experiencer of a message’s event feels, as the offline reader reads it (docs/reader.md).',
  values: experienceKinds,
});
