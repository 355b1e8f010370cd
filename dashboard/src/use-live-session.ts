import type { Client } from 'graphql-ws';
import { useEffect, useState } from 'preact/hooks';
import {
  createLiveClient,
  type GatewayError,
  type LiveStatus,
  request,
  toGatewayError,
  toGraphQLWsUrl,
  toLiveError,
} from './api.js';
import { loadHistory, mergeHistory } from './history.js';
import { acknowledgeAction, emptyFeed, type ProactiveFeed, receiveActions } from './proactive-feed.js';
import {
  ackProactiveMutation,
  pendingActionsQuery,
  proactiveActionsSubscription,
  sessionStateSubscription,
} from './queries.js';
import { appendPoint, type TrajectoryPoint } from './trajectory.js';
import type { ProactiveAction, StateSnapshot } from './types.js';

/** What {@link useLiveSession} keeps up to date. */
export interface LiveSession {
  status: LiveStatus;
  snapshot: StateSnapshot | null;
  trajectory: readonly TrajectoryPoint[];
  feed: ProactiveFeed;
  error: GatewayError | null;
  /** Acknowledges an action over HTTP and drops it from the feed. */
  acknowledge: (actionId: string) => Promise<void>;
  /** Starts a new connection after the old one gave up. */
  reconnect: () => void;
}

/**
 * Follows a session live over graphql-ws: `sessionState` (the snapshot now, then every change) feeds the state
 * and the trajectory, which starts from the session's stored history (its memories' feelings and times); the
 * `proactiveActions` subscription plus the pending list feed the actions. After a reconnect the actions
 * subscription starts again `after` the last id received, so none is missed. Everything closes on unmount.
 */
export function useLiveSession(apiKey: string, sessionId: string): LiveSession {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [snapshot, setSnapshot] = useState<StateSnapshot | null>(null);
  const [trajectory, setTrajectory] = useState<readonly TrajectoryPoint[]>([]);
  const [feed, setFeed] = useState<ProactiveFeed>(emptyFeed);
  const [error, setError] = useState<GatewayError | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    let lastId: string | null = null;
    const controller = new AbortController();
    setError(null);

    const receive = (actions: readonly ProactiveAction[]) => {
      for (const action of actions) if (lastId === null || action.id > lastId) lastId = action.id;
      setFeed((current) => receiveActions(current, actions));
    };
    const fail = (caught: unknown) => {
      if (!active) return;
      const failure = toLiveError(caught);
      setError(failure);
      setStatus(failure.code === 'UNAUTHORIZED' ? 'refused' : 'closed');
    };
    const loadPending = () =>
      request<{ proactiveActions: ProactiveAction[] }>(
        pendingActionsQuery,
        { sessionId },
        { token: apiKey, signal: controller.signal },
      ).then(
        (data) => active && receive(data.proactiveActions),
        (caught: unknown) => active && setError(toLiveError(caught)),
      );

    function subscribeActions(client: Client, after: string | null): () => void {
      return client.subscribe<{ proactiveActions: ProactiveAction }>(
        {
          query: proactiveActionsSubscription,
          variables: after === null ? { sessionId } : { sessionId, after },
        },
        {
          next: (result) => {
            if (!active) return;
            if (result.errors?.length) setError(toGatewayError(result.errors));
            else if (result.data) receive([result.data.proactiveActions]);
          },
          error: fail,
          complete: () => undefined,
        },
      );
    }

    let stopActions = () => {};
    const client = createLiveClient({
      apiKey,
      url: toGraphQLWsUrl(location),
      onStatus: (next) => active && setStatus(next),
      onReconnected: () => {
        if (!active) return;
        stopActions();
        stopActions = subscribeActions(client, lastId);
        if (lastId === null) void loadPending();
      },
    });
    const stopState = client.subscribe<{ sessionState: StateSnapshot }>(
      { query: sessionStateSubscription, variables: { sessionId } },
      {
        next: (result) => {
          if (!active) return;
          if (result.errors?.length) return setError(toGatewayError(result.errors));
          const next = result.data?.sessionState;
          if (!next) return;
          setSnapshot(next);
          setTrajectory((points) => appendPoint(points, next));
        },
        error: fail,
        complete: () => undefined,
      },
    );
    // Subscribe before reading the pending list: an action arising in between then comes by one or the other.
    stopActions = subscribeActions(client, null);
    void loadPending();
    // The stored history merges with the live points whichever arrives first (both are kept in time order).
    setTrajectory([]);
    loadHistory(apiKey, sessionId, controller.signal).then(
      (moments) => active && setTrajectory((points) => mergeHistory(points, moments)),
      (caught: unknown) => active && setError(toLiveError(caught)),
    );

    return () => {
      active = false;
      controller.abort();
      stopState();
      stopActions();
      void client.dispose();
    };
  }, [apiKey, sessionId, attempt]);

  async function acknowledge(actionId: string) {
    await request(ackProactiveMutation, { sessionId, actionId }, { token: apiKey });
    setFeed((current) => acknowledgeAction(current, actionId));
  }

  return {
    status,
    snapshot,
    trajectory,
    feed,
    error,
    acknowledge,
    reconnect: () => setAttempt((n) => n + 1),
  };
}
