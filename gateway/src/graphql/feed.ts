/** Most items a subscriber's queue holds; past it the oldest are dropped (a slow consumer cannot grow memory). */
export const maxQueuedItems = 100;

/**
 * The source stream of one subscription: an async iterator over items pushed from service events. It is written
 * by hand rather than as an async generator because a generator's `return()` waits behind a pending `next()`, so a
 * client that unsubscribes (or a server that shuts down) could not end a quiet stream until the next event.
 * Here `return()` settles the pending `next()` at once and runs the cleanup (removing the event listeners).
 */
export class Feed<T> implements AsyncIterableIterator<T> {
  readonly #queue: T[] = [];
  #waiter: ((result: IteratorResult<T>) => void) | undefined;
  #done = false;
  readonly #cleanups: (() => void)[] = [];

  /**
   * @param registry Where the stream is tracked until it ends.
   * @param keyId The API key it was opened with: revoking the key ends it.
   * @param maxQueued Queue bound (default {@link maxQueuedItems}).
   */
  constructor(
    readonly registry: FeedRegistry,
    readonly keyId: string | null = null,
    readonly maxQueued = maxQueuedItems,
  ) {
    registry.add(this);
  }

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
    this.registry.delete(this);
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

/** A stream as the registry sees it. */
interface Tracked {
  readonly keyId: string | null;
  end(): void;
}

/**
 * Every open subscription stream of the GraphQL layer, so that shutdown can end them (and SSE responses close),
 * and so that revoking a key ends its streams on every transport.
 */
export class FeedRegistry {
  readonly #feeds = new Set<Tracked>();
  #closed = false;

  /** Number of open streams. */
  get size(): number {
    return this.#feeds.size;
  }

  /** True once {@link FeedRegistry.endAll} ran: new streams end at once. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Tracks an open stream (ended at once when the registry is closed). */
  add(feed: Tracked): void {
    if (this.#closed) queueMicrotask(() => feed.end());
    this.#feeds.add(feed);
  }

  /** Forgets a stream that ended. */
  delete(feed: Tracked): void {
    this.#feeds.delete(feed);
  }

  /** Ends the streams opened with a key (it was revoked or expired). */
  endKey(keyId: string): void {
    for (const feed of [...this.#feeds]) if (feed.keyId === keyId) feed.end();
  }

  /** Ends every open stream and refuses new ones (shutdown). */
  endAll(): void {
    this.#closed = true;
    for (const feed of [...this.#feeds]) feed.end();
  }
}
