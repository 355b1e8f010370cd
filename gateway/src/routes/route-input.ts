import { LimbicError, toValidationError } from '@limbic/core';

/** Longest session or action identifier the routes look up; longer ones cannot exist, so they are NOT_FOUND. */
export const maxIdLength = 128;

/**
 * Checks a session id from a path parameter without touching the store: an over-long id is answered exactly like
 * an unknown one (NOT_FOUND), so ids cannot be probed.
 * @throws LimbicError NOT_FOUND.
 */
export function sessionIdParam(id: string): string {
  if (id.length === 0 || id.length > maxIdLength) throw new LimbicError('NOT_FOUND', 'Session not found');
  return id;
}

function describe(body: unknown): string {
  if (body === undefined) return 'nothing';
  if (body === null) return 'null';
  if (Array.isArray(body)) return 'an array';
  return `a ${typeof body}`;
}

/**
 * Checks that a request body is a JSON object (not an array, string, number, null or nothing).
 * @throws LimbicError VALIDATION_ERROR naming `body`.
 */
export function objectBody(body: unknown): Record<string, unknown> {
  if (typeof body === 'object' && body !== null && !Array.isArray(body))
    return body as Record<string, unknown>;
  throw toValidationError('request', [
    { path: 'body', message: `must be a JSON object (got ${describe(body)})` },
  ]);
}

/**
 * Reads one optional query parameter. A parameter given more than once is rejected rather than guessed at.
 * @throws LimbicError VALIDATION_ERROR naming the parameter.
 */
export function singleParam(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined || typeof value === 'string') return value;
  throw toValidationError('query', [{ path: name, message: 'must be given at most once' }]);
}

/**
 * Rejects query parameters other than `allowed` (a typo such as `limt=5` should not pass silently).
 * @throws LimbicError VALIDATION_ERROR naming every unknown parameter.
 */
export function onlyParams(query: Record<string, unknown>, allowed: readonly string[]): void {
  const unknown = Object.keys(query).filter((name) => !allowed.includes(name));
  if (unknown.length === 0) return;
  throw toValidationError(
    'query',
    unknown.map((name) => ({
      path: name,
      message: `is not a known query parameter (use ${allowed.join(', ')})`,
    })),
  );
}
