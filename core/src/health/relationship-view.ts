import { driftRelationship, familiarity, type RelationshipState } from '../body/relationship.js';
import { LimbicError } from '../errors.js';
import { findParticipant, relationshipAt } from '../group/participants.js';
import type { SessionRecord } from '../store/session-store.js';
import { round } from '../util/math.js';
import { activityOf, type DayActivity, dayMs, dayOf } from './activity.js';
import { healthTimeZone } from './health-time-zone.js';
import type {
  RelationshipHealth,
  RelationshipSignal,
  RelationshipTrend,
  RelationshipValues,
} from './relationship-health.js';
import { readSignals, type SignalReading, signalDefinitions } from './signals.js';

function values(r: RelationshipState): RelationshipValues {
  return {
    rapport: round(r.rapport),
    trust: round(r.trust),
    familiarity: round(familiarity(r.familiarityCount)),
  };
}

/** The change over `days` days: from the last day with a message at or before today − days, or null. */
function trendOf(
  days: readonly DayActivity[],
  today: number,
  now: RelationshipValues,
  span: number,
): RelationshipTrend | null {
  let then: DayActivity | undefined;
  for (const d of days) if (d.day <= today - span) then = d;
  if (then === undefined) return null;
  const past = {
    rapport: round(then.rapport),
    trust: round(then.trust),
    familiarity: round(then.familiarity),
  };
  return {
    date: new Date(then.day * dayMs).toISOString().slice(0, 10),
    values: past,
    change: {
      rapport: round(now.rapport - past.rapport),
      trust: round(now.trust - past.trust),
      familiarity: round(now.familiarity - past.familiarity),
    },
  };
}

function messagesSince(days: readonly DayActivity[], first: number): number {
  let n = 0;
  for (const d of days) if (d.day >= first) n += d.messages;
  return n;
}

/** A signal's reading as answers and events show it, with `since` (engine-clock ms) when it is active. */
export function toRelationshipSignal(reading: SignalReading, since: number | undefined): RelationshipSignal {
  const def = signalDefinitions[reading.id];
  return {
    id: reading.id,
    active: reading.active,
    since: reading.active && since !== undefined ? new Date(since).toISOString() : null,
    value: round(reading.value),
    threshold: def.threshold,
    window_days: def.windowDays,
    definition: def.definition,
    source: def.source,
  };
}

/**
 * A person's relationship health at engine time `now`: the relationship now, its trend, their message counts and
 * every signal. `participant` null asks about the default person.
 * @throws LimbicError NOT_FOUND for a participant the session does not know.
 */
export function toRelationshipHealth(
  record: SessionRecord,
  participant: string | null,
  now: number,
): RelationshipHealth {
  let relationship: RelationshipState;
  let who: RelationshipHealth['participant'] = null;
  if (participant === null) {
    const s = record.state;
    relationship = now > s.time ? driftRelationship(s, (now - s.time) / 1000) : s;
  } else {
    const p = findParticipant(record.state, participant);
    if (!p) {
      throw new LimbicError(
        'NOT_FOUND',
        `Participant ${JSON.stringify(participant)} not found in session ${record.id}`,
      );
    }
    relationship = relationshipAt(p, now);
    who = { id: p.id, name: p.name };
  }
  const { days, signals: started } = activityOf(record.activity, participant);
  const today = dayOf(now);
  const timeZone = healthTimeZone(record, participant);
  const current = values(relationship);
  const signals = readSignals(days, now, timeZone).map((r) => toRelationshipSignal(r, started[r.id]));
  return {
    session_id: record.id,
    participant: who,
    at: new Date(now).toISOString(),
    time_zone: timeZone,
    interpersonal: current,
    trend: { days_7: trendOf(days, today, current, 7), days_30: trendOf(days, today, current, 30) },
    messages: {
      today: messagesSince(days, today),
      last_7_days: messagesSince(days, today - 6),
      last_30_days: messagesSince(days, today - 29),
    },
    signals,
  };
}
