// The whole snapshot document (docs/snapshots.md): the one schema that the import validates with, that the JSON
// Schema in protocol/schemas/ is generated from, and whose inferred type the export builds.
import { z } from 'zod';
import { emotionLabels } from '../labels/emotion-label.js';
import { maxEpisodesLimit, maxEpisodeText, maxTraces } from '../memory/episode.js';
import { domains, facets } from '../persona/hexaco.js';
import { emotionConfigSchema, identitySchema } from '../persona/persona-schema.js';
import { presetIds } from '../persona/presets.js';
import { proactiveTypes } from '../proactive/preferences.js';
import { acknowledgedMemory } from '../proactive/proactive-action.js';
import { snapshotActivitySchema, snapshotOverridesSchema } from './snapshot-extras.js';
import {
  flag,
  idOf,
  int,
  list,
  nullableTime,
  num,
  oneOf,
  participantId,
  participantName,
  signed,
  text,
  time,
  unit,
} from './snapshot-fields.js';
import { snapshotActionTimesSchema, snapshotPolicyFields, snapshotReasonSchema } from './snapshot-policy.js';
import { snapshotStateSchema, strictAppraisalSchema } from './snapshot-state-schema.js';

/** The `format` of every Limbic session snapshot. */
export const snapshotFormat = 'limbic.session';
/** The snapshot version this Limbic writes, and the newest it reads. */
export const snapshotVersion = 1;
/** Where the JSON Schema of version 1 is published: the document's `$schema` (the gateway serves the same bytes). */
export const snapshotSchemaUrl =
  'https://raw.githubusercontent.com/limbic-ai/limbic/main/protocol/schemas/limbic-session-snapshot.v1.json';
/** Most metadata entries a pending action may carry. */
export const maxMetadataEntries = 32;

/** The resolved persona: every domain and facet has its value, as the session keeps it. */
export const snapshotPersonaSchema = z.strictObject(
  {
    preset: oneOf(presetIds).nullable(),
    description: text(1000),
    identity: identitySchema.required({ name: true, core_values: true, language: true }),
    personality: z.strictObject(
      {
        ...(Object.fromEntries(domains.map((d) => [d, unit])) as Record<
          (typeof domains)[number],
          typeof unit
        >),
        facets: z.strictObject(
          Object.fromEntries(facets.map((f) => [f, unit])) as Record<string, typeof unit>,
          {
            error: 'must be an object with all 24 HEXACO facets',
          },
        ),
      },
      { error: 'must be an object with the six HEXACO domains and facets' },
    ),
    goals: list(text(300), 20, 'strings of at most 300 characters'),
    emotion_config: emotionConfigSchema.describe(
      'Only the emotion_config fields the definition set explicitly; the rest are derived from personality',
    ),
  },
  { error: 'must be an object' },
);

const metadataValue = z.union([text(1000), z.number(), z.boolean(), z.null()], {
  error: 'must be a string, a number, a boolean or null',
});

/** A pending proactive action (ProactiveAction). */
export const snapshotActionSchema = z.strictObject(
  {
    id: idOf('act_', 64),
    type: oneOf(proactiveTypes),
    message: text(4000),
    priority: oneOf(['low', 'medium', 'high'] as const),
    metadata: z
      .record(text(64), metadataValue, { error: 'must be an object' })
      .refine((m) => Object.keys(m).length <= maxMetadataEntries, {
        error: `must have at most ${maxMetadataEntries} entries`,
      }),
    created_at: time,
    participant: z.strictObject({ id: participantId, name: participantName }).optional(),
    reason: snapshotReasonSchema,
  },
  { error: 'must be a proactive action object' },
);

/** The proactive part of a session (ProactiveState). */
export const snapshotProactiveSchema = z.strictObject(
  {
    preferences: z.strictObject(
      {
        enabled: flag,
        triggers: z.strictObject(
          Object.fromEntries(proactiveTypes.map((t) => [t, flag])) as Record<
            (typeof proactiveTypes)[number],
            typeof flag
          >,
          { error: `must be an object with ${proactiveTypes.join(', ')}` },
        ),
        cooldown_hours: num(0, 720),
        ...snapshotPolicyFields,
      },
      { error: 'must be an object' },
    ),
    pending: list(snapshotActionSchema, proactiveTypes.length, 'actions (one per type)'),
    last_action_at: nullableTime,
    raised_in_absence: z.strictObject(
      { since: time, types: list(oneOf(proactiveTypes), proactiveTypes.length, 'proactive types') },
      { error: 'must be an object with since and types' },
    ),
    acknowledged: list(idOf('act_', 64), acknowledgedMemory, 'action ids'),
    action_times: snapshotActionTimesSchema,
  },
  { error: 'must be an object' },
);

/** One remembered episode (MemoryEpisode). */
export const snapshotEpisodeSchema = z.strictObject(
  {
    id: idOf('mem_', 11).describe('mem_ and the base-36 number of the turn that encoded it'),
    at: time,
    text: text(maxEpisodeText).nullable(),
    cues: list(text(maxEpisodeText), maxEpisodeText, 'cue words'),
    speaker: participantId.nullable(),
    participants: list(participantId, 1000, 'participant ids'),
    appraisal: strictAppraisalSchema,
    feeling: z.strictObject(
      { label: oneOf(emotionLabels), V: signed, A: unit, D: signed, intensity: unit },
      { error: 'must be an object with label, V, A, D and intensity' },
    ),
    salience: unit,
    rehearsals: list(time, maxTraces, 'times'),
  },
  { error: 'must be a memory episode object' },
);

/** The session's memory: settings and episodes, oldest first (MemoryState). */
export const snapshotMemorySchema = z.strictObject(
  {
    settings: z.strictObject(
      { enabled: flag, store_text: flag, max_episodes: int(1, maxEpisodesLimit) },
      { error: 'must be an object with enabled, store_text and max_episodes' },
    ),
    episodes: list(snapshotEpisodeSchema, maxEpisodesLimit, 'episodes'),
  },
  { error: 'must be an object' },
);

/** The session of a snapshot: everything its record holds except the store's id, owner and version. */
export const snapshotSessionSchema = z.strictObject(
  {
    id: idOf('ses_', 124).describe(
      'The id of the exported session; an import gives the new session its own id',
    ),
    created_at: time,
    updated_at: time,
    persona: snapshotPersonaSchema,
    config: emotionConfigSchema
      .required()
      .describe(
        'The emotion dynamics the persona resolves to: informative, recomputed from persona on import',
      ),
    state: snapshotStateSchema,
    proactive: snapshotProactiveSchema,
    memory: snapshotMemorySchema,
    activity: snapshotActivitySchema,
    overrides: snapshotOverridesSchema,
    next_due_at: nullableTime.describe('When the scheduler should next check the session (ms), or null'),
  },
  { error: 'must be an object' },
);

/** A Limbic session snapshot, version 1: the whole session as a portable JSON document. */
export const sessionSnapshotSchema = z
  .strictObject(
    {
      $schema: z
        .string({ error: 'must be a string of at most 2048 characters' })
        .max(2048, { error: 'must be a string of at most 2048 characters' })
        .optional()
        .describe('The URL of this JSON Schema, for editors; not read on import'),
      format: z.literal(snapshotFormat, { error: `must be "${snapshotFormat}"` }),
      version: z.literal(snapshotVersion, { error: `must be ${snapshotVersion}` }),
      exported_at: z.iso.datetime({ error: 'must be an ISO 8601 UTC time' }),
      session: snapshotSessionSchema,
    },
    { error: 'must be an object' },
  )
  .describe('A Limbic session snapshot (docs/snapshots.md)');

/** A session snapshot document, as the export writes it and the import reads it. */
export type SessionSnapshot = z.infer<typeof sessionSnapshotSchema>;
