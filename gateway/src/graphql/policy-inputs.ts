import { builder } from './builder.js';

/** Quiet hours as an input: `start` and `end` as HH:MM. */
export const QuietHoursInput = builder.inputType('QuietHoursInput', {
  description: 'Quiet hours as HH:MM in the time zone that applies; they wrap midnight when end < start.',
  fields: (t) => ({
    start: t.string({ required: true }),
    end: t.string({ required: true }),
  }),
});

/** A participant's own outreach policy (REST PUT /v1/proactive/:sessionId/participants/:participantId's body). */
export const ParticipantPolicyInput = builder.inputType('ParticipantPolicyInput', {
  description:
    'Replaces the participant’s policy: an omitted (or null) time_zone or quiet_hours is none of their own, an omitted muted false.',
  fields: (t) => ({
    time_zone: t.string({ description: 'IANA time zone name; null: the session’s' }),
    quiet_hours: t.field({ type: QuietHoursInput }),
    muted: t.boolean({ description: 'Opt out: no action is addressed to them' }),
  }),
});
