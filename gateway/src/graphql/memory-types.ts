import type { PromptMemory, TurnMemory } from '@limbic/core';
import { builder } from './builder.js';
import { EmotionLabelEnum } from './enums.js';
import { ParticipantRef } from './group-types.js';

// The memory parts of a turn result and of prompt_data (docs/memory.md, "In prompt_data and the turn result"). The
// memory list, its settings and the mutations that erase memories are in memory-fields.ts.

const RecalledMemoryRef = builder.objectRef<TurnMemory['recalled'][number]>('RecalledMemory').implement({
  description: 'An episode a turn brought back to mind.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The memory id (`mem_…`), as the session’s `memories` lists it' }),
    strength: t.exposeFloat('strength', { description: 'How strongly it was held when recalled (1: new)' }),
    similarity: t.exposeFloat('similarity', {
      description: 'How much the turn shared with it (cosine of cue words), in [0, 1]',
    }),
  }),
});

/** What memory did in one turn (REST's `memory`). */
export const TurnMemoryRef = builder.objectRef<TurnMemory>('TurnMemory').implement({
  description: 'What memory did this turn: the episodes it recalled, and the episode it became.',
  fields: (t) => ({
    recalled: t.expose('recalled', {
      type: [RecalledMemoryRef],
      description: 'Episodes the turn brought back to mind, most relevant first (at most 3)',
    }),
    encoded: t.exposeID('encoded', {
      nullable: true,
      description:
        'The id of the episode this turn became, or null (it did not matter enough, or memory is off)',
    }),
  }),
});

/** A recalled episode in prompt_data (REST's `prompt_data.context.memories[]`). */
export const PromptMemoryRef = builder.objectRef<PromptMemory>('PromptMemory').implement({
  description:
    'A remembered episode that came back to mind this turn; `summary` and `sentence` are safe to quote (one line, no double quotes).',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The memory id (`mem_…`), as the session’s `memories` lists it' }),
    at: t.exposeString('at', { description: 'ISO 8601 engine-clock time of the episode' }),
    when: t.exposeString('when', {
      description: 'When, relative to this turn, in the locale (`Last Tuesday`)',
    }),
    summary: t.exposeString('summary', {
      nullable: true,
      description: 'What happened, or null when the session keeps no text',
    }),
    feeling: t.expose('feeling', { type: EmotionLabelEnum, description: 'How the character felt then' }),
    with: t.expose('with', {
      type: ParticipantRef,
      nullable: true,
      description:
        'Who spoke then (their name is never null here), or null for the person the character talks to',
    }),
    sentence: t.exposeString('sentence', {
      description: 'The memory as one sentence in the locale, as the context block writes it',
    }),
  }),
});
