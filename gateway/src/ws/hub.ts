import type { ProactiveAction, SessionEvents, StateSnapshot } from '@limbic/core';
import { closeCodes, toWireAction } from '@limbic/protocol';
import type { ApiKeyRecord } from '../auth/api-key.js';
import type { GatewayContext } from '../context.js';
import { unauthorizedMessage } from '../errors.js';
import type { Subscriber } from '../subscribers.js';
import type { Peer } from './peer.js';

function isUsable(record: ApiKeyRecord | null, now: number): boolean {
  return (
    record !== null &&
    record.status === 'active' &&
    (record.expiresAt === null || Date.parse(record.expiresAt) > now)
  );
}

/**
 * The connections of one endpoint, the one heartbeat timer for all of them and the in-flight count that shutdown
 * drains. Fan-out and revocation go through the gateway's one subscriber registry ({@link Subscribers}): each
 * authenticated connection is registered there, and a push is serialized once for all the sockets of a session.
 */
export class Hub {
  /** Every live connection, authenticated or not. */
  readonly all = new Set<Peer>();
  /** True once shutdown began: no new upgrades, no new messages. */
  closing = false;
  #inFlight = 0;
  #timer: NodeJS.Timeout | undefined;
  readonly #waiters = new Set<() => void>();
  readonly #registered = new Map<Peer, () => void>();
  // The last push serialized: the registry hands one event to every socket of the session in a row.
  #lastState: [StateSnapshot, string] | undefined;
  #lastAction: [ProactiveAction, string] | undefined;

  constructor(readonly context: GatewayContext) {}

  /** Tracks a new socket; starts the heartbeat with the first one. */
  add(conn: Peer): void {
    this.all.add(conn);
    if (!this.#timer && !this.closing) {
      this.#timer = setInterval(() => void this.sweep(), this.context.config.heartbeatMs);
      this.#timer.unref();
    }
  }

  /** Registers an authenticated connection in the subscriber registry (its session's pushes, its key's revocation). */
  index(conn: Peer): void {
    if (this.#registered.has(conn)) return;
    const subscriber: Subscriber = {
      kind: 'websocket',
      keyId: conn.principal?.keyId ?? null,
      sessionId: conn.sessionId,
      proactive: (event) => conn.deliver(event.action, this.#actionText(event.action)),
      state: (event) => {
        if (conn.pushState && conn.phase === 'open') conn.sendText(this.#stateText(event), false);
      },
      deleted: () => {
        const message = `Session ${JSON.stringify(conn.sessionId)} not found (it was deleted)`;
        conn.fail({ code: 'NOT_FOUND', message, close: closeCodes.notFound });
      },
      revoked: () =>
        conn.fail({ code: 'UNAUTHORIZED', message: unauthorizedMessage, close: closeCodes.unauthorized }),
    };
    this.#registered.set(conn, this.context.subscribers.add(subscriber));
  }

  #actionText(action: ProactiveAction): string {
    if (this.#lastAction?.[0] !== action)
      this.#lastAction = [action, JSON.stringify({ type: 'proactive', data: toWireAction(action) })];
    return this.#lastAction[1];
  }

  #stateText(event: SessionEvents['state'][0]): string {
    if (this.#lastState?.[0] !== event.snapshot)
      this.#lastState = [event.snapshot, JSON.stringify({ type: 'state', data: event.snapshot })];
    return this.#lastState[1];
  }

  /** Forgets a connection; stops the heartbeat with the last one. */
  remove(conn: Peer): void {
    if (!this.all.delete(conn)) return;
    this.#registered.get(conn)?.();
    this.#registered.delete(conn);
    if (this.all.size === 0) {
      this.stopHeartbeat();
      this.#lastAction = undefined;
      this.#lastState = undefined;
    }
    this.#notify();
  }

  /**
   * One heartbeat: terminates every socket that has not answered the previous ping (nor sent anything since),
   * pings the rest, then re-checks each connected key once and closes the sockets of revoked or expired keys.
   */
  async sweep(): Promise<void> {
    for (const conn of [...this.all]) {
      if (!conn.alive) {
        conn.closed();
        conn.ws.terminate();
        continue;
      }
      conn.alive = false;
      try {
        conn.ws.ping();
      } catch {
        // Not open (closing already): the close event cleans up.
      }
    }
    const keyIds = new Set<string>();
    for (const conn of this.all) if (conn.principal) keyIds.add(conn.principal.keyId);
    for (const keyId of keyIds) {
      try {
        if (!isUsable(await this.context.keys.findById(keyId), Date.now()))
          this.context.subscribers.revoke(keyId);
      } catch (error) {
        this.context.log.warn({ err: error, keyId }, 'websocket key check failed');
      }
    }
  }

  stopHeartbeat(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Marks the start of work that shutdown waits for (a message being handled, a connection being opened). */
  enter(): void {
    this.#inFlight++;
  }

  /** Marks the end of such work. */
  leave(): void {
    this.#inFlight--;
    this.#notify();
  }

  /** Resolves when no work is in flight, or after `ms`. */
  drained(ms: number): Promise<void> {
    return this.#until(() => this.#inFlight === 0, ms);
  }

  #until(done: () => boolean, ms: number): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.#waiters.delete(check);
        resolve();
      };
      const check = () => {
        if (done()) finish();
      };
      const timer = setTimeout(finish, ms);
      this.#waiters.add(check);
    });
  }

  #notify(): void {
    for (const check of [...this.#waiters]) check();
  }
}
