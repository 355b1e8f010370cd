import { type ProactiveAction, type StateSnapshot, toWireAction } from '@limbic/core';
import type { ApiKeyRecord } from '../auth/api-key.js';
import type { GatewayContext } from '../context.js';
import { unauthorizedMessage } from '../errors.js';
import type { Connection } from './connection.js';
import { closeCodes } from './protocol.js';

function isUsable(record: ApiKeyRecord | null, now: number): boolean {
  return (
    record !== null &&
    record.status === 'active' &&
    (record.expiresAt === null || Date.parse(record.expiresAt) > now)
  );
}

function addTo(index: Map<string, Set<Connection>>, key: string, conn: Connection): void {
  let set = index.get(key);
  if (!set) {
    set = new Set();
    index.set(key, set);
  }
  set.add(conn);
}

function removeFrom(index: Map<string, Set<Connection>>, key: string, conn: Connection): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(conn);
  if (set.size === 0) index.delete(key);
}

/**
 * The connections of one endpoint, indexed by session id (for pushes and deletions) and by key id (for
 * revocation), plus the one heartbeat timer for all of them and the in-flight count that shutdown drains.
 */
export class Hub {
  /** Every live connection, authenticated or not. */
  readonly all = new Set<Connection>();
  readonly bySession = new Map<string, Set<Connection>>();
  readonly byKey = new Map<string, Set<Connection>>();
  /** True once shutdown began: no new upgrades, no new messages. */
  closing = false;
  #inFlight = 0;
  #timer: NodeJS.Timeout | undefined;
  readonly #waiters = new Set<() => void>();

  constructor(readonly context: GatewayContext) {}

  /** Tracks a new socket; starts the heartbeat with the first one. */
  add(conn: Connection): void {
    this.all.add(conn);
    if (!this.#timer && !this.closing) {
      this.#timer = setInterval(() => void this.sweep(), this.context.config.heartbeatMs);
      this.#timer.unref();
    }
  }

  /** Indexes an authenticated connection by its session and key. */
  index(conn: Connection): void {
    addTo(this.bySession, conn.sessionId, conn);
    if (conn.principal) addTo(this.byKey, conn.principal.keyId, conn);
  }

  /** Forgets a connection; stops the heartbeat with the last one. */
  remove(conn: Connection): void {
    if (!this.all.delete(conn)) return;
    removeFrom(this.bySession, conn.sessionId, conn);
    if (conn.principal) removeFrom(this.byKey, conn.principal.keyId, conn);
    if (this.all.size === 0) this.stopHeartbeat();
    this.#notify();
  }

  /** Pushes a proactive action to every socket open on its session. */
  deliver(sessionId: string, action: ProactiveAction): void {
    const set = this.bySession.get(sessionId);
    if (!set) return;
    const text = JSON.stringify({ type: 'proactive', data: toWireAction(action) });
    for (const conn of [...set]) conn.deliver(action, text);
  }

  /** Pushes a state snapshot to the sockets of the session that asked for it (`?events=state`). */
  deliverState(sessionId: string, snapshot: StateSnapshot): void {
    const set = this.bySession.get(sessionId);
    if (!set) return;
    let text: string | undefined;
    for (const conn of set) {
      if (!conn.pushState || conn.phase !== 'open') continue;
      text ??= JSON.stringify({ type: 'state', data: snapshot });
      conn.sendText(text, false);
    }
  }

  /** Closes the sockets of a deleted session with NOT_FOUND and 4404. */
  closeSession(sessionId: string): void {
    const set = this.bySession.get(sessionId);
    if (!set) return;
    const message = `Session ${JSON.stringify(sessionId)} not found (it was deleted)`;
    for (const conn of [...set]) conn.fail({ code: 'NOT_FOUND', message, close: closeCodes.notFound });
  }

  /** Closes the sockets of a revoked or expired key with UNAUTHORIZED and 4401. */
  closeKey(keyId: string): void {
    const set = this.byKey.get(keyId);
    if (!set) return;
    for (const conn of [...set]) {
      conn.fail({ code: 'UNAUTHORIZED', message: unauthorizedMessage, close: closeCodes.unauthorized });
    }
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
    for (const keyId of [...this.byKey.keys()]) {
      try {
        if (!isUsable(await this.context.keys.findById(keyId), Date.now())) this.closeKey(keyId);
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
