import type {
  AckResult,
  ProactivePreferences,
  StateSnapshot,
  TurnResult,
  ValidationIssue,
} from '@limbic/core';
import { suggestName } from '@limbic/core/errors';
import type { WireProactiveAction } from './actions.js';
import type { ErrorCode } from './errors.js';
import { resolveAliases } from './fields.js';

/**
 * The one subprotocol `/v1/ws` speaks, optional: clients may offer it (`new WebSocket(url, 'limbic.v1')`) or none;
 * a client offering only others gets none and fails the handshake (RFC 6455 §4.1).
 */
export const sessionSubprotocol = 'limbic.v1';

/** The message types a client may send on `/v1/ws`. */
export const clientMessageTypes = [
  'turn',
  'turn_appraisal',
  'get_state',
  'set_proactive_prefs',
  'ack_proactive',
] as const;

/** A message type a client may send. */
export type ClientMessageType = (typeof clientMessageTypes)[number];

/**
 * The fields each client message type may carry besides `type` and `request_id` (the interface's names); anything
 * else is rejected with a hint when it is a near miss (`elapsedSeconds` → `elapsed_seconds`). Group turns add
 * `from` (who spoke) and `to` (whom they addressed), and any turn may carry the `summary` its episode keeps
 * (docs/memory.md), spelled as in REST.
 */
export const clientMessageFields: Readonly<Record<ClientMessageType, readonly string[]>> = {
  turn: ['message', 'event', 'elapsed_seconds', 'from', 'to', 'summary'],
  turn_appraisal: ['appraisal', 'context', 'elapsed_seconds', 'from', 'to', 'summary'],
  get_state: [],
  set_proactive_prefs: ['preferences'],
  ack_proactive: ['action_id'],
};

/** Longest accepted `request_id`. */
export const maxRequestIdLength = 128;

/** A client message that passed the envelope checks (its fields are validated by the session service). */
export interface ClientMessage {
  type: ClientMessageType;
  requestId: string | undefined;
  /** The message without `type` and `request_id`, deprecated aliases renamed. */
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

/** Every message the server sends on `/v1/ws`. Replies carry the `request_id` of the message they answer. */
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

/** A server message type. */
export type ServerMessageType = ServerMessage['type'];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isRequestId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= maxRequestIdLength;
}

/** The message's `type` when it is a JSON object (for counting before validation). */
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
    const near = typeof type === 'string' ? suggestName(type, clientMessageTypes) : undefined;
    const hint = near ? `; did you mean ${near}?` : '';
    issues.push({
      path: 'type',
      message: `must be one of ${clientMessageTypes.join(', ')} (got ${got}${hint})`,
    });
    return { ok: false, requestId, issues };
  }
  const allowed = clientMessageFields[type as ClientMessageType];
  const body: Record<string, unknown> = {};
  const aliased = resolveAliases(value, 'socket');
  issues.push(...aliased.issues);
  const fields = aliased.fields;
  for (const key of Object.keys(fields)) {
    if (key === 'type' || key === 'request_id') continue;
    if (!allowed.includes(key)) {
      const near = suggestName(key, allowed);
      const hint = near ? ` (did you mean ${near}?)` : '';
      issues.push({ path: key.slice(0, 64), message: `is not a known field of ${type}${hint}` });
    } else {
      body[key] = fields[key];
    }
  }
  if (issues.length) return { ok: false, requestId, issues };
  return { ok: true, message: { type: type as ClientMessageType, requestId, body } };
}

/** The one-line message of a validation failure: `Invalid <subject>: path: rule; path: rule`. */
export function describeIssues(subject: string, issues: readonly ValidationIssue[]): string {
  const list = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
  return `Invalid ${subject}: ${list}`;
}
