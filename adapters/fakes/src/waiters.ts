interface Waiter {
  check: () => boolean;
  resolve: () => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** How long the `waitFor*` helpers wait before rejecting, unless told otherwise. */
export const DEFAULT_WAIT_MS = 5_000;

/**
 * Conditions tests are waiting for, re-checked whenever a fake's state changes: event-driven, no polling.
 */
export class Waiters {
  readonly #pending = new Set<Waiter>();
  readonly #listeners = new Set<() => void>();

  /** Calls `listener` after every state change; returns the function that stops it. */
  listen(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Resolves once `check()` holds; rejects with `describe()` in the message after `timeoutMs`. */
  wait(check: () => boolean, timeoutMs: number, describe: () => string): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        check,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.#pending.delete(waiter);
          reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${describe()}`));
        }, timeoutMs),
      };
      this.#pending.add(waiter);
    });
  }

  /** Re-checks every pending condition and tells the listeners; call after each state change. */
  notify(): void {
    for (const listener of this.#listeners) listener();
    for (const waiter of this.#pending) {
      let done: boolean;
      try {
        done = waiter.check();
      } catch (error) {
        this.#settle(waiter);
        waiter.reject(error instanceof Error ? error : new Error(String(error)));
        continue;
      }
      if (done) {
        this.#settle(waiter);
        waiter.resolve();
      }
    }
  }

  /** Rejects every pending wait, so a test awaiting a closed fake fails at once instead of timing out. */
  rejectAll(reason: string): void {
    for (const waiter of this.#pending) {
      this.#settle(waiter);
      waiter.reject(new Error(reason));
    }
  }

  #settle(waiter: Waiter): void {
    clearTimeout(waiter.timer);
    this.#pending.delete(waiter);
  }
}
