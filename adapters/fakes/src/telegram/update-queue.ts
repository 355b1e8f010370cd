import type { ServerResponse } from 'node:http';
import { sendJson } from '../http.js';
import type { TelegramUpdate } from './types.js';

interface Poller {
  res: ServerResponse;
  limit: number;
  timer: NodeJS.Timeout;
}

/** Parameters of one `getUpdates` call. */
export interface PollParams {
  offset: number | undefined;
  limit: number;
  timeoutSeconds: number;
}

/**
 * The pending updates of one bot and the long poll waiting for them. Like Telegram, an update stays pending
 * until a `getUpdates` call with a higher `offset` confirms it, and a second poller ends the first with a 409.
 */
export class UpdateQueue {
  readonly #pending: TelegramUpdate[] = [];
  #poller: Poller | undefined;
  #nextId = 1;

  /**
   * Assigns the next `update_id` (starting at 1, as grammY's first offset is 1), then queues and delivers the
   * update, unless `deliver` is false: then it only gets its id.
   */
  push(update: Omit<TelegramUpdate, 'update_id'>, deliver = true): TelegramUpdate {
    const queued: TelegramUpdate = { update_id: this.#nextId++, ...update };
    if (!deliver) return queued;
    this.#pending.push(queued);
    const poller = this.#poller;
    if (poller) this.#answer(poller, this.#pending.slice(0, poller.limit));
    return queued;
  }

  /** Answers a `getUpdates` call now, or holds it until an update arrives, the timeout ends or the client leaves. */
  poll(res: ServerResponse, params: PollParams): void {
    if (params.offset !== undefined && params.offset > 0) this.#confirm(params.offset);
    const previous = this.#poller;
    if (previous) {
      this.#end(previous);
      sendJson(previous.res, 409, {
        ok: false,
        error_code: 409,
        description:
          'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
      });
    }
    const ready = this.#pending.slice(0, params.limit);
    if (ready.length > 0 || params.timeoutSeconds <= 0) {
      sendJson(res, 200, { ok: true, result: ready });
      return;
    }
    const poller: Poller = {
      res,
      limit: params.limit,
      timer: setTimeout(() => this.#answer(poller, []), params.timeoutSeconds * 1000),
    };
    this.#poller = poller;
    // A client abort (grammY's stop()) closes the socket before we answer.
    res.once('close', () => this.#end(poller));
  }

  /** Ends the waiting long poll without answering; the server is closing its sockets. */
  close(): void {
    if (this.#poller) this.#end(this.#poller);
  }

  #confirm(offset: number): void {
    while (this.#pending[0] && this.#pending[0].update_id < offset) this.#pending.shift();
  }

  #answer(poller: Poller, result: TelegramUpdate[]): void {
    this.#end(poller);
    sendJson(poller.res, 200, { ok: true, result });
  }

  #end(poller: Poller): void {
    clearTimeout(poller.timer);
    if (this.#poller === poller) this.#poller = undefined;
  }
}
