import { pathTo, routes } from '@limbic/protocol';

// A handler property typed with method bivariance, so implementations whose event types are richer (ws's
// MessageEvent, the DOM's CloseEvent) fit.
type Handler<E> = { bivarianceHack(event: E): void }['bivarianceHack'];

/**
 * The part of the WHATWG WebSocket the client uses. The `ws` package (the default), the global `WebSocket` of
 * browsers, Deno, Bun and Node 22 all fit.
 */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
  onclose: Handler<{ code: number; reason: string }> | null;
  onerror: Handler<unknown> | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** A WebSocket constructor, e.g. `globalThis.WebSocket` or the `ws` package's default export. */
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** The `readyState` of an open WebSocket. */
export const openState = 1;

/**
 * The URL of a session's socket: `ws(s)://<host>[/<base path>]/v1/ws/<sessionId>?token=<key>[&events=state]`,
 * from the REST base URL (`http` becomes `ws`, `https` becomes `wss`).
 */
export function toSocketUrl(
  baseUrl: string,
  sessionId: string,
  apiKey: string,
  events: readonly string[] = [],
): string {
  const url = new URL(`${baseUrl}${pathTo(routes.webSocket, { sessionId })}`);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', apiKey);
  if (events.length > 0) url.searchParams.set('events', events.join(','));
  return url.toString();
}
