/**
 * A FIFO lock per key: `run(key, fn)` starts `fn` after every earlier call with the same key has settled. The bot
 * kit serializes the messages of each conversation with it. (The session service's writer queues each session's
 * operations in a `SessionQueue`, which runs the same way but hands the commits waiting together over as a batch.)
 */
export class KeyedLock {
  readonly #waiters = new Map<string, (() => void)[]>();

  /** Runs `fn` once the key is free; the key stays held until `fn` settles. */
  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const waiters = this.#waiters.get(key);
    if (waiters) await new Promise<void>((resolve) => waiters.push(resolve));
    else this.#waiters.set(key, []);
    try {
      return await fn();
    } finally {
      // Hand the lock to the next waiter, or free it.
      const next = this.#waiters.get(key)!.shift();
      if (next) next();
      else this.#waiters.delete(key);
    }
  }
}
