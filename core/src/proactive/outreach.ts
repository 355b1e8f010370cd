import type { EngineState } from '../engine/engine-state.js';
import type { ParticipantState } from '../group/participant-state.js';
import { closestParticipant, findParticipant, isReachable, participantsOf } from '../group/participants.js';
import { isQuiet, localDay, nextLocalDayAt, quietEndAt } from './local-time.js';
import { defaultTimeZone, policyOfParticipant } from './policy.js';
import { type ProactivePreferences, withPolicyDefaults } from './preferences.js';
import type { ProactiveState } from './proactive-action.js';

/**
 * Whom an action would be addressed to: in a group, the closest participant who has not opted out; `null` in a
 * session that knows nobody by id (the session's one person). Undefined when the session knows participants but
 * every one of them opted out: there is nobody to reach out to.
 */
export function addresseeOf(state: EngineState): ParticipantState | null | undefined {
  if (participantsOf(state).length === 0) return null;
  return closestParticipant(state, isReachable)?.participant;
}

/**
 * The IANA time zone that applies to a session, or to one of its participants: the participant's own when they set
 * one, else the session's `time_zone`, else UTC. For features that read a person's local time (quiet hours, the
 * daily maximum, relationship signals such as late-night messaging).
 * @example
 * policyTimeZone(record);               // 'Europe/Madrid'
 * policyTimeZone(record, 'telegram:42'); // 'America/Bogota' when they set it
 */
export function policyTimeZone(
  record: { proactive: ProactiveState; state: EngineState },
  participantId?: string,
): string {
  if (participantId !== undefined) {
    const p = findParticipant(record.state, participantId);
    const own = p ? policyOfParticipant(p).time_zone : null;
    if (own !== null) return own;
  }
  return record.proactive.preferences.time_zone ?? defaultTimeZone;
}

/** How many actions of `times` fall on the local day of `at` in `zone`. */
function countOnDay(times: readonly number[], at: number, zone: string): number {
  const dayOf = localDay(at, zone);
  let n = 0;
  for (const t of times) if (localDay(t, zone) === dayOf) n++;
  return n;
}

/** Why the policy holds an action back at an instant, or null when it does not. */
export type PolicyHold = 'quiet_hours' | 'participant_quiet_hours' | 'daily_max' | null;

/**
 * Whether the session's policy holds an action back at `at`: the session's quiet hours, the addressee's own quiet
 * hours (in their zone), or the daily maximum (in the session's zone) already reached.
 */
export function policyHold(
  proactive: ProactiveState,
  addressee: ParticipantState | null,
  at: number,
): PolicyHold {
  const prefs = withPolicyDefaults(proactive.preferences);
  if (prefs.quiet_hours && isQuiet(at, prefs.time_zone, prefs.quiet_hours)) return 'quiet_hours';
  if (addressee) {
    const own = policyOfParticipant(addressee);
    const zone = own.time_zone ?? prefs.time_zone;
    if (own.quiet_hours && isQuiet(at, zone, own.quiet_hours)) return 'participant_quiet_hours';
  }
  const times = proactive.actionTimes ?? [];
  // Fewer recent actions than the maximum cannot fill a day: no need to read local days.
  if (times.length >= prefs.max_per_day && countOnDay(times, at, prefs.time_zone) >= prefs.max_per_day)
    return 'daily_max';
  return null;
}

/**
 * The first instant at or after `at` when the policy lets an action arise: past the session's quiet hours and the
 * addressee's (each computed in its zone, DST-safe), and on a local day whose maximum is not reached yet (else the
 * next local midnight). Iterates because leaving one may enter another (midnight inside quiet hours).
 */
export function policyReleaseAt(
  proactive: ProactiveState,
  addressee: ParticipantState | null,
  at: number,
): number {
  const prefs: ProactivePreferences = withPolicyDefaults(proactive.preferences);
  const own = addressee ? policyOfParticipant(addressee) : null;
  let t = at;
  for (let i = 0; i < 8; i++) {
    const hold = policyHold(proactive, addressee, t);
    if (hold === null) return t;
    if (hold === 'quiet_hours' && prefs.quiet_hours) t = quietEndAt(t, prefs.time_zone, prefs.quiet_hours);
    else if (hold === 'participant_quiet_hours' && own?.quiet_hours)
      t = quietEndAt(t, own.time_zone ?? prefs.time_zone, own.quiet_hours);
    else t = nextLocalDayAt(t, prefs.time_zone);
  }
  return t;
}

/** How long the record of raised actions reaches back: a local day lasts at most 25 hours, so 48 is plenty. */
const actionTimesWindowMs = 48 * 3_600_000;

/** The times of recent actions after one more at `now` (older than 48 hours dropped). */
export function withActionTime(proactive: ProactiveState, now: number): number[] {
  const kept = (proactive.actionTimes ?? []).filter((t) => now - t < actionTimesWindowMs);
  kept.push(now);
  return kept;
}
