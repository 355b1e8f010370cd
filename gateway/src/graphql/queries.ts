import { isLimbicError, type SessionOrder, toValidationError } from '@limbic/core';
import { checkHealth } from '../routes/health.js';
import { presetSummaries } from '../routes/presets.js';
import { sessionIdParam } from '../routes/route-input.js';
import { builder, type GraphQLContext } from './builder.js';
import { StateSnapshotRef } from './emotion-types.js';
import { unauthorized } from './errors.js';
import { HealthRef, PresetSummaryRef } from './meta-types.js';
import { ProactiveActionRef } from './proactive-types.js';
import { edgeCursorOf, orderArg, SessionOrderEnum } from './session-order.js';
import {
  checkFirst,
  connectionOf,
  type SessionConnection,
  SessionConnectionRef,
  SessionDetailsRef,
  SessionSummaryRef,
} from './session-types.js';

/** The owner of the caller's sessions. @throws GraphQLError UNAUTHORIZED when the operation was not admitted. */
export function ownerOf(ctx: GraphQLContext): string {
  if (!ctx.principal) throw unauthorized();
  return ctx.principal.owner;
}

/** A session id argument, checked like a REST path parameter (an over-long id is NOT_FOUND). */
export function sessionIdArg(id: string | number): string {
  return sessionIdParam(String(id));
}

async function listSessions(
  ctx: GraphQLContext,
  first: number,
  after: string | null,
  order: SessionOrder | null | undefined,
): Promise<SessionConnection> {
  checkFirst(first);
  try {
    const options = { cursor: after, limit: first, ...orderArg(order) };
    const page = await ctx.gateway.service.listSessions(ownerOf(ctx), options);
    return connectionOf(page.sessions, (node) => node.sessionId, page.cursor, edgeCursorOf(order, after));
  } catch (error) {
    // The core names REST's `cursor`; here the argument is `after`.
    if (!isLimbicError(error, 'VALIDATION_ERROR')) throw error;
    throw toValidationError(
      error.issues[0]?.path === 'order' ? 'order' : 'cursor',
      error.issues.map((issue) => (issue.path === 'cursor' ? { ...issue, path: 'after' } : issue)),
    );
  }
}

builder.queryType({
  description: 'Every root field is null when it fails; its error (with extensions.code) is in `errors`.',
  fields: (t) => ({
    session: t.field({
      type: SessionDetailsRef,
      nullable: true,
      description: 'A session with its preferences and its state now (REST GET /v1/persona/:id).',
      args: { id: t.arg.id({ required: true }) },
      resolve: (_root, { id }, ctx) => ctx.gateway.service.getSession(ownerOf(ctx), sessionIdArg(id)),
    }),
    sessions: t.field({
      type: SessionConnectionRef,
      nullable: true,
      description:
        'Your sessions, newest first unless `order` is `oldest`, `first` (1-100) at a time (REST GET /v1/persona).',
      args: {
        first: t.arg.int({ required: true, defaultValue: 20, description: 'Page size, 1-100' }),
        after: t.arg.string({ description: 'The endCursor (or an edge cursor) of the previous page' }),
        order: t.arg({
          type: SessionOrderEnum,
          description: 'newest or oldest; default: the order of `after`',
        }),
      },
      resolve: (_root, { first, after, order }, ctx) => listSessions(ctx, first, after ?? null, order),
    }),
    state: t.field({
      type: StateSnapshotRef,
      nullable: true,
      description: 'The state snapshot now (REST GET /v1/state/:sessionId).',
      args: { sessionId: t.arg.id({ required: true }) },
      resolve: (_root, { sessionId }, ctx) =>
        ctx.gateway.service.getState(ownerOf(ctx), sessionIdArg(sessionId)),
    }),
    proactiveActions: t.field({
      type: [ProactiveActionRef],
      nullable: true,
      description:
        'The pending proactive actions, oldest first; a due time-driven check runs first (REST GET /v1/proactive/:sessionId).',
      args: { sessionId: t.arg.id({ required: true }) },
      resolve: (_root, { sessionId }, ctx) =>
        ctx.gateway.service.pendingActions(ownerOf(ctx), sessionIdArg(sessionId)),
    }),
    presets: t.field({
      type: [PresetSummaryRef],
      description: 'The built-in presets (REST GET /v1/presets).',
      resolve: () => presetSummaries(),
    }),
    health: t.field({
      type: HealthRef,
      nullable: true,
      description: 'The gateway’s health (REST GET /v1/health). Needs no key.',
      resolve: (_root, _args, ctx) => checkHealth(ctx.gateway),
    }),
  }),
});

builder.objectField(SessionSummaryRef, 'state', (t) =>
  t.field({
    type: StateSnapshotRef,
    description: "The session's state now (current emotion, body budget, ...)",
    resolve: (summary, _args, ctx) => ctx.gateway.service.getState(ownerOf(ctx), summary.sessionId),
  }),
);
