import type { ProactiveAction } from '../proactive/proactive-action.js';
import type { StoreChange } from '../store/session-store.js';
import { LruMap } from '../util/lru-map.js';

/** What the session service should emit for one change reported by the store's watch. */
export interface ChangeDecision {
  /** Emit a `state` event (cause `remote`): the record is newer than anything written or emitted here. */
  state: boolean;
  /** Emit a `proactive` event for each of these pending actions (raised elsewhere, not pushed here yet). */
  actions: ProactiveAction[];
  /** Emit a `deleted` event. */
  deleted: boolean;
}

const deletedVersion = Number.POSITIVE_INFINITY;

/**
 * Decides which of the store's reported changes are news to this process. It remembers, per session, the highest
 * version this process wrote or emitted (own writes come back through the watch and are skipped; duplicates and
 * out-of-order deliveries too), and the ids of the proactive actions already pushed here. Both memories are bounded
 * LRUs: a session or action forgotten after `capacity` newer ones costs at most a repeated push, which clients
 * already deduplicate by id.
 */
export class ChangeFilter {
  readonly #versions: LruMap<string, number>;
  readonly #actions: LruMap<string, true>;
  readonly #since: number;

  /**
   * @param since Engine-clock time (ms) this process started watching: pending actions created before it were
   * delivered to this process's clients on connect (`missed_proactive`), so they are not pushed again.
   * @param capacity How many sessions and action ids each memory holds.
   */
  constructor(since: number, capacity = 10_000) {
    this.#since = since;
    this.#versions = new LruMap(capacity);
    this.#actions = new LruMap(capacity);
  }

  /** Records that this process wrote `version` of a session (call after the write succeeded). */
  wrote(id: string, version: number): void {
    if ((this.#versions.get(id) ?? 0) < version) this.#versions.set(id, version);
  }

  /** Records that this process deleted a session. */
  deleted(id: string): void {
    this.#versions.set(id, deletedVersion);
  }

  /** Records that this process raised (and pushes) an action; call before writing it, so its echo never repeats it. */
  raised(actionId: string): void {
    this.#actions.set(actionId, true);
  }

  /** Decides what a reported change means here, and remembers it. */
  decide(change: StoreChange): ChangeDecision {
    const known = this.#versions.get(change.id) ?? 0;
    if (change.record === null) {
      if (known === deletedVersion) return { state: false, actions: [], deleted: false };
      this.deleted(change.id);
      return { state: false, actions: [], deleted: true };
    }
    if (known === deletedVersion) return { state: false, actions: [], deleted: false };
    const actions: ProactiveAction[] = [];
    // Own versions are checked too: another process's action can ride along in a version written here.
    for (const action of change.record.proactive.pending) {
      if (action.createdAt < this.#since || this.#actions.get(action.id)) continue;
      this.raised(action.id);
      actions.push(action);
    }
    const state = change.record.version > known;
    if (state) this.#versions.set(change.id, change.record.version);
    return { state, actions, deleted: false };
  }
}
