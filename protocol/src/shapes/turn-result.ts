import { z } from 'zod';
import { turnExplanationSchema } from './explanation.js';
import { nullableString, range, signed, unit } from './primitives.js';
import { promptDataSchema } from './prompt-data.js';
import {
  addresseeSchema,
  appraisalSchema,
  participantSchema,
  perceivedSchema,
  predictionErrors,
  replyAdviceSchema,
  rolesSchema,
  sharedStateFields,
  stageTransitionSchema,
  vadSchema,
} from './state.js';

const shared = sharedStateFields;

/**
 * The result of a turn (REST turns, the socket's `turn_result`). Its keys are listed in the order the engine writes
 * them (`core/src/session/turn-result.ts`), so the documents show the fields in the order clients receive them.
 */
export const turnResultSchema = z.strictObject({
  appraisal: appraisalSchema,
  prediction_error: unit,
  prediction_errors: predictionErrors,
  emotion_delta: z.strictObject({ V: range(-2, 2), A: signed, D: range(-2, 2) }),
  new_emotion: vadSchema,
  emotion_intensity: shared.emotion_intensity,
  intensity_level: shared.intensity_level,
  discrete_emotion: shared.discrete_emotion,
  secondary_emotion: shared.secondary_emotion,
  mood: shared.mood,
  soul_stage: shared.soul_stage,
  body_budget: shared.body_budget,
  stage_transition: stageTransitionSchema.nullable(),
  need_state: shared.need_state,
  interpersonal: shared.interpersonal,
  prompt_data: promptDataSchema,
  speaker: participantSchema
    .nullable()
    .describe('Who spoke (`from`, with the name the session knows), or null for turns without `from`'),
  to: addresseeSchema,
  reply: replyAdviceSchema,
  memory: z
    .strictObject({
      recalled: z
        .array(
          z.strictObject({
            id: z.string(),
            strength: z.number().min(0).describe('How strongly it was held when recalled (1: new)'),
            similarity: unit.describe('How much the turn shared with it (cosine of cue words)'),
          }),
        )
        .max(3)
        .describe('Episodes the turn brought back to mind, most relevant first'),
      encoded: nullableString.describe('The id of the episode this turn became, or null'),
    })
    .describe('What memory did this turn (docs/memory.md)'),
  explanation: turnExplanationSchema,
  appraiser: z
    .string()
    .optional()
    .describe(
      'Text turns only: reader (the offline reader), llm (the configured model), or a custom appraiser',
    ),
  fallback_reason: nullableString
    .optional()
    .describe('Text turns only: why the LLM was not used for this turn (null when it was, or none is set)'),
  perceived: perceivedSchema
    .nullable()
    .optional()
    .describe('Text turns only: what the offline reader read in the message (null when the LLM answered)'),
  roles: rolesSchema
    .nullable()
    .optional()
    .describe(
      'Text turns only: who did what to whom, as the appraiser understood the message (null when it reads no roles)',
    ),
});
