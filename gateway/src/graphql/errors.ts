import { errorMessages, isErrorCode, isServerError } from '@limbic/protocol';
import { GraphQLError, type GraphQLErrorExtensions } from 'graphql';
import type { RateDecision } from '../auth/rate-limiter.js';
import { type Classified, classify, type ErrorCode, statusOf, unauthorizedMessage } from '../errors.js';

/** The `extensions` of every error the GraphQL layer returns. */
export interface LimbicErrorExtensions {
  code: ErrorCode;
  /** The HTTP status REST would answer with for the same error. */
  status: number;
  /** VALIDATION_ERROR from the core's checks: every issue with its field path, as in REST. */
  details?: { path: string; message: string }[];
  /** RATE_LIMIT and SERVICE_UNAVAILABLE: seconds to wait. */
  retry_after?: number;
}

// Request-level errors that decide the HTTP status of the whole response (Yoga reads `extensions.http`).
const httpStatusCodes = new Set<ErrorCode>([
  'UNAUTHORIZED',
  'NOT_ACCEPTABLE',
  'RATE_LIMIT',
  'SERVICE_UNAVAILABLE',
]);
// graphql-armor prefixes its rejections with "Syntax Error: " although they are limits, not syntax.
const armorPrefix = /^Syntax Error: (?=(Query depth|Aliases|Token|Directives) limit)/;

/** Builds the GraphQL error of a classified error: the same code, status, message and details as REST. */
export function toGraphQLError(c: Classified, from?: GraphQLError): GraphQLError {
  const extensions: GraphQLErrorExtensions = { code: c.code, status: statusOf(c.code) };
  if (c.details) extensions.details = c.details.map(({ path, message }) => ({ path, message }));
  if (c.retryAfter !== undefined) extensions.retry_after = c.retryAfter;
  const http = from?.extensions.http;
  if (httpStatusCodes.has(c.code)) {
    const headers = c.retryAfter === undefined ? {} : { 'Retry-After': String(c.retryAfter) };
    extensions.http = { status: statusOf(c.code), headers };
  } else if (http) {
    // Keep Yoga's own HTTP semantics (400 for parse and validation errors with application/graphql-response+json).
    extensions.http = http;
  }
  return new GraphQLError(c.message, {
    nodes: from?.nodes ?? null,
    source: from?.source ?? null,
    positions: from?.positions ?? null,
    path: from?.path ?? null,
    extensions,
  });
}

/** Throws-ready GraphQL error of a code and message. */
export function graphQLError(
  code: ErrorCode,
  message: string,
  extra: { retryAfter?: number } = {},
): GraphQLError {
  return toGraphQLError({ code, message, ...extra });
}

/**
 * The UNAUTHORIZED error (HTTP 401). Without a message: REST's, the same for every cause, so keys cannot be probed.
 */
export function unauthorized(message: string = unauthorizedMessage): GraphQLError {
  return graphQLError('UNAUTHORIZED', message);
}

/** The RATE_LIMIT error (HTTP 429, Retry-After) of a refused rate decision. */
export function rateLimited(decision: RateDecision): GraphQLError {
  return graphQLError('RATE_LIMIT', errorMessages.rateLimited(decision.plan, decision.limit), {
    retryAfter: decision.resetSeconds,
  });
}

function rootCause(error: GraphQLError): unknown {
  let cause: unknown = error;
  while (cause instanceof GraphQLError && cause.originalError) cause = cause.originalError;
  return cause;
}

/**
 * Normalizes any error of a GraphQL result to Limbic's codes:
 * - already normalized errors pass through;
 * - Limbic and gateway errors (thrown by the service or the guards) keep their code, message and details;
 * - errors graphql-js or Yoga raise about the request itself (syntax, validation, variables, armor limits) become
 *   VALIDATION_ERROR with their message, and Yoga's GET-mutation refusal METHOD_NOT_ALLOWED;
 * - anything else is INTERNAL_ERROR with no internals (reported through `onInternal`).
 */
export function normalizeError(error: unknown, onInternal: (error: unknown) => void): GraphQLError {
  if (error instanceof GraphQLError && isErrorCode(error.extensions.code)) {
    if (typeof error.extensions.status === 'number') return error;
  }
  const cause = error instanceof GraphQLError ? rootCause(error) : error;
  const located = error instanceof GraphQLError ? error : undefined;
  if (isServerError(cause)) {
    const c = classify(cause);
    if (c.code === 'INTERNAL_ERROR') onInternal(cause);
    return toGraphQLError(c, located);
  }
  if (cause instanceof GraphQLError) {
    if (isErrorCode(cause.extensions.code) && typeof cause.extensions.status === 'number') {
      return toGraphQLError(
        {
          code: cause.extensions.code as ErrorCode,
          message: cause.message,
        },
        located,
      );
    }
    const http = cause.extensions.http as { status?: number } | undefined;
    if (cause.extensions.code === 'BAD_REQUEST' && http?.status === 405) {
      return toGraphQLError({ code: 'METHOD_NOT_ALLOWED', message: cause.message }, located);
    }
    const message = cause.message.replace(armorPrefix, '');
    return toGraphQLError({ code: 'VALIDATION_ERROR', message }, located);
  }
  onInternal(cause);
  return toGraphQLError({ code: 'INTERNAL_ERROR', message: 'Internal error' }, located);
}
