import { isLimbicError, type ParticipantSummary, type SessionDetails, toValidationError } from '@limbic/core';
import { builder, type GraphQLContext } from './builder.js';
import { InterpersonalRef } from './emotion-types.js';
import { ownerOf } from './queries.js';
import {
  type Connection,
  checkFirst,
  connectionOf,
  type Edge,
  PageInfoRef,
  SessionDetailsRef,
} from './session-types.js';

/** One edge of the participant connection. */
type ParticipantEdge = Edge<ParticipantSummary>;

/** A page of participants as a cursor connection. */
type ParticipantConnection = Connection<ParticipantSummary>;

/** A participant of a group session with the relationship now. */
export const ParticipantSummaryRef = builder.objectRef<ParticipantSummary>('ParticipantSummary').implement({
  description:
    'A participant of a group session with the character’s relationship with them now (REST GET /v1/persona/:id/participants).',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name', { nullable: true, description: 'Null when no name was ever given' }),
    interpersonal: t.expose('interpersonal', { type: InterpersonalRef }),
    turns: t.exposeInt('turns', { description: 'Turns they spoke' }),
    first_seen_at: t.exposeString('first_seen_at', { description: 'ISO 8601: first spoke or was addressed' }),
    last_seen_at: t.exposeString('last_seen_at', { description: 'ISO 8601: last spoke or was addressed' }),
  }),
});

const ParticipantEdgeRef = builder.objectRef<ParticipantEdge>('ParticipantEdge').implement({
  fields: (t) => ({
    cursor: t.exposeString('cursor', {
      description: 'Pass as `after` to list the participants after this one',
    }),
    node: t.expose('node', { type: ParticipantSummaryRef }),
  }),
});

const ParticipantConnectionRef = builder.objectRef<ParticipantConnection>('ParticipantConnection').implement({
  description: 'A page of participants, in id order.',
  fields: (t) => ({
    edges: t.expose('edges', { type: [ParticipantEdgeRef] }),
    nodes: t.field({ type: [ParticipantSummaryRef], resolve: (c) => c.edges.map((e) => e.node) }),
    pageInfo: t.expose('pageInfo', { type: PageInfoRef }),
  }),
});

// The core names REST's query parameters; here they are the field's arguments.
const argumentNames: Record<string, string> = { cursor: 'after', limit: 'first' };

async function listParticipants(
  ctx: GraphQLContext,
  sessionId: string,
  first: number,
  after: string | null,
): Promise<ParticipantConnection> {
  checkFirst(first);
  try {
    const page = await ctx.gateway.service.listParticipants(ownerOf(ctx), sessionId, {
      cursor: after,
      limit: first,
    });
    return connectionOf(page.participants, (node) => node.id, page.cursor);
  } catch (error) {
    if (!isLimbicError(error, 'VALIDATION_ERROR')) throw error;
    throw toValidationError(
      'page',
      error.issues.map((issue) => ({ ...issue, path: argumentNames[issue.path] ?? issue.path })),
    );
  }
}

builder.objectField(SessionDetailsRef, 'participants', (t) =>
  t.field({
    type: ParticipantConnectionRef,
    nullable: true,
    description:
      'The participants of a group session, in id order, `first` (1-100) at a time, each with the relationship now (REST GET /v1/persona/:id/participants). Empty for a session that never had a turn with `from`; null (with the error) for a bad `first` or `after`.',
    args: {
      first: t.arg.int({ required: true, defaultValue: 20, description: 'Page size, 1-100' }),
      after: t.arg.string({ description: 'The endCursor (or an edge cursor) of the previous page' }),
    },
    resolve: (session: SessionDetails, { first, after }, ctx) =>
      listParticipants(ctx, session.sessionId, first, after ?? null),
  }),
);

/** The answer of forgetParticipant (REST DELETE /v1/persona/:id/participants/:participantId). */
export const ForgottenRef = builder.objectRef<{ forgotten: true; id: string }>('Forgotten').implement({
  fields: (t) => ({ forgotten: t.exposeBoolean('forgotten'), id: t.exposeID('id') }),
});
