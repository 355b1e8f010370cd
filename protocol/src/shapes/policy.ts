import { maxPerDayLimit } from '@limbic/core';
import { z } from 'zod';
import { dateTime, nullableString, oneOf } from './primitives.js';
import { participantId } from './state.js';

/** A time of day as `HH:MM` (00:00–23:59). */
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** Quiet hours in local time; they wrap midnight when `end` is before `start`. */
export const quietHoursSchema = z
  .strictObject({ start: clock, end: clock })
  .describe('Quiet hours as HH:MM in the time zone that applies; they wrap midnight when end < start');

/** The policy fields of the proactive preferences (docs/proactive.md). */
export const preferencesPolicyFields = {
  time_zone: z.string().describe('IANA time zone name (default UTC)'),
  quiet_hours: quietHoursSchema.nullable(),
  max_per_day: z.int().min(1).max(maxPerDayLimit).describe('Most actions per local calendar day'),
};

/** One participant's own outreach policy in a group session. */
export const participantPolicySchema = z.strictObject({
  time_zone: nullableString.describe("IANA time zone name, or null for the session's"),
  quiet_hours: quietHoursSchema.nullable(),
  muted: z.boolean().describe('Opted out: no action is addressed to them'),
});

/** The answer of `PUT /v1/proactive/:sessionId/participants/:participantId`. */
export const participantPolicyResultSchema = z.strictObject({
  sessionId: z.string(),
  participant: z.strictObject({ id: participantId, name: nullableString }),
  policy: participantPolicySchema,
});

/** A remembered episode an action refers to. */
export const reasonEpisodeSchema = z.strictObject({
  id: z.string(),
  summary: z.string(),
  at: dateTime,
});

/** Why a proactive action arose, in words and data. */
export const proactiveReasonSchema = z
  .strictObject({
    text: z.string(),
    trigger: oneOf(['absence', 'need', 'intensity', 'crisis']),
    need: oneOf(['belonging', 'competence', 'autonomy']).optional(),
    value: z.number().optional(),
    threshold: z.number().optional(),
    since_last_talk_seconds: z.int().min(0),
    episode: reasonEpisodeSchema.optional(),
  })
  .describe(
    'Why it arose: the trigger and its figures, the time since the last talk, the episode it refers to',
  );
