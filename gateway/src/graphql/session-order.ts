import {
  decodeSessionCursor,
  defaultSessionOrder,
  encodeSessionCursor,
  type SessionOrder,
} from '@limbic/core';
import { builder } from './builder.js';

/** The order of the `sessions` connection: the REST list's `order` values (docs/graphql.md). */
export const SessionOrderEnum = builder.enumType('SessionOrder', {
  description:
    'The order of a session list (REST `order`). Without one, `after` continues in its own order, and a first ' +
    'page is newest first.',
  values: {
    newest: { description: 'The latest created session first' },
    oldest: { description: 'The earliest created session first (creation order)' },
  } as const satisfies Record<SessionOrder, unknown>,
});

/** The order argument as the session service takes it: absent when null or not given. */
export function orderArg(order: SessionOrder | null | undefined): { order?: SessionOrder } {
  return order ? { order } : {};
}

/**
 * The edge cursors of a page the service listed without error: in the order asked, else the order of `after`,
 * else the default order, so that an edge's cursor continues the list it came from.
 */
export function edgeCursorOf(
  order: SessionOrder | null | undefined,
  after: string | null,
): (id: string) => string {
  const listed = order ?? (after ? decodeSessionCursor(after).order : defaultSessionOrder);
  return (id) => encodeSessionCursor(id, listed);
}
