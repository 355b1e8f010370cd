import { parseAppraisalTurn, parseTextTurn } from '@limbic/core';
import { builder } from './builder.js';
import { TurnResultRef } from './emotion-types.js';
import {
  AppraisalTurnInput,
  PersonaDefinitionInput,
  runTurn,
  SetPreferencesInput,
  TextTurnInput,
  withoutNulls,
} from './inputs.js';
import { ForgottenRef } from './participant-types.js';
import { AcknowledgedRef, PreferencesResultRef } from './proactive-types.js';
import { ownerOf, sessionIdArg } from './queries.js';
import { DeletedRef, SessionInfoRef } from './session-types.js';

builder.mutationType({
  description: 'Every mutation is null when it fails; its error (with extensions.code) is in `errors`.',
  fields: (t) => ({
    createSession: t.field({
      type: SessionInfoRef,
      nullable: true,
      description:
        'Creates a session from a preset, a custom persona, or both (REST POST /v1/persona). A `description` alone asks the configured LLM to write the persona. Errors: VALIDATION_ERROR (also: a description alone and no LLM), INVALID_PRESET, SESSION_LIMIT, APPRAISER_FAILED (the LLM wrote no valid persona).',
      args: { input: t.arg({ type: PersonaDefinitionInput, required: true }) },
      resolve: (_root, { input }, ctx) => {
        const plan = ctx.principal?.plan;
        const quota = plan && Number.isFinite(plan.sessions) ? { maxSessions: plan.sessions } : {};
        return ctx.gateway.service.createSession(ownerOf(ctx), withoutNulls(input), quota);
      },
    }),
    deleteSession: t.field({
      type: DeletedRef,
      nullable: true,
      description:
        'Deletes a session and all its state; its subscriptions complete (REST DELETE /v1/persona/:id).',
      args: { id: t.arg.id({ required: true }) },
      resolve: (_root, { id }, ctx) => ctx.gateway.service.deleteSession(ownerOf(ctx), sessionIdArg(id)),
    }),
    appraisalTurn: t.field({
      type: TurnResultRef,
      nullable: true,
      description:
        'Processes a turn with a six-dimension appraisal (REST POST /v1/turn/appraisal). In a group, `from` names who acted and `to` whom they addressed.',
      args: { input: t.arg({ type: AppraisalTurnInput, required: true }) },
      resolve: (_root, { input }, ctx) =>
        runTurn(input, parseAppraisalTurn, (body) => ctx.gateway.service.appraisalTurn(ownerOf(ctx), body)),
    }),
    textTurn: t.field({
      type: TurnResultRef,
      nullable: true,
      description:
        'Processes a text turn: a message or an event (REST POST /v1/turn). In a group, `from` names who spoke and `to` whom they addressed.',
      args: { input: t.arg({ type: TextTurnInput, required: true }) },
      resolve: (_root, { input }, ctx) =>
        runTurn(input, parseTextTurn, (body) => ctx.gateway.service.textTurn(ownerOf(ctx), body)),
    }),
    forgetParticipant: t.field({
      type: ForgottenRef,
      nullable: true,
      description:
        'Forgets a participant of a group session: the relationship with them and everything the session holds about them; the feelings stay (REST DELETE /v1/persona/:id/participants/:participantId). NOT_FOUND says whether the session or the participant is missing.',
      args: { sessionId: t.arg.id({ required: true }), participantId: t.arg.id({ required: true }) },
      resolve: (_root, { sessionId, participantId }, ctx) =>
        ctx.gateway.service.forgetParticipant(ownerOf(ctx), sessionIdArg(sessionId), String(participantId)),
    }),
    setProactivePreferences: t.field({
      type: PreferencesResultRef,
      nullable: true,
      description: 'Replaces the proactive preferences (REST PUT /v1/proactive/:sessionId/preferences).',
      args: { input: t.arg({ type: SetPreferencesInput, required: true }) },
      resolve: (_root, { input }, ctx) =>
        ctx.gateway.service.setPreferences(
          ownerOf(ctx),
          sessionIdArg(input.sessionId),
          withoutNulls(input.preferences),
        ),
    }),
    ackProactive: t.field({
      type: AcknowledgedRef,
      nullable: true,
      description:
        'Acknowledges a proactive action so it is never delivered again; idempotent (REST POST /v1/proactive/:sessionId/ack).',
      args: { sessionId: t.arg.id({ required: true }), actionId: t.arg.id({ required: true }) },
      resolve: (_root, { sessionId, actionId }, ctx) =>
        ctx.gateway.service.acknowledge(ownerOf(ctx), sessionIdArg(sessionId), String(actionId)),
    }),
  }),
});
