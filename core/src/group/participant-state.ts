import type { ParticipantPolicy } from '../proactive/policy.js';

/**
 * What the character holds about one participant of a group session: its relationship with them (rapport, trust
 * and familiarity, as for the one person of a private session) and when they were last present. Relationship values
 * describe engine time `at`; they drift toward neutral from there, computed when read, so a turn costs the same
 * whether the session knows 2 people or 1,000.
 */
export interface ParticipantState {
  id: string;
  /** The display name last given, or null. */
  name: string | null;
  rapport: number;
  trust: number;
  familiarityCount: number;
  /** Engine-clock time (ms) the relationship values describe. */
  at: number;
  /** Engine-clock time (ms) they first appeared (spoke or were addressed). */
  firstSeenAt: number;
  /** Engine-clock time (ms) they last appeared. */
  lastSeenAt: number;
  /** Number of turns they spoke. */
  turns: number;
  /**
   * How much the last events involving them (as speaker or as the one addressed) moved the character, in [0, 1],
   * at `impactAt`; it fades with a 15-minute half-life and makes them salient in prompt_data.
   */
  impact: number;
  impactAt: number;
  /** Their own outreach policy (time zone, quiet hours, opt-out); absent when they never set one. */
  policy?: ParticipantPolicy;
}
