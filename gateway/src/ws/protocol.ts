import type {
  AckResult,
  ProactivePreferences,
  StateSnapshot,
  TurnResult,
  ValidationIssue,
  WireProactiveAction,
} from '@limbic/core';
import type { closeCodes } from '@limbic/protocol';
import type { Classified, ErrorCode } from '../errors.js';

// The close codes and reasons are the wire contract's (@limbic/protocol): one table for every transport.
export { closeCodes, closeReasons } from '@limbic/protocol';

/** A close code the server uses. */
export type CloseCode = (typeof closeCodes)[keyof typeof closeCodes];

/** The message types a client may send. */
export const clientMessageTypes = [
  'turn',
  'turn_appraisal',
  'get_state',
  'set_proactive_prefs',
  'ack_proactive',
] as const;

/** A message type a client may send. */
export type ClientMessageType = (typeof clientMessageTypes)[number];

// The fields each message type may carry besides `type` and `request_id`; anything else is rejected.
const fieldsOf: Record<ClientMessageType, readonly string[]> = {
  turn: ['message', 'event', 'elapsed_seconds'],
  turn_appraisal: ['appraisal', 'context', 'elapsed_seconds'],
  get_state: [],
  set_proactive_prefs: ['preferences'],
  ack_proactive: ['action_id'],
};

// Field names of the REST/service spelling that clients may send by mistake.
const wireNames: Record<string, string> = { elapsedSeconds: 'elapsed_seconds', actionId: 'action_id' };

/** Longest accepted `request_id`. */
export const maxRequestIdLength = 128;

/** A client message that passed the envelope checks (its fields are validated by the session service). */
export interface ClientMessage {
  type: ClientMessageType;
  requestId: string | undefined;
  /** The message without `type` and `request_id`. */
  body: Record<string, unknown>;
}

/** The outcome of {@link parseClientMessage}. */
export type ParsedMessage =
  | { ok: true; message: ClientMessage }
  | { ok: false; requestId: string | undefined; issues: ValidationIssue[] };

/** An `error` message. `request_id` is echoed when the failed message carried a valid one. */
export interface ErrorMessage {
  type: 'error';
  code: ErrorCode;
  message: string;
  request_id?: string;
  /** For VALIDATION_ERROR: every issue, with the WebSocket field path. */
  details?: ValidationIssue[];
  /** For RATE_LIMIT and SERVICE_UNAVAILABLE: seconds to wait. */
  retry_after?: number;
}

/** Every message the server sends. Replies carry the `request_id` of the message they answer. */
export type ServerMessage =
  | { type: 'connected'; session_id: string }
  | { type: 'missed_proactive'; data: WireProactiveAction[] }
  | { type: 'proactive'; data: WireProactiveAction }
  | { type: 'turn_result'; data: TurnResult; request_id?: string }
  | { type: 'state'; data: StateSnapshot; request_id?: string }
  | {
      type: 'proactive_prefs';
      data: { sessionId: string; preferences: ProactivePreferences };
      request_id?: string;
    }
  | { type: 'proactive_ack'; data: AckResult; request_id?: string }
  | ErrorMessage;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isRequestId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= maxRequestIdLength;
}

/** The message's `type` when it is a JSON object with a string type (for counting before validation). */
export function typeOf(value: unknown): unknown {
  return isObject(value) ? value.type : undefined;
}

/** The message's `request_id` when it is valid, else undefined (so even a rejected message's reply can carry it). */
export function requestIdOf(value: unknown): string | undefined {
  return isObject(value) && isRequestId(value.request_id) ? value.request_id : undefined;
}

/**
 * Checks the envelope of a decoded client message: a JSON object, a known `type`, an optional `request_id`, and no
 * fields the type does not have. The fields' values are left to the session service, which names every problem.
 */
export function parseClientMessage(value: unknown): ParsedMessage {
  if (!isObject(value)) {
    return {
      ok: false,
      requestId: undefined,
      issues: [{ path: '', message: 'a message must be a JSON object with a string `type`' }],
    };
  }
  const requestId = requestIdOf(value);
  const issues: ValidationIssue[] = [];
  if (value.request_id !== undefined && requestId === undefined) {
    issues.push({
      path: 'request_id',
      message: `must be a non-empty string of at most ${maxRequestIdLength} characters`,
    });
  }
  const type = value.type;
  if (typeof type !== 'string' || !(clientMessageTypes as readonly string[]).includes(type)) {
    const got =
      typeof type === 'string'
        ? JSON.stringify(type.slice(0, 40))
        : type === undefined
          ? 'nothing'
          : typeof type;
    issues.push({ path: 'type', message: `must be one of ${clientMessageTypes.join(', ')} (got ${got})` });
    return { ok: false, requestId, issues };
  }
  const allowed = fieldsOf[type as ClientMessageType];
  const body: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (key === 'type' || key === 'request_id') continue;
    if (!allowed.includes(key)) {
      const hint =
        wireNames[key] && allowed.includes(wireNames[key]) ? ` (did you mean ${wireNames[key]}?)` : '';
      issues.push({ path: key.slice(0, 64), message: `is not a known field of ${type}${hint}` });
    } else {
      body[key] = value[key];
    }
  }
  if (issues.length) return { ok: false, requestId, issues };
  return { ok: true, message: { type: type as ClientMessageType, requestId, body } };
}

/** Renames service-side field paths (`elapsedSeconds`) to the names clients send (`elapsed_seconds`). */
export function toWireIssues(issues: readonly ValidationIssue[]): ValidationIssue[] {
  return issues.map((issue) =>
    issue.path === 'elapsedSeconds' || issue.path.startsWith('elapsedSeconds.')
      ? { ...issue, path: `elapsed_seconds${issue.path.slice('elapsedSeconds'.length)}` }
      : issue,
  );
}

/** The one-line message of a validation failure: `Invalid <subject>: path: rule; path: rule`. */
export function describeIssues(subject: string, issues: readonly ValidationIssue[]): string {
  const list = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
  return `Invalid ${subject}: ${list}`;
}

/** What {@link decode} returns for a frame that is not JSON. */
export const notJson = Symbol('not JSON');

/** Decodes a text frame's JSON, or returns {@link notJson}. */
export function decode(data: Buffer): unknown {
  try {
    return JSON.parse(data.toString('utf8'));
  } catch {
    return notJson;
  }
}

/** Builds an `error` message from a classified error. */
export function errorOf(c: Classified, requestId: string | undefined): ErrorMessage {
  const out: ErrorMessage = { type: 'error', code: c.code, message: c.message };
  if (requestId !== undefined) out.request_id = requestId;
  if (c.details) out.details = c.details;
  if (c.retryAfter !== undefined) out.retry_after = c.retryAfter;
  return out;
}
