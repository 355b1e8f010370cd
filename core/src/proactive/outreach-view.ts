import type { NeedState } from '../prompt/prompt-input.js';
import { round } from '../util/math.js';
import type { OutreachHoldReason, OutreachOutlook } from './outreach-outlook.js';

/**
 * The outreach outlook as session details show it (REST `outreach`, GraphQL `Session.outreach`): times as ISO 8601
 * engine-clock strings, numbers rounded to four decimals (docs/proactive.md, "Why it has not written").
 */
export interface OutreachView {
  /** When the scheduler next checks the session, or null: not without a turn or a setting change. */
  next_consider_at: string | null;
  /** What holds it back now, in the order the gates apply; `until` null: until something changes. */
  holds: { reason: OutreachHoldReason; until: string | null }[];
  attachment: { urge: number; threshold: number; bond: number; onset_hours: number; due_at: string | null };
  need: { need: keyof NeedState; deficit: number; threshold: number; due_at: string | null };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The wire view of an {@link OutreachOutlook}. */
export function toOutreachView(outlook: OutreachOutlook): OutreachView {
  const { attachment: a, need: n } = outlook;
  return {
    next_consider_at: iso(outlook.nextConsiderAt),
    holds: outlook.holds.map((h) => ({ reason: h.reason, until: iso(h.until) })),
    attachment: {
      urge: round(a.urge),
      threshold: a.threshold,
      bond: round(a.bond),
      onset_hours: round(a.onsetHours),
      due_at: iso(a.dueAt),
    },
    need: { need: n.need, deficit: round(n.deficit), threshold: n.threshold, due_at: iso(n.dueAt) },
  };
}
