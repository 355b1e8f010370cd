// The zod schemas of the turn inputs, and their limits; turn-input.ts validates with them (after its fast paths).
import { z } from 'zod';
import { appraisalSchema } from '../appraisal/appraisal.js';
import { eventSources } from '../appraisal/appraiser.js';
import { maxParticipantIdLength, maxParticipantNameLength } from '../group/participants.js';

/** Longest accepted event text or context, in characters. */
export const maxTextLength = 4000;
/** Longest accepted elapsed time: ten years, in seconds. */
export const maxElapsedSeconds = 10 * 365 * 86_400;

const sessionId = z
  .string({ error: 'must be a non-empty string' })
  .min(1, { error: 'must be a non-empty string' })
  .max(128, { error: 'must be a string of at most 128 characters' });
const elapsed = z
  .number({ error: `must be a number in [0, ${maxElapsedSeconds}]` })
  .min(0, { error: `must be a number in [0, ${maxElapsedSeconds}]` })
  .max(maxElapsedSeconds, { error: `must be a number in [0, ${maxElapsedSeconds}]` });
const text = (what: string) =>
  z
    .string({ error: `must be a string` })
    .max(maxTextLength, { error: `must be a string of at most ${maxTextLength} characters` })
    .refine((s) => s.trim().length > 0, { error: `must be a non-empty ${what}` });

const participantId = z
  .string({ error: `must be a non-empty string of at most ${maxParticipantIdLength} characters` })
  .min(1, { error: `must be a non-empty string of at most ${maxParticipantIdLength} characters` })
  .max(maxParticipantIdLength, {
    error: `must be a non-empty string of at most ${maxParticipantIdLength} characters`,
  });
const participantName = z
  .string({ error: `must be a string of 1 to ${maxParticipantNameLength} characters` })
  .max(maxParticipantNameLength, { error: `must be a string of 1 to ${maxParticipantNameLength} characters` })
  .refine((s) => s.trim().length > 0, {
    error: `must be a string of 1 to ${maxParticipantNameLength} characters`,
  });

/** Longest accepted episode summary, in characters (the episode keeps at most 280). */
export const maxSummaryLength = 280;
const summary = z
  .string({ error: `must be a string of 1 to ${maxSummaryLength} characters` })
  .max(maxSummaryLength, { error: `must be a string of 1 to ${maxSummaryLength} characters` })
  .refine((s) => s.trim().length > 0, { error: `must be a string of 1 to ${maxSummaryLength} characters` })
  .describe(
    'What the episode this turn may become says happened, instead of the turn text (docs/memory.md).',
  );

/** Zod schema of a participant reference `{id, name?}` (the `from` of a turn, or a participant `to`). */
export const participantRefSchema = z.strictObject({ id: participantId, name: participantName.optional() });

/** Zod schema of a turn's `to`: `"character"`, `"everyone"`, or a participant `{id, name?}`. */
export const addresseeSchema = z.union(
  [z.literal('character'), z.literal('everyone'), participantRefSchema],
  { error: 'must be "character", "everyone" or a participant {id, name?}' },
);

/** Zod schema of an appraisal turn (`AppraisalTurnInput`, turn-input.ts); unknown top-level fields are rejected. */
export const appraisalTurnSchema = z.strictObject({
  sessionId,
  appraisal: appraisalSchema,
  context: z
    .string({ error: 'must be a string' })
    .max(maxTextLength, { error: `must be a string of at most ${maxTextLength} characters` })
    .optional(),
  elapsedSeconds: elapsed.optional(),
  from: participantRefSchema.optional(),
  to: addresseeSchema.optional(),
  summary: summary.optional(),
});

const eventSchema = z.strictObject({
  description: text('description'),
  source: z.enum(eventSources, { error: `must be one of ${eventSources.join(', ')}` }).optional(),
});

/** Zod schema of a text turn (`TextTurnInput`, turn-input.ts): exactly one of `message` and `event`. */
export const textTurnSchema = z
  .strictObject({
    sessionId,
    message: text('message').optional(),
    event: eventSchema.optional(),
    elapsedSeconds: elapsed.optional(),
    from: participantRefSchema.optional(),
    to: addresseeSchema.optional(),
    summary: summary.optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.message === undefined) === (value.event === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['message'],
        message: 'give exactly one of `message` and `event`',
      });
    }
    const source = value.event?.source;
    if (value.from !== undefined && source !== undefined && source !== 'user') {
      ctx.addIssue({
        code: 'custom',
        path: ['from'],
        message: `names who said or did it, so it needs event.source "user" (this event's source is "${source}")`,
      });
    }
  });
