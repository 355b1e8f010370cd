import type { EngineParams } from '../persona/engine-params.js';
import type { ResolvedPersona } from '../persona/persona.js';
import { LruMap } from '../util/lru-map.js';

/** A cached persona and its derived parameters, and the last version of the session this process wrote. */
export interface CachedParams {
  persona: ResolvedPersona;
  params: EngineParams;
  /** The last version this process wrote (0: none since the entry was cached). */
  written: number;
}

/**
 * A bounded LRU of derived engine parameters by session id. A session's persona never changes after creation, so
 * the entry stays valid until the session is deleted; keeping the same persona object also lets prompt_data reuse
 * its per-persona text. Each entry also carries the last version this process wrote (the session writer's stale-read
 * check).
 */
export class ParamsCache {
  readonly #map: LruMap<string, CachedParams>;

  constructor(capacity: number) {
    this.#map = new LruMap(capacity);
  }

  get(id: string): CachedParams | undefined {
    return this.#map.get(id);
  }

  set(id: string, persona: ResolvedPersona, params: EngineParams): CachedParams {
    const entry = { persona, params, written: 0 };
    this.#map.set(id, entry);
    return entry;
  }

  delete(id: string): void {
    this.#map.delete(id);
  }
}
