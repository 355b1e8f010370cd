// The building blocks of the snapshot schema: each states its rule in its message, so a VALIDATION_ERROR tells the
// operator what to fix (`snapshot.session.state.emotion.V: must be a number in [-1, 1] (got 5)`).
import { z } from 'zod';
import { maxParticipantIdLength, maxParticipantNameLength } from '../group/participants.js';

/** The latest time a snapshot may hold, in ms since 1970: the end of ECMAScript's time range (an ISO date exists). */
export const maxSnapshotTime = 8.64e15;

/** A finite number in [min, max]; zod rejects NaN and ±Infinity as non-numbers. */
export function num(min: number, max: number) {
  const rule = `must be a number in [${min}, ${max}]`;
  return z.number({ error: rule }).min(min, { error: rule }).max(max, { error: rule });
}

/** A finite number in (min, max]. */
export function positive(max: number) {
  const rule = `must be a number in (0, ${max}]`;
  return z.number({ error: rule }).gt(0, { error: rule }).max(max, { error: rule });
}

/** A whole number in [min, max]. */
export function int(min: number, max = Number.MAX_SAFE_INTEGER) {
  const rule = `must be an integer in [${min}, ${max}]`;
  return z.int({ error: rule }).min(min, { error: rule }).max(max, { error: rule });
}

/** A number in [0, 1]. */
export const unit = num(0, 1);
/** A number in [-1, 1]. */
export const signed = num(-1, 1);
/** A true/false flag. */
export const flag = z.boolean({ error: 'must be a boolean' });

/** An engine-clock time: ms since 1970, kept exactly (it may have a fraction under LIMBIC_TIME_SCALE). */
export const time = num(0, maxSnapshotTime).describe(
  'Engine-clock time in milliseconds since 1970, kept exactly as the session stored it',
);
/** An engine-clock time, or null. */
export const nullableTime = time.nullable();

/** A string of at most `max` characters. */
export function text(max: number) {
  const rule = `must be a string of at most ${max} characters`;
  return z.string({ error: rule }).max(max, { error: rule });
}

/** A string of 1 to `max` characters that is not only whitespace. */
export function nonBlank(max: number) {
  const rule = `must be a string of 1 to ${max} characters, not only whitespace`;
  return z
    .string({ error: rule })
    .min(1, { error: rule })
    .max(max, { error: rule })
    .refine((s) => s.trim().length > 0, { error: rule });
}

/** A list of at most `max` items. */
export function list<T extends z.ZodType>(item: T, max: number, what: string) {
  const rule = `must be a list of at most ${max} ${what}`;
  return z.array(item, { error: rule }).max(max, { error: rule });
}

/** One of `values`. */
export function oneOf<const T extends readonly string[]>(values: T) {
  return z.enum(values, { error: `must be one of ${values.join(', ')}` });
}

/** An identifier: `prefix` then 1 to `max` lower-case letters and digits. */
export function idOf(prefix: string, max: number) {
  const rule = `must be an id of the form ${prefix}… (${prefix} then 1 to ${max} lower-case letters or digits)`;
  return z.string({ error: rule }).regex(new RegExp(`^${prefix}[0-9a-z]{1,${max}}$`), { error: rule });
}

/** A participant id, as turns give them. */
export const participantId = z
  .string({ error: `must be a non-empty string of at most ${maxParticipantIdLength} characters` })
  .min(1, { error: `must be a non-empty string of at most ${maxParticipantIdLength} characters` })
  .max(maxParticipantIdLength, {
    error: `must be a non-empty string of at most ${maxParticipantIdLength} characters`,
  });

/** A participant's display name, or null. */
export const participantName = nonBlank(maxParticipantNameLength).nullable();
