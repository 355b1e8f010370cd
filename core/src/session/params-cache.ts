import type { EngineParams } from '../persona/engine-params.js';
import type { ResolvedPersona } from '../persona/persona.js';

/** A cached persona and its derived parameters. */
export interface CachedParams {
  persona: ResolvedPersona;
  params: EngineParams;
}

/**
 * A bounded LRU of derived engine parameters by session id. A session's persona never changes after creation, so
 * the entry stays valid until the session is deleted; keeping the same persona object also lets prompt_data reuse
 * its per-persona text.
 */
export class ParamsCache {
  readonly #map = new Map<string, CachedParams>();
  readonly #capacity: number;

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  get(id: string): CachedParams | undefined {
    const entry = this.#map.get(id);
    if (entry && this.#map.size > this.#capacity / 2) {
      // Refresh recency only when eviction could matter: re-insertion is not free.
      this.#map.delete(id);
      this.#map.set(id, entry);
    }
    return entry;
  }

  set(id: string, persona: ResolvedPersona, params: EngineParams): CachedParams {
    const entry = { persona, params };
    this.#map.set(id, entry);
    if (this.#map.size > this.#capacity) this.#map.delete(this.#map.keys().next().value!);
    return entry;
  }

  delete(id: string): void {
    this.#map.delete(id);
  }
}
