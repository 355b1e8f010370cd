/**
 * A minimal typed event emitter (no node: imports, so the client runs in any runtime). `Events` maps each event
 * name to its argument tuple. A listener that throws does not stop the others or the socket's bookkeeping: the
 * error is rethrown on a later microtask, where it surfaces as an uncaught exception like an `EventEmitter`'s.
 */
export class TypedEmitter<Events extends { [K in keyof Events]: unknown[] }> {
  // biome-ignore lint/suspicious/noExplicitAny: listeners of different events share one map; `on` keeps them typed.
  readonly #listeners = new Map<keyof Events, Set<(...args: any[]) => void>>();

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

  /** Calls every listener of `event` synchronously, in subscription order. */
  protected emit<K extends keyof Events>(event: K, ...args: Events[K]): void {
    const set = this.#listeners.get(event);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(...args);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}
