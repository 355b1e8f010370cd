/**
 * A map that holds at most `capacity` entries and forgets the least recently used one first. Reads refresh an
 * entry's recency only once the map is at least half full, since re-insertion is not free and order only matters
 * when eviction can happen.
 */
export class LruMap<K, V> {
  readonly #map = new Map<K, V>();
  readonly #capacity: number;

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  /** The entry for `key`, or undefined. */
  get(key: K): V | undefined {
    const value = this.#map.get(key);
    if (value !== undefined && this.#map.size > this.#capacity / 2) {
      this.#map.delete(key);
      this.#map.set(key, value);
    }
    return value;
  }

  /** Sets an entry (as the most recent) and evicts the least recent one beyond capacity. */
  set(key: K, value: V): void {
    this.#map.delete(key);
    this.#map.set(key, value);
    if (this.#map.size > this.#capacity) this.#map.delete(this.#map.keys().next().value as K);
  }

  /** Removes an entry. */
  delete(key: K): void {
    this.#map.delete(key);
  }

  /** Number of entries. */
  get size(): number {
    return this.#map.size;
  }
}
