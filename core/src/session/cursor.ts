import { toValidationError } from '../errors.js';

/** Default page size of session lists (the interface's default). */
export const defaultPageSize = 20;
/** Largest accepted page size. */
export const maxPageSize = 100;

/** Encodes the last id of a page as an opaque cursor. */
export function encodeCursor(lastId: string): string {
  return `c1.${btoa(lastId).replaceAll('+', '-').replaceAll('/', '_').replaceAll('=', '')}`;
}

/** Decodes a cursor made by {@link encodeCursor}. @throws LimbicError VALIDATION_ERROR naming `cursor`. */
export function decodeCursor(cursor: string): string {
  const invalid = () =>
    toValidationError('cursor', [{ path: 'cursor', message: 'is not a cursor returned by this API' }]);
  if (typeof cursor !== 'string' || !cursor.startsWith('c1.') || cursor.length > 300) throw invalid();
  try {
    const body = cursor.slice(3).replaceAll('-', '+').replaceAll('_', '/');
    const id = atob(body + '='.repeat((4 - (body.length % 4)) % 4));
    if (!/^[\w-]{1,128}$/.test(id)) throw invalid();
    return id;
  } catch {
    throw invalid();
  }
}

/**
 * Validates a page size: absent → 20; otherwise an integer in [1, 100] (a numeric string is accepted, as query
 * strings carry strings). @throws LimbicError VALIDATION_ERROR naming `limit`.
 */
export function parseLimit(limit: unknown): number {
  if (limit === undefined || limit === null) return defaultPageSize;
  const n = typeof limit === 'string' && /^\d{1,4}$/.test(limit) ? Number(limit) : limit;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > maxPageSize) {
    throw toValidationError('limit', [
      { path: 'limit', message: `must be an integer in [1, ${maxPageSize}]` },
    ]);
  }
  return n;
}
