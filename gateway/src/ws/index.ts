import { once } from 'node:events';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { closeCodes, sessionSubprotocol } from '@limbic/protocol';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { clientAddress, shuttingDown } from '../auth/admit.js';
import { bearerToken } from '../auth/authenticator.js';
import type { GatewayContext } from '../context.js';
import { refuseForeignOrigin } from '../cors.js';
import { redact } from '../redact.js';
import { Connection } from './connection.js';
import { Hub } from './hub.js';
import { refuseBadHandshake, rejectUpgrade, type UpgradeHandler, upgradeRouterOf } from './upgrade-router.js';

export { rejectUpgrade, type UpgradeHandler, type UpgradeRouter, upgradeRouterOf } from './upgrade-router.js';

/** The path prefix of the session WebSocket: /v1/ws/:sessionId. */
export const wsPathPrefix = '/v1/ws/';
/** Hard cap of a frame or message, enforced by `ws` itself (1009 without an error message). */
const hardMaxPayload = 1024 * 1024;
/** How long shutdown waits for in-flight turns, then for clients to answer the close frame. */
const drainMs = 5_000;
const closeWaitMs = 2_000;

/** The WebSocket endpoint /v1/ws/:sessionId, attached to the HTTP server's upgrade event. */
export interface WebSocketEndpoint {
  /** Drains in-flight turns, then closes every socket with 1001. */
  close(): Promise<void>;
  /** Runs one heartbeat sweep now (ping, drop dead peers, re-check keys); resolves when it is done. For tests. */
  sweep(): Promise<void>;
  /** Number of open sockets. */
  readonly size: number;
}

/** Reads the session id and the API key (`?token=`, or `Authorization: Bearer` for non-browser clients). */
function parseRequest(request: IncomingMessage): {
  sessionId: string;
  token: string | undefined;
  pushState: boolean;
} {
  const url = request.url ?? '';
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  let sessionId = '';
  try {
    sessionId = decodeURIComponent(path.slice(wsPathPrefix.length));
  } catch {
    // A malformed escape is simply an id no session has.
  }
  const query = q < 0 ? null : new URLSearchParams(url.slice(q + 1));
  const token = query?.get('token');
  // `?events=state` (an extension): also push a `state` snapshot after every change of the session.
  const pushState = query?.getAll('events').some((e) => e.split(',').includes('state')) ?? false;
  return { sessionId, token: token || bearerToken(request.headers.authorization), pushState };
}

function onMessage(this: WebSocket, data: RawData, isBinary: boolean): void {
  connectionOf(this)?.receive(data, isBinary);
}
function onPong(this: WebSocket): void {
  const conn = connectionOf(this);
  if (conn) conn.alive = true;
}
function onClose(this: WebSocket): void {
  connectionOf(this)?.closed();
}
function onError(this: WebSocket): void {
  // ws closes the socket itself (1002, 1007, 1009…); the close event cleans up.
}

/** Resolves when every promise has settled, or after `ms`. */
async function settle(promises: (Promise<unknown> | undefined)[], ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([Promise.allSettled(promises), timeout]);
  clearTimeout(timer);
}

const connections = new WeakMap<WebSocket, Connection>();
function connectionOf(ws: WebSocket): Connection | undefined {
  return connections.get(ws);
}

/**
 * Attaches the WebSocket endpoint `/v1/ws/:sessionId?token=<API_KEY>` to `server` through its upgrade router
 * (other surfaces such as `/graphql` add their own handler with {@link upgradeRouterOf}). The protocol is
 * described in docs/protocol.md: `connected`, `missed_proactive`, turns, state, proactive pushes and acks, with
 * errors as JSON messages followed by a close code.
 * @example
 * const endpoint = attachWebSocket(app.server, context);
 * // on shutdown:
 * await endpoint.close();
 */
export function attachWebSocket(server: Server, context: GatewayContext): WebSocketEndpoint {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: hardMaxPayload,
    clientTracking: false,
    perMessageDeflate: false,
    // Subprotocols are negotiated from the ones the server speaks, never echoed: a client that offers only others
    // gets none, and its WebSocket fails the handshake as RFC 6455 §4.1 has it.
    handleProtocols: (offered) => (offered.has(sessionSubprotocol) ? sessionSubprotocol : false),
    // ws ≥ 8.19 option missing from @types/ws: destroy sockets whose peer ignores our close frame.
    ...({ closeTimeout: closeWaitMs } as object),
  });
  const hub = new Hub(context);

  const handler: UpgradeHandler = (request, socket: Duplex, head) => {
    if (!request.url?.startsWith(wsPathPrefix)) return false;
    if (hub.closing || context.closing) {
      rejectUpgrade(socket, shuttingDown, {
        'Retry-After': String(shuttingDown.retryAfter),
      });
      return true;
    }
    if (refuseForeignOrigin(request, socket, context.config.corsOrigins)) return true;
    if (refuseBadHandshake(request, socket)) return true;
    const { sessionId, token, pushState } = parseRequest(request);
    const url = redact(request.url);
    wss.handleUpgrade(request, socket, head, (ws) => {
      const conn = new Connection(hub, ws, sessionId);
      conn.pushState = pushState;
      connections.set(ws, conn);
      ws.on('message', onMessage);
      ws.on('pong', onPong);
      ws.on('close', onClose);
      ws.on('error', onError);
      hub.add(conn);
      hub.enter();
      conn
        .open(token, clientAddress(context, request))
        .catch((error: unknown) => {
          context.log.error({ err: error, url }, 'websocket open failed');
          conn.close(closeCodes.internalError);
        })
        .finally(() => {
          if (conn.phase === 'closed') context.log.info({ url }, 'websocket rejected');
          hub.leave();
        });
    });
    return true;
  };
  // Never removed: after close() it keeps answering 503 while the HTTP server finishes closing.
  upgradeRouterOf(server).add(handler);

  // Pushes, deletions and revocations reach the connections through the gateway's subscriber registry.

  let closing: Promise<void> | undefined;
  async function close(): Promise<void> {
    hub.closing = true;
    await hub.drained(drainMs);
    hub.stopHeartbeat();
    const sockets = [...hub.all].map((conn) => conn.ws);
    for (const conn of [...hub.all]) conn.close(closeCodes.goingAway);
    await settle(
      sockets.map((ws) => (ws.readyState === ws.CLOSED ? undefined : once(ws, 'close'))),
      closeWaitMs,
    );
    for (const ws of sockets) if (ws.readyState !== ws.CLOSED) ws.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  }

  return {
    close: () => {
      closing ??= close();
      return closing;
    },
    sweep: () => hub.sweep(),
    get size() {
      return hub.all.size;
    },
  };
}
