import type { ProactiveAction, StateSnapshot } from '@limbic/core';
import { claimSlot } from '../auth/admit.js';
import { serverError } from '../errors.js';
import type { Subscriber } from '../subscribers.js';
import { builder, type GraphQLContext } from './builder.js';
import { StateSnapshotRef } from './emotion-types.js';
import { Feed } from './feed.js';
import { ProactiveActionRef } from './proactive-types.js';
import { ownerOf, sessionIdArg } from './queries.js';

/** What a subscription wants to hear about its session. */
type SessionWatcher = Pick<Subscriber, 'state' | 'proactive'>;

/**
 * Opens a feed on one session's events. It first claims one of the key's subscription slots (the plan's cap,
 * over graphql-ws and SSE together; refused with RATE_LIMIT), then joins the gateway's subscriber registry before
 * `start` reads the session; live items wait in a buffer until `start`'s items are queued, so nothing that
 * happens in between is lost and `start`'s items come first. `start` also checks ownership: another owner's or a
 * missing session rejects with NOT_FOUND. Deleting the session, revoking the key or shutting down ends the feed
 * (the subscription completes).
 */
async function openFeed<T>(
  ctx: GraphQLContext,
  sessionId: string,
  watcher: (owner: string, emit: (item: T) => void) => SessionWatcher,
  start: (owner: string) => Promise<T[]>,
  distinct: (item: T) => string | undefined = () => undefined,
): Promise<Feed<T>> {
  const owner = ownerOf(ctx);
  const principal = ctx.principal;
  const slot = principal ? claimSlot(ctx.gateway, principal, 'subscription') : undefined;
  if (slot && !slot.ok) {
    const { code, message, retryAfter } = slot.refusal;
    throw serverError(code, message, retryAfter === undefined ? {} : { retryAfter });
  }
  const feed = new Feed<T>();
  if (slot) feed.onEnd(slot.release);
  let buffer: T[] | undefined = [];
  const emit = (item: T) => {
    if (!buffer) feed.push(item);
    else if (buffer.push(item) > feed.maxQueued) buffer.shift();
  };
  const end = () => feed.end();
  feed.onEnd(
    ctx.gateway.subscribers.add({
      kind: 'subscription',
      keyId: principal?.keyId ?? null,
      sessionId,
      ...watcher(owner, emit),
      deleted: end,
      revoked: end,
      shutdown: end,
    }),
  );
  try {
    const first = await start(owner);
    const seen = new Set(first.map(distinct).filter((key) => key !== undefined));
    for (const item of first) feed.push(item);
    const live = buffer;
    buffer = undefined;
    for (const item of live) {
      const key = distinct(item);
      if (key === undefined || !seen.has(key)) feed.push(item);
    }
    return feed;
  } catch (error) {
    feed.end();
    throw error;
  }
}

builder.subscriptionType({
  description:
    'Live updates over graphql-ws (graphql-transport-ws on /graphql) or SSE (Accept: text/event-stream). A subscription completes when its session is deleted or the gateway shuts down.',
  fields: (t) => ({
    sessionState: t.field({
      type: StateSnapshotRef,
      description:
        'The current snapshot first, then one after every change of the session: turns over any transport (REST, WebSocket, GraphQL, bots), preferences, acknowledgements and time-driven proactive checks. Only the latest state matters, so a consumer more than 100 snapshots behind loses the oldest.',
      args: { sessionId: t.arg.id({ required: true }) },
      subscribe: (_root, args, ctx) => {
        const sessionId = sessionIdArg(args.sessionId);
        const service = ctx.gateway.service;
        return openFeed<StateSnapshot>(
          ctx,
          sessionId,
          (owner, emit) => ({
            state: (event) => {
              if (event.owner === owner) emit(event.snapshot);
            },
          }),
          async (owner) => [await service.getState(owner, sessionId)],
        );
      },
      resolve: (snapshot) => snapshot,
    }),
    proactiveActions: t.field({
      type: ProactiveActionRef,
      description:
        'Each proactive action of the session as it arises. With `after` (the id of the last action you received), first the pending actions that arose after it, oldest first: resubscribe with it after a reconnect and nothing is missed or repeated. Without `after`, live actions only.',
      args: {
        sessionId: t.arg.id({ required: true }),
        after: t.arg.id({
          description: 'Replay pending actions whose id sorts after this one (ids are time-sortable)',
        }),
      },
      subscribe: (_root, args, ctx) => {
        const sessionId = sessionIdArg(args.sessionId);
        const after = args.after === null || args.after === undefined ? undefined : String(args.after);
        const service = ctx.gateway.service;
        return openFeed<ProactiveAction>(
          ctx,
          sessionId,
          (owner, emit) => ({
            proactive: (event) => {
              if (event.owner === owner) emit(event.action);
            },
          }),
          async (owner) => {
            if (after === undefined) {
              await service.getPreferences(owner, sessionId);
              return [];
            }
            const pending = await service.pendingActions(owner, sessionId);
            return pending.filter((action) => action.id > after).sort((a, b) => (a.id < b.id ? -1 : 1));
          },
          (action) => action.id,
        );
      },
      resolve: (action) => action,
    }),
  }),
});
