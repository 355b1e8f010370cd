import { toValidationError } from '@limbic/core';
import { builder } from './builder.js';
import { ownerOf } from './queries.js';
import { SessionDetailsRef, SessionInfoRef } from './session-types.js';

// Session snapshots in GraphQL (docs/snapshots.md): a session's `snapshot` and the `importSession` mutation, REST's
// GET /v1/persona/:id/snapshot and POST /v1/persona {snapshot} with the same document, validation and errors. The
// schema has no custom scalars, so the document travels as JSON text in a String: it is a file to keep and move,
// described by its own JSON Schema, not data to select field by field (docs/graphql.md, "Snapshots").

/** The snapshot argument parsed from its JSON text. @throws LimbicError VALIDATION_ERROR when it is not JSON. */
function parseSnapshotText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw toValidationError('snapshot', [
      { path: 'snapshot', message: 'must be the JSON text of a session snapshot document' },
    ]);
  }
}

builder.objectField(SessionDetailsRef, 'snapshot', (t) =>
  t.string({
    description:
      'The whole session as a versioned snapshot document, exactly as stored, in JSON text (REST GET /v1/persona/:id/snapshot; its JSON Schema is served at GET /v1/schemas/session-snapshot.json). It holds memories and names: treat it as personal data.',
    resolve: async (session, _args, ctx) =>
      JSON.stringify(await ctx.gateway.service.snapshots.export(ownerOf(ctx), session.sessionId)),
  }),
);

builder.mutationField('importSession', (t) =>
  t.field({
    type: SessionInfoRef,
    nullable: true,
    description:
      'Creates a NEW session (a new id, owned by the caller, within the plan’s session quota) from a snapshot document given as JSON text, as `session(id) { snapshot }` returns it (REST POST /v1/persona {snapshot}). The request body is limited to 128 KiB here, 8 MiB on REST. Errors: VALIDATION_ERROR naming the field (`snapshot.session.state.emotion.V`; a newer version names the supported ones), SESSION_LIMIT.',
    args: { snapshot: t.arg.string({ required: true }) },
    resolve: (_root, { snapshot }, ctx) => {
      const plan = ctx.principal?.plan;
      const quota = plan && Number.isFinite(plan.sessions) ? { maxSessions: plan.sessions } : {};
      return ctx.gateway.service.snapshots.import(ownerOf(ctx), parseSnapshotText(snapshot), quota);
    },
  }),
);
