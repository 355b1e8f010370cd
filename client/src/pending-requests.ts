import { type ClientMessageType, LimbicApiError, type ServerMessageType } from '@limbic/protocol';

/** The reply type a request waits for. */
export type ReplyType = Extract<
  ServerMessageType,
  'turn_result' | 'state' | 'proactive_prefs' | 'proactive_ack'
>;

interface Pending {
  reply: ReplyType;
  text: string;
  sent: boolean;
  resolve(data: unknown): void;
  reject(error: LimbicApiError): void;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * The requests of a socket that wait for their reply, by `request_id`: queued while no connection is open (then
 * sent in order by {@link PendingRequests.flush}), each with its own timeout.
 */
export class PendingRequests {
  readonly #pending = new Map<string, Pending>();
  readonly #timeoutMs: number;
  #nextId = 0;

  constructor(timeoutMs: number) {
    this.#timeoutMs = timeoutMs;
  }

  /**
   * Makes a request with a fresh `request_id` and hands its text to `send`, which returns false when it cannot send
   * now (the request is then queued for the next flush). Resolves with the reply's `data`.
   */
  request<T>(
    type: ClientMessageType,
    fields: Record<string, unknown>,
    reply: ReplyType,
    send: (text: string) => boolean,
  ): Promise<T> {
    const id = `r${++this.#nextId}`;
    const text = JSON.stringify({ type, ...fields, request_id: id });
    return new Promise<T>((resolve, reject) => {
      const timeoutMs = this.#timeoutMs;
      const pending: Pending = {
        reply,
        text,
        sent: false,
        resolve: resolve as (data: unknown) => void,
        reject,
        timer: undefined,
      };
      if (Number.isFinite(timeoutMs) && timeoutMs > 0) {
        pending.timer = setTimeout(() => {
          this.#pending.delete(id);
          reject(
            new LimbicApiError('TIMEOUT', `No reply to ${type} within ${timeoutMs} ms`, { requestId: id }),
          );
        }, timeoutMs);
      }
      this.#pending.set(id, pending);
      pending.sent = send(text);
    });
  }

  /**
   * Settles the request `id` with a reply message (rejecting with `error` for an `error` message); returns false
   * when no request waits for that id (it timed out, or was never made here).
   */
  settle(
    id: string,
    message: { type?: unknown; data?: unknown },
    error: LimbicApiError | undefined,
  ): boolean {
    const pending = this.#pending.get(id);
    if (!pending) return false;
    this.#pending.delete(id);
    clearTimeout(pending.timer);
    if (error) pending.reject(error);
    else if (message.type === pending.reply) pending.resolve(message.data);
    else {
      const got = `a ${String(message.type)} message`;
      pending.reject(new LimbicApiError('UNEXPECTED_RESPONSE', `Expected ${pending.reply}, got ${got}`));
    }
    return true;
  }

  /** Sends every queued request, oldest first. */
  flush(send: (text: string) => void): void {
    for (const pending of this.#pending.values()) {
      if (pending.sent) continue;
      send(pending.text);
      pending.sent = true;
    }
  }

  /** Rejects the requests already sent (their connection is gone), or every request. */
  reject(error: () => LimbicApiError, sentOnly = false): void {
    for (const [id, pending] of this.#pending) {
      if (sentOnly && !pending.sent) continue;
      this.#pending.delete(id);
      clearTimeout(pending.timer);
      pending.reject(error());
    }
  }
}
