import { closeCodes } from '@limbic/protocol';
import { backoffDelay, type ReconnectPolicy } from './backoff.js';

/**
 * Close codes after which reconnecting cannot help (docs/protocol.md): a bad key (4401), an unknown or deleted
 * session (4404), and a client that sent something wrong (1003, 1007, 1009, 4400).
 */
export const finalCloseCodes: ReadonlySet<number> = new Set([
  closeCodes.unauthorized,
  closeCodes.notFound,
  closeCodes.badRequest,
  closeCodes.unsupportedData,
  1007, // invalid frame payload data (RFC 6455)
  closeCodes.messageTooBig,
]);

/**
 * A socket's reconnect bookkeeping under its {@link ReconnectPolicy} (or none, `false`): whether a closed connection
 * is worth another attempt, how long to wait for it, and the count of attempts in a row, which starts again once a
 * connection stayed up `resetAfterMs`.
 */
export class Reconnects {
  readonly #policy: ReconnectPolicy | false;
  #attempt = 0;
  #openedAt: number | null = null;

  constructor(policy: ReconnectPolicy | false) {
    this.#policy = policy;
  }

  /** A connection is open (the gateway sent `connected`). */
  opened(): void {
    this.#openedAt = Date.now();
  }

  /**
   * A connection closed with `code`: true when the socket should reconnect (it is not `closing`, reconnects are on,
   * the code is not final and attempts are left).
   */
  dropped(code: number, closing: boolean): boolean {
    const policy = this.#policy;
    if (this.#openedAt !== null && policy && Date.now() - this.#openedAt >= policy.resetAfterMs)
      this.#attempt = 0;
    this.#openedAt = null;
    return !closing && policy !== false && !finalCloseCodes.has(code) && this.#attempt < policy.maxAttempts;
  }

  /**
   * Counts the next attempt and says how long to wait for it: the backoff, or at least `retryAfterSeconds` when the
   * server asked for it (after RATE_LIMIT, 4429, and the like). Undefined when reconnects are off.
   */
  next(retryAfterSeconds = 0): { attempt: number; delayMs: number } | undefined {
    const policy = this.#policy;
    if (!policy) return undefined;
    const delayMs = Math.max(backoffDelay(policy, this.#attempt), retryAfterSeconds * 1000);
    this.#attempt++;
    return { attempt: this.#attempt, delayMs };
  }
}
