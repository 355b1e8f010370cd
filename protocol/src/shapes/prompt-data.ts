import { familiarityLevels, rapportLevels, supportedPromptLocales, trustLevels } from '@limbic/core';
import { z } from 'zod';
import { dateTime, nullableString, objectOf, oneOf, percentage, signed, unit } from './primitives.js';
import { emotionLabel, intensityLevel, participantId, stageId } from './state.js';

/** The six trait names of prompt_data.system.traits. */
const traitNames = [
  'openness',
  'conscientiousness',
  'extraversion',
  'agreeableness',
  'emotionality',
  'honesty_humility',
] as const;

/** A relationship in words, as prompt_data gives it for the person spoken with and for each participant. */
const relationshipLevels = {
  rapport_level: oneOf(rapportLevels),
  trust_level: oneOf(trustLevels),
  trust_percentage: percentage,
  familiarity_level: oneOf(familiarityLevels),
};

/** A participant as prompt_data describes them: who they are and the relationship in words. */
export const promptPersonSchema = z.strictObject({
  id: participantId,
  name: z.string(),
  ...relationshipLevels,
  description: z.string(),
});

/** How a need is met, in words. */
const need = z.strictObject({
  value: unit,
  level: oneOf(['deficit', 'low', 'satisfied']),
  description: z.string(),
});

/** Ready context for the client's own language-model prompt. */
/** A recalled episode in prompt_data (docs/memory.md, "In prompt_data"). */
export const promptMemorySchema = z.strictObject({
  id: z.string().describe('The episode id (`mem_…`), as GET /v1/persona/:id/memories lists it'),
  at: dateTime.describe('Engine-clock time of the episode'),
  when: z.string().describe('When, relative to this turn, in the locale (`Last Tuesday`)'),
  summary: nullableString.describe('What happened, or null when the session keeps no text'),
  feeling: emotionLabel.describe('How the character felt then'),
  with: z
    .strictObject({ id: participantId, name: z.string() })
    .nullable()
    .describe('Who spoke then, or null for the person the character talks to'),
  sentence: z.string().describe('The memory as one sentence in the locale, as the context block writes it'),
});

export const promptDataSchema = z.strictObject({
  language: z.string(),
  locale: oneOf(supportedPromptLocales),
  system: z.strictObject({
    identity: z.strictObject({
      name: z.string(),
      role: nullableString,
      core_values: z.array(z.string()),
      speaking_style: nullableString,
    }),
    traits: objectOf(traitNames, z.strictObject({ value: unit, level: z.string(), behavior: z.string() })),
    goals: z.array(z.string()),
  }),
  context: z.strictObject({
    event: nullableString,
    emotion: z.strictObject({
      primary: emotionLabel,
      secondary: emotionLabel.nullable(),
      intensity: unit,
      intensity_level: intensityLevel,
      V: signed,
      A: unit,
      D: signed,
      valence_description: z.string(),
      arousal_description: z.string(),
      dominance_description: z.string(),
    }),
    energy: z.strictObject({
      level: oneOf(['depleted', 'low', 'moderate', 'good', 'full']),
      budget_percentage: percentage,
      stress_level: oneOf(['none', 'low', 'moderate', 'high', 'severe']),
      description: z.string(),
    }),
    stage: z.strictObject({
      id: stageId,
      level: z.int().min(1).max(15),
      name: z.string(),
      description: z.string(),
      behavioral_tendency: z.string(),
    }),
    needs: z.strictObject({
      belonging: need,
      competence: need,
      autonomy: need,
      deficit_summary: nullableString,
    }),
    relationship: z.strictObject({
      ...relationshipLevels,
      attachment_style: oneOf(['secure', 'anxious', 'avoidant', 'disorganized']),
      description: z.string(),
    }),
    speaker: promptPersonSchema
      .nullable()
      .describe('Group turns: who is speaking; null for turns without `from`'),
    addressed_to: z
      .union([oneOf(['character', 'everyone']), z.strictObject({ id: participantId, name: z.string() })])
      .describe('Whom the turn was aimed at: the character, everyone present, or one participant'),
    others: z
      .array(promptPersonSchema)
      .max(3)
      .describe('Group turns: the few other participants who matter now'),
    memories: z
      .array(promptMemorySchema)
      .max(3)
      .describe('Episodes this turn brought back to mind, most relevant first (empty when none did)'),
  }),
  instruction: z.strictObject({
    language_directive: z.string(),
    stage_instruction: z.string(),
    expression_guide: z.string(),
    response_length_hint: z.string(),
    need_direction: nullableString,
    group_instruction: nullableString.describe('Group turns: how to speak in the room; null otherwise'),
    support_directive: nullableString.describe(
      'While the speaker repeatedly expresses distress: encourage real-world support, never claim to be a professional; null otherwise',
    ),
  }),
  formatted: z.strictObject({
    system_prompt: z.string(),
    context_block: z.string(),
    instruction_block: z.string(),
  }),
});
