import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ValidationIssue } from '@limbic/core';
import { type ErrorBody, type ErrorCode, errorMessages, isServerError, statusOf } from '@limbic/protocol';

// The one error table lives in @limbic/protocol: codes, HTTP statuses, close codes and the REST error body; the
// gateway raises the core's one error class with the wire's codes (`serverError`).
export { type ErrorBody, type ErrorCode, serverError, statusOf } from '@limbic/protocol';

/** Retry-After (seconds) of a STORE_UNAVAILABLE answer: a little more than the store's server-selection timeout. */
export const storeRetryAfterSeconds = 5;

/** The message every authentication failure gets (the same text for every cause, so keys cannot be probed). */
export const unauthorizedMessage = 'Invalid or missing API key';

/** A normalised error: code, HTTP status, client-safe message and optional extras. */
export interface Classified {
  /** The code; its HTTP status and close code come from the error table (`statusOf`, `closeCodeOf`). */
  code: ErrorCode;
  message: string;
  details?: ValidationIssue[];
  retryAfter?: number;
}

interface FastifyLikeError {
  code?: string;
  statusCode?: number;
  message?: string;
}

/**
 * Classifies any thrown value: Limbic and gateway errors keep their code; Fastify's client errors map to the
 * matching code; anything else is INTERNAL_ERROR with no internals in the message.
 */
export function classify(error: unknown): Classified {
  if (isServerError(error)) {
    const out: Classified = { code: error.code, message: error.message };
    if (error.issues.length) out.details = error.issues;
    if (error.retryAfter !== undefined) out.retryAfter = error.retryAfter;
    else if (error.code === 'STORE_UNAVAILABLE') out.retryAfter = storeRetryAfterSeconds;
    if (error.code === 'INTERNAL_ERROR') out.message = 'Internal error';
    return out;
  }
  const e = (error ?? {}) as FastifyLikeError;
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        code: 'PAYLOAD_TOO_LARGE',
        message: 'body: must be at most the body limit in bytes',
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: contentTypeMessage,
      };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return {
        code: 'VALIDATION_ERROR',
        message: 'body: must be a JSON object (got an empty body)',
      };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      // Fastify reports malformed JSON and prototype-poisoning keys with this one code.
      return {
        code: 'VALIDATION_ERROR',
        message: 'body: must be valid JSON without __proto__ or constructor.prototype keys',
      };
    // The router's own rejections of a path (an over-long or badly encoded id): answered like an unknown session.
    case 'FST_ERR_MAX_PARAM_LENGTH':
    case 'FST_ERR_BAD_URL':
      return { code: 'NOT_FOUND', message: 'Not found' };
  }
  if (e.statusCode === 413) return { code: 'PAYLOAD_TOO_LARGE', message: 'body: too large' };
  if (e.statusCode === 415) {
    return {
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: contentTypeMessage,
    };
  }
  if (e.statusCode === 400 || e instanceof SyntaxError) {
    // JSON parse failures and prototype-poisoning rejections (secure-json-parse) land here.
    const reason = e.message?.includes('forbidden prototype property')
      ? 'must not contain __proto__ or constructor.prototype keys'
      : 'must be valid JSON';
    return { code: 'VALIDATION_ERROR', message: `body: ${reason}` };
  }
  return { code: 'INTERNAL_ERROR', message: 'Internal error' };
}

/** UNSUPPORTED_MEDIA_TYPE's message, from the protocol's issue. */
const contentTypeMessage = `${errorMessages.contentTypeIssue.path}: ${errorMessages.contentTypeIssue.message}`;

/** Builds the REST error body for a classified error. */
export function toErrorBody(c: Classified, requestId?: string): ErrorBody {
  const body: ErrorBody = { error: { code: c.code, status: statusOf(c.code), message: c.message } };
  if (c.details) body.error.details = c.details;
  if (requestId) body.error.request_id = requestId;
  if (c.retryAfter !== undefined) body.error.retry_after = c.retryAfter;
  return body;
}

/**
 * Writes a whole HTTP/1.1 response with a JSON body straight to a socket and closes it: for the answers that never
 * reach Fastify (requests Node's parser rejects, refused WebSocket upgrades). A socket that can no longer be
 * written is destroyed.
 */
export function endSocketWithJson(
  socket: Duplex,
  status: number,
  json: string,
  headers: Record<string, string> = {},
): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'Connection: close',
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(json)}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n${json}`);
}
