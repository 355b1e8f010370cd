import type { SignalId } from './activity.js';

/** Rapport, trust and familiarity, each in [0, 1]. */
export interface RelationshipValues {
  rapport: number;
  trust: number;
  familiarity: number;
}

/** How the relationship changed over a number of days: the values then, and now minus then. */
export interface RelationshipTrend {
  /** The UTC date (`YYYY-MM-DD`) of `values`: the last day with a message at or before the days asked for. */
  date: string;
  /** The values then: after the person's last message of that date. */
  values: RelationshipValues;
  /** Now minus then, per value, in [−1, 1]. */
  change: RelationshipValues;
}

/**
 * One relationship signal (docs/relationship-health.md): a pattern an operator may want to look at. A signal, not a
 * diagnosis: it says what was counted, never what a person has.
 */
export interface RelationshipSignal {
  id: SignalId;
  /** Whether it is active now. */
  active: boolean;
  /**
   * ISO 8601 engine-clock time of the person's message that first found it active, while it is active; null when it
   * is inactive, or became active only as the window moved since their last message.
   */
  since: string | null;
  /** What the signal measures now (a share, a ratio, a count of days or of messages). */
  value: number;
  /** The value at or past which it is active (with the conditions its definition names). */
  threshold: number;
  /** UTC days it looks at: today and the days before it. */
  window_days: number;
  definition: string;
  /** A citation for why it matters, and whose choice the threshold is. */
  source: string;
}

/** A person's relationship health, as GET /v1/persona/:id/relationship answers it. */
export interface RelationshipHealth {
  session_id: string;
  /** The participant asked about, or null for the default person (turns without `from`). */
  participant: { id: string; name: string | null } | null;
  /** ISO 8601 engine-clock time the answer describes. */
  at: string;
  /** The IANA time zone local hours are read in (the session's proactive policy's zone; UTC without one). */
  time_zone: string;
  /** Rapport, trust and familiarity now (drifted since the last contact). */
  interpersonal: RelationshipValues;
  /** The change over the last 7 and 30 days; null when the history does not reach back that far. */
  trend: { days_7: RelationshipTrend | null; days_30: RelationshipTrend | null };
  /** The person's messages today, in the last 7 days and in the last 30 days (UTC days, today included). */
  messages: { today: number; last_7_days: number; last_30_days: number };
  /** Every signal, active or not, in a fixed order. */
  signals: RelationshipSignal[];
}
