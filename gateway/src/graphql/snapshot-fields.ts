import { valueFromASTUntyped } from 'graphql';
import { builder } from './builder.js';
import { ownerOf } from './queries.js';
import { SessionDetailsRef, SessionInfoRef } from './session-types.js';

// Session snapshots in GraphQL (docs/snapshots.md): a session's `snapshot` and the `importSession` mutation, REST's
// GET /v1/persona/:id/snapshot and POST /v1/persona {snapshot} with the same document, validation and errors.

/** Any JSON value, as is: the snapshot document, whose shape its own JSON Schema describes. */
export const JsonRef = builder.scalarType('JSON', {
  description:
    'Any JSON value, passed through as is. The session snapshot document; its JSON Schema is served at GET /v1/schemas/session-snapshot.json.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => valueFromASTUntyped(ast, variables),
});

builder.objectField(SessionDetailsRef, 'snapshot', (t) =>
  t.field({
    type: JsonRef,
    description:
      'The whole session as a versioned snapshot document, exactly as stored (REST GET /v1/persona/:id/snapshot; docs/snapshots.md). It holds memories and names: treat it as personal data.',
    resolve: (session, _args, ctx) => ctx.gateway.service.snapshots.export(ownerOf(ctx), session.sessionId),
  }),
);

builder.mutationField('importSession', (t) =>
  t.field({
    type: SessionInfoRef,
    nullable: true,
    description:
      'Creates a NEW session (a new id, owned by the caller, within the plan’s session quota) from a snapshot document (REST POST /v1/persona {snapshot}). Pass it as a variable: the request body is limited to 128 KiB here, 8 MiB on REST. Errors: VALIDATION_ERROR naming the field (`snapshot.session.state.emotion.V`; a newer version names the supported ones), SESSION_LIMIT.',
    args: { snapshot: t.arg({ type: JsonRef, required: true }) },
    resolve: (_root, { snapshot }, ctx) => {
      const plan = ctx.principal?.plan;
      const quota = plan && Number.isFinite(plan.sessions) ? { maxSessions: plan.sessions } : {};
      return ctx.gateway.service.snapshots.import(ownerOf(ctx), snapshot, quota);
    },
  }),
);
