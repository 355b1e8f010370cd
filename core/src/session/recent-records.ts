import type { SessionRecord } from '../store/session-store.js';

/**
 * The last record this process wrote for each of the sessions it wrote most recently (a bounded map, oldest out
 * first). The next commit on such a session plans on it instead of reading the store: the compare-and-set of its
 * write still checks it against the stored version, so a record another process replaced meanwhile costs one lost
 * write and a fresh read (as a conflict does), never a wrong answer. On SQLite this saves each turn reading and
 * parsing the session's document; on MongoDB, a round trip.
 */
export class RecentRecords {
  readonly #records = new Map<string, SessionRecord>();

  constructor(readonly limit: number) {}

  /** The last record written for a session, if it is among the recent ones. */
  get(sessionId: string): SessionRecord | undefined {
    return this.#records.get(sessionId);
  }

  /** Remembers a record just written (the most recent now). */
  set(record: SessionRecord): void {
    this.#records.delete(record.id);
    this.#records.set(record.id, record);
    if (this.#records.size > this.limit) this.#records.delete(this.#records.keys().next().value!);
  }

  /** Forgets a session's record (deleted, or replaced by another process). */
  delete(sessionId: string): void {
    this.#records.delete(sessionId);
  }
}
