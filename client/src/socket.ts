import type { AckResult, ProactivePreferencesInput, StateSnapshot, TurnResult } from '@limbic/protocol';
import {
  type ClientMessageType,
  LimbicApiError,
  type ServerMessage,
  TypedEmitter,
  toApiError,
  toSocketFields,
} from '@limbic/protocol';
import { toReconnectPolicy } from './backoff.js';
import { PendingRequests, type ReplyType } from './pending-requests.js';
import { Reconnects } from './reconnects.js';
import { SeenIds } from './seen-ids.js';
import type { LimbicSocketEvents, SocketCloseEvent, SocketOptions, SocketStatus } from './socket-types.js';
import { toOptionalTurnFields, toTurnFields } from './turn-fields.js';
import type {
  PreferencesResult,
  SocketAppraisalTurn,
  SocketProactiveAction,
  TurnEvent,
  TurnOptions,
} from './types.js';
import { openState, type WebSocketConstructor, type WebSocketLike } from './web-socket.js';

/** What {@link LimbicSocket} needs besides its options. */
export interface SocketConnection {
  url: string;
  sessionId: string;
  WebSocket: WebSocketConstructor;
  timeoutMs: number;
}

/**
 * A session's WebSocket with typed events: requests correlated by `request_id`, automatic reconnects with backoff,
 * and every proactive action emitted once as `action` whether it came live or in `missed_proactive`. Made by
 * {@link LimbicClient.connect}; it starts connecting at once, and requests made before it is open wait for it.
 * @example
 * const socket = limbic.connect(sessionId, { events: ['state'] });
 * socket.on('action', async (action) => {
 *   await sendToUser(action.message);
 *   await socket.ack(action.action_id);
 * });
 * const result = await socket.turn('I got the job!');
 */
export class LimbicSocket extends TypedEmitter<LimbicSocketEvents> {
  /** The session this socket follows. */
  readonly sessionId: string;
  readonly #connection: SocketConnection;
  readonly #reconnects: Reconnects;
  readonly #seen: SeenIds;
  readonly #requests: PendingRequests;
  #status: SocketStatus = 'connecting';
  #ws: WebSocketLike | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #everOpened = false;
  #closing = false;
  /** The error message of the current connection, if it was the last message received. */
  #lastError: LimbicApiError | undefined;
  #finalError: LimbicApiError | undefined;
  readonly #closed: Promise<void>;
  #markClosed!: () => void;

  constructor(connection: SocketConnection, options: SocketOptions = {}) {
    super();
    this.sessionId = connection.sessionId;
    this.#connection = connection;
    this.#requests = new PendingRequests(options.timeoutMs ?? connection.timeoutMs);
    this.#reconnects = new Reconnects(
      options.reconnect === false ? false : toReconnectPolicy(options.reconnect),
    );
    this.#seen = new SeenIds(options.seenActionLimit ?? 1000, options.seenActionIds);
    this.#closed = new Promise((resolve) => {
      this.#markClosed = resolve;
    });
    this.#open();
  }

  /** Where the socket is: `connecting`, `open`, `reconnecting` or `closed` (for good). */
  get status(): SocketStatus {
    return this.#status;
  }

  /**
   * Resolves once the socket is open (at once if it is); rejects with the reason when it closes for good first
   * (UNAUTHORIZED for a bad key, NOT_FOUND for an unknown session, CONNECTION_CLOSED after close()).
   */
  ready(): Promise<void> {
    if (this.#status === 'open') return Promise.resolve();
    if (this.#status === 'closed') return Promise.reject(this.#closedError());
    return new Promise((resolve, reject) => {
      const offOpen = this.once('open', () => {
        offClose();
        resolve();
      });
      const offClose = this.on('close', (event) => {
        if (event.willReconnect) return;
        offOpen();
        offClose();
        reject(this.#closedError());
      });
    });
  }

  /**
   * Sends a text turn: a chat message, or an event with its source; in a group, with `from` and `to`.
   * @example
   * const result = await socket.turn('Thanks, Mika!', { from: { id: 'u-42', name: 'Alice' }, to: 'character' });
   * if (result.reply.should) speak(result.prompt_data);
   */
  turn(event: TurnEvent, options: TurnOptions = {}): Promise<TurnResult> {
    const fields: Record<string, unknown> = { ...toTurnFields(event), ...toOptionalTurnFields(options) };
    if (options.elapsedSeconds !== undefined) fields.elapsedSeconds = options.elapsedSeconds;
    return this.#request('turn', toSocketFields(fields), 'turn_result');
  }

  /** Sends a turn with a pre-computed appraisal; in a group, with `from` and `to`. */
  turnAppraisal(input: SocketAppraisalTurn): Promise<TurnResult> {
    const fields: Record<string, unknown> = { appraisal: input.appraisal, ...toOptionalTurnFields(input) };
    if (input.context !== undefined) fields.context = input.context;
    if (input.elapsedSeconds !== undefined) fields.elapsedSeconds = input.elapsedSeconds;
    return this.#request('turn_appraisal', toSocketFields(fields), 'turn_result');
  }

  /** The state snapshot at the current engine time. */
  getState(): Promise<StateSnapshot> {
    return this.#request('get_state', {}, 'state');
  }

  /** Replaces the proactive preferences (omitted triggers are on, an omitted cooldown is 4 hours). */
  setPreferences(preferences: ProactivePreferencesInput): Promise<PreferencesResult> {
    return this.#request('set_proactive_prefs', { preferences }, 'proactive_prefs');
  }

  /** Acknowledges an action so that it is never delivered again, on any socket. Idempotent. */
  ack(actionId: string): Promise<AckResult> {
    return this.#request('ack_proactive', toSocketFields({ actionId }), 'proactive_ack');
  }

  /**
   * Forgets an action id (or every id) the socket remembers having emitted, so its next delivery (an unacknowledged
   * action comes again on every connect) is emitted again.
   */
  forget(actionId?: string): void {
    this.#seen.forget(actionId);
  }

  /**
   * Closes the socket for good: no reconnect, and requests still waiting reject with CONNECTION_CLOSED. Resolves
   * once the connection is closed.
   */
  close(): Promise<void> {
    if (this.#status === 'closed' || this.#closing) return this.#closed;
    this.#closing = true;
    this.#finalError = new LimbicApiError('CONNECTION_CLOSED', 'The socket was closed by the client');
    this.#requests.reject(() => this.#finalError!);
    clearTimeout(this.#timer);
    if (this.#ws) this.#ws.close(1000, 'client closing');
    else this.#finish({ code: 1000, reason: 'client closing', willReconnect: false });
    return this.#closed;
  }

  #open(): void {
    this.#lastError = undefined;
    let ws: WebSocketLike;
    try {
      ws = new this.#connection.WebSocket(this.#connection.url);
    } catch (error) {
      this.#finalError = new LimbicApiError('NETWORK_ERROR', `Cannot open the socket: ${String(error)}`, {
        cause: error,
      });
      this.#requests.reject(() => this.#finalError!);
      queueMicrotask(() => this.#finish({ code: 1006, reason: '', willReconnect: false }));
      return;
    }
    this.#ws = ws;
    // The close event follows every error, and says everything the error event could.
    ws.onerror = () => {};
    ws.onmessage = (event) => {
      if (typeof event.data === 'string') this.#receive(event.data);
    };
    ws.onclose = (event) => {
      if (this.#ws === ws) this.#dropped(event.code, event.reason);
    };
  }

  #receive(text: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      this.emit(
        'error',
        new LimbicApiError('UNEXPECTED_RESPONSE', 'The gateway sent invalid JSON', { cause: error }),
      );
      return;
    }
    if (typeof parsed !== 'object' || parsed === null) return;
    // Typed as the contract says; every field read below is still checked, since the peer may not keep it.
    const message = parsed as ServerMessage;
    const error = message.type === 'error' ? toApiError({ ...message }) : undefined;
    // Kept only while it is the last message: the close that may follow it is explained by it.
    this.#lastError = error;
    const id =
      'request_id' in message && typeof message.request_id === 'string' ? message.request_id : undefined;
    if (id !== undefined && this.#requests.settle(id, message, error)) return;
    switch (message.type) {
      case 'connected':
        this.#connected();
        return;
      case 'proactive':
        this.#action(message.data, false);
        return;
      case 'missed_proactive':
        if (Array.isArray(message.data)) for (const action of message.data) this.#action(action, true);
        return;
      case 'state':
        if (id === undefined) this.emit('state', message.data);
        return;
      case 'error':
        // A reply to a request that already timed out is nobody's news.
        if (id === undefined && error) this.emit('error', error);
        return;
    }
  }

  #connected(): void {
    this.#status = 'open';
    this.#reconnects.opened();
    const reconnected = this.#everOpened;
    this.#everOpened = true;
    // Queued requests go first, so they keep their order before any that 'open' listeners make.
    this.#requests.flush((text) => this.#ws?.send(text));
    this.emit('open', { sessionId: this.sessionId, reconnected });
  }

  #action(action: SocketProactiveAction, missed: boolean): void {
    if (typeof action?.action_id !== 'string') return;
    if (this.#seen.add(action.action_id)) this.emit('action', action, { missed });
  }

  #request<T>(type: ClientMessageType, fields: Record<string, unknown>, reply: ReplyType): Promise<T> {
    if (this.#status === 'closed' || this.#closing) return Promise.reject(this.#closedError());
    return this.#requests.request<T>(type, fields, reply, (text) => {
      if (this.#status !== 'open' || this.#ws?.readyState !== openState) return false;
      this.#ws.send(text);
      return true;
    });
  }

  #dropped(code: number, reason: string): void {
    this.#ws = null;
    const error = this.#lastError;
    const willReconnect = this.#reconnects.dropped(code, this.#closing);
    this.#requests.reject(
      () =>
        new LimbicApiError(
          'CONNECTION_CLOSED',
          `The connection closed (${code}) before the reply arrived; a turn may or may not have been applied`,
        ),
      true,
    );
    if (!willReconnect) {
      this.#finalError ??=
        error ?? new LimbicApiError('CONNECTION_CLOSED', `The connection closed (${code})`);
      this.#finish({ code, reason, willReconnect, ...(error ? { error } : {}) });
      return;
    }
    this.#status = 'reconnecting';
    this.emit('close', { code, reason, willReconnect, ...(error ? { error } : {}) });
    // A 'close' listener may have closed the socket.
    const next = this.#closing ? undefined : this.#reconnects.next(error?.retryAfter);
    if (!next) return;
    this.emit('reconnecting', next);
    if (this.#closing) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (!this.#closing) this.#open();
    }, next.delayMs);
  }

  #finish(event: SocketCloseEvent): void {
    this.#status = 'closed';
    this.#requests.reject(() => this.#closedError());
    this.emit('close', event);
    this.#markClosed();
  }

  #closedError(): LimbicApiError {
    return this.#finalError ?? new LimbicApiError('CONNECTION_CLOSED', 'The socket is closed');
  }
}
