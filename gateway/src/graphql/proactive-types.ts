import {
  type AckResult,
  type ProactiveAction,
  type ProactivePreferences,
  type ProactivePriority,
  proactiveTypes,
} from '@limbic/core';
import { allOf, builder } from './builder.js';
import { ParticipantRef } from './group-types.js';

/** The three kinds of proactive action. */
export const ProactiveTypeEnum = builder.enumType('ProactiveType', {
  description:
    'attachment_seeking: the character seeks connection; need_deficit: a basic need is unmet; emotional_overflow: intensity exceeded the coping threshold.',
  values: proactiveTypes,
});

const PriorityEnum = builder.enumType('ProactivePriority', {
  values: allOf<ProactivePriority>()(['low', 'medium', 'high']),
});

const metadataTypes = ['string', 'number', 'boolean'] as const;
const MetadataTypeEnum = builder.enumType('MetadataValueType', {
  description: 'The JSON type of a metadata value (a null value has no type).',
  values: metadataTypes,
});

/** One metadata entry: REST's `metadata` object as a list of typed key/value pairs. */
export interface MetadataEntry {
  key: string;
  value: string | null;
  type: (typeof metadataTypes)[number] | null;
}

const MetadataEntryRef = builder.objectRef<MetadataEntry>('MetadataEntry').implement({
  description:
    'One entry of what triggered a proactive action. `value` is the value as text (numbers and booleans in JSON form); `type` says how to read it. Both are null for a null value.',
  fields: (t) => ({
    key: t.exposeString('key'),
    value: t.exposeString('value', { nullable: true }),
    type: t.expose('type', { type: MetadataTypeEnum, nullable: true }),
  }),
});

/** Turns an action's metadata object into entries, in key order. */
export function toMetadataEntries(metadata: ProactiveAction['metadata']): MetadataEntry[] {
  return Object.keys(metadata)
    .sort()
    .map((key) => {
      const value = metadata[key] ?? null;
      if (value === null) return { key, value: null, type: null };
      if (typeof value === 'string') return { key, value, type: 'string' };
      return { key, value: JSON.stringify(value), type: typeof value === 'number' ? 'number' : 'boolean' };
    });
}

/** A proactive action (REST GET /v1/proactive/:sessionId). */
export const ProactiveActionRef = builder.objectRef<ProactiveAction>('ProactiveAction').implement({
  description: 'Something the character wants to initiate without user input.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Unique and time-sortable' }),
    type: t.expose('type', { type: ProactiveTypeEnum }),
    message: t.exposeString('message', { description: 'A suggested message in the character’s language' }),
    priority: t.expose('priority', { type: PriorityEnum }),
    metadata: t.field({
      type: [MetadataEntryRef],
      description: 'What triggered it: the trigger’s inputs and threshold, and the emotion at the time',
      resolve: (a) => toMetadataEntries(a.metadata),
    }),
    timestamp: t.string({
      description: 'ISO 8601 engine-clock time it arose',
      resolve: (a) => new Date(a.createdAt).toISOString(),
    }),
    participant: t.field({
      type: ParticipantRef,
      nullable: true,
      description:
        'Group sessions: the participant the action is addressed to; null when the session knows nobody by id',
      resolve: (a) => a.participant ?? null,
    }),
  }),
});

const TriggersRef = builder.objectRef<ProactivePreferences['triggers']>('ProactiveTriggers').implement({
  description: 'Per-trigger toggles.',
  fields: (t) => Object.fromEntries(proactiveTypes.map((type) => [type, t.exposeBoolean(type)])),
});

/** Proactive preferences, complete. */
export const PreferencesRef = builder.objectRef<ProactivePreferences>('ProactivePreferences').implement({
  description: 'Proactive preferences: off for every session until set.',
  fields: (t) => ({
    enabled: t.exposeBoolean('enabled'),
    triggers: t.expose('triggers', { type: TriggersRef }),
    cooldown_hours: t.exposeFloat('cooldown_hours', { description: 'Minimum hours between two actions' }),
  }),
});

/** The answer of setProactivePreferences (REST PUT /v1/proactive/:sessionId/preferences). */
export const PreferencesResultRef = builder
  .objectRef<{ sessionId: string; preferences: ProactivePreferences }>('PreferencesResult')
  .implement({
    fields: (t) => ({
      sessionId: t.exposeID('sessionId'),
      preferences: t.expose('preferences', { type: PreferencesRef }),
    }),
  });

/** The answer of ackProactive (REST POST /v1/proactive/:sessionId/ack). */
export const AcknowledgedRef = builder.objectRef<AckResult>('Acknowledged').implement({
  description: 'The action is acknowledged (now, or it already was) and will not be delivered again.',
  fields: (t) => ({
    action_id: t.exposeID('action_id'),
    acknowledged: t.exposeBoolean('acknowledged'),
  }),
});
