import { signalIds } from '@limbic/core';
import { z } from 'zod';
import { count, dateTime, oneOf, signed } from './primitives.js';
import { interpersonalSchema, participantSchema } from './state.js';

/** A change of rapport, trust and familiarity (now minus then), each in [−1, 1]. */
const relationshipChangeSchema = z.strictObject({ rapport: signed, trust: signed, familiarity: signed });

/** How the relationship changed over a number of days. */
export const relationshipTrendSchema = z
  .strictObject({
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .describe('The UTC date of `values`: the last day with a message at or before the days asked for'),
    values: interpersonalSchema.describe('The values after the person’s last message of that date'),
    change: relationshipChangeSchema.describe('Now minus then'),
  })
  .describe('The change of the relationship over a number of days');

/** One relationship signal: a pattern, never a diagnosis (docs/relationship-health.md). */
export const relationshipSignalSchema = z
  .strictObject({
    id: oneOf(signalIds),
    active: z.boolean(),
    since: dateTime
      .nullable()
      .describe(
        'The message that first found it active, while it is active; null when inactive or when it became active only as the window moved',
      ),
    value: z
      .number()
      .min(0)
      .describe('What it measures now: a share, a ratio, or a count of days or messages'),
    threshold: z
      .number()
      .min(0)
      .describe('The value at or past which it is active, with the conditions its definition names'),
    window_days: count.describe('UTC days it looks at, today included'),
    definition: z.string(),
    source: z.string().describe('A citation for why it matters, and whose choice the threshold is'),
  })
  .describe('A relationship signal: a pattern an operator may want to look at, not a diagnosis');

/** A person's relationship health (`GET /v1/persona/:id/relationship`). */
export const relationshipHealthSchema = z.strictObject({
  session_id: z.string(),
  participant: participantSchema
    .nullable()
    .describe('The participant asked about, or null for the default person (turns without `from`)'),
  at: dateTime.describe('Engine-clock time the answer describes'),
  time_zone: z
    .string()
    .describe('The IANA time zone local hours are read in (UTC until the session sets one)'),
  interpersonal: interpersonalSchema.describe('Rapport, trust and familiarity now'),
  trend: z.strictObject({
    days_7: relationshipTrendSchema.nullable(),
    days_30: relationshipTrendSchema.nullable(),
  }),
  messages: z.strictObject({ today: count, last_7_days: count, last_30_days: count }),
  signals: z.array(relationshipSignalSchema),
});
