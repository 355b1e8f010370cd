/** Most items a subscriber's queue holds; past it the oldest are dropped (a slow consumer cannot grow memory). */
export const maxQueuedItems = 100;

/**
 * The source stream of one subscription: an async iterator over items pushed from service events. It is written
 * by hand rather than as an async generator because a generator's `return()` waits behind a pending `next()`, so a
 * client that unsubscribes (or a server that shuts down) could not end a quiet stream until the next event.
 * Here `return()` settles the pending `next()` at once and runs the cleanup (leaving the subscriber registry,
 * giving back the key's subscription slot).
 */
export class Feed<T> implements AsyncIterableIterator<T> {
  readonly #queue: T[] = [];
  #waiter: ((result: IteratorResult<T>) => void) | undefined;
  #done = false;
  readonly #cleanups: (() => void)[] = [];

  /** @param maxQueued Queue bound (default {@link maxQueuedItems}). */
  constructor(readonly maxQueued = maxQueuedItems) {}

  /** True once the stream ended (returned, closed by the server, or its session deleted). */
  get done(): boolean {
    return this.#done;
  }

  /** Runs `cleanup` when the stream ends (at once if it already has). */
  onEnd(cleanup: () => void): void {
    if (this.#done) cleanup();
    else this.#cleanups.push(cleanup);
  }

  /** Queues an item for the consumer (dropping the oldest one when the queue is full). */
  push(item: T): void {
    if (this.#done) return;
    const waiter = this.#waiter;
    if (waiter) {
      this.#waiter = undefined;
      waiter({ value: item, done: false });
      return;
    }
    this.#queue.push(item);
    if (this.#queue.length > this.maxQueued) this.#queue.shift();
  }

  /** Ends the stream: the consumer sees `done` after the items already queued. */
  end(): void {
    if (this.#done) return;
    this.#done = true;
    for (const cleanup of this.#cleanups.splice(0)) cleanup();
    const waiter = this.#waiter;
    this.#waiter = undefined;
    waiter?.({ value: undefined, done: true });
  }

  /** The next item, waiting for one when the queue is empty. */
  next(): Promise<IteratorResult<T>> {
    if (this.#queue.length > 0) return Promise.resolve({ value: this.#queue.shift() as T, done: false });
    if (this.#done) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => {
      this.#waiter = resolve;
    });
  }

  /** Ends the stream at once, dropping what is queued (the consumer unsubscribed). */
  return(): Promise<IteratorResult<T>> {
    this.#queue.length = 0;
    this.end();
    return Promise.resolve({ value: undefined, done: true });
  }

  /** Ends the stream and rejects with `error`. */
  throw(error?: unknown): Promise<IteratorResult<T>> {
    this.return();
    return Promise.reject(error);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}
