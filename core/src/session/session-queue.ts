/** An operation waiting for its key: an item that can be batched with its neighbours, or a task that runs alone. */
type Entry<C> = { item: C } | { task: () => Promise<void> };

/**
 * A FIFO queue of operations per key that runs like a lock (one operation of a key at a time, in arrival order),
 * except that the items waiting together at the head of a key's queue are handed over as one batch. The session
 * writer queues its commits as items (a batch of them is planned together and written once) and everything else,
 * such as a delete, as tasks: a task waits for every operation queued before it, and the ones queued after it wait
 * for it, so a delete queued after two turns runs after both.
 */
export class SessionQueue<C> {
  readonly #queues = new Map<string, Entry<C>[]>();
  readonly #runBatch: (key: string, take: () => C | undefined) => Promise<void>;
  readonly #maxBatch: number;

  /**
   * @param runBatch Runs one batch of a key: `take()` gives the batch's next item, once for the first one and again
   * while it wants more, or undefined when no item waits next in the queue (a task comes first, or nothing waits) or
   * the batch holds `maxBatch` items already. It must settle every item it took, and never reject.
   * @param maxBatch The most items of one batch.
   */
  constructor(runBatch: (key: string, take: () => C | undefined) => Promise<void>, maxBatch: number) {
    this.#runBatch = runBatch;
    this.#maxBatch = Math.max(1, maxBatch);
  }

  /** Queues an item; it is handed to a batch once every operation queued before it on `key` has settled. */
  add(key: string, item: C): void {
    this.#push(key, { item });
  }

  /** Runs `fn` once every operation queued before it on `key` has settled; the key stays held until `fn` settles. */
  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#push(key, {
        task: async () => {
          try {
            resolve(await fn());
          } catch (error) {
            reject(error);
          }
        },
      });
    });
  }

  #push(key: string, entry: Entry<C>): void {
    const queue = this.#queues.get(key);
    if (queue) {
      queue.push(entry);
      return;
    }
    const fresh = [entry];
    this.#queues.set(key, fresh);
    void this.#drain(key, fresh);
  }

  /** Runs the operations of a key until its queue is empty, then frees the key. */
  async #drain(key: string, queue: Entry<C>[]): Promise<void> {
    for (let head = queue[0]; head !== undefined; head = queue[0]) {
      if ('task' in head) {
        queue.shift();
        await head.task();
        continue;
      }
      let taken = 0;
      await this.#runBatch(key, () => {
        const next = queue[0];
        if (taken >= this.#maxBatch || next === undefined || !('item' in next)) return undefined;
        taken += 1;
        queue.shift();
        return next.item;
      });
    }
    this.#queues.delete(key);
  }
}
