import type { z } from 'zod';
import type { Appraisal } from '../appraisal/appraisal.js';
import { type EventSource, eventSources } from '../appraisal/appraiser.js';
import {
  type Addressee,
  maxParticipantIdLength,
  maxParticipantNameLength,
  type ParticipantRef,
} from '../group/participants.js';
import { parseWith } from '../util/validation.js';
import { appraisalTurnSchema, maxElapsedSeconds, maxTextLength, textTurnSchema } from './turn-schemas.js';

export {
  addresseeSchema,
  appraisalTurnSchema,
  maxElapsedSeconds,
  maxTextLength,
  participantRefSchema,
  textTurnSchema,
} from './turn-schemas.js';

/** Who spoke and whom they addressed, on every turn kind (both optional; see docs/groups.md). */
export interface TurnParties {
  /** Who said or did it; omitted: the default person (the one-person behaviour). */
  from?: ParticipantRef;
  /** Whom it was aimed at; omitted: inferred from the text and who is present. */
  to?: Addressee;
}

/** What any turn may tell memory (docs/memory.md). */
export interface TurnMemoryFields {
  /** What the turn's episode says happened instead of its text, if the turn becomes one (at most 280 characters). */
  summary?: string;
}

/** An appraisal turn: a pre-computed appraisal for a session. */
export interface AppraisalTurnInput extends TurnParties, TurnMemoryFields {
  sessionId: string;
  appraisal: Appraisal;
  /** What happened, used to enrich prompt_data. */
  context?: string;
  /** Seconds since the last interaction; default: the engine-clock gap. */
  elapsedSeconds?: number;
}

/** A text turn: either a chat message or an event with its source. */
export type TextTurnInput =
  | ({ sessionId: string; message: string; elapsedSeconds?: number } & TurnParties & TurnMemoryFields)
  | ({
      sessionId: string;
      event: { description: string; source?: EventSource };
      elapsedSeconds?: number;
    } & TurnParties &
      TurnMemoryFields);

/** The normalised form of a text turn. */
export interface ParsedTextTurn extends TurnParties, TurnMemoryFields {
  sessionId: string;
  description: string;
  source: EventSource;
  elapsedSeconds?: number;
}

function inRange(x: unknown, min: number, max: number): x is number {
  return typeof x === 'number' && x >= min && x <= max;
}

const turnKeys = new Set(['sessionId', 'appraisal', 'context', 'elapsedSeconds']);

/** The fast paths' object check: a JSON object (with no key outside `keys`, when given), or undefined. */
function objectWith(value: unknown, keys?: ReadonlySet<string>): Record<string, unknown> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const o = value as Record<string, unknown>;
  if (keys) for (const key in o) if (!keys.has(key)) return undefined;
  return o;
}

/** A session id the schema accepts: a string of 1 to 128 characters. */
function isSessionId(id: unknown): id is string {
  return typeof id === 'string' && id.length > 0 && id.length <= 128;
}

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
  const t = objectWith(input, turnKeys);
  if (!t) return undefined;
  const { sessionId: id, appraisal: a, context, elapsedSeconds } = t;
  if (!isSessionId(id)) return undefined;
  // Extra dimensions (9-dimension vectors of other engines) are ignored, as the schema ignores them.
  const v = objectWith(a);
  if (!v) return undefined;
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
  if (value.summary !== undefined) out.summary = value.summary;
  return out;
}

const textKeys = new Set(['sessionId', 'message', 'event', 'elapsedSeconds', 'from', 'to']);
const eventKeys = new Set(['description', 'source']);
const refKeys = new Set(['id', 'name']);

/** A participant reference `{id, name?}` exactly as the schema accepts it, or undefined. */
function fastRef(value: unknown): ParticipantRef | undefined {
  const ref = objectWith(value, refKeys);
  if (!ref) return undefined;
  const { id, name } = ref;
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
  const t = objectWith(input, textKeys);
  if (!t) return undefined;
  const { sessionId: id, message, event, elapsedSeconds, from, to } = t;
  if (!isSessionId(id)) return undefined;
  let description: string;
  let source: EventSource = 'user';
  if (message !== undefined) {
    if (event !== undefined || !isText(message)) return undefined;
    description = message;
  } else {
    const told = objectWith(event, eventKeys);
    if (!told) return undefined;
    const { description: said, source: given } = told;
    if (!isText(said)) return undefined;
    if (given !== undefined) {
      if (!(eventSources as readonly unknown[]).includes(given)) return undefined;
      source = given as EventSource;
    }
    description = said;
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
  if (value.summary !== undefined) out.summary = value.summary;
  return out;
}
