import {
  type RelationshipHealth,
  type RelationshipSignal,
  type RelationshipTrend,
  type RelationshipValues,
  type SessionDetails,
  signalIds,
} from '@limbic/core';
import { builder } from './builder.js';
import { InterpersonalRef } from './emotion-types.js';
import { ParticipantRef } from './group-types.js';
import { ownerOf } from './queries.js';
import { SessionDetailsRef } from './session-types.js';

// Relationship health in GraphQL (docs/relationship-health.md): the `relationship` field of a session, REST's
// GET /v1/persona/:id/relationship with the same answer and errors (another key's session is NOT_FOUND).

const SignalIdEnum = builder.enumType('SignalId', {
  description: 'A relationship signal (docs/relationship-health.md).',
  values: signalIds,
});

const RelationshipChangeRef = builder.objectRef<RelationshipValues>('RelationshipChange').implement({
  description: 'Now minus then, per value, in [−1, 1].',
  fields: (t) => ({
    rapport: t.exposeFloat('rapport'),
    trust: t.exposeFloat('trust'),
    familiarity: t.exposeFloat('familiarity'),
  }),
});

const RelationshipTrendRef = builder.objectRef<RelationshipTrend>('RelationshipTrend').implement({
  description: 'How the relationship changed over a number of days.',
  fields: (t) => ({
    date: t.exposeString('date', {
      description:
        'UTC date (YYYY-MM-DD) of `values`: the last day with a message at or before the days asked for',
    }),
    values: t.expose('values', {
      type: InterpersonalRef,
      description: 'The values after their last message that date',
    }),
    change: t.expose('change', { type: RelationshipChangeRef }),
  }),
});

const RelationshipSignalRef = builder.objectRef<RelationshipSignal>('RelationshipSignal').implement({
  description: 'A pattern an operator may want to look at: a signal, not a diagnosis.',
  fields: (t) => ({
    id: t.expose('id', { type: SignalIdEnum }),
    active: t.exposeBoolean('active'),
    since: t.exposeString('since', {
      nullable: true,
      description: 'ISO 8601: the message that first found it active, while it is active',
    }),
    value: t.exposeFloat('value'),
    threshold: t.exposeFloat('threshold'),
    window_days: t.exposeInt('window_days'),
    definition: t.exposeString('definition'),
    source: t.exposeString('source', { description: 'A citation, and whose choice the threshold is' }),
  }),
});

const RelationshipTrendsRef = builder.objectRef<RelationshipHealth['trend']>('RelationshipTrends').implement({
  fields: (t) => ({
    days_7: t.expose('days_7', { type: RelationshipTrendRef, nullable: true }),
    days_30: t.expose('days_30', { type: RelationshipTrendRef, nullable: true }),
  }),
});

const MessageCountsRef = builder.objectRef<RelationshipHealth['messages']>('MessageCounts').implement({
  description: 'The person’s messages over UTC days, today included.',
  fields: (t) => ({
    today: t.exposeInt('today'),
    last_7_days: t.exposeInt('last_7_days'),
    last_30_days: t.exposeInt('last_30_days'),
  }),
});

const RelationshipHealthRef = builder.objectRef<RelationshipHealth>('RelationshipHealth').implement({
  description: 'A person’s relationship health (REST GET /v1/persona/:id/relationship).',
  fields: (t) => ({
    session_id: t.exposeString('session_id'),
    participant: t.expose('participant', {
      type: ParticipantRef,
      nullable: true,
      description: 'Null for the default person (turns without `from`)',
    }),
    at: t.exposeString('at', { description: 'ISO 8601 engine-clock time the answer describes' }),
    time_zone: t.exposeString('time_zone', { description: 'IANA zone local hours are read in' }),
    interpersonal: t.expose('interpersonal', { type: InterpersonalRef }),
    trend: t.expose('trend', { type: RelationshipTrendsRef }),
    messages: t.expose('messages', { type: MessageCountsRef }),
    signals: t.expose('signals', { type: [RelationshipSignalRef] }),
  }),
});

builder.objectField(SessionDetailsRef, 'relationship', (t) =>
  t.field({
    type: RelationshipHealthRef,
    nullable: true,
    description:
      'The relationship with one person now, its trend over 7 and 30 days and the relationship signals (REST GET /v1/persona/:id/relationship): a participant’s, or without `participant` the default person’s. Null (with the error) for an unknown participant (NOT_FOUND) or a bad id (VALIDATION_ERROR).',
    args: { participant: t.arg.string({ description: 'A participant id (group sessions)' }) },
    resolve: (session: SessionDetails, { participant }, ctx) =>
      ctx.gateway.service.relationships.get(ownerOf(ctx), session.sessionId, {
        participant: participant ?? null,
      }),
  }),
);
