import type { ParticipantState } from '../group/participant-state.js';
import type { SessionRecord } from '../store/session-store.js';
import {
  type ActivityState,
  activityOf,
  addMessage,
  keepParticipants,
  type SignalId,
  withPerson,
} from './activity.js';
import { healthTimeZone } from './health-time-zone.js';
import { readSignals, type SignalReading } from './signals.js';
import { type HealthTurnInput, isDistressTurn, isHostileTurn } from './turn-kinds.js';

/** What a turn did to the activity history: the new history, the signals it started, and the support directive. */
export interface HealthStep {
  /** The record's new activity (the same object when the turn was no message from anyone). */
  activity: ActivityState | undefined;
  /** The signals this turn found active that were not at the sender's previous message, with their readings. */
  started: SignalReading[];
  /** True when the sender's repeated distress is active: prompt_data gains the support directive. */
  support: boolean;
}

/** Options of {@link healthStep}. */
export interface HealthStepOptions {
  /** The sender: a participant id, or null for the default person (turns without `from`). */
  sender: string | null;
  /** Rapport, trust and familiarity with the sender after the turn. */
  relationship: { rapport: number; trust: number; familiarity: number };
  /** The participants after the turn, and the most the session keeps (past it, some were forgotten). */
  participants: readonly ParticipantState[];
  maxParticipants: number;
  now: number;
}

/**
 * The activity part of a turn, pure: a message from the person (an `interaction` turn) joins its sender's history
 * (today's UTC day, its UTC hour, hostile or distressed, the relationship after it); the sender's signals are read at
 * `now` in the session's {@link healthTimeZone}, and those not active at their previous message are reported as
 * started. When the turn made the session forget participants (it keeps at most `maxParticipants`), their histories
 * go with them.
 */
export function healthStep(
  record: SessionRecord,
  turn: HealthTurnInput,
  options: HealthStepOptions,
): HealthStep {
  const { sender, now } = options;
  let activity = record.activity;
  const next = options.participants;
  const last = record.state.participants?.at(-1);
  // A full list forgot someone only when the turn added a participant, and the list appends new ones at its end.
  if (activity?.participants && next.length >= options.maxParticipants && next.at(-1)?.id !== last?.id) {
    const known = new Set(next.map((p) => p.id));
    activity = keepParticipants(activity, (id) => known.has(id));
  }
  if (!turn.interaction) return { activity, started: [], support: false };
  const before = activityOf(activity, sender);
  const days = addMessage(
    before.days,
    { hostile: isHostileTurn(turn), distress: isDistressTurn(turn), relationship: options.relationship },
    now,
  );
  const readings = readSignals(days, now, healthTimeZone(record, sender));
  const signals: Partial<Record<SignalId, number>> = {};
  const started: SignalReading[] = [];
  let support = false;
  for (const reading of readings) {
    if (!reading.active) continue;
    const since = before.signals[reading.id];
    signals[reading.id] = since ?? now;
    if (since === undefined) started.push(reading);
    if (reading.id === 'repeated_distress') support = true;
  }
  return { activity: withPerson(activity, sender, { days, signals }), started, support };
}
