import { deficitThreshold, needDeficits, secondsUntilBelongingDeficit } from '../body/needs.js';
import { driftRelationship, familiarity } from '../body/relationship.js';
import type { EngineState } from '../engine/engine-state.js';
import type { Observation } from '../engine/observe.js';
import { attachmentView } from '../group/participants.js';
import type { EngineParams } from '../persona/engine-params.js';
import type { NeedState } from '../prompt/prompt-input.js';
import { addresseeOf, policyReleaseAt } from './outreach.js';
import type { ProactiveType } from './preferences.js';
import type { ProactiveState } from './proactive-action.js';

const hour = 3600;
/** Attachment urge at which the character reaches out. */
export const attachmentThreshold = 0.3;
/** Soul stage from which the character is in crisis (overflow fires regardless of intensity). */
const crisisLevel = 7;

/** A trigger that fired: its type, urgency in [0, 1] and the inputs that made it fire. */
export interface TriggerHit {
  type: ProactiveType;
  urgency: number;
  metadata: Record<string, string | number | boolean | null>;
  /** For need_deficit: the need with the largest deficit. */
  need?: keyof NeedState;
}

/**
 * Absence (in hours) after which an attachment urge starts to build:
 * T_a = 24 h·(1 − 0.5·anxiety)·(1 + 0.5·avoidance) (Bowlby; ECR dimensions, Brennan, Clark & Shaver 1998).
 */
export function attachmentOnsetSeconds(params: EngineParams): number {
  const { anxiety, avoidance } = params.attachment;
  return 24 * hour * (1 - 0.5 * anxiety) * (1 + 0.5 * avoidance);
}

/**
 * Bond strength B = sqrt(trust·familiarity): there is nobody to miss without both. (The research used the product;
 * the geometric mean keeps B on the scale of its inputs, so a moderately trusted, moderately familiar person is
 * missed.)
 */
export function bondStrength(state: EngineState): number {
  return Math.sqrt(state.trust * familiarity(state.familiarityCount));
}

/** Attachment urge after `absence` seconds: U = B·(1 − e^(−(absence − T_a)/12 h)), 0 before T_a. */
export function attachmentUrge(state: EngineState, params: EngineParams, absence: number): number {
  const onset = attachmentOnsetSeconds(params);
  if (absence <= onset) return 0;
  return bondStrength(state) * (1 - Math.exp(-(absence - onset) / (12 * hour)));
}

function largestDeficit(needs: NeedState, setpoints: NeedState): { need: keyof NeedState; deficit: number } {
  const d = needDeficits(needs, setpoints);
  let need: keyof NeedState = 'belonging';
  if (d.competence > d[need]) need = 'competence';
  if (d.autonomy > d[need]) need = 'autonomy';
  return { need, deficit: d[need] };
}

/**
 * Evaluates the three triggers on a state observed at `now` (the state must already be advanced to `now`):
 * attachment_seeking when the absence urge reaches 0.3; need_deficit when a need is 0.25 or more below its setpoint;
 * emotional_overflow when intensity passes the coping threshold (lowered by stress) or the character is in crisis.
 * Gates (enabled, per-trigger toggles, cooldown, one pending action per type) are applied by the caller.
 */
export function evaluateTriggers(
  state: EngineState,
  observation: Observation,
  params: EngineParams,
  now: number,
): TriggerHit[] {
  const hits: TriggerHit[] = [];
  const absence = Math.max(0, (now - state.lastInteractionAt) / 1000);
  // In a group the character misses the person it is closest to.
  const bonded = attachmentView(state);
  const urge = attachmentUrge(bonded, params, absence);
  if (urge >= attachmentThreshold) {
    hits.push({
      type: 'attachment_seeking',
      urgency: urge,
      metadata: {
        trigger: 'absence',
        urge: urge,
        threshold: attachmentThreshold,
        absence_hours: absence / hour,
        onset_hours: attachmentOnsetSeconds(params) / hour,
        attachment_style: params.attachment.style,
        trust: bonded.trust,
        familiarity: familiarity(bonded.familiarityCount),
      },
    });
  }
  const { need, deficit } = largestDeficit(state.needs, params.needSetpoints);
  if (deficit >= deficitThreshold) {
    hits.push({
      type: 'need_deficit',
      urgency: Math.min(1, deficit / 0.5),
      need,
      metadata: {
        trigger: 'need',
        need,
        value: state.needs[need],
        setpoint: params.needSetpoints[need],
        deficit,
        threshold: deficitThreshold,
      },
    });
  }
  const overflow = overflowOf(
    observation.intensity,
    state.stress,
    state.stage.level,
    params.config.coping_threshold,
  );
  if (overflow) {
    const { threshold } = overflow;
    const crisis = overflow.trigger === 'crisis';
    hits.push({
      type: 'emotional_overflow',
      urgency: crisis ? Math.max(0.7, observation.intensity) : observation.intensity,
      metadata: {
        trigger: crisis ? 'crisis' : 'intensity',
        emotion: observation.primary,
        intensity: observation.intensity,
        coping_threshold: threshold,
        stress: state.stress,
        stage_level: state.stage.level,
      },
    });
  }
  return hits;
}

/**
 * The emotional-overflow rule: the felt intensity reached the coping threshold lowered by stress,
 * θ = max(0.05, coping_threshold − 0.2·stress), or the soul stage's level is 7-9 (crisis, which wins). Null when
 * neither holds. The trigger above and the gateway's `session.emotional_overflow` webhook both use it.
 */
export function overflowOf(
  intensity: number,
  stress: number,
  stageLevel: number,
  copingThreshold: number,
): { trigger: 'intensity' | 'crisis'; threshold: number } | null {
  const threshold = Math.max(0.05, copingThreshold - 0.2 * stress);
  if (stageLevel >= crisisLevel && stageLevel <= 9) return { trigger: 'crisis', threshold };
  if (intensity >= threshold) return { trigger: 'intensity', threshold };
  return null;
}

/** The attachment urge at `absence` seconds if nothing else happens (trust and familiarity keep drifting). */
function urgeAfter(state: EngineState, params: EngineParams, absence: number): number {
  const r = driftRelationship(state, Math.max(0, absence - (state.time - state.lastInteractionAt) / 1000));
  return attachmentUrge({ ...state, trust: r.trust, familiarityCount: r.familiarityCount }, params, absence);
}

/**
 * When the attachment urge reaches its threshold, in engine-clock ms, or null if it will not within a year. The urge
 * grows with absence while the bond drifts (familiarity fades; trust returns toward neutral, which can raise it), so
 * the first crossing is found on a geometric grid of absences (1 h·1.5^k after the onset) and refined by bisection:
 * constant cost whatever the absence, and exact to the second.
 */
export function attachmentDueAt(state: EngineState, params: EngineParams): number | null {
  const onset = attachmentOnsetSeconds(params);
  const already = (state.time - state.lastInteractionAt) / 1000;
  let lo = Math.max(onset, already);
  if (urgeAfter(state, params, lo) >= attachmentThreshold)
    return Math.ceil(state.lastInteractionAt + lo * 1000);
  let hi = Number.NaN;
  for (let k = 0, step = hour; k < 24; k++, step *= 1.5) {
    const t = lo + step;
    if (urgeAfter(state, params, t) >= attachmentThreshold) {
      hi = t;
      break;
    }
    lo = t;
  }
  if (Number.isNaN(hi)) return null;
  while (hi - lo > 1) {
    const mid = (lo + hi) / 2;
    if (urgeAfter(state, params, mid) >= attachmentThreshold) hi = mid;
    else lo = mid;
  }
  return Math.ceil(state.lastInteractionAt + hi * 1000);
}

/**
 * The earliest engine-clock time (ms) at which a time-driven trigger (attachment_seeking, need_deficit) could fire
 * for this state, given the gates, or null if none can fire without a new turn. emotional_overflow is evaluated at
 * turns and at every time-driven check, but not scheduled on its own: felt intensity mostly falls while nothing
 * happens (docs/emotion-model.md lists the rare exceptions). A due time inside quiet hours moves to their end, one on
 * a day whose maximum is reached to the next local day (docs/proactive.md).
 */
export function nextDueAt(
  state: EngineState,
  params: EngineParams,
  proactive: ProactiveState,
): number | null {
  const prefs = proactive.preferences;
  if (!prefs.enabled) return null;
  const pending = new Set(proactive.pending.map((a) => a.type));
  if (proactive.raisedInAbsence.since === state.lastInteractionAt) {
    for (const type of proactive.raisedInAbsence.types) pending.add(type);
  }
  let due = Number.POSITIVE_INFINITY;
  if (prefs.triggers.attachment_seeking && !pending.has('attachment_seeking')) {
    const at = attachmentDueAt(attachmentView(state), params);
    if (at !== null) due = Math.min(due, at);
  }
  if (prefs.triggers.need_deficit && !pending.has('need_deficit')) {
    const { deficit } = largestDeficit(state.needs, params.needSetpoints);
    const wait =
      deficit >= deficitThreshold
        ? 0
        : secondsUntilBelongingDeficit(state.needs.belonging, params.needSetpoints.belonging);
    if (wait !== null) due = Math.min(due, state.time + wait * 1000);
  }
  if (!Number.isFinite(due)) return null;
  if (proactive.lastActionAt !== null)
    due = Math.max(due, proactive.lastActionAt + prefs.cooldown_hours * hour * 1000);
  // The outreach policy: nobody left to address, or wait for quiet hours to end and for a day with room.
  const addressee = addresseeOf(state);
  if (addressee === undefined) return null;
  return policyReleaseAt(proactive, addressee, Math.ceil(due));
}
