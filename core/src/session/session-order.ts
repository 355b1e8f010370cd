import { toValidationError } from '../errors.js';
import type { SessionOrder } from '../store/session-store.js';
import { decodeCursor, encodeCursor, parseLimit } from './cursor.js';

/** The orders a session list accepts (`order`): newest created first, or oldest first. */
export const sessionOrders = ['newest', 'oldest'] as const satisfies readonly SessionOrder[];

/** The order of a session list that names none and continues no cursor: newest first (docs/protocol.md). */
export const defaultSessionOrder: SessionOrder = 'newest';

// Oldest-first cursors are the plain `c1.` cursors every list had before `order` existed, so a cursor issued then
// still continues oldest first; newest-first cursors carry this suffix (outside base64url, so they never decode
// as an oldest-first cursor, nor the other way round).
const newestSuffix = '.n';

/**
 * Validates a list's `order`: absent (undefined or null) → undefined; otherwise `newest` or `oldest`.
 * @throws LimbicError VALIDATION_ERROR naming `order` and the allowed values.
 */
export function parseSessionOrder(order: unknown): SessionOrder | undefined {
  if (order === undefined || order === null) return undefined;
  if (typeof order === 'string' && (sessionOrders as readonly string[]).includes(order)) {
    return order as SessionOrder;
  }
  throw toValidationError('order', [
    { path: 'order', message: `must be one of ${sessionOrders.map((o) => `"${o}"`).join(', ')}` },
  ]);
}

/** The cursor of a session page in `order`: it lists what follows `lastId` in that order. */
export function encodeSessionCursor(lastId: string, order: SessionOrder): string {
  return order === 'newest' ? encodeCursor(lastId) + newestSuffix : encodeCursor(lastId);
}

/**
 * Decodes a session cursor into the id it follows and the order it was issued for.
 * @throws LimbicError VALIDATION_ERROR naming `cursor`.
 */
export function decodeSessionCursor(cursor: string): { after: string; order: SessionOrder } {
  if (typeof cursor === 'string' && cursor.endsWith(newestSuffix)) {
    return { after: decodeCursor(cursor.slice(0, -newestSuffix.length)), order: 'newest' };
  }
  return { after: decodeCursor(cursor), order: 'oldest' };
}

/** A session list request as the session service takes it (REST's query, GraphQL's arguments). */
export interface SessionPageOptions {
  cursor?: string | null;
  limit?: unknown;
  /** `newest` or `oldest`; absent: the cursor's order, or newest first without a cursor. */
  order?: unknown;
}

/**
 * The validated session list request: the limit, the order, and the store query (one more than the limit, to tell
 * whether a next page exists). A cursor continues in the order it was issued for; naming the other order with it
 * is an error, never a silent switch.
 * @throws LimbicError VALIDATION_ERROR naming `limit`, `order` or `cursor`.
 */
export function toSessionPageRequest(options: SessionPageOptions): {
  limit: number;
  order: SessionOrder;
  query: { after?: string; limit: number; order: SessionOrder };
} {
  const limit = parseLimit(options.limit);
  const asked = parseSessionOrder(options.order);
  if (!options.cursor) {
    const order = asked ?? defaultSessionOrder;
    return { limit, order, query: { limit: limit + 1, order } };
  }
  const { after, order } = decodeSessionCursor(options.cursor);
  if (asked !== undefined && asked !== order) {
    throw toValidationError('cursor', [
      { path: 'cursor', message: `was returned for order "${order}", not "${asked}": start a new list` },
    ]);
  }
  return { limit, order, query: { after, limit: limit + 1, order } };
}
