import type { ValidationIssue } from '@limbic/core/errors';
import { type ErrorCode, errorTable, isErrorCode, statusOf } from './errors.js';

/** The error codes a Limbic gateway answers with (docs/errors.md), on REST and on the WebSocket alike. */
export type LimbicServerErrorCode = ErrorCode;

/**
 * The error codes the client raises itself, always with status 0 except UNEXPECTED_RESPONSE:
 * - `NETWORK_ERROR`: the request never got an answer (connection refused, DNS, reset).
 * - `TIMEOUT`: no answer within `timeoutMs`.
 * - `ABORTED`: the caller's `signal` aborted the request.
 * - `CONNECTION_CLOSED`: the WebSocket closed before the reply arrived (a turn may or may not have been applied).
 * - `UNEXPECTED_RESPONSE`: an answer that is not the gateway's JSON (a proxy's HTML page, say) or an error code this
 *   client does not know; `status` is the HTTP status.
 */
export type LimbicClientErrorCode =
  | 'NETWORK_ERROR'
  | 'TIMEOUT'
  | 'ABORTED'
  | 'CONNECTION_CLOSED'
  | 'UNEXPECTED_RESPONSE';

/** Every code a {@link LimbicApiError} can carry. */
export type LimbicApiErrorCode = LimbicServerErrorCode | LimbicClientErrorCode;

// The client's own codes; the server's come from the wire contract's table (@limbic/protocol).
const clientMessages: Record<LimbicClientErrorCode, string> = {
  NETWORK_ERROR: 'The gateway could not be reached',
  TIMEOUT: 'The gateway did not answer in time',
  ABORTED: 'The request was aborted',
  CONNECTION_CLOSED: 'The connection closed before the reply arrived',
  UNEXPECTED_RESPONSE: 'The gateway answered with something this client does not understand',
};

/** True when `code` is one of the gateway's documented codes. */
export function isServerErrorCode(code: unknown): code is LimbicServerErrorCode {
  return isErrorCode(code);
}

/** Options of {@link LimbicApiError}. */
export interface LimbicApiErrorOptions {
  /** The HTTP status; defaults to the code's status (0 for client-side codes). */
  status?: number;
  /** For VALIDATION_ERROR: every issue, with the field path as sent. */
  details?: ValidationIssue[];
  /** REST: the gateway's `request_id` (also the `Request-Id` header). WebSocket: the echoed `request_id`. */
  requestId?: string;
  /** Seconds to wait before retrying (RATE_LIMIT, SERVICE_UNAVAILABLE, STORE_UNAVAILABLE). */
  retryAfter?: number;
  cause?: unknown;
}

/**
 * The one error of the client: every non-2xx answer, every WebSocket `error` reply, and every network failure or
 * timeout. Match on `code`; messages are for people.
 * @example
 * try {
 *   await limbic.getSession(id);
 * } catch (error) {
 *   if (isLimbicApiError(error, 'NOT_FOUND')) return null;
 *   throw error;
 * }
 */
export class LimbicApiError extends Error {
  override readonly name = 'LimbicApiError';
  readonly code: LimbicApiErrorCode;
  /** The HTTP status (for WebSocket errors, the status of the code); 0 for client-side failures. */
  readonly status: number;
  readonly details?: ValidationIssue[];
  readonly requestId?: string;
  readonly retryAfter?: number;

  constructor(code: LimbicApiErrorCode, message?: string, options: LimbicApiErrorOptions = {}) {
    super(
      message ?? (isServerErrorCode(code) ? errorTable[code].message : clientMessages[code]),
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.code = code;
    this.status = options.status ?? (isServerErrorCode(code) ? statusOf(code) : 0);
    if (options.details !== undefined) this.details = options.details;
    if (options.requestId !== undefined) this.requestId = options.requestId;
    if (options.retryAfter !== undefined) this.retryAfter = options.retryAfter;
  }
}

/** True when `error` is a {@link LimbicApiError}, optionally with the given code. */
export function isLimbicApiError(error: unknown, code?: LimbicApiErrorCode): error is LimbicApiError {
  return error instanceof LimbicApiError && (code === undefined || error.code === code);
}

function isIssue(value: unknown): value is ValidationIssue {
  if (typeof value !== 'object' || value === null) return false;
  const { path, message } = value as Record<string, unknown>;
  return typeof path === 'string' && typeof message === 'string';
}

/**
 * Builds the error of a gateway error object: the REST body's `error` member or a WebSocket `error` message (both
 * have `code`, `message`, `details?`, `request_id?`, `retry_after?`).
 */
export function toApiError(
  body: Record<string, unknown>,
  fallback: { status?: number; requestId?: string; retryAfter?: number } = {},
): LimbicApiError {
  const { code, message, details, request_id: requestId, retry_after: retryAfter } = body;
  const text = typeof message === 'string' ? message : undefined;
  const options: LimbicApiErrorOptions = {};
  if (fallback.status !== undefined) options.status = fallback.status;
  if (Array.isArray(details)) options.details = details.filter(isIssue);
  const id = typeof requestId === 'string' ? requestId : fallback.requestId;
  if (id !== undefined) options.requestId = id;
  const wait = typeof retryAfter === 'number' ? retryAfter : fallback.retryAfter;
  if (wait !== undefined) options.retryAfter = wait;
  if (isServerErrorCode(code)) return new LimbicApiError(code, text, options);
  const what =
    typeof code === 'string' ? `unknown error code ${JSON.stringify(code)}` : 'an error without a code';
  return new LimbicApiError(
    'UNEXPECTED_RESPONSE',
    `The gateway answered with ${what}: ${text ?? ''}`,
    options,
  );
}
