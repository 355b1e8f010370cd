import { z } from 'zod';
import { parseWith } from '../util/validation.js';
import type { QuietHours } from './local-time.js';
import {
  defaultMaxPerDay,
  defaultTimeZone,
  maxPerDaySchema,
  quietHoursSchema,
  timeZoneSchema,
} from './policy.js';

/** The three kinds of proactive action. */
export const proactiveTypes = ['attachment_seeking', 'need_deficit', 'emotional_overflow'] as const;

/** A kind of proactive action. */
export type ProactiveType = (typeof proactiveTypes)[number];

/** Proactive preferences of a session, complete (every default filled in). */
export interface ProactivePreferences {
  /** Master switch; false for every session until set. */
  enabled: boolean;
  triggers: Record<ProactiveType, boolean>;
  /** Minimum hours between two proactive actions. */
  cooldown_hours: number;
  /** IANA time zone the quiet hours and the day of `max_per_day` are read in; default `UTC`. */
  time_zone: string;
  /** Daily span of local time in which no action arises (it waits for their end), or null; default null. */
  quiet_hours: QuietHours | null;
  /** Most actions per local calendar day in `time_zone`; default 3. */
  max_per_day: number;
}

/** Preferences as clients send them: `enabled` is required, the rest take their defaults. */
export interface ProactivePreferencesInput {
  enabled: boolean;
  triggers?: Partial<Record<ProactiveType, boolean>>;
  cooldown_hours?: number;
  time_zone?: string;
  quiet_hours?: QuietHours | null;
  max_per_day?: number;
}

/** The interface's default cooldown between proactive actions. */
export const defaultCooldownHours = 4;

/**
 * Preferences of a new session: disabled, every trigger on once enabled, a 4-hour cooldown, UTC, no quiet hours,
 * at most 3 actions a day.
 */
export const defaultPreferences: Readonly<ProactivePreferences> = Object.freeze({
  enabled: false,
  triggers: Object.freeze({ attachment_seeking: true, need_deficit: true, emotional_overflow: true }),
  cooldown_hours: defaultCooldownHours,
  time_zone: defaultTimeZone,
  quiet_hours: null,
  max_per_day: defaultMaxPerDay,
});

const flag = z.boolean({ error: 'must be a boolean' });

/** Zod schema of {@link ProactivePreferencesInput}; unknown fields are rejected. */
export const preferencesSchema = z.strictObject(
  {
    enabled: flag,
    triggers: z
      .strictObject(
        {
          attachment_seeking: flag.optional(),
          need_deficit: flag.optional(),
          emotional_overflow: flag.optional(),
        },
        { error: 'must be an object' },
      )
      .optional(),
    cooldown_hours: z
      .number({ error: 'must be a number in [0, 720]' })
      .min(0, { error: 'must be a number in [0, 720]' })
      .max(720, { error: 'must be a number in [0, 720]' })
      .optional(),
    time_zone: timeZoneSchema.optional(),
    quiet_hours: quietHoursSchema.nullable().optional(),
    max_per_day: maxPerDaySchema.optional(),
  },
  { error: 'must be an object with at least `enabled`' },
);

/**
 * Validates preferences and fills the defaults. Setting preferences replaces them as a whole (PUT semantics):
 * omitted triggers are on, an omitted cooldown is 4 hours, an omitted time zone UTC, omitted quiet hours none and an
 * omitted `max_per_day` 3, whatever was set before.
 * @throws LimbicError VALIDATION_ERROR naming every bad field, e.g. `preferences.cooldown_hours`.
 */
export function parsePreferences(input: unknown, path = 'preferences'): ProactivePreferences {
  const p = parseWith(preferencesSchema, input, 'preferences', path);
  return {
    enabled: p.enabled,
    triggers: {
      attachment_seeking: p.triggers?.attachment_seeking ?? true,
      need_deficit: p.triggers?.need_deficit ?? true,
      emotional_overflow: p.triggers?.emotional_overflow ?? true,
    },
    cooldown_hours: p.cooldown_hours ?? defaultCooldownHours,
    time_zone: p.time_zone ?? defaultTimeZone,
    quiet_hours: p.quiet_hours ? { start: p.quiet_hours.start, end: p.quiet_hours.end } : null,
    max_per_day: p.max_per_day ?? defaultMaxPerDay,
  };
}

/**
 * Preferences as stored, with the policy fields filled in: records written before they existed have none (UTC, no
 * quiet hours, at most {@link defaultMaxPerDay} a day).
 */
export function withPolicyDefaults(prefs: ProactivePreferences): ProactivePreferences {
  if (prefs.time_zone !== undefined && prefs.quiet_hours !== undefined && prefs.max_per_day !== undefined)
    return prefs;
  return {
    ...prefs,
    time_zone: prefs.time_zone ?? defaultTimeZone,
    quiet_hours: prefs.quiet_hours ?? null,
    max_per_day: prefs.max_per_day ?? defaultMaxPerDay,
  };
}
