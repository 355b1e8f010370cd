import { round } from '../util/math.js';

/** Days of history kept per person: the 30-day trend and the 28 days the volume signal compares, with a margin. */
export const historyDays = 35;

/** Milliseconds in a day and in an hour. */
export const dayMs = 86_400_000;
export const hourMs = 3_600_000;

/** The ids of the relationship signals (docs/relationship-health.md). */
export const signalIds = ['late_night', 'rising_volume', 'sustained_hostility', 'repeated_distress'] as const;

/** One of {@link signalIds}. */
export type SignalId = (typeof signalIds)[number];

/**
 * One UTC day of a person's messages: how many, in which UTC hours, how many were hostile to the character or
 * expressed their own distress, and the relationship as it stood after their last message that day.
 */
export interface DayActivity {
  /** The UTC day: ⌊engine-clock ms / 86,400,000⌋. */
  day: number;
  messages: number;
  /** Messages per UTC hour of the day: 24 counts, index 0 the hour from 00:00 UTC. */
  hours: readonly number[];
  /** Messages that were hostile to the character (docs/relationship-health.md, "Hostile turn"). */
  hostile: number;
  /** Messages in which the person expressed their own distress (docs/relationship-health.md, "Distress turn"). */
  distress: number;
  /** Rapport, trust and familiarity after the person's last message of the day. */
  rapport: number;
  trust: number;
  familiarity: number;
}

/** A person's activity history: the last {@link historyDays} days with messages, oldest first, and their signals. */
export interface PersonActivity {
  days: readonly DayActivity[];
  /** The signals active at their last message: id → engine-clock time (ms) of the message that first found it. */
  signals: Readonly<Partial<Record<SignalId, number>>>;
}

/** A participant's activity history. */
export interface ParticipantActivity extends PersonActivity {
  id: string;
}

/**
 * The activity history of a session (`SessionRecord.activity`): the default person's (turns without `from`) and
 * each participant's who sent a message. Absent in records written before it existed, which read it as empty.
 */
export interface ActivityState {
  person?: PersonActivity;
  participants?: readonly ParticipantActivity[];
}

/** What one message adds to its sender's history. */
export interface ActivityTurn {
  hostile: boolean;
  distress: boolean;
  relationship: { rapport: number; trust: number; familiarity: number };
}

const noActivity: PersonActivity = { days: [], signals: {} };
// A literal, so the arrays copied from it keep packed small-integer elements.
const emptyHours: readonly number[] = [
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
];

/** The UTC day of an engine-clock time. */
export function dayOf(time: number): number {
  return Math.floor(time / dayMs);
}

/** A person's history: the default person's for `id` null; empty when they have none. */
export function activityOf(activity: ActivityState | undefined, id: string | null): PersonActivity {
  if (activity === undefined) return noActivity;
  if (id === null) return activity.person ?? noActivity;
  const list = activity.participants;
  if (list) for (const p of list) if (p.id === id) return p;
  return noActivity;
}

/** A person's days after one more message at `now`: today's bucket added to, days older than the window dropped. */
export function addMessage(days: readonly DayActivity[], turn: ActivityTurn, now: number): DayActivity[] {
  const day = dayOf(now);
  const hour = Math.floor((now - day * dayMs) / hourMs);
  const first = day - historyDays + 1;
  let start = 0;
  while (start < days.length && days[start]!.day < first) start++;
  const last = days[days.length - 1];
  const r = turn.relationship;
  const same = last !== undefined && last.day === day;
  const base = same ? last : undefined;
  const hours = base ? base.hours.slice() : emptyHours.slice();
  hours[hour] = (hours[hour] ?? 0) + 1;
  const today: DayActivity = {
    day,
    messages: (base?.messages ?? 0) + 1,
    hours,
    hostile: (base?.hostile ?? 0) + (turn.hostile ? 1 : 0),
    distress: (base?.distress ?? 0) + (turn.distress ? 1 : 0),
    // Four decimals, as answers show them: the history stays small in the stored document.
    rapport: round(r.rapport),
    trust: round(r.trust),
    familiarity: round(r.familiarity),
  };
  const kept = days.slice(start, same ? days.length - 1 : days.length);
  kept.push(today);
  return kept;
}

/** The activity with one person's history replaced (copy on write). */
export function withPerson(
  activity: ActivityState | undefined,
  id: string | null,
  person: PersonActivity,
): ActivityState {
  const next: ActivityState = { ...activity };
  if (id === null) {
    next.person = person;
    return next;
  }
  const list = activity?.participants ?? [];
  const entry: ParticipantActivity = { id, days: person.days, signals: person.signals };
  const index = list.findIndex((p) => p.id === id);
  next.participants = index < 0 ? [...list, entry] : list.map((p, i) => (i === index ? entry : p));
  return next;
}

/** The activity without one participant's history (the same object when it holds none). */
export function withoutParticipant(
  activity: ActivityState | undefined,
  id: string,
): ActivityState | undefined {
  const list = activity?.participants;
  if (!list?.some((p) => p.id === id)) return activity;
  return { ...activity, participants: list.filter((p) => p.id !== id) };
}

/** The activity keeping only the participants `isKnown` accepts (those the session still knows). */
export function keepParticipants(
  activity: ActivityState | undefined,
  isKnown: (id: string) => boolean,
): ActivityState | undefined {
  const list = activity?.participants;
  if (!list?.some((p) => !isKnown(p.id))) return activity;
  return { ...activity, participants: list.filter((p) => isKnown(p.id)) };
}
