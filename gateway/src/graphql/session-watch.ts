import type { SessionEvents, SessionService } from '@limbic/core';

/** What a subscription wants to hear about one session. */
export interface SessionWatcher {
  state?(event: SessionEvents['state'][0]): void;
  proactive?(event: SessionEvents['proactive'][0]): void;
  deleted?(): void;
}

/**
 * Dispatches the session service's events to the subscriptions of each session: one service listener per event
 * for all subscriptions (not one per subscription), and an index by session id, so an event costs a map lookup
 * however many sessions are watched. The service listeners are attached with the first watcher and removed with
 * the last, so without subscribers the service builds no state snapshots at all.
 */
export class SessionWatch {
  readonly #service: SessionService;
  readonly #watchers = new Map<string, Set<SessionWatcher>>();
  #off: (() => void)[] = [];

  constructor(service: SessionService) {
    this.#service = service;
  }

  /** Number of sessions watched. */
  get sessions(): number {
    return this.#watchers.size;
  }

  /** Starts delivering a session's events to `watcher`; returns the function that stops it. */
  watch(sessionId: string, watcher: SessionWatcher): () => void {
    if (this.#watchers.size === 0) this.#attach();
    let set = this.#watchers.get(sessionId);
    if (!set) {
      set = new Set();
      this.#watchers.set(sessionId, set);
    }
    set.add(watcher);
    return () => {
      const current = this.#watchers.get(sessionId);
      if (!current?.delete(watcher)) return;
      if (current.size === 0) this.#watchers.delete(sessionId);
      if (this.#watchers.size === 0) this.#detach();
    };
  }

  #attach(): void {
    const of = (sessionId: string) => this.#watchers.get(sessionId) ?? [];
    this.#off = [
      this.#service.on('state', (event) => {
        for (const w of [...of(event.sessionId)]) w.state?.(event);
      }),
      this.#service.on('proactive', (event) => {
        for (const w of [...of(event.sessionId)]) w.proactive?.(event);
      }),
      this.#service.on('deleted', (event) => {
        for (const w of [...of(event.sessionId)]) w.deleted?.();
      }),
    ];
  }

  #detach(): void {
    for (const off of this.#off.splice(0)) off();
  }
}
