import type { ProactiveAction } from '@limbic/core';
import {
  closeCodes,
  closeReasons,
  errorMessages,
  errorTable,
  requestIdOf,
  type ServerMessage,
  toWireAction,
} from '@limbic/protocol';
import { type RawData, WebSocket } from 'ws';
import { admit } from '../auth/admit.js';
import type { Principal } from '../auth/authenticator.js';
import { type Classified, classify, statusOf } from '../errors.js';
import type { Hub } from './hub.js';
import { MessageHandler } from './message-handler.js';
import type { Failure, Peer, Phase } from './peer.js';
import { type CloseCode, decode, errorOf } from './protocol.js';

/** Above this many bytes waiting in a socket's send buffer, pushes that can be delivered later are skipped. */
export const softBufferCap = 256 * 1024;
/** Above this many bytes waiting in a socket's send buffer, the socket is closed with 1013. */
export const hardBufferCap = 1024 * 1024;
/** Messages received but not yet handled, above which the socket stops reading (TCP backpressure). */
const maxQueued = 16;

/** Action ids a socket remembers having sent; a session holds at most one pending action per type. */
const sentMemory = 256;

/**
 * One client socket on /v1/ws/:sessionId. It authenticates, sends `connected` and `missed_proactive`, then handles
 * messages strictly one at a time (replies keep the order of requests) through its {@link MessageHandler}. Idle, it
 * holds no timers and no closures beyond its four socket listeners.
 */
export class Connection implements Peer {
  principal: Principal | null = null;
  phase: Phase = 'connecting';
  /** True when the client asked for a `state` push after every change (`?events=state`). */
  pushState = false;
  /** Set by a pong or any message; cleared by each heartbeat sweep. */
  alive = true;
  /** Proactive actions that arose while connecting: sent after missed_proactive unless already in it. */
  early: ProactiveAction[] | null = null;
  /**
   * Ids of the actions this socket was sent (in missed_proactive or pushed), the latest {@link sentMemory}: an
   * action reaches a socket once, even when another gateway's change arrives after missed_proactive carried it.
   */
  readonly sent = new Set<string>();
  busy = false;
  readonly queue: Buffer[] = [];
  /** Gives back the connection's slot of its key's socket cap (see auth/admit.ts). */
  release: (() => void) | undefined;
  readonly #messages: MessageHandler;

  constructor(
    readonly hub: Hub,
    readonly ws: WebSocket,
    readonly sessionId: string,
  ) {
    this.#messages = new MessageHandler(hub.context, this);
  }

  /** True once the socket is closed or closing (re-read after every await: it changes underneath). */
  isClosed(): boolean {
    return this.phase === 'closed';
  }

  /** Authenticates, checks the session, and greets the client; runs once, right after the upgrade. */
  async open(token: string | undefined, address = 'unknown'): Promise<void> {
    const { service } = this.hub.context;
    const admission = await admit(this.hub.context, {
      credential: token,
      address,
      transport: 'websocket',
      holds: 'socket',
    });
    if (admission.ok && admission.release) {
      // The slot of the key's socket cap is given back when the connection closes (now, if it already has).
      if (this.isClosed()) admission.release();
      else this.release = admission.release;
    }
    if (this.isClosed()) return;
    if (!admission.ok) {
      const { code, message, retryAfter } = admission.refusal;
      return this.fail({
        code,
        message,
        close: errorTable[code].closeCode as CloseCode,
        ...(retryAfter === undefined ? {} : { retryAfter }),
      });
    }
    const { principal } = admission;
    if (this.isClosed()) return;
    this.principal = principal;
    // Indexed before reading the queue, so an action raised meanwhile is either read or caught in `early`.
    this.hub.index(this);
    let pending: ProactiveAction[];
    try {
      pending = await service.pendingActions(principal.owner, this.sessionId);
    } catch (error) {
      const c = classify(error);
      if (statusOf(c.code) >= 500)
        this.hub.context.log.error({ err: error, sessionId: this.sessionId }, 'websocket open failed');
      return this.fail({
        code: c.code,
        message: c.message,
        ...(c.retryAfter === undefined ? {} : { retryAfter: c.retryAfter }),
        close: c.code === 'NOT_FOUND' ? closeCodes.notFound : closeCodes.internalError,
      });
    }
    if (this.isClosed()) return;
    this.send({ type: 'connected', session_id: this.sessionId });
    if (pending.length && this.send({ type: 'missed_proactive', data: pending.map(toWireAction) })) {
      for (const action of pending) this.#remember(action.id);
    }
    const early = this.early;
    this.early = null;
    this.phase = 'open';
    this.hub.context.log.info({ sessionId: this.sessionId, keyId: principal.keyId }, 'websocket connected');
    for (const action of early ?? []) this.deliver(action);
    if (this.queue.length) void this.pump();
  }

  /** Handles one incoming frame: size and kind checks happen here, the rest in order in {@link pump}. */
  receive(data: RawData, isBinary: boolean): void {
    if (this.isClosed()) return;
    this.alive = true;
    const buffer = Array.isArray(data)
      ? Buffer.concat(data)
      : Buffer.isBuffer(data)
        ? data
        : Buffer.from(data);
    if (isBinary) {
      this.fail({
        code: 'VALIDATION_ERROR',
        message: 'Binary frames are not supported: send JSON text',
        close: closeCodes.unsupportedData,
      });
      return;
    }
    const max = this.hub.context.config.wsMaxMessage;
    if (buffer.length > max) {
      this.fail({
        code: 'VALIDATION_ERROR',
        message: `Message too large: at most ${max} bytes (got ${buffer.length})`,
        close: closeCodes.messageTooBig,
      });
      return;
    }
    if (this.hub.closing) {
      this.send(
        errorOf(
          {
            code: 'SERVICE_UNAVAILABLE',
            message: errorMessages.shuttingDown('reconnect'),
            retryAfter: 1,
          },
          requestIdOf(decode(buffer)),
        ),
      );
      return;
    }
    this.queue.push(buffer);
    if (this.queue.length >= maxQueued && !this.ws.isPaused) this.ws.pause();
    if (this.phase === 'open' && !this.busy) void this.pump();
  }

  /** Handles queued messages one at a time. */
  async pump(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.hub.enter();
    try {
      for (let data = this.queue.shift(); data && this.phase === 'open'; data = this.queue.shift()) {
        if (this.ws.isPaused && this.queue.length < maxQueued / 2) this.ws.resume();
        await this.#messages.handle(data);
      }
    } finally {
      this.busy = false;
      if (this.ws.isPaused && this.phase === 'open') this.ws.resume();
      this.hub.leave();
    }
  }

  /** Pushes a proactive action (skipped under backpressure: it stays pending and comes in missed_proactive). */
  deliver(action: ProactiveAction, text?: string): void {
    if (this.phase === 'connecting') {
      this.early ??= [];
      this.early.push(action);
    } else if (this.phase === 'open' && !this.sent.has(action.id)) {
      const pushed = this.sendText(
        text ?? JSON.stringify({ type: 'proactive', data: toWireAction(action) }),
        false,
      );
      if (pushed) this.#remember(action.id);
    }
  }

  #remember(actionId: string): void {
    this.sent.add(actionId);
    if (this.sent.size > sentMemory) this.sent.delete(this.sent.values().next().value!);
  }

  /** Sends a reply or essential message. */
  send(message: ServerMessage): boolean {
    return this.sendText(JSON.stringify(message), true);
  }

  /** Sends unless the send buffer is over the hard cap (then closes 1013) or, for non-essential pushes, the soft cap. */
  sendText(text: string, essential: boolean): boolean {
    if (this.ws.readyState !== WebSocket.OPEN) return false;
    const buffered = this.ws.bufferedAmount;
    if (buffered > hardBufferCap) {
      this.close(closeCodes.tryAgainLater);
      return false;
    }
    if (!essential && buffered > softBufferCap) return false;
    this.ws.send(text);
    return true;
  }

  /** Sends an error, then closes with its close code. */
  fail(f: Failure): void {
    const c: Classified = { code: f.code, message: f.message };
    if (f.retryAfter !== undefined) c.retryAfter = f.retryAfter;
    this.send(errorOf(c, undefined));
    this.close(f.close);
  }

  /** Closes with a code and its fixed reason (never the key or session contents) and drops the socket's work. */
  close(code: CloseCode): void {
    if (this.phase !== 'closed') {
      const level = code === closeCodes.goingAway ? 'debug' : 'info';
      this.hub.context.log[level]({ sessionId: this.sessionId, code }, 'websocket closing');
    }
    this.closed();
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING)
      this.ws.close(code, closeReasons[code]);
  }

  /** Marks the connection closed (socket gone or closing) and removes it from the hub's indexes. */
  closed(): void {
    if (this.isClosed()) return;
    this.phase = 'closed';
    this.queue.length = 0;
    this.early = null;
    this.release?.();
    this.release = undefined;
    this.hub.remove(this);
  }
}
