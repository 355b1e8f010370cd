import { isLimbicError, type SessionDetails, toValidationError } from '@limbic/core';
import { builder, type GraphQLContext } from './builder.js';
import { withoutNulls } from './inputs.js';
import {
  MemoriesForgottenRef,
  type MemoryConnection,
  MemoryConnectionRef,
  MemorySettingsInput,
  MemorySettingsRef,
  MemorySettingsResultRef,
} from './memory-view-types.js';
import { ForgottenRef } from './participant-types.js';
import { ownerOf, sessionIdArg } from './queries.js';
import { checkFirst, connectionOf, SessionDetailsRef } from './session-types.js';

// A session's episodic memory in GraphQL (docs/memory.md): the `memories` connection and `memorySettings` on a
// session, and the mutations that erase memories or change the settings. Each is REST's route of the same purpose,
// with REST's errors: another key's session is NOT_FOUND, here as there.

// The core names REST's page parameters; here they are the field's arguments.
const argumentNames: Record<string, string> = { cursor: 'after', limit: 'first' };

async function listMemories(
  ctx: GraphQLContext,
  sessionId: string,
  args: { first: number; after: string | null; participant: string | null; query: string | null },
): Promise<MemoryConnection> {
  checkFirst(args.first);
  try {
    const page = await ctx.gateway.service.memories.list(ownerOf(ctx), sessionId, {
      cursor: args.after,
      limit: args.first,
      ...(args.participant === null ? {} : { participant: args.participant }),
      ...(args.query === null ? {} : { query: args.query }),
    });
    return connectionOf(page.memories, (node) => node.id, page.cursor);
  } catch (error) {
    if (!isLimbicError(error, 'VALIDATION_ERROR')) throw error;
    throw toValidationError(
      'page',
      error.issues.map((issue) => ({ ...issue, path: argumentNames[issue.path] ?? issue.path })),
    );
  }
}

builder.objectFields(SessionDetailsRef, (t) => ({
  memories: t.field({
    type: MemoryConnectionRef,
    nullable: true,
    description:
      'What the character remembers, newest first, `first` (1-100) at a time, each with how strongly it is held now; optionally only the memories involving `participant`, or matching the text `query` (REST GET /v1/persona/:id/memories). Null (with the error) for a bad argument.',
    args: {
      first: t.arg.int({ required: true, defaultValue: 20, description: 'Page size, 1-100' }),
      after: t.arg.string({ description: 'The endCursor (or an edge cursor) of the previous page' }),
      participant: t.arg.id({ description: 'Only the memories that involve this participant id' }),
      query: t.arg.string({
        description:
          'Only the memories whose text shares a content word with this text, or contains it (at most 200 characters)',
      }),
    },
    resolve: (session: SessionDetails, { first, after, participant, query }, ctx) =>
      listMemories(ctx, session.sessionId, {
        first,
        after: after ?? null,
        participant: participant == null ? null : String(participant),
        query: query ?? null,
      }),
  }),
  memorySettings: t.field({
    type: MemorySettingsRef,
    description: 'The memory settings (REST GET /v1/persona/:id/memory/settings).',
    resolve: (session: SessionDetails, _args, ctx) =>
      ctx.gateway.service.memories.settings(ownerOf(ctx), session.sessionId),
  }),
}));

builder.mutationFields((t) => ({
  forgetMemory: t.field({
    type: ForgottenRef,
    nullable: true,
    description:
      'Forgets one memory for good (REST DELETE /v1/persona/:id/memories/:memoryId). NOT_FOUND says whether the session or the memory is missing; VALIDATION_ERROR for an id that is no memory id.',
    args: { sessionId: t.arg.id({ required: true }), memoryId: t.arg.id({ required: true }) },
    resolve: (_root, { sessionId, memoryId }, ctx) =>
      ctx.gateway.service.memories.forget(ownerOf(ctx), sessionIdArg(sessionId), String(memoryId)),
  }),
  forgetAllMemories: t.field({
    type: MemoriesForgottenRef,
    nullable: true,
    description:
      'Forgets every memory of a session, faded ones too; the settings stay (REST DELETE /v1/persona/:id/memories).',
    args: { sessionId: t.arg.id({ required: true }) },
    resolve: (_root, { sessionId }, ctx) =>
      ctx.gateway.service.memories.forgetAll(ownerOf(ctx), sessionIdArg(sessionId)),
  }),
  setMemorySettings: t.field({
    type: MemorySettingsResultRef,
    nullable: true,
    description:
      'Replaces the memory settings; store_text false also drops the text of the memories held, a lower max_episodes the oldest (REST PUT /v1/persona/:id/memory/settings).',
    args: {
      sessionId: t.arg.id({ required: true }),
      settings: t.arg({ type: MemorySettingsInput, required: true }),
    },
    resolve: (_root, { sessionId, settings }, ctx) =>
      ctx.gateway.service.memories.setSettings(ownerOf(ctx), sessionIdArg(sessionId), withoutNulls(settings)),
  }),
}));
