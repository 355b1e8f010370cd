import { defaultMaxEpisodes, maxEpisodesLimit, maxEpisodeText } from '@limbic/core';
import { z } from 'zod';
import { count, dateTime, nullableString, signed, unit } from './primitives.js';
import { appraisalSchema, emotionLabel, participantId, participantSchema } from './state.js';

/** How the character felt right after an episode. */
export const episodeFeelingSchema = z
  .strictObject({ label: emotionLabel, V: signed, A: unit, D: signed, intensity: unit })
  .describe('How the character felt right after the episode: its label, V/A/D and intensity');

/** One remembered episode (`GET /v1/persona/:id/memories`, docs/memory.md). */
export const memoryViewSchema = z.strictObject({
  id: z.string().describe('`mem_…`: unique within the session'),
  at: dateTime.describe('Engine-clock time of the turn it came from'),
  text: z
    .string()
    .max(maxEpisodeText)
    .nullable()
    .describe(
      'What happened (a summary, or the message or event text), or null when the session keeps no text',
    ),
  speaker: participantSchema
    .nullable()
    .describe('Who spoke (with the name the session knows), or null for the person the character talks to'),
  participants: z.array(participantId).describe('Every participant the episode involves'),
  appraisal: appraisalSchema,
  feeling: episodeFeelingSchema,
  salience: unit.describe('How much it mattered when it happened'),
  strength: z
    .number()
    .min(0)
    .describe('How strongly it is held now: 1 when new, below 0.1 forgotten; rehearsal can lift it above 1'),
  rehearsals: count.describe('Spaced recalls that rehearsed it'),
  last_recalled_at: dateTime.nullable().describe('Time of its last rehearsal, or null'),
});

/** A page of a session's memories, newest first. */
export const memoryPageSchema = z.strictObject({
  memories: z.array(memoryViewSchema),
  cursor: nullableString,
});

/** A session's memory settings, complete. */
export const memorySettingsViewSchema = z.strictObject({
  enabled: z.boolean().describe('Whether turns are remembered and recalled at all'),
  store_text: z.boolean().describe('Whether an episode keeps the text of what happened'),
  max_episodes: z.int().min(1).max(maxEpisodesLimit).describe('Most episodes kept'),
});

/** The answer of reading or replacing memory settings (`GET`/`PUT /v1/persona/:id/memory/settings`). */
export const memorySettingsResultSchema = z.strictObject({
  sessionId: z.string(),
  settings: memorySettingsViewSchema,
});

/** The answer of forgetting every memory of a session (`DELETE /v1/persona/:id/memories`). */
export const memoriesForgottenSchema = z.strictObject({
  forgotten: z.literal(true),
  sessionId: z.string(),
  count: count.describe('How many memories were erased (faded episodes are erased too, not counted)'),
});

/** What the memory settings' input description says of omitted fields. */
export const memorySettingsInputNote = `Replaces the memory settings: an omitted field is at its default (enabled, text kept, ${defaultMaxEpisodes} episodes)`;
