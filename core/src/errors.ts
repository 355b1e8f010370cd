/** Every error code Limbic raises; the gateway maps each to an HTTP status, a WebSocket error and a GraphQL code. */
export type LimbicErrorCode =
  | 'VALIDATION_ERROR'
  | 'INVALID_PRESET'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'SESSION_LIMIT'
  | 'APPRAISER_FAILED'
  | 'STORE_UNAVAILABLE'
  | 'INTERNAL_ERROR';

/** One problem found while validating input: the dotted field path and the rule it broke. */
export interface ValidationIssue {
  /** Dotted path of the offending field, e.g. `personality.facets.sincerity` or `appraisal.agency`. */
  path: string;
  /** The rule that was broken, readable on its own, e.g. `must be a number in [0, 1] (got 1.4)`. */
  message: string;
}

/** The engine's codes, for validation and for the wire contract (`@limbic/protocol`) that extends them. */
export const limbicErrorCodes = [
  'VALIDATION_ERROR',
  'INVALID_PRESET',
  'NOT_FOUND',
  'CONFLICT',
  'SESSION_LIMIT',
  'APPRAISER_FAILED',
  'STORE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const satisfies readonly LimbicErrorCode[];

/** The default message of each code (a Record over the union: a code without a message fails to typecheck). */
export const limbicErrorMessages: Readonly<Record<LimbicErrorCode, string>> = {
  VALIDATION_ERROR: 'The input is invalid',
  INVALID_PRESET: 'Unknown preset identifier',
  NOT_FOUND: 'Session not found',
  CONFLICT: 'The session was changed concurrently; retry',
  SESSION_LIMIT: 'The session quota is reached',
  APPRAISER_FAILED: 'The appraiser could not turn the event into an appraisal',
  STORE_UNAVAILABLE: 'The session store is unavailable',
  INTERNAL_ERROR: 'Internal error',
};

/** Options of {@link LimbicError}. */
export interface LimbicErrorOptions {
  issues?: ValidationIssue[];
  cause?: unknown;
  /** Seconds the caller should wait before retrying (RATE_LIMIT, SERVICE_UNAVAILABLE, STORE_UNAVAILABLE). */
  retryAfter?: number;
}

/**
 * The one error class Limbic raises, in the engine and on the server side of the wire: a stable `code`, a message
 * that names the field and the rule, for validation errors the full list of `issues`, and when waiting helps,
 * `retryAfter`. The engine raises its own codes ({@link LimbicErrorCode}); the gateway raises the wire's
 * (`LimbicError<ErrorCode>`, `@limbic/protocol`), a superset, so one class and one code union serve both.
 */
export class LimbicError<Code extends string = LimbicErrorCode> extends Error {
  override readonly name = 'LimbicError';
  readonly code: Code;
  readonly issues: ValidationIssue[];
  readonly retryAfter: number | undefined;

  constructor(code: Code, message?: string, options: LimbicErrorOptions = {}) {
    super(
      message ?? (limbicErrorMessages as Readonly<Record<string, string>>)[code] ?? code,
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.code = code;
    this.issues = options.issues ?? [];
    this.retryAfter = options.retryAfter;
  }
}

/** Builds a VALIDATION_ERROR whose message lists every issue as `path: rule`. */
export function toValidationError(subject: string, issues: ValidationIssue[]): LimbicError {
  const list = issues
    .map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message))
    .join('; ');
  return new LimbicError('VALIDATION_ERROR', `Invalid ${subject}: ${list}`, { issues });
}

/**
 * The SESSION_LIMIT error of an owner whose `max` sessions exist: the one message every store and the session
 * service raise.
 */
export function sessionLimitError(max: number): LimbicError {
  return new LimbicError('SESSION_LIMIT', `The session quota of ${max} is reached`);
}

/**
 * True when `error` is a {@link LimbicError}, optionally with the given code. Narrowed to the engine's codes: the
 * gateway's own errors carry wider codes and are told apart by `@limbic/protocol`'s `isErrorCode`.
 */
export function isLimbicError(error: unknown, code?: LimbicErrorCode): error is LimbicError {
  return error instanceof LimbicError && (code === undefined || error.code === code);
}

export { suggestName } from './util/suggest.js';
