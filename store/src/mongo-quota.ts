import { sessionLimitError } from '@limbic/core';
import type { Collection } from 'mongodb';
import {
  countFilter,
  ownerIndexName,
  type QuotaDocument,
  quotaCreateUpdate,
  quotaFilter,
  quotaReleaseFilter,
  quotaReleaseUpdate,
  quotaRepairFilter,
  quotaRepairUpdate,
  quotaReserveFilter,
  quotaReserveUpdate,
  type SessionDocument,
} from './mongo-documents.js';

/** A quota counter untouched this long has no reservation in flight and may be recounted, ms. */
const quotaSettleMs = 60_000;

/** The per-owner session counter of the MongoDB store, which makes the session quota atomic with the insert. */
export interface MongoQuota {
  /**
   * Reserves a slot in the owner's counter before the insert (the conditional `$inc` is the atomic quota check).
   * @throws LimbicError SESSION_LIMIT when the owner already has `max` sessions.
   */
  reserve(owner: string, max: number | undefined, now: Date): Promise<void>;
  /** Gives a slot back (best effort: a failure is reported, and the counter repaired on the next refusal). */
  release(owner: string, now: Date): Promise<unknown>;
}

/** The quota counters in `quota`, recounted from `sessions` when one disagrees with them. */
export function createMongoQuota(
  sessions: Collection<SessionDocument>,
  quota: Collection<QuotaDocument>,
  onError: (error: unknown, what: string) => void,
): MongoQuota {
  /** Recounts a counter that disagrees with the sessions, if no reservation touched it lately. */
  async function repair(counter: QuotaDocument, now: Date): Promise<boolean> {
    const touched = counter.at instanceof Date ? counter.at.getTime() : 0;
    if (now.getTime() - touched < quotaSettleMs) return false;
    const actual = await sessions.countDocuments(countFilter(counter._id), { hint: ownerIndexName });
    if (actual === counter.count) return false;
    const fixed = await quota.updateOne(quotaRepairFilter(counter), quotaRepairUpdate(actual, now));
    return fixed.modifiedCount === 1;
  }

  return {
    async reserve(owner, max, now) {
      if (max === undefined) {
        await quota.updateOne(quotaFilter(owner), quotaReserveUpdate(now), { upsert: true });
        return;
      }
      for (let attempt = 0; attempt < 2; attempt++) {
        const reserved = await quota.updateOne(quotaReserveFilter(owner, max), quotaReserveUpdate(now));
        if (reserved.matchedCount === 1) return;
        const counter = await quota.findOne(quotaFilter(owner));
        if (!counter) {
          await quota.updateOne(quotaFilter(owner), quotaCreateUpdate(now), { upsert: true });
        } else if (attempt === 1 || !(await repair(counter, now))) {
          break;
        }
      }
      throw sessionLimitError(max);
    },
    release(owner, now) {
      return quota
        .updateOne(quotaReleaseFilter(owner), quotaReleaseUpdate(now))
        .catch((error: unknown) => onError(error, 'quota release (repaired on the next refusal)'));
    },
  };
}
