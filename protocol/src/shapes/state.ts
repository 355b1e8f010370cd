import type { Roles as RoleFields } from '@limbic/core';
import {
  appraisalDimensions,
  emotionLabels,
  experienceKinds,
  intensityLevels,
  maxParticipantIdLength,
  readerCategories,
  readerGroups,
  replyReasons,
  soulStages,
  stageTransitionReasons,
} from '@limbic/core';
import { z } from 'zod';
import { count, dateTime, nullableString, objectOf, oneOf, range, signed, unit } from './primitives.js';
import { roleText, roleValues } from './role-text.js';

/** Valence, arousal, dominance. */
export const vadSchema = z.strictObject({ V: signed, A: unit, D: signed });

/** The six appraisal dimensions, each within its range. */
export const appraisalSchema = z.strictObject({
  goal_relevance: unit,
  goal_congruence: signed,
  expectedness: unit,
  controllability: unit,
  agency: signed,
  norm_compatibility: signed,
});

/** The id of a soul stage. */
export const stageId = oneOf(soulStages.map((stage) => stage.id));
/** An emotion label. */
export const emotionLabel = oneOf(emotionLabels);
/** An intensity in words. */
export const intensityLevel = oneOf(intensityLevels);
/** A participant id: any string of 1-128 characters the client chooses (a platform user id, say). */
export const participantId = z.string().min(1).max(maxParticipantIdLength);

/** Where the character is in its development. */
export const soulStageSchema = z.strictObject({
  stage: stageId,
  level: z.int().min(1).max(15),
  group: oneOf([...new Set(soulStages.map((stage) => stage.group))]),
  progress: unit,
});

/** A move from one soul stage to another, and why. */
export const stageTransitionSchema = z.strictObject({
  from: stageId,
  to: stageId,
  reason: oneOf(stageTransitionReasons),
  turns_in_previous: count,
});

/** The relationship with the person spoken with, each in [0, 1]. */
export const interpersonalSchema = z.strictObject({ rapport: unit, trust: unit, familiarity: unit });

/** A participant of a group session. */
export const participantSchema = z
  .strictObject({ id: participantId, name: nullableString })
  .describe(
    'A participant of a group session: the id turns name in `from`, and the name last given (or null)',
  );

/** Whom a turn was aimed at. */
export const addresseeSchema = z
  .union([oneOf(['character', 'everyone']), participantSchema])
  .describe('Whom a turn was aimed at: the character, everyone present, or one participant');

/** Whether the character should speak now. */
export const replyAdviceSchema = z
  .strictObject({ should: z.boolean(), reason: oneOf(replyReasons), urge: unit })
  .describe(
    'Whether the character should speak now, why, and its urge to speak; always should: true without `from`',
  );

/** The experience a message tells of, as the offline reader read it. */
export const experienceSchema = z
  .strictObject({
    kind: oneOf(experienceKinds).describe('What the experiencer feels'),
    valence: signed.describe('How pleasant the event is for them'),
    activation: signed.describe('How stirring the text is (0: an average sentence)'),
    narrative: range(0, 0.7).describe(
      'How much the text reads as a report of an event rather than an expression of feeling',
    ),
    strength: unit.describe('How much the evidence says the event matters'),
  })
  .describe('The experience a message tells of, as the offline reader read it');

/** What the offline reader read in a message. */
export const perceivedSchema = z.strictObject({
  emotion: oneOf(readerCategories),
  group: oneOf(readerGroups),
  confidence: unit,
  scores: objectOf(readerCategories, unit),
  experience: experienceSchema,
});

/** A field of a text turn's `roles`: its values, described one by one. */
function roleField<K extends keyof RoleFields>(field: K) {
  const { field: what, values } = roleText[field];
  const meanings = Object.entries(values).map(([value, meaning]) => `${value}: ${meaning}`);
  return oneOf(roleValues(field)).describe(`${what}. ${meanings.join('; ')}`);
}

/** Who did what to whom in a text turn's message. */
export const rolesSchema = z
  .strictObject({
    experiencer: roleField('experiencer'),
    cause: roleField('cause'),
    addressee: roleField('addressee'),
  })
  .describe('Who did what to whom in a text turn’s message, from the point of view of the character');

/** The fields a turn result and a state snapshot share. */
export const sharedStateFields = {
  discrete_emotion: emotionLabel,
  secondary_emotion: emotionLabel.nullable(),
  emotion_intensity: unit,
  intensity_level: intensityLevel,
  mood: vadSchema,
  body_budget: z.strictObject({ energy: unit, stress: unit }),
  soul_stage: soulStageSchema,
  need_state: z.strictObject({ belonging: unit, competence: unit, autonomy: unit }),
  interpersonal: interpersonalSchema,
};

/** The state of a session now (`GET /v1/state/:sessionId`, the socket's `state`). */
export const stateSnapshotSchema = z.strictObject({
  emotion: vadSchema,
  ...sharedStateFields,
  speaker: participantSchema
    .nullable()
    .describe('The participant who spoke last (interpersonal is the relationship with them), or null'),
  turns: count,
  at: dateTime,
});

/** The per-dimension prediction errors of a turn. */
export const predictionErrors = objectOf(appraisalDimensions, range(-2, 2));
