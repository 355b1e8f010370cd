import type { OverrideResult, OverrideView, SessionDetails, TickResult } from '@limbic/core';
import { builder } from './builder.js';
import { StateSnapshotRef } from './emotion-types.js';
import { withoutNulls } from './inputs.js';
import { ProactiveActionRef } from './proactive-types.js';
import { ownerOf, sessionIdArg } from './queries.js';
import { SessionDetailsRef } from './session-types.js';

// The operator's controls in GraphQL (docs/time-control.md): the `tickSession` and `overrideState` mutations and a
// session's `last_override`, each REST's route of the same purpose with REST's errors (another key's session is
// NOT_FOUND). Not on the conversation socket: they are an operator's tools, not part of a conversation.

type SetVad = NonNullable<OverrideView['emotion']>;

const SetVadRef = builder.objectRef<SetVad>('OverrideVad').implement({
  description: 'The axes of a VAD an override set (null: not set).',
  fields: (t) => ({
    V: t.float({ nullable: true, resolve: (v) => v.V ?? null }),
    A: t.float({ nullable: true, resolve: (v) => v.A ?? null }),
    D: t.float({ nullable: true, resolve: (v) => v.D ?? null }),
  }),
});

const SetBodyRef = builder
  .objectRef<NonNullable<OverrideView['body_budget']>>('OverrideBodyBudget')
  .implement({
    description: 'The body budget an override set (null: not set).',
    fields: (t) => ({
      energy: t.float({ nullable: true, resolve: (b) => b.energy ?? null }),
      stress: t.float({ nullable: true, resolve: (b) => b.stress ?? null }),
    }),
  });

const SetRelationshipRef = builder
  .objectRef<NonNullable<OverrideView['relationship']>>('OverrideRelationship')
  .implement({
    description: 'The relationship values an override set (null: not set), and with whom.',
    fields: (t) => ({
      participant: t.id({
        nullable: true,
        description: 'The participant; null: the default person',
        resolve: (r) => r.participant ?? null,
      }),
      rapport: t.float({ nullable: true, resolve: (r) => r.rapport ?? null }),
      trust: t.float({ nullable: true, resolve: (r) => r.trust ?? null }),
      familiarity: t.float({ nullable: true, resolve: (r) => r.familiarity ?? null }),
    }),
  });

const OverrideViewRef = builder.objectRef<OverrideView>('OverrideView').implement({
  description: 'An operator override (a story beat), as the session’s override log keeps it.',
  fields: (t) => ({
    by: t.exposeString('by', { description: 'The API key id that set it, or `local` in process' }),
    at: t.exposeString('at', { description: 'ISO 8601 engine-clock time it was set' }),
    emotion: t.field({ type: SetVadRef, nullable: true, resolve: (o) => o.emotion ?? null }),
    mood: t.field({ type: SetVadRef, nullable: true, resolve: (o) => o.mood ?? null }),
    body_budget: t.field({ type: SetBodyRef, nullable: true, resolve: (o) => o.body_budget ?? null }),
    relationship: t.field({
      type: SetRelationshipRef,
      nullable: true,
      resolve: (o) => o.relationship ?? null,
    }),
    note: t.exposeString('note', { nullable: true, description: 'Why, as the operator wrote it' }),
  }),
});

const OverrideResultRef = builder.objectRef<OverrideResult>('OverrideResult').implement({
  description: 'The answer of overrideState: the override as logged, and the state right after it.',
  fields: (t) => ({
    sessionId: t.exposeID('sessionId'),
    override: t.expose('override', { type: OverrideViewRef }),
    state: t.expose('state', { type: StateSnapshotRef }),
  }),
});

const TickResultRef = builder.objectRef<TickResult>('TickResult').implement({
  description: 'The answer of tickSession: the state after the tick and the actions its due check raised.',
  fields: (t) => ({
    sessionId: t.exposeID('sessionId'),
    seconds: t.exposeFloat('seconds', { description: 'The engine seconds lived through (whole ms)' }),
    state: t.expose('state', { type: StateSnapshotRef }),
    actions: t.expose('actions', { type: [ProactiveActionRef], description: 'At most one' }),
  }),
});

const vadInput = (name: string) =>
  builder.inputType(name, {
    description: 'The axes to set: V and D in [-1, 1], A in [0, 1]; at least one.',
    fields: (t) => ({ V: t.float(), A: t.float(), D: t.float() }),
  });

const OverrideInput = builder.inputType('OverrideStateInput', {
  description:
    'What an override sets (REST POST /v1/persona/:id/override); at least one of emotion, mood, body_budget, relationship.',
  fields: (t) => ({
    emotion: t.field({ type: vadInput('OverrideEmotionInput') }),
    mood: t.field({ type: vadInput('OverrideMoodInput') }),
    body_budget: t.field({
      type: builder.inputType('OverrideBodyBudgetInput', {
        description: 'Energy in [0.05, 1], stress in [0, 1]; at least one.',
        fields: (u) => ({ energy: u.float(), stress: u.float() }),
      }),
    }),
    relationship: t.field({
      type: builder.inputType('OverrideRelationshipInput', {
        description:
          'Rapport, trust, familiarity in [0, 1] (at least one), with `participant` or the default person.',
        fields: (u) => ({
          participant: u.id(),
          rapport: u.float(),
          trust: u.float(),
          familiarity: u.float(),
        }),
      }),
    }),
    note: t.string({ description: 'Why (at most 280 characters), kept in the log' }),
  }),
});

builder.objectFields(SessionDetailsRef, (t) => ({
  last_override: t.field({
    type: OverrideViewRef,
    nullable: true,
    description: 'The latest operator override, or null when there was none (docs/time-control.md).',
    resolve: (session: SessionDetails) => session.last_override,
  }),
}));

builder.mutationFields((t) => ({
  tickSession: t.field({
    type: TickResultRef,
    nullable: true,
    description:
      'Advances one session’s own time by `seconds` (at most 30 days): decay, needs, drift, forgetting and the due proactive check as if that time had passed; the engine clock does not move (REST POST /v1/persona/:id/tick).',
    args: { sessionId: t.arg.id({ required: true }), seconds: t.arg.float({ required: true }) },
    resolve: (_root, { sessionId, seconds }, ctx) =>
      ctx.gateway.service.controls.tick(ownerOf(ctx), sessionIdArg(sessionId), { seconds }),
  }),
  overrideState: t.field({
    type: OverrideResultRef,
    nullable: true,
    description:
      'Sets emotion, mood, body budget or a relationship value (a story beat), logged with the API key and the engine time; the next turn’s explanation names its part (REST POST /v1/persona/:id/override).',
    args: {
      sessionId: t.arg.id({ required: true }),
      input: t.arg({ type: OverrideInput, required: true }),
    },
    resolve: (_root, { sessionId, input }, ctx) =>
      ctx.gateway.service.controls.override(
        ownerOf(ctx),
        sessionIdArg(sessionId),
        withoutNulls(input),
        ctx.principal?.keyId,
      ),
  }),
}));
