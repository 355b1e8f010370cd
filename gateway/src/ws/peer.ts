import type { ProactiveAction } from '@limbic/core';
import type { WebSocket } from 'ws';
import type { Principal } from '../auth/authenticator.js';
import type { ErrorCode } from '../errors.js';
import type { CloseCode } from './protocol.js';

// What the hub and a connection know of each other goes through this module: the connection implements Peer and
// talks to the hub; the hub sees only Peer. So the dependency goes one way (connection → hub → peer).

/** Where a socket is in its life: authenticating and greeting, handling messages, or gone. */
export type Phase = 'connecting' | 'open' | 'closed';

/** How a connection ended up closed by the server: the error sent first (if any) and the close code. */
export interface Failure {
  code: ErrorCode;
  message: string;
  close: CloseCode;
  retryAfter?: number;
}

/** One client socket as the hub sees it: what fan-out, the heartbeat and shutdown need of a connection. */
export interface Peer {
  readonly ws: WebSocket;
  readonly sessionId: string;
  /** The authenticated key, once the connection has been admitted. */
  readonly principal: Principal | null;
  readonly phase: Phase;
  /** True when the client asked for a `state` push after every change (`?events=state`). */
  readonly pushState: boolean;
  /** Set by a pong or any message; cleared by each heartbeat sweep. */
  alive: boolean;
  /** Pushes a proactive action; `text` is its serialized `proactive` message when the caller already has it. */
  deliver(action: ProactiveAction, text?: string): void;
  /** Sends a serialized message; a non-essential one is skipped under backpressure. */
  sendText(text: string, essential: boolean): boolean;
  /** Sends an error, then closes with its close code. */
  fail(failure: Failure): void;
  /** Closes with a code and its fixed reason. */
  close(code: CloseCode): void;
  /** Marks the connection closed (socket gone or closing) and removes it from the hub. */
  closed(): void;
}
