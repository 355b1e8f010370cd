import type {
  ParticipantPolicy,
  ParticipantPolicyResult,
  ProactiveReason,
  QuietHours,
  ReasonEpisode,
} from '@limbic/core';
import { builder } from './builder.js';
import { withoutNulls } from './inputs.js';
import { ParticipantSummaryRef } from './participant-types.js';
import { ParticipantPolicyInput } from './policy-inputs.js';
import { PreferencesRef, ProactiveActionRef } from './proactive-types.js';
import { ownerOf, sessionIdArg } from './queries.js';

// The proactive policy in GraphQL (docs/proactive.md): the policy fields of the preferences, each participant's own
// policy, and every action's reason. Each is REST's field or route of the same purpose, with REST's errors.

const QuietHoursRef = builder.objectRef<QuietHours>('QuietHours').implement({
  description: 'Quiet hours as HH:MM in the time zone that applies; they wrap midnight when end < start.',
  fields: (t) => ({ start: t.exposeString('start'), end: t.exposeString('end') }),
});

builder.objectFields(PreferencesRef, (t) => ({
  time_zone: t.exposeString('time_zone', { description: 'IANA time zone name (default UTC)' }),
  quiet_hours: t.expose('quiet_hours', {
    type: QuietHoursRef,
    nullable: true,
    description: 'No action arises during them: it waits for their end. Null: none (the default)',
  }),
  max_per_day: t.exposeInt('max_per_day', {
    description: 'Most actions per local calendar day in time_zone (default 3)',
  }),
}));

const ParticipantPolicyRef = builder.objectRef<ParticipantPolicy>('ParticipantPolicy').implement({
  description: 'A participant’s own outreach policy in a group session.',
  fields: (t) => ({
    time_zone: t.exposeString('time_zone', { nullable: true, description: 'Null: the session’s' }),
    quiet_hours: t.expose('quiet_hours', { type: QuietHoursRef, nullable: true }),
    muted: t.exposeBoolean('muted', { description: 'Opted out: no action is addressed to them' }),
  }),
});

builder.objectField(ParticipantSummaryRef, 'policy', (t) =>
  t.expose('policy', {
    type: ParticipantPolicyRef,
    nullable: true,
    description: 'Their own outreach policy; null when they never set one',
  }),
);

const ParticipantPolicyResultRef = builder
  .objectRef<ParticipantPolicyResult>('ParticipantPolicyResult')
  .implement({
    fields: (t) => ({
      sessionId: t.exposeID('sessionId'),
      participant: t.field({
        type: builder.objectRef<{ id: string; name: string | null }>('PolicyParticipant').implement({
          fields: (f) => ({
            id: f.exposeID('id'),
            name: f.exposeString('name', { nullable: true }),
          }),
        }),
        resolve: (r) => r.participant,
      }),
      policy: t.expose('policy', { type: ParticipantPolicyRef }),
    }),
  });

const ReasonEpisodeRef = builder.objectRef<ReasonEpisode>('ReasonEpisode').implement({
  description: 'The remembered episode an action refers to.',
  fields: (t) => ({
    id: t.exposeID('id'),
    summary: t.exposeString('summary', { description: 'What happened, as remembered' }),
    at: t.string({ description: 'ISO 8601 engine-clock time', resolve: (e) => new Date(e.at).toISOString() }),
  }),
});

const TriggerEnum = builder.enumType('ProactiveReasonTrigger', {
  values: ['absence', 'need', 'intensity', 'crisis'] as const,
});

const NeedEnum = builder.enumType('ProactiveReasonNeed', {
  values: ['belonging', 'competence', 'autonomy'] as const,
});

const ReasonRef = builder.objectRef<ProactiveReason>('ProactiveReason').implement({
  description:
    'Why a proactive action arose: in words (`text`, in the character’s language) and data (the trigger, the figure that crossed its threshold, the time since the last talk, the episode it refers to).',
  fields: (t) => ({
    text: t.exposeString('text'),
    trigger: t.expose('trigger', { type: TriggerEnum }),
    need: t.expose('need', { type: NeedEnum, nullable: true }),
    value: t.exposeFloat('value', {
      nullable: true,
      description: 'The attachment urge, the need’s deficit, or the intensity',
    }),
    threshold: t.exposeFloat('threshold', { nullable: true }),
    since_last_talk_seconds: t.exposeInt('since_last_talk_seconds'),
    episode: t.expose('episode', { type: ReasonEpisodeRef, nullable: true }),
  }),
});

builder.objectField(ProactiveActionRef, 'reason', (t) =>
  t.expose('reason', {
    type: ReasonRef,
    nullable: true,
    description: 'Why it arose; null only on actions raised before reasons existed',
  }),
);

builder.mutationField('setParticipantPolicy', (t) =>
  t.field({
    type: ParticipantPolicyResultRef,
    nullable: true,
    description:
      'Replaces a participant’s own outreach policy in a group session: time zone, quiet hours, opt-out (REST PUT /v1/proactive/:sessionId/participants/:participantId).',
    args: {
      sessionId: t.arg.id({ required: true }),
      participantId: t.arg.id({ required: true }),
      policy: t.arg({ type: ParticipantPolicyInput, required: true }),
    },
    resolve: (_root, { sessionId, participantId, policy }, ctx) =>
      ctx.gateway.service.outreach.setParticipantPolicy(
        ownerOf(ctx),
        sessionIdArg(sessionId),
        String(participantId),
        withoutNulls(policy),
      ),
  }),
);
