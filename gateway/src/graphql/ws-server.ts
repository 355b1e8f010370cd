import type { IncomingMessage } from 'node:http';
import { closeCodes } from '@limbic/protocol';
import {
  CloseCode,
  type ConnectionInitMessage,
  handleProtocols,
  makeServer,
  type ServerOptions,
} from 'graphql-ws';
import type { WebSocket, WebSocketServer } from 'ws';

/** What every graphql-ws hook gets in `ctx.extra`: the socket and its upgrade request. */
export interface WsSocketExtra {
  readonly socket: WebSocket;
  readonly request: IncomingMessage;
}

/** The most bytes of a close frame's reason (RFC 6455: 125 bytes of payload, less the 2-byte code). */
const maxCloseReasonBytes = 123;

/** A close reason cut to fit a close frame, at a character boundary, marked with `…` when cut. */
export function fitCloseReason(reason: string): string {
  if (Buffer.byteLength(reason) <= maxCloseReasonBytes) return reason;
  let out = '';
  for (const char of reason) {
    if (Buffer.byteLength(`${out}${char}…`) > maxCloseReasonBytes) break;
    out += char;
  }
  return `${out}…`;
}

// graphql-ws accepts the server's own message types from a client (they pass its message validation) and then throws
// on them in its dispatch: they are a client's bad request, not a server failure.
const unexpectedMessage = /^Unexpected message of type \S+ received$/;

/**
 * Serves graphql-ws (the graphql-transport-ws protocol) on a `ws` server: graphql-ws's `useServer`, adjusted so that
 * a client's input never looks like a server failure. A client's broken frame (over the message limit, invalid
 * UTF-8) is closed by ws with its code (1009, 1007, 1002) and not reported; a server message type sent by a client
 * closes with 4400, like any invalid message; close reasons are cut to fit a close frame (graphql-ws echoes the
 * client's id in 4409's); a real failure is logged and closes with 1011. Sockets are pinged every `keepAliveMs` and
 * dropped when the pong does not come before the next ping. `dispose` closes every socket with 1001.
 */
export function serveGraphQLWs<
  P extends ConnectionInitMessage['payload'],
  E extends Record<PropertyKey, unknown>,
>(
  options: ServerOptions<P, WsSocketExtra & Partial<E>>,
  wss: WebSocketServer,
  keepAliveMs: number,
  log: { error(object: object, message: string): void },
): { dispose(): Promise<void> } {
  const server = makeServer(options);
  wss.options.handleProtocols = handleProtocols;
  wss.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    socket.on('error', () => {});
    let alive = true;
    socket.on('pong', () => {
      alive = true;
    });
    const heartbeat = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
    }, keepAliveMs);
    const closed = server.opened(
      {
        protocol: socket.protocol,
        send: (data) =>
          new Promise<void>((resolve, reject) => {
            if (socket.readyState !== socket.OPEN) return resolve();
            socket.send(data, (error) => (error ? reject(error) : resolve()));
          }),
        close: (code, reason) => socket.close(code, fitCloseReason(reason ?? '')),
        onMessage: (handle) =>
          socket.on('message', async (data) => {
            try {
              await handle(String(data));
            } catch (error) {
              if (error instanceof Error && unexpectedMessage.test(error.message)) {
                socket.close(CloseCode.BadRequest, 'Invalid message received');
                return;
              }
              log.error({ err: error }, 'graphql-ws message failed');
              socket.close(closeCodes.internalError, 'Internal error');
            }
          }),
      },
      { socket, request } as WsSocketExtra & Partial<E>,
    );
    socket.once('close', (code, reason) => {
      clearInterval(heartbeat);
      closed(code, String(reason)).catch((error: unknown) =>
        log.error({ err: error }, 'graphql-ws close handling failed'),
      );
    });
  });
  return {
    async dispose() {
      for (const socket of wss.clients) socket.close(closeCodes.goingAway, 'Going away');
      wss.removeAllListeners();
      await new Promise<void>((resolve, reject) => wss.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
