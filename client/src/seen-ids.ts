/**
 * A bounded set of ids that forgets the least recently seen one first: what a socket remembers of the proactive
 * actions it already emitted.
 */
export class SeenIds {
  readonly #ids = new Set<string>();
  readonly #capacity: number;

  constructor(capacity: number, initial: Iterable<string> = []) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError('capacity must be a positive integer');
    this.#capacity = capacity;
    for (const id of initial) this.add(id);
  }

  /** Records `id` as seen (the most recent); returns false when it had been seen already. */
  add(id: string): boolean {
    const known = this.#ids.delete(id);
    this.#ids.add(id);
    if (this.#ids.size > this.#capacity) this.#ids.delete(this.#ids.values().next().value as string);
    return !known;
  }

  /** True when `id` was seen (and not forgotten or evicted since). */
  has(id: string): boolean {
    return this.#ids.has(id);
  }

  /** Forgets one id, or every id. */
  forget(id?: string): void {
    if (id === undefined) this.#ids.clear();
    else this.#ids.delete(id);
  }

  /** Number of ids remembered. */
  get size(): number {
    return this.#ids.size;
  }
}
