import type { KeyStore } from './key-store.js';

/** Notices keys that stopped working while the gateway runs (revoked, expired, or removed from the store). */
export interface RevocationWatch {
  /** Compares the store with the last check and reports every key that stopped working since. */
  check(): Promise<void>;
  /** Checks every `intervalMs` until {@link RevocationWatch.stop}. */
  start(): void;
  stop(): void;
}

/** Options of {@link createRevocationWatch}. */
export interface RevocationWatchOptions {
  keys: KeyStore;
  /** Called once per key that stopped working, with its id. */
  onRevoked: (keyId: string) => void;
  /** Called when the store cannot be read; the next check tries again. */
  onError?: (error: unknown) => void;
  /** Default 1000 ms: the file store notices other writers at the same pace. */
  intervalMs?: number;
  /** Wall clock in ms. */
  now?: () => number;
}

/**
 * Creates the watch that lets the WebSocket layer close the sockets of a revoked key with 4401: WebSocket auth
 * happens only at the handshake, so without it a key revoked by the CLI would keep its open sockets. It also fires
 * when a rotated-out key's grace period ends.
 */
export function createRevocationWatch(options: RevocationWatchOptions): RevocationWatch {
  const now = options.now ?? Date.now;
  const intervalMs = options.intervalMs ?? 1000;
  let usable: Set<string> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let checking = false;

  async function check(): Promise<void> {
    if (checking) return;
    checking = true;
    try {
      const t = now();
      const current = new Set<string>();
      for (const r of await options.keys.list()) {
        if (r.status === 'active' && (r.expiresAt === null || Date.parse(r.expiresAt) > t)) current.add(r.id);
      }
      if (usable) for (const id of usable) if (!current.has(id)) options.onRevoked(id);
      usable = current;
    } catch (error) {
      options.onError?.(error);
    } finally {
      checking = false;
    }
  }

  return {
    check,
    start() {
      if (timer) return;
      void check();
      timer = setInterval(() => void check(), intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
