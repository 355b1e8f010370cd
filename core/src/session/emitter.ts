/** A listener-error handler: listeners must not break the operation that emitted. */
export type ListenerErrorHandler = (error: unknown, event: string) => void;

/**
 * A minimal typed event emitter (no node: imports, so core runs anywhere). `Events` maps each event name to its
 * argument tuple.
 */
export class TypedEmitter<Events extends { [K in keyof Events]: unknown[] }> {
  // biome-ignore lint/suspicious/noExplicitAny: listeners of different events share one map; `on` keeps them typed.
  readonly #listeners = new Map<keyof Events, Set<(...args: any[]) => void>>();
  readonly #onError: ListenerErrorHandler;

  constructor(onError: ListenerErrorHandler) {
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

  /** Unsubscribes a listener. */
  off<K extends keyof Events>(event: K, listener: (...args: Events[K]) => void): void {
    this.#listeners.get(event)?.delete(listener);
  }

  /** True when anyone listens to `event` (lets emitters skip building payloads). */
  has(event: keyof Events): boolean {
    return (this.#listeners.get(event)?.size ?? 0) > 0;
  }

  /** Calls every listener of `event` synchronously; a throwing listener is reported, not propagated. */
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
