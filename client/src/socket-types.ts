import type { LimbicApiError, StateSnapshot } from '@limbic/protocol';
import type { ReconnectOptions } from './backoff.js';
import type { SocketProactiveAction } from './types.js';

/** Where a socket is: connecting for the first time, open, waiting to reconnect, or closed for good. */
export type SocketStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** Extra pushes a socket can ask for: `state` sends a snapshot after every change of the session. */
export type SocketEventStream = 'state';

/** Options of {@link LimbicClient.connect}. */
export interface SocketOptions {
  /** Extra pushes (`?events=state`): a `state` event after every change of the session, whoever caused it. */
  events?: readonly SocketEventStream[];
  /** Backoff of automatic reconnects, or false to never reconnect. Default: {@link defaultReconnect}. */
  reconnect?: ReconnectOptions | false;
  /** How long a request (turn, getState, …) waits for its reply; default: the client's `timeoutMs`. */
  timeoutMs?: number;
  /** Action ids already handled (e.g. persisted by the caller): they are never emitted as `action`. */
  seenActionIds?: Iterable<string>;
  /** How many action ids the socket remembers to deduplicate (least recently seen forgotten first). Default 1000. */
  seenActionLimit?: number;
}

/** The payload of the `open` event. */
export interface SocketOpenEvent {
  sessionId: string;
  /** True from the second connection on. */
  reconnected: boolean;
}

/** The payload of the `close` event: emitted for every closed connection, final or not. */
export interface SocketCloseEvent {
  /** The WebSocket close code (1006 when the connection dropped without a close frame). */
  code: number;
  reason: string;
  /** True when the socket will reconnect (a `reconnecting` event follows). */
  willReconnect: boolean;
  /** The `error` message the server sent just before closing, if any (UNAUTHORIZED before 4401, …). */
  error?: LimbicApiError;
}

/** The payload of the `reconnecting` event. */
export interface SocketReconnectingEvent {
  /** 1 for the first attempt after a drop, counting up until a connection stays up. */
  attempt: number;
  /** How long the socket waits before this attempt. */
  delayMs: number;
}

/** How an action reached the socket. */
export interface ActionDelivery {
  /** True when it came in `missed_proactive` (at connect), false for a live `proactive` push. */
  missed: boolean;
}

/** The typed events of a {@link LimbicSocket}. */
export interface LimbicSocketEvents {
  /** The gateway accepted the connection (`connected`); requests queued meanwhile are sent now. */
  open: [SocketOpenEvent];
  /** A connection closed. */
  close: [SocketCloseEvent];
  /** The socket waits `delayMs`, then reconnects. */
  reconnecting: [SocketReconnectingEvent];
  /** A proactive action, once per action id, whether it came live or in `missed_proactive`. */
  action: [SocketProactiveAction, ActionDelivery];
  /** A state snapshot pushed without a request (with `events: ['state']`); replies to getState() are not events. */
  state: [StateSnapshot];
  /** A server `error` message that answers no request of this socket (e.g. RATE_LIMIT at connect). */
  error: [LimbicApiError];
}
