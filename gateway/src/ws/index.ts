import type { Server } from 'node:http';
import type { GatewayContext } from '../context.js';

/** The WebSocket endpoint /v1/ws/:sessionId, attached to the HTTP server's upgrade event. */
export interface WebSocketEndpoint {
  /** Drains in-flight turns, then closes every socket with 1001. */
  close(): Promise<void>;
}

/** Attaches the WebSocket endpoint to `server`. */
export function attachWebSocket(server: Server, context: GatewayContext): WebSocketEndpoint {
  void server;
  void context;
  return { close: async () => {} };
}
