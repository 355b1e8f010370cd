import { toValidationError } from '../errors.js';

/** Default page size of session lists (the interface's default). */
export const defaultPageSize = 20;
/** Largest accepted page size. */
export const maxPageSize = 100;

/** Session ids (and so the last id of a session page): `ses_` and base32, never more than 128 characters. */
const sessionIdPattern = /^[\w-]{1,128}$/;

// A 128-character id is at most 384 bytes of UTF-8, 512 characters of base64url.
const maxCursorLength = 3 + 512;

/**
 * Encodes the last id of a page as an opaque cursor: `c1.` and the id's UTF-8 bytes in base64url, so any id (a
 * participant id may be any string) has one. ASCII ids get the cursors they always had.
 */
export function encodeCursor(lastId: string): string {
  const bytes = new TextEncoder().encode(lastId);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `c1.${btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replaceAll('=', '')}`;
}

/**
 * Decodes a cursor made by {@link encodeCursor}; the id must pass `isId` (default: a session id's characters).
 * @throws LimbicError VALIDATION_ERROR naming `cursor`.
 */
export function decodeCursor(
  cursor: string,
  isId: (id: string) => boolean = (id) => sessionIdPattern.test(id),
): string {
  const invalid = () =>
    toValidationError('cursor', [{ path: 'cursor', message: 'is not a cursor returned by this API' }]);
  if (typeof cursor !== 'string' || !cursor.startsWith('c1.') || cursor.length > maxCursorLength)
    throw invalid();
  try {
    const body = cursor.slice(3).replaceAll('-', '+').replaceAll('_', '/');
    const binary = atob(body + '='.repeat((4 - (body.length % 4)) % 4));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const id = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    if (!isId(id)) throw invalid();
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
