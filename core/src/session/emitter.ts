/** A listener-error handler: listeners must not break the operation that emitted. */
export type ListenerErrorHandler = (error: unknown, event: string) => void;

/** Rethrows a listener's error on a later microtask, where it surfaces as an uncaught exception, as in Node. */
const rethrowLater: ListenerErrorHandler = (error) => {
  queueMicrotask(() => {
    throw error;
  });
};

/**
 * A minimal typed event emitter (no node: imports, so it runs in any runtime), shared by the session service and
 * the client's socket (`@limbic/core/emitter`). `Events` maps each event name to its argument tuple. A listener
 * that throws does not stop the others or the emitter's own work: its error goes to `onError` (default: rethrown on
 * a later microtask, like an `EventEmitter`'s uncaught error).
 */
export class TypedEmitter<Events extends { [K in keyof Events]: unknown[] }> {
  // biome-ignore lint/suspicious/noExplicitAny: listeners of different events share one map; `on` keeps them typed.
  readonly #listeners = new Map<keyof Events, Set<(...args: any[]) => void>>();
  readonly #onError: ListenerErrorHandler;

  constructor(onError: ListenerErrorHandler = rethrowLater) {
    this.#onError = onError;
  }

  /** Subscribes; returns a function that unsubscribes. */
  on<K extends keyof Events>(event: K, listener: (...args: Events[K]) => void): () => void {
    let set = this.#listeners.get(event);
    if (!set) {
      set = new Set();
      this.#listeners.set(event, set);
    }
    set.add(listener);
    return () => this.off(event, listener);
  }

  /** Subscribes for the next emission only; returns a function that unsubscribes. */
  once<K extends keyof Events>(event: K, listener: (...args: Events[K]) => void): () => void {
    const off = this.on(event, (...args) => {
      off();
      listener(...args);
    });
    return off;
  }

  /** Unsubscribes a listener. */
  off<K extends keyof Events>(event: K, listener: (...args: Events[K]) => void): void {
    this.#listeners.get(event)?.delete(listener);
  }

  /** True when anyone listens to `event` (lets emitters skip building payloads). */
  has(event: keyof Events): boolean {
    return (this.#listeners.get(event)?.size ?? 0) > 0;
  }

  /**
   * Calls every listener of `event` synchronously, in subscription order; a throwing listener is reported, not
   * propagated.
   */
  emit<K extends keyof Events>(event: K, ...args: Events[K]): void {
    const set = this.#listeners.get(event);
    if (!set) return;
    for (const listener of set) {
      try {
        listener(...args);
      } catch (error) {
        this.#onError(error, String(event));
      }
    }
  }
}
