// The proactive policy's parts of a snapshot (docs/proactive.md): the preferences' time zone, quiet hours and daily
// maximum, each participant's own policy, the times the daily maximum counts, and every action's reason.
import { z } from 'zod';
import { maxEpisodeText } from '../memory/episode.js';
import { maxPerDaySchema, quietHoursSchema, timeZoneSchema } from '../proactive/policy.js';
import { flag, idOf, num, oneOf, text, time } from './snapshot-fields.js';

/** The policy fields of the preferences (ProactivePreferences). */
export const snapshotPolicyFields = {
  time_zone: timeZoneSchema.describe('IANA time zone the quiet hours and the daily maximum are read in'),
  quiet_hours: quietHoursSchema
    .nullable()
    .describe('Local span {start, end} (HH:MM) in which no action arises, or null'),
  max_per_day: maxPerDaySchema.describe('Most actions per local calendar day'),
};

/** A participant's own outreach policy (ParticipantPolicy); absent when they never set one. */
export const snapshotParticipantPolicySchema = z
  .strictObject(
    {
      time_zone: timeZoneSchema.nullable(),
      quiet_hours: quietHoursSchema.nullable(),
      muted: flag,
    },
    { error: 'must be an object with time_zone, quiet_hours and muted' },
  )
  .optional();

/** The engine-clock times of the actions raised in the last 48 hours, oldest first (ProactiveState.actionTimes). */
export const snapshotActionTimesSchema = z
  .array(time, { error: 'must be a list of at most 1000 engine-clock times' })
  .max(1000, { error: 'must be a list of at most 1000 engine-clock times' })
  .optional();

/** Why an action arose (ProactiveReason); absent on actions raised before reasons existed. */
export const snapshotReasonSchema = z
  .strictObject(
    {
      text: text(4000),
      trigger: oneOf(['absence', 'need', 'intensity', 'crisis'] as const),
      need: oneOf(['belonging', 'competence', 'autonomy'] as const).optional(),
      value: num(-1e9, 1e9).optional(),
      threshold: num(-1e9, 1e9).optional(),
      since_last_talk_seconds: num(0, 8.64e12),
      episode: z
        .strictObject(
          { id: idOf('mem_', 64), summary: text(maxEpisodeText), at: time },
          { error: 'must be an object with id, summary and at' },
        )
        .optional(),
    },
    { error: 'must be a reason object' },
  )
  .optional();
