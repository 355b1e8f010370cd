import type { ProactiveAction } from './types.js';

/**
 * The pending proactive actions of a session view, from the `proactiveActions` query and subscription, which
 * overlap around a (re)subscription: merging by id keeps each action once. Ids are time-sortable, so the list is
 * kept in id order, oldest first, and `lastId` is the one to resubscribe `after`.
 */
export interface ProactiveFeed {
  pending: readonly ProactiveAction[];
  /** The largest id received, acknowledged ones included; null before any. */
  lastId: string | null;
  /** Ids acknowledged here, so that a replay cannot bring them back. */
  acknowledged: ReadonlySet<string>;
}

/** No action yet. */
export const emptyFeed: ProactiveFeed = { pending: [], lastId: null, acknowledged: new Set() };

/** Adds actions received from the query or the subscription. */
export function receiveActions(feed: ProactiveFeed, actions: readonly ProactiveAction[]): ProactiveFeed {
  const byId = new Map(feed.pending.map((action) => [action.id, action]));
  let lastId = feed.lastId;
  for (const action of actions) {
    if (lastId === null || action.id > lastId) lastId = action.id;
    if (!feed.acknowledged.has(action.id)) byId.set(action.id, action);
  }
  const pending = [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { pending, lastId, acknowledged: feed.acknowledged };
}

/** Removes an acknowledged action for good. */
export function acknowledgeAction(feed: ProactiveFeed, id: string): ProactiveFeed {
  return {
    pending: feed.pending.filter((action) => action.id !== id),
    lastId: feed.lastId,
    acknowledged: new Set([...feed.acknowledged, id]),
  };
}
