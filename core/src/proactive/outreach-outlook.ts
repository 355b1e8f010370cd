import { deficitThreshold, needDeficits, secondsUntilBelongingDeficit } from '../body/needs.js';
import { advanceState } from '../engine/advance.js';
import type { EngineState } from '../engine/engine-state.js';
import { attachmentView } from '../group/participants.js';
import { deriveEngineParams, type EngineParams } from '../persona/engine-params.js';
import type { ResolvedPersona } from '../persona/persona.js';
import type { NeedState } from '../prompt/prompt-input.js';
import { addresseeOf, policyHold, policyReleaseAt } from './outreach.js';
import { withPolicyDefaults } from './preferences.js';
import type { ProactiveState } from './proactive-action.js';
import {
  attachmentDueAt,
  attachmentOnsetSeconds,
  attachmentThreshold,
  attachmentUrge,
  bondStrength,
  nextDueAt,
} from './triggers.js';

/**
 * What can keep the character from reaching out, in the order the gates apply: `proactive_off` (off for the
 * session, the default until enabled); `triggers_off` (both time-driven triggers, attachment_seeking and
 * need_deficit, switched off); `muted` (every participant the session knows opted out: nobody to address);
 * `waiting_for_reply` (both already fired in this absence, or wait unacknowledged); `cooldown` (since the last
 * action); `quiet_hours` (the session's); `participant_quiet_hours` (the addressee's own); `daily_max` (today's
 * maximum, local day in the session's zone, reached); `no_drive` (neither time-driven trigger can fire in this
 * absence: the bond is too weak for attachment_seeking, and need_deficit cannot fall far enough or already fired).
 */
export const outreachHoldReasons = [
  'proactive_off',
  'triggers_off',
  'muted',
  'waiting_for_reply',
  'cooldown',
  'quiet_hours',
  'participant_quiet_hours',
  'daily_max',
  'no_drive',
] as const;

/** Something that keeps the character from reaching out now (see {@link outreachHoldReasons}). */
export type OutreachHoldReason = (typeof outreachHoldReasons)[number];

/** One hold: why, and until when (engine-clock ms; null: until something changes, such as a turn or a setting). */
export interface OutreachHold {
  reason: OutreachHoldReason;
  until: number | null;
}

/** The attachment drive: the urge to contact a missed person, and when it reaches its threshold. */
export interface AttachmentDrive {
  /** The urge now, in [0, 1]; it fires at `threshold`. */
  urge: number;
  threshold: number;
  /** Bond strength √(trust·familiarity): the highest the urge can get. Below the threshold it cannot fire. */
  bond: number;
  /** Hours of absence before the urge starts to build (from the attachment style). */
  onsetHours: number;
  /** When the urge reaches the threshold if nobody writes (engine ms), or null if not within a year. */
  dueAt: number | null;
}

/** The need drive: the need furthest below its setpoint, and when belonging falls far enough. */
export interface NeedDrive {
  need: keyof NeedState;
  /** How far below its setpoint it is; it fires at `threshold`. */
  deficit: number;
  threshold: number;
  /** When a deficit is reached if nobody writes (engine ms), or null if belonging's floor keeps it above. */
  dueAt: number | null;
}

/** When the character would next consider reaching out, and what holds it back. */
export interface OutreachOutlook {
  /** The instant it describes (engine ms). */
  at: number;
  /** The scheduler's next check of the session (engine ms, every gate applied), or null: none without a change. */
  nextConsiderAt: number | null;
  /** What holds it back at `now`, in the order the gates apply; empty when it could reach out now. */
  holds: OutreachHold[];
  attachment: AttachmentDrive;
  need: NeedDrive;
}

/** What {@link outreachOutlook} reads of a session record. */
export interface OutlookRecord {
  persona: ResolvedPersona;
  state: EngineState;
  proactive: ProactiveState;
}

const hourMs = 3_600_000;

function needDrive(state: EngineState, params: EngineParams): NeedDrive {
  const d = needDeficits(state.needs, params.needSetpoints);
  let need: keyof NeedState = 'belonging';
  if (d.competence > d[need]) need = 'competence';
  if (d.autonomy > d[need]) need = 'autonomy';
  const wait = secondsUntilBelongingDeficit(state.needs.belonging, params.needSetpoints.belonging);
  const dueAt =
    d[need] >= deficitThreshold ? state.time : wait === null ? null : Math.ceil(state.time + wait * 1000);
  return { need, deficit: d[need], threshold: deficitThreshold, dueAt };
}

/**
 * Explains a session's outreach at `now` (engine ms): when the proactive scheduler would next check it (the same
 * `nextDueAt` it uses), the holds in force (off, triggers off, everyone muted, already reached out this absence,
 * cooldown, quiet hours, the daily maximum, no drive), and both time-driven drives with their thresholds. Pure: it
 * advances a copy of the state to `now` and writes nothing. `params` defaults to the persona's derived parameters.
 * @example
 * const outlook = outreachOutlook(record, clock.now());
 * outlook.holds; // [{ reason: 'cooldown', until: 1767229200000 }]
 */
export function outreachOutlook(
  record: OutlookRecord,
  now: number,
  params: EngineParams = deriveEngineParams(record.persona),
): OutreachOutlook {
  const state = advanceState(record.state, params, (now - record.state.time) / 1000);
  const { proactive } = record;
  const prefs = withPolicyDefaults(proactive.preferences);
  const bonded = attachmentView(state);
  const absence = Math.max(0, (now - state.lastInteractionAt) / 1000);
  const attachment: AttachmentDrive = {
    urge: attachmentUrge(bonded, params, absence),
    threshold: attachmentThreshold,
    bond: bondStrength(bonded),
    onsetHours: attachmentOnsetSeconds(params) / 3600,
    dueAt: attachmentDueAt(bonded, params),
  };
  const need = needDrive(state, params);
  const nextConsiderAt = nextDueAt(state, params, proactive);
  const holds: OutreachHold[] = [];
  if (!prefs.enabled) holds.push({ reason: 'proactive_off', until: null });
  if (!prefs.triggers.attachment_seeking && !prefs.triggers.need_deficit)
    holds.push({ reason: 'triggers_off', until: null });
  const addressee = addresseeOf(state);
  if (addressee === undefined) holds.push({ reason: 'muted', until: null });
  const raised =
    proactive.raisedInAbsence.since === state.lastInteractionAt ? proactive.raisedInAbsence.types : [];
  const blocked = (type: 'attachment_seeking' | 'need_deficit') =>
    !prefs.triggers[type] || raised.includes(type) || proactive.pending.some((a) => a.type === type);
  if (
    (prefs.triggers.attachment_seeking || prefs.triggers.need_deficit) &&
    blocked('attachment_seeking') &&
    blocked('need_deficit')
  )
    holds.push({ reason: 'waiting_for_reply', until: null });
  const coolUntil =
    proactive.lastActionAt === null ? null : proactive.lastActionAt + prefs.cooldown_hours * hourMs;
  if (coolUntil !== null && now < coolUntil) holds.push({ reason: 'cooldown', until: coolUntil });
  const hold = addressee === undefined ? null : policyHold(proactive, addressee, now);
  if (hold !== null) holds.push({ reason: hold, until: policyReleaseAt(proactive, addressee ?? null, now) });
  // Nothing due, and no hold that lasts until a change explains it: no drive can fire in this absence.
  if (nextConsiderAt === null && !holds.some((h) => h.until === null))
    holds.push({ reason: 'no_drive', until: null });
  return { at: now, nextConsiderAt, holds, attachment, need };
}
