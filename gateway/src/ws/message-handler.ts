import { isLimbicError } from '@limbic/core';
import {
  type ClientMessage,
  closeCodes,
  describeIssues,
  type ErrorMessage,
  errorMessages,
  parseClientMessage,
  requestIdOf,
  type ServerMessage,
  typeOf,
} from '@limbic/protocol';
import type { GatewayContext } from '../context.js';
import { type Classified, classify, statusOf } from '../errors.js';
import { dispatch } from './dispatch.js';
import type { Peer } from './peer.js';
import { decode, errorOf, notJson } from './protocol.js';

/** Consecutive invalid messages after which the socket is closed with 4400. */
export const maxBadFrames = 10;

/** What a message handler needs of its connection: who is talking, and how to answer and to hang up. */
export interface MessageChannel extends Pick<Peer, 'sessionId' | 'principal' | 'phase' | 'close'> {
  /** Sends a reply or essential message. */
  send(message: ServerMessage): boolean;
}

/**
 * The client messages of one connection, after they were queued in order: the plan's rate limit, the envelope
 * checks, the session service call and the reply, and the counts that close a flooding or garbling client.
 */
export class MessageHandler {
  /** Consecutive invalid messages. */
  #badFrames = 0;
  /** Rate-limited messages since the last allowed one. */
  #refused = 0;

  constructor(
    readonly context: GatewayContext,
    readonly channel: MessageChannel,
  ) {}

  /** Handles one message: rate limit, envelope checks, then the service call. */
  async handle(data: Buffer): Promise<void> {
    const value = decode(data);
    const requestId = requestIdOf(value);
    // Every message counts against the key's plan except acknowledgements (acking should never be discouraged).
    if (typeOf(value) !== 'ack_proactive' && !(await this.#consume(requestId))) return;
    if (this.channel.phase !== 'open') return;
    const parsed =
      value === notJson
        ? { ok: false as const, requestId, issues: [{ path: '', message: 'a message must be valid JSON' }] }
        : parseClientMessage(value);
    if (!parsed.ok) {
      this.#reject(
        errorOf(
          {
            code: 'VALIDATION_ERROR',
            message: describeIssues('message', parsed.issues),
            details: parsed.issues,
          },
          parsed.requestId,
        ),
      );
      return;
    }
    await this.#run(parsed.message);
  }

  /** Runs a valid message on the session service and replies (result or error). */
  async #run(message: ClientMessage): Promise<void> {
    const { channel } = this;
    const principal = channel.principal!;
    try {
      const reply = await dispatch(this.context.service, principal.owner, channel.sessionId, message);
      this.#badFrames = 0;
      channel.send(reply);
    } catch (error) {
      const c = classify(error);
      if (statusOf(c.code) >= 500)
        this.context.log.error({ err: error, sessionId: channel.sessionId }, 'websocket message failed');
      const reply = errorOf(c, message.requestId);
      if (c.code === 'VALIDATION_ERROR') return this.#reject(reply);
      this.#badFrames = 0;
      // A turn on a session that vanished (deleted elsewhere) ends the connection like a deletion seen here.
      if (isLimbicError(error, 'NOT_FOUND') && message.type !== 'ack_proactive') {
        channel.send(reply);
        channel.close(closeCodes.notFound);
        return;
      }
      channel.send(reply);
    }
  }

  /** Counts a message against the plan; answers RATE_LIMIT (and closes a persistent flood) when refused. */
  async #consume(requestId: string | undefined): Promise<boolean> {
    const decision = await this.context.limiter.consume(this.channel.principal!);
    if (decision.allowed) {
      this.#refused = 0;
      return true;
    }
    this.#refused++;
    const c: Classified = {
      code: 'RATE_LIMIT',
      message: errorMessages.rateLimited(decision.plan, decision.limit, 'messages'),
      retryAfter: decision.resetSeconds,
    };
    this.channel.send(errorOf(c, requestId));
    if (decision.limit !== null && this.#refused > 2 * decision.limit)
      this.channel.close(closeCodes.rateLimited);
    return false;
  }

  /** Answers an invalid message; too many in a row close the socket with 4400. */
  #reject(reply: ErrorMessage): void {
    this.channel.send(reply);
    if (++this.#badFrames >= maxBadFrames) this.channel.close(closeCodes.badRequest);
  }
}
