import {
  createLimbicClient,
  type LimbicClient,
  type LimbicClientOptions,
  type LimbicSocket,
  type ReconnectOptions,
} from '@limbic/client';
import { type ProactiveAction, resolveLocale } from '@limbic/core';
import { fromRestAction, fromWireAction } from '@limbic/protocol';
import type { LimbicBackend } from './backend.js';
import { fromOutreachView } from './outreach-status.js';

/** Options of {@link remoteBackend}. */
export interface RemoteBackendOptions {
  /** The gateway's base URL, e.g. `https://limbic.example.com`. */
  url: string;
  /** An API key of the gateway (`svc_live_…` or `svc_test_…`). */
  apiKey: string;
  /**
   * Use this client instead of creating one (for custom fetch or WebSocket implementations).
   * @defaultValue a client created from `url`, `apiKey` and `clientOptions`
   */
  client?: LimbicClient;
  /**
   * Reconnection of the session WebSockets.
   * @defaultValue the client's (exponential backoff with jitter)
   */
  reconnect?: ReconnectOptions;
  /**
   * Extra options of the client (timeouts, fetch, WebSocket).
   * @defaultValue none: the client's defaults
   */
  clientOptions?: Omit<LimbicClientOptions, 'baseUrl' | 'apiKey'>;
  /**
   * Reports WebSocket errors that are not tied to a request (the socket reconnects by itself).
   * @defaultValue none: such errors are ignored
   */
  onError?: (error: unknown, sessionId: string) => void;
}

/**
 * A Limbic gateway as the engine, through `@limbic/client`: turns and reads over REST, and one WebSocket per
 * watched session for proactive pushes. A socket reconnects by itself, and the gateway replays the actions that
 * arose meanwhile (`missed_proactive`), so nothing is lost while the bot is disconnected; the client reports each
 * action once per socket, and delivery deduplicates across sockets.
 * @example
 * const backend = remoteBackend({ url: 'http://127.0.0.1:8787', apiKey: process.env.LIMBIC_API_KEY! });
 */
export function remoteBackend(
  options: RemoteBackendOptions,
): LimbicBackend & { readonly client: LimbicClient } {
  const client =
    options.client ??
    createLimbicClient({ ...options.clientOptions, baseUrl: options.url, apiKey: options.apiKey });
  const sockets = new Map<string, LimbicSocket>();
  const listeners = new Set<(sessionId: string, action: ProactiveAction) => void>();
  let closed = false;

  return {
    mode: 'remote',
    owner: `remote:${options.url}`,
    client,
    async createSession(persona) {
      return (await client.createSession(persona)).sessionId;
    },
    turn(sessionId, { message, elapsedSeconds, from, to }) {
      return client.turn(sessionId, message, {
        ...(elapsedSeconds === undefined ? {} : { elapsedSeconds }),
        ...(from === undefined ? {} : { from }),
        ...(to === undefined ? {} : { to }),
      });
    },
    listParticipants(sessionId, { cursor = null, limit = 100 } = {}) {
      return client.listParticipants(sessionId, { ...(cursor === null ? {} : { cursor }), limit });
    },
    async forgetParticipant(sessionId, participantId) {
      await client.forgetParticipant(sessionId, participantId);
    },
    listMemories(sessionId, { cursor = null, limit = 100, participant } = {}) {
      return client.listMemories(sessionId, {
        ...(cursor === null ? {} : { cursor }),
        limit,
        ...(participant === undefined ? {} : { participant }),
      });
    },
    async forgetAllMemories(sessionId) {
      return (await client.forgetAllMemories(sessionId)).count;
    },
    async outreachOutlook(sessionId) {
      const details = await client.getSession(sessionId);
      return fromOutreachView(details.outreach, details.state.at);
    },
    async getSession(sessionId) {
      const details = await client.getSession(sessionId);
      const locale = resolveLocale(details.persona.identity.language);
      return { sessionId, preferences: details.preferences, state: details.state, locale };
    },
    async setPreferences(sessionId, preferences) {
      return (await client.setPreferences(sessionId, preferences)).preferences;
    },
    async setParticipantPolicy(sessionId, participantId, policy) {
      return (await client.setParticipantPolicy(sessionId, participantId, policy)).policy;
    },
    async pendingActions(sessionId) {
      return (await client.pendingActions(sessionId)).map(fromRestAction);
    },
    async acknowledge(sessionId, actionId) {
      await client.acknowledge(sessionId, actionId);
    },
    watch(sessionId) {
      if (closed || sockets.has(sessionId)) return;
      const socket = client.connect(sessionId, options.reconnect ? { reconnect: options.reconnect } : {});
      sockets.set(sessionId, socket);
      socket.on('action', (action) => {
        const converted = fromWireAction(action);
        for (const listener of listeners) listener(sessionId, converted);
      });
      socket.on('error', (error) => options.onError?.(error, sessionId));
      socket.on('close', ({ willReconnect }) => {
        // A final close (the session was deleted, the key revoked): forget the socket; watch() may open a new one.
        if (!willReconnect && sockets.get(sessionId) === socket) sockets.delete(sessionId);
      });
    },
    unwatch(sessionId) {
      const socket = sockets.get(sessionId);
      sockets.delete(sessionId);
      void socket?.close();
    },
    onAction(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start() {},
    async close() {
      closed = true;
      const open = [...sockets.values()];
      sockets.clear();
      await Promise.all(open.map((socket) => socket.close()));
    },
  };
}
