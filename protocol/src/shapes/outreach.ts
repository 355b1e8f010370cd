import { outreachHoldReasons } from '@limbic/core';
import { z } from 'zod';
import { dateTime, oneOf, range, unit } from './primitives.js';

/** When the character would next reach out and what holds it back (session details' `outreach`, docs/proactive.md). */
export const outreachViewSchema = z
  .strictObject({
    next_consider_at: dateTime
      .nullable()
      .describe('When the scheduler next checks the session (engine clock), or null: not without a change'),
    holds: z
      .array(
        z.strictObject({
          reason: oneOf(outreachHoldReasons),
          until: dateTime
            .nullable()
            .describe('When it lifts (engine clock), or null: until something changes'),
        }),
      )
      .describe('What holds it back now, in the order the gates apply; empty when it could reach out now'),
    attachment: z.strictObject({
      urge: unit,
      threshold: unit,
      bond: unit,
      onset_hours: range(0, 1e6),
      due_at: dateTime.nullable(),
    }),
    need: z.strictObject({
      need: oneOf(['belonging', 'competence', 'autonomy'] as const),
      deficit: unit,
      threshold: unit,
      due_at: dateTime.nullable(),
    }),
  })
  .describe('When the character would next reach out and what holds it back (docs/proactive.md)');
