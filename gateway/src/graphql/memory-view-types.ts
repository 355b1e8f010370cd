import {
  defaultMaxEpisodes,
  type EpisodeFeeling,
  type MemoriesForgotten,
  type MemorySettings,
  type MemoryView,
  maxEpisodesLimit,
} from '@limbic/core';
import { builder } from './builder.js';
import { AppraisalRef } from './emotion-types.js';
import { EmotionLabelEnum } from './enums.js';
import { ParticipantRef } from './group-types.js';
import { type Connection, type Edge, PageInfoRef } from './session-types.js';

// The memory list and settings as GraphQL types, field for field the REST shapes of the same names
// (`@limbic/protocol/shapes`: MemoryView, MemorySettings, …); the fields and mutations that use them are in
// memory-fields.ts.

const EpisodeFeelingRef = builder.objectRef<EpisodeFeeling>('EpisodeFeeling').implement({
  description: 'How the character felt right after an episode.',
  fields: (t) => ({
    label: t.expose('label', { type: EmotionLabelEnum }),
    V: t.exposeFloat('V', { description: 'Valence, in [-1, 1]' }),
    A: t.exposeFloat('A', { description: 'Arousal, in [0, 1]' }),
    D: t.exposeFloat('D', { description: 'Dominance, in [-1, 1]' }),
    intensity: t.exposeFloat('intensity', { description: 'In [0, 1]' }),
  }),
});

/** One remembered episode (REST GET /v1/persona/:id/memories). */
export const MemoryViewRef = builder.objectRef<MemoryView>('MemoryView').implement({
  description:
    'One remembered episode: what happened, who was there, how it felt, and how strongly it is held now.',
  fields: (t) => ({
    id: t.exposeID('id', { description: '`mem_…`: unique within the session' }),
    at: t.exposeString('at', { description: 'ISO 8601 engine-clock time of the turn it came from' }),
    text: t.exposeString('text', {
      nullable: true,
      description:
        'What happened (a summary, or the message or event text), or null when the session keeps no text',
    }),
    speaker: t.expose('speaker', {
      type: ParticipantRef,
      nullable: true,
      description: 'Who spoke, or null for the person the character talks to',
    }),
    participants: t.exposeIDList('participants', { description: 'Every participant the episode involves' }),
    appraisal: t.expose('appraisal', { type: AppraisalRef }),
    feeling: t.expose('feeling', { type: EpisodeFeelingRef }),
    salience: t.exposeFloat('salience', { description: 'How much it mattered when it happened, in [0, 1]' }),
    strength: t.exposeFloat('strength', {
      description:
        'How strongly it is held now: 1 when new, below 0.1 forgotten; rehearsal can lift it above 1',
    }),
    rehearsals: t.exposeInt('rehearsals', { description: 'Spaced recalls that rehearsed it' }),
    last_recalled_at: t.exposeString('last_recalled_at', {
      nullable: true,
      description: 'ISO 8601 time of its last rehearsal, or null',
    }),
  }),
});

/** A page of memories as a cursor connection. */
export type MemoryConnection = Connection<MemoryView>;

const MemoryEdgeRef = builder.objectRef<Edge<MemoryView>>('MemoryEdge').implement({
  fields: (t) => ({
    cursor: t.exposeString('cursor', { description: 'Pass as `after` to list the memories after this one' }),
    node: t.expose('node', { type: MemoryViewRef }),
  }),
});

/** The memory connection. */
export const MemoryConnectionRef = builder.objectRef<MemoryConnection>('MemoryConnection').implement({
  description: 'A page of memories, newest first.',
  fields: (t) => ({
    edges: t.expose('edges', { type: [MemoryEdgeRef] }),
    nodes: t.field({ type: [MemoryViewRef], resolve: (c) => c.edges.map((e) => e.node) }),
    pageInfo: t.expose('pageInfo', { type: PageInfoRef }),
  }),
});

/** A session's memory settings (REST GET /v1/persona/:id/memory/settings's `settings`). */
export const MemorySettingsRef = builder.objectRef<MemorySettings>('MemorySettings').implement({
  description: 'What a session remembers (docs/memory.md, "Settings and limits").',
  fields: (t) => ({
    enabled: t.exposeBoolean('enabled', { description: 'Whether turns are remembered and recalled at all' }),
    store_text: t.exposeBoolean('store_text', {
      description: 'Whether an episode keeps the text of what happened',
    }),
    max_episodes: t.exposeInt('max_episodes', { description: `Most episodes kept, 1-${maxEpisodesLimit}` }),
  }),
});

/** The answer of setMemorySettings (REST PUT /v1/persona/:id/memory/settings). */
export const MemorySettingsResultRef = builder
  .objectRef<{ sessionId: string; settings: MemorySettings }>('MemorySettingsResult')
  .implement({
    fields: (t) => ({
      sessionId: t.exposeID('sessionId'),
      settings: t.expose('settings', { type: MemorySettingsRef }),
    }),
  });

/** The answer of forgetAllMemories (REST DELETE /v1/persona/:id/memories). */
export const MemoriesForgottenRef = builder.objectRef<MemoriesForgotten>('MemoriesForgotten').implement({
  fields: (t) => ({
    forgotten: t.exposeBoolean('forgotten'),
    sessionId: t.exposeID('sessionId'),
    count: t.exposeInt('count', {
      description: 'How many memories were erased (faded episodes are erased too, not counted)',
    }),
  }),
});

/** REST PUT /v1/persona/:id/memory/settings's body. */
export const MemorySettingsInput = builder.inputType('MemorySettingsInput', {
  description: 'Replaces the memory settings: an omitted field is at its default.',
  fields: (t) => ({
    enabled: t.boolean({ description: 'Default true' }),
    store_text: t.boolean({
      description: 'Default true; false also drops the text of the memories held',
    }),
    max_episodes: t.int({
      description: `1-${maxEpisodesLimit}, default ${defaultMaxEpisodes}; lowering it drops the oldest`,
    }),
  }),
});
