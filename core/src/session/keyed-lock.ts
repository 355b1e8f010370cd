/**
 * A FIFO lock per key: `run(key, fn)` starts `fn` after every earlier call with the same key has settled. The
 * session service serializes the operations of each session with it, so turns apply in arrival order.
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
