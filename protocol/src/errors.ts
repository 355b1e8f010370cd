import {
  LimbicError,
  type LimbicErrorCode,
  type LimbicErrorOptions,
  limbicErrorMessages,
  type ValidationIssue,
} from '@limbic/core/errors';

/**
 * Every error code a Limbic gateway answers with, on REST, the WebSocket and GraphQL (`extensions.code`) alike: the
 * engine's codes plus the transport's own.
 */
export type ErrorCode =
  | LimbicErrorCode
  | 'UNAUTHORIZED'
  | 'RATE_LIMIT'
  | 'METHOD_NOT_ALLOWED'
  | 'NOT_ACCEPTABLE'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'SERVICE_UNAVAILABLE'
  | 'REQUEST_TIMEOUT'
  | 'HEADERS_TOO_LARGE'
  | 'UPGRADE_REQUIRED'
  | 'ORIGIN_NOT_ALLOWED'
  | 'PERSISTED_QUERY_NOT_SUPPORTED';

/** One row of the error table. */
export interface ErrorEntry {
  /** The HTTP status of a REST answer (and `extensions.status` in GraphQL). */
  status: number;
  /** The WebSocket close code when this error ends a connection (docs/protocol.md). */
  closeCode: number;
  /** The default message, for people; clients match on the code. */
  message: string;
}

/**
 * The one error table of the wire (docs/errors.md): code → HTTP status, WebSocket close code and default message.
 * Close codes are 4000 + the HTTP status for the protocol's refusals, and RFC 6455 codes for the rest (1009 message
 * too big, 1011 a server failure, 1001 going away). A Record over the union: a code missing here fails to
 * typecheck.
 */
export const errorTable: Readonly<Record<ErrorCode, ErrorEntry>> = {
  VALIDATION_ERROR: { status: 400, closeCode: 4400, message: limbicErrorMessages.VALIDATION_ERROR },
  INVALID_PRESET: { status: 400, closeCode: 4400, message: limbicErrorMessages.INVALID_PRESET },
  PERSISTED_QUERY_NOT_SUPPORTED: { status: 400, closeCode: 4400, message: 'PersistedQueryNotSupported' },
  UNAUTHORIZED: { status: 401, closeCode: 4401, message: 'Invalid or missing API key' },
  SESSION_LIMIT: { status: 403, closeCode: 4403, message: limbicErrorMessages.SESSION_LIMIT },
  ORIGIN_NOT_ALLOWED: { status: 403, closeCode: 4403, message: 'This origin may not use the gateway' },
  NOT_FOUND: { status: 404, closeCode: 4404, message: limbicErrorMessages.NOT_FOUND },
  METHOD_NOT_ALLOWED: { status: 405, closeCode: 4405, message: 'Method not allowed' },
  NOT_ACCEPTABLE: {
    status: 406,
    closeCode: 4406,
    message: 'The answer cannot be given in a media type the Accept header allows',
  },
  REQUEST_TIMEOUT: { status: 408, closeCode: 4408, message: 'The request was not received in time' },
  CONFLICT: { status: 409, closeCode: 4409, message: limbicErrorMessages.CONFLICT },
  PAYLOAD_TOO_LARGE: { status: 413, closeCode: 1009, message: 'The body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, closeCode: 4415, message: 'Content-Type must be application/json' },
  UPGRADE_REQUIRED: { status: 426, closeCode: 4426, message: 'This path is a WebSocket endpoint' },
  RATE_LIMIT: { status: 429, closeCode: 4429, message: 'Too many requests' },
  HEADERS_TOO_LARGE: { status: 431, closeCode: 4431, message: 'The request headers are too large' },
  INTERNAL_ERROR: { status: 500, closeCode: 1011, message: limbicErrorMessages.INTERNAL_ERROR },
  APPRAISER_FAILED: { status: 502, closeCode: 1011, message: limbicErrorMessages.APPRAISER_FAILED },
  STORE_UNAVAILABLE: { status: 503, closeCode: 1011, message: limbicErrorMessages.STORE_UNAVAILABLE },
  SERVICE_UNAVAILABLE: { status: 503, closeCode: 1001, message: 'The gateway is unavailable' },
};

/** Every error code, in the table's order. */
export const errorCodes = Object.keys(errorTable) as ErrorCode[];

/** True when `code` is one of the documented error codes. */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(errorTable, code);
}

/** The HTTP status of a code. */
export function statusOf(code: ErrorCode): number {
  return errorTable[code].status;
}

/**
 * The error code carried by any value, or undefined: a server's `LimbicError` or `GatewayError`, a client's
 * `LimbicApiError`, a GraphQL error's `extensions.code`, or a plain `{code}` object. For code that must tell, say,
 * NOT_FOUND from the rest whichever side raised it (the bot kit: embedded or remote).
 */
export function errorCodeOf(error: unknown): ErrorCode | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const code =
    (error as { code?: unknown }).code ?? (error as { extensions?: { code?: unknown } }).extensions?.code;
  return isErrorCode(code) ? code : undefined;
}

/** The JSON error body of every REST error: `{error: {code, status, message, details?, request_id?, retry_after?}}`. */
export interface ErrorBody {
  error: {
    code: ErrorCode;
    status: number;
    message: string;
    /** For VALIDATION_ERROR: every issue, with its field path. */
    details?: ValidationIssue[];
    /** Equals the Request-Id header. */
    request_id?: string;
    /** For RATE_LIMIT, SERVICE_UNAVAILABLE and STORE_UNAVAILABLE: seconds to wait (also the Retry-After header). */
    retry_after?: number;
  };
}

/**
 * The close codes of the WebSocket endpoints that are not an error's: RFC 6455 codes for the connection's own
 * conditions. An error that ends a connection closes with its table entry's `closeCode`.
 */
export const closeCodes = {
  /** Server shutting down or redeploying: reconnect (with backoff). */
  goingAway: 1001,
  /** A binary frame: the protocol is JSON text only. */
  unsupportedData: 1003,
  /** A message larger than the message limit. */
  messageTooBig: errorTable.PAYLOAD_TOO_LARGE.closeCode,
  /** An unexpected failure while setting up the connection (store unavailable, bug). */
  internalError: errorTable.INTERNAL_ERROR.closeCode,
  /** Slow consumer: the socket's send buffer passed the hard cap. */
  tryAgainLater: 1013,
  /** Too many consecutive invalid messages. */
  badRequest: errorTable.VALIDATION_ERROR.closeCode,
  /** Missing, invalid, revoked or expired API key. */
  unauthorized: errorTable.UNAUTHORIZED.closeCode,
  /** Session not found, not owned by the key's account, or deleted while connected. */
  notFound: errorTable.NOT_FOUND.closeCode,
  /** The client kept sending after being rate limited, or connected while over its rate limit. */
  rateLimited: errorTable.RATE_LIMIT.closeCode,
} as const;

/** The close reason of each close code: fixed ASCII text, far below the 123-byte limit, never a key or a session id. */
export const closeReasons: Readonly<Record<number, string>> = {
  1001: 'server shutting down',
  1003: 'binary frames are not supported',
  1009: 'message too big',
  1011: 'internal error',
  1013: 'slow consumer',
  4400: 'too many invalid messages',
  4401: 'unauthorized',
  4403: 'forbidden',
  4404: 'session not found',
  4405: 'method not allowed',
  4406: 'not acceptable',
  4408: 'request timeout',
  4409: 'conflict',
  4415: 'unsupported media type',
  4426: 'upgrade required',
  4429: 'rate limit exceeded',
  4431: 'headers too large',
};

/** The error the server side of the wire raises: the core's one error class, with a code of the wire's table. */
export type ServerError = LimbicError<ErrorCode>;

/**
 * Makes a {@link ServerError} (the gateway's refusals: RATE_LIMIT, METHOD_NOT_ALLOWED, …). The engine raises the
 * same class with its own codes, so the gateway classifies one class, and clients receive one
 * ({@link LimbicApiError}) typed by the same code union.
 */
export function serverError(
  code: ErrorCode,
  message?: string,
  options: LimbicErrorOptions = {},
): ServerError {
  return new LimbicError<ErrorCode>(code, message ?? errorTable[code].message, options);
}

/** True when `error` is a {@link LimbicError} whose code is in the wire's table (the engine's codes included). */
export function isServerError(error: unknown): error is ServerError {
  return error instanceof LimbicError && isErrorCode(error.code);
}

/**
 * The wire's messages that take arguments, written once for every transport (the fixed ones are the table's
 * `message`). Clients match on codes; these are for people and logs.
 */
export const errorMessages = {
  /** RATE_LIMIT: `what` is what the transport counts (REST and GraphQL: requests; the WebSocket: messages). */
  rateLimited: (plan: string, limit: number | null, what: 'requests' | 'messages' = 'requests') =>
    `Too many ${what}: the ${plan} plan allows ${limit} per minute`,
  /** SERVICE_UNAVAILABLE while draining: `then` is what the client should do (retry a request, reconnect a socket). */
  shuttingDown: (then: 'retry' | 'reconnect') => `The gateway is shutting down; ${then}`,
  /** UNSUPPORTED_MEDIA_TYPE's issue, naming the header and the rule. */
  contentTypeIssue: { path: 'Content-Type', message: 'must be application/json' },
} as const;
