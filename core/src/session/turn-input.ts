import { z } from 'zod';
import { type Appraisal, appraisalSchema } from '../appraisal/appraisal.js';
import { type EventSource, eventSources } from '../appraisal/appraiser.js';
import {
  type Addressee,
  maxParticipantIdLength,
  maxParticipantNameLength,
  type ParticipantRef,
} from '../group/participants.js';
import { parseWith } from '../util/validation.js';

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

/** Zod schema of a participant reference `{id, name?}` (the `from` of a turn, or a participant `to`). */
export const participantRefSchema = z.strictObject({ id: participantId, name: participantName.optional() });

/** Zod schema of a turn's `to`: `"character"`, `"everyone"`, or a participant `{id, name?}`. */
export const addresseeSchema = z.union(
  [z.literal('character'), z.literal('everyone'), participantRefSchema],
  { error: 'must be "character", "everyone" or a participant {id, name?}' },
);

/** Who spoke and whom they addressed, on every turn kind (both optional; see docs/groups.md). */
export interface TurnParties {
  /** Who said or did it; omitted: the default person (the one-person behaviour). */
  from?: ParticipantRef;
  /** Whom it was aimed at; omitted: inferred from the text and who is present. */
  to?: Addressee;
}

/** An appraisal turn: a pre-computed appraisal for a session. */
export interface AppraisalTurnInput extends TurnParties {
  sessionId: string;
  appraisal: Appraisal;
  /** What happened, used to enrich prompt_data. */
  context?: string;
  /** Seconds since the last interaction; default: the engine-clock gap. */
  elapsedSeconds?: number;
}

/** A text turn: either a chat message or an event with its source. */
export type TextTurnInput =
  | ({ sessionId: string; message: string; elapsedSeconds?: number } & TurnParties)
  | ({
      sessionId: string;
      event: { description: string; source?: EventSource };
      elapsedSeconds?: number;
    } & TurnParties);

/** Zod schema of {@link AppraisalTurnInput}; unknown top-level fields are rejected. */
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
});

const eventSchema = z.strictObject({
  description: text('description'),
  source: z.enum(eventSources, { error: `must be one of ${eventSources.join(', ')}` }).optional(),
});

/** Zod schema of {@link TextTurnInput}: exactly one of `message` and `event`. */
export const textTurnSchema = z
  .strictObject({
    sessionId,
    message: text('message').optional(),
    event: eventSchema.optional(),
    elapsedSeconds: elapsed.optional(),
    from: participantRefSchema.optional(),
    to: addresseeSchema.optional(),
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

/** The normalised form of a text turn. */
export interface ParsedTextTurn extends TurnParties {
  sessionId: string;
  description: string;
  source: EventSource;
  elapsedSeconds?: number;
}

function inRange(x: unknown, min: number, max: number): x is number {
  return typeof x === 'number' && x >= min && x <= max;
}

const turnKeys = new Set(['sessionId', 'appraisal', 'context', 'elapsedSeconds']);

function copyParties(
  out: TurnParties,
  value: { from?: ParticipantRef | undefined; to?: Addressee | undefined },
): void {
  if (value.from !== undefined) out.from = stripName(value.from);
  if (value.to !== undefined) out.to = typeof value.to === 'string' ? value.to : stripName(value.to);
}

function stripName(ref: ParticipantRef): ParticipantRef {
  return ref.name === undefined ? { id: ref.id } : { id: ref.id, name: ref.name.trim() };
}

/**
 * The hot path of {@link parseAppraisalTurn}: accepts exactly what the schema accepts when the input is clean, and
 * returns undefined otherwise so that the schema produces the full list of issues. A test checks that both agree.
 */
export function fastAppraisalTurn(input: unknown): AppraisalTurnInput | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  const t = input as Record<string, unknown>;
  for (const key in t) if (!turnKeys.has(key)) return undefined;
  const { sessionId: id, appraisal: a, context, elapsedSeconds } = t;
  if (typeof id !== 'string' || id.length === 0 || id.length > 128) return undefined;
  if (typeof a !== 'object' || a === null || Array.isArray(a)) return undefined;
  const v = a as Record<string, unknown>;
  const appraisal: Appraisal = {
    goal_relevance: v.goal_relevance as number,
    goal_congruence: v.goal_congruence as number,
    expectedness: v.expectedness as number,
    controllability: v.controllability as number,
    agency: v.agency as number,
    norm_compatibility: v.norm_compatibility as number,
  };
  if (
    !inRange(appraisal.goal_relevance, 0, 1) ||
    !inRange(appraisal.goal_congruence, -1, 1) ||
    !inRange(appraisal.expectedness, 0, 1) ||
    !inRange(appraisal.controllability, 0, 1) ||
    !inRange(appraisal.agency, -1, 1) ||
    !inRange(appraisal.norm_compatibility, -1, 1)
  ) {
    return undefined;
  }
  const out: AppraisalTurnInput = { sessionId: id, appraisal };
  if (context !== undefined) {
    if (typeof context !== 'string' || context.length > maxTextLength) return undefined;
    out.context = context;
  }
  if (elapsedSeconds !== undefined) {
    if (!inRange(elapsedSeconds, 0, maxElapsedSeconds)) return undefined;
    out.elapsedSeconds = elapsedSeconds;
  }
  return out;
}

/** Validates an appraisal turn. @throws LimbicError VALIDATION_ERROR listing every problem. */
export function parseAppraisalTurn(input: unknown): AppraisalTurnInput {
  const fast = fastAppraisalTurn(input);
  if (fast) return fast;
  const value = parseWith(appraisalTurnSchema, input, 'turn');
  const out: AppraisalTurnInput = { sessionId: value.sessionId, appraisal: value.appraisal };
  if (value.context !== undefined) out.context = value.context;
  if (value.elapsedSeconds !== undefined) out.elapsedSeconds = value.elapsedSeconds;
  copyParties(out, value);
  return out;
}

const textKeys = new Set(['sessionId', 'message', 'event', 'elapsedSeconds', 'from', 'to']);

/** A participant reference `{id, name?}` exactly as the schema accepts it, or undefined. */
function fastRef(value: unknown): ParticipantRef | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { id, name, ...rest } = value as Record<string, unknown>;
  for (const _ in rest) return undefined;
  if (typeof id !== 'string' || id.length === 0 || id.length > maxParticipantIdLength) return undefined;
  if (name === undefined) return { id };
  if (typeof name !== 'string' || name.length > maxParticipantNameLength || name.trim().length === 0)
    return undefined;
  return { id, name };
}

/** A message or description the schema accepts: a string of at most maxTextLength, not blank. */
function isText(value: unknown): value is string {
  return typeof value === 'string' && value.length <= maxTextLength && value.trim().length > 0;
}

/**
 * The hot path of {@link parseTextTurn}, as {@link fastAppraisalTurn} is for appraisal turns: accepts exactly what
 * the schema accepts when the input is clean, else undefined (the schema then lists every issue). A test checks that
 * both agree on thousands of mutated inputs.
 */
export function fastTextTurn(input: unknown): ParsedTextTurn | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  const t = input as Record<string, unknown>;
  for (const key in t) if (!textKeys.has(key)) return undefined;
  const { sessionId: id, message, event, elapsedSeconds, from, to } = t;
  if (typeof id !== 'string' || id.length === 0 || id.length > 128) return undefined;
  let description: string;
  let source: EventSource = 'user';
  if (message !== undefined) {
    if (event !== undefined || !isText(message)) return undefined;
    description = message;
  } else {
    if (typeof event !== 'object' || event === null || Array.isArray(event)) return undefined;
    const { description: told, source: given, ...rest } = event as Record<string, unknown>;
    for (const _ in rest) return undefined;
    if (!isText(told)) return undefined;
    if (given !== undefined) {
      if (!(eventSources as readonly unknown[]).includes(given)) return undefined;
      source = given as EventSource;
    }
    description = told;
  }
  const out: ParsedTextTurn = { sessionId: id, description, source };
  if (elapsedSeconds !== undefined) {
    if (!inRange(elapsedSeconds, 0, maxElapsedSeconds)) return undefined;
    out.elapsedSeconds = elapsedSeconds;
  }
  if (from !== undefined) {
    const ref = fastRef(from);
    if (!ref || source !== 'user') return undefined;
    out.from = stripName(ref);
  }
  if (to !== undefined) {
    if (to === 'character' || to === 'everyone') out.to = to;
    else {
      const ref = fastRef(to);
      if (!ref) return undefined;
      out.to = stripName(ref);
    }
  }
  return out;
}

/** Validates a text turn and normalises it to description + source. @throws LimbicError VALIDATION_ERROR. */
export function parseTextTurn(input: unknown): ParsedTextTurn {
  return fastTextTurn(input) ?? toParsedTextTurn(parseWith(textTurnSchema, input, 'turn'));
}

/** A text turn the schema accepted, normalised to description + source (names trimmed). */
export function toParsedTextTurn(value: z.output<typeof textTurnSchema>): ParsedTextTurn {
  const out: ParsedTextTurn = {
    sessionId: value.sessionId,
    description: value.message ?? value.event?.description ?? '',
    source: value.event?.source ?? 'user',
  };
  if (value.elapsedSeconds !== undefined) out.elapsedSeconds = value.elapsedSeconds;
  copyParties(out, value);
  return out;
}
