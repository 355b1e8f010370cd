import { z } from 'zod';
import { isTimeZone, parseClock, type QuietHours } from './local-time.js';

/** The time zone of a session that never set one. */
export const defaultTimeZone = 'UTC';

/** The most proactive actions per local calendar day of a session that never set it. */
export const defaultMaxPerDay = 3;

/** The highest `max_per_day` accepted. */
export const maxPerDayLimit = 100;

/**
 * One participant's own outreach policy in a group session: their time zone (null: the session's), their quiet
 * hours in that zone (null: none of their own; the session's still apply), and whether they opted out of the
 * character's outreach (`muted`: no action is ever addressed to them).
 */
export interface ParticipantPolicy {
  time_zone: string | null;
  quiet_hours: QuietHours | null;
  muted: boolean;
}

/** A participant policy as clients send it: every field optional (omitted: null, null and false). */
export interface ParticipantPolicyInput {
  time_zone?: string | null;
  quiet_hours?: QuietHours | null;
  muted?: boolean;
}

/** A participant's policy when none was set. */
export const defaultParticipantPolicy: Readonly<ParticipantPolicy> = Object.freeze({
  time_zone: null,
  quiet_hours: null,
  muted: false,
});

const zoneRule = 'must be an IANA time zone name such as "Europe/Madrid" or "UTC"';
const clockRule = 'must be a time of day as HH:MM (00:00 to 23:59)';

/** Zod schema of an IANA time zone name, checked with Intl. */
export const timeZoneSchema = z
  .string({ error: zoneRule })
  .refine((zone) => isTimeZone(zone), { error: zoneRule });

const clockSchema = z.string({ error: clockRule }).refine((text) => parseClock(text) !== null, {
  error: clockRule,
});

/** Zod schema of quiet hours: `{start, end}` as HH:MM, different (equal would mean always or never). */
export const quietHoursSchema = z
  .strictObject({ start: clockSchema, end: clockSchema }, { error: 'must be {start, end} as HH:MM, or null' })
  .refine((q) => q.start !== q.end, { error: 'must have an end different from its start', path: ['end'] });

/** Zod schema of `max_per_day`. */
export const maxPerDaySchema = z
  .int({ error: `must be an integer in [1, ${maxPerDayLimit}]` })
  .min(1, { error: `must be an integer in [1, ${maxPerDayLimit}]` })
  .max(maxPerDayLimit, { error: `must be an integer in [1, ${maxPerDayLimit}]` });

/** Zod schema of {@link ParticipantPolicyInput}; unknown fields are rejected. */
export const participantPolicySchema = z.strictObject(
  {
    time_zone: timeZoneSchema.nullable().optional(),
    quiet_hours: quietHoursSchema.nullable().optional(),
    muted: z.boolean({ error: 'must be a boolean' }).optional(),
  },
  { error: 'must be an object with time_zone, quiet_hours and muted (each optional)' },
);

/** A participant's policy read from a participant entry, defaults filled (entries without one have none). */
export function policyOfParticipant(p: { policy?: ParticipantPolicy | undefined }): ParticipantPolicy {
  return p.policy ?? defaultParticipantPolicy;
}

/** True when a participant policy says nothing (so the entry need not keep it). */
export function isDefaultParticipantPolicy(policy: ParticipantPolicy): boolean {
  return policy.time_zone === null && policy.quiet_hours === null && !policy.muted;
}
