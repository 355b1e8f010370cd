import type { ProactivePreferences, ProactiveType } from './preferences.js';
import type { ProactiveReason } from './reason.js';

/** Priority of a proactive action. */
export type ProactivePriority = 'low' | 'medium' | 'high';

/** Something the character wants to initiate without user input. */
export interface ProactiveAction {
  /** Unique identifier (`act_` + sortable id). */
  id: string;
  type: ProactiveType;
  /** A suggested message in the character's language; clients may rewrite it with their own model. */
  message: string;
  priority: ProactivePriority;
  /** What triggered it: the trigger's inputs and threshold, plus the character's emotion at the time. */
  metadata: Record<string, string | number | boolean | null>;
  /** Engine-clock time it arose (ms). */
  createdAt: number;
  /**
   * Group sessions: the participant the action is addressed to (the one the character is closest to); absent when
   * the session knows nobody by id.
   */
  participant?: { id: string; name: string | null };
  /**
   * Why it arose, in words and data: the trigger and its figures, the time since the last talk, and the remembered
   * episode it refers to. Absent only on actions raised before reasons existed.
   */
  reason?: ProactiveReason;
}

/** The proactive part of a session: preferences, the pending (unacknowledged) queue, and the cooldown clock. */
export interface ProactiveState {
  preferences: ProactivePreferences;
  /** Actions raised and not yet acknowledged, oldest first; at most one per type. */
  pending: ProactiveAction[];
  /** Engine-clock time (ms) of the last action raised, or null. */
  lastActionAt: number | null;
  /**
   * The time-driven types already raised during the current absence, and the absence they belong to (the
   * person's last interaction time): the character reaches out once per absence, not every cooldown.
   */
  raisedInAbsence: { since: number; types: ProactiveType[] };
  /** Ids of the most recently acknowledged actions (at most 100), so a repeated ack is recognised, not an error. */
  acknowledged: string[];
  /**
   * Engine-clock times (ms) of the actions raised in the last 48 hours, oldest first: what `max_per_day` counts.
   * Absent in records written before the daily maximum existed (read as none).
   */
  actionTimes?: number[];
}

/** How many acknowledged action ids a session remembers. */
export const acknowledgedMemory = 100;

/** Maps an urgency in [0, 1] to a priority: high ≥ 0.7, medium ≥ 0.45, else low. */
export function toPriority(urgency: number): ProactivePriority {
  if (urgency >= 0.7) return 'high';
  if (urgency >= 0.45) return 'medium';
  return 'low';
}
