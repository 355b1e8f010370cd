import { defaultCooldownHours, defaultMaxPerDay, facets, presetIds } from '@limbic/core';
import { z } from 'zod';
import { overrideViewSchema } from './controls.js';
import { outreachViewSchema } from './outreach.js';
import { participantPolicySchema, preferencesPolicyFields } from './policy.js';
import { count, dateTime, nullableString, objectOf, oneOf, range, unit } from './primitives.js';
import { interpersonalSchema, participantId, stateSnapshotSchema, vadSchema } from './state.js';

/** The HEXACO domains, each in [0, 1]. */
const hexaco = { O: unit, C: unit, E: unit, A: unit, N: unit, H: unit };

/** The emotion dynamics of a session (derived from personality unless overridden). */
const emotionConfig = {
  baseline: vadSchema,
  reactivity: range(0, 2),
  positive_gain: range(0, 3),
  negative_gain: range(0, 3),
  arousal_gain: range(0, 3),
  emotion_half_life_seconds: range(0, 604_800),
  mood_half_life_seconds: range(0, 2_592_000),
  mood_pull: unit,
  expectation_learning_rate: unit,
  coping_threshold: unit,
  energy_recovery_per_hour: range(0, 10),
  stress_half_life_seconds: range(0, 2_592_000),
  turn_seconds: range(0, 3600),
};

/** The resolved persona of a session. */
export const personaSchema = z.strictObject({
  preset: oneOf(presetIds).nullable(),
  description: z.string(),
  identity: z.strictObject({
    name: z.string(),
    core_values: z.array(z.string()),
    speaking_style: z.string().optional(),
    role: z.string().optional(),
    language: z.string(),
  }),
  personality: z.strictObject({ ...hexaco, facets: objectOf(facets, unit) }),
  goals: z.array(z.string()),
  emotion_config: z.strictObject(emotionConfig).partial(),
});

/** The fields every view of a session starts with. */
const sessionInfo = {
  sessionId: z.string(),
  persona: personaSchema,
  config: z.strictObject(emotionConfig),
  createdAt: dateTime,
};

/** The answer of creating a session (`POST /v1/persona`). */
export const sessionInfoSchema = z.strictObject(sessionInfo);

/** The proactive preferences of a session. */
export const proactivePreferencesSchema = z.strictObject({
  enabled: z.boolean(),
  triggers: z.strictObject({
    attachment_seeking: z.boolean(),
    need_deficit: z.boolean(),
    emotional_overflow: z.boolean(),
  }),
  cooldown_hours: range(0, 720),
  ...preferencesPolicyFields,
});

/** A session with its preferences and state now (`GET /v1/persona/:id`). */
export const sessionDetailsSchema = z.strictObject({
  ...sessionInfo,
  updatedAt: dateTime,
  preferences: proactivePreferencesSchema,
  state: stateSnapshotSchema,
  last_override: overrideViewSchema
    .nullable()
    .describe('The latest operator override (docs/time-control.md), or null when there was none'),
  outreach: outreachViewSchema,
});

/** One entry of the session list. */
export const sessionSummarySchema = z.strictObject({
  sessionId: z.string(),
  name: z.string(),
  preset: nullableString,
  description: z.string(),
  createdAt: dateTime,
  updatedAt: dateTime,
  turns: count,
});

/** A page of the session list (`GET /v1/persona`), newest first unless `order` is `oldest`. */
export const sessionPageSchema = z.strictObject({
  sessions: z.array(sessionSummarySchema),
  cursor: nullableString,
});

/** The answer of deleting a session. */
export const deletedSchema = z.strictObject({ deleted: z.literal(true), id: z.string() });

/** The answer of setting preferences (REST `PUT …/preferences`, the socket's `proactive_prefs`). */
export const preferencesResultSchema = z.strictObject({
  sessionId: z.string(),
  preferences: proactivePreferencesSchema,
});

/** A participant of a group session with the relationship with them. */
export const participantSummarySchema = z.strictObject({
  id: participantId,
  name: nullableString,
  interpersonal: interpersonalSchema,
  turns: count,
  first_seen_at: dateTime,
  last_seen_at: dateTime,
  policy: participantPolicySchema.optional(),
});

/** A page of a session's participants, in id order. */
export const participantPageSchema = z.strictObject({
  participants: z.array(participantSummarySchema),
  cursor: nullableString,
});

/** The answer of forgetting a participant, or one memory (`id` is then the memory's). */
export const forgottenSchema = z.strictObject({ forgotten: z.literal(true), id: participantId });

/** What `defaultCooldownHours` says to the preferences' input description. */
export const preferencesInputNote = `Replaces the preferences: omitted triggers are on, an omitted cooldown_hours is ${defaultCooldownHours}, an omitted time_zone UTC, omitted quiet_hours none, an omitted max_per_day ${defaultMaxPerDay}`;
