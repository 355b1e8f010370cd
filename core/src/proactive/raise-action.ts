import type { Observation } from '../engine/observe.js';
import type { ParticipantState } from '../group/participant-state.js';
import type { MemoryState } from '../memory/episode.js';
import type { ResolvedPersona } from '../persona/persona.js';
import { createId, type Random } from '../random.js';
import { round } from '../util/math.js';
import { suggestMessage } from './messages.js';
import { policyHold, withActionTime } from './outreach.js';
import type { ProactiveType } from './preferences.js';
import { type ProactiveAction, type ProactiveState, toPriority } from './proactive-action.js';
import { pickEpisode } from './reason.js';
import { reasonData } from './reason-data.js';
import { reasonText } from './reason-text.js';
import type { TriggerHit } from './triggers.js';

/** What {@link raiseAction} needs besides the hits. */
export interface RaiseContext {
  now: number;
  /** The person's last interaction time: identifies the current absence. */
  lastInteractionAt: number;
  persona: ResolvedPersona;
  observation: Observation;
  random: Random;
  /** Whom the action would be addressed to: a group's closest participant who has not opted out. */
  participant?: ParticipantState | null | undefined;
  /** True when the session knows participants and every one of them opted out: nothing arises. */
  unreachable?: boolean;
  /** The session's memory, for the episode an action refers to. */
  memory?: MemoryState | undefined;
}

const timeDriven: ReadonlySet<ProactiveType> = new Set(['attachment_seeking', 'need_deficit']);

/** True when a hit may become an action: enabled, toggled on, not pending, not already raised this absence. */
function allowed(state: ProactiveState, hit: TriggerHit, lastInteractionAt: number): boolean {
  if (!state.preferences.triggers[hit.type]) return false;
  if (state.pending.some((a) => a.type === hit.type)) return false;
  const absence = state.raisedInAbsence;
  return !(
    timeDriven.has(hit.type) &&
    absence.since === lastInteractionAt &&
    absence.types.includes(hit.type)
  );
}

/**
 * Applies the gates (enabled, someone to address, per-trigger toggle, cooldown, quiet hours, the daily maximum, one
 * pending action per type, once per absence for the time-driven triggers) and turns the most urgent remaining hit into a pending action.
 */
export function raiseAction(
  state: ProactiveState,
  hits: readonly TriggerHit[],
  ctx: RaiseContext,
): { state: ProactiveState; action: ProactiveAction | null } {
  const prefs = state.preferences;
  const cooling =
    state.lastActionAt !== null && ctx.now - state.lastActionAt < prefs.cooldown_hours * 3_600_000;
  if (!prefs.enabled || cooling || ctx.unreachable) return { state, action: null };
  // Quiet hours (the session's and the addressee's) and the daily maximum.
  if (policyHold(state, ctx.participant ?? null, ctx.now) !== null) return { state, action: null };
  let best: TriggerHit | null = null;
  for (const hit of hits) {
    if (allowed(state, hit, ctx.lastInteractionAt) && (!best || hit.urgency > best.urgency)) best = hit;
  }
  if (!best) return { state, action: null };
  const metadata: ProactiveAction['metadata'] = {};
  for (const [key, value] of Object.entries(best.metadata))
    metadata[key] = typeof value === 'number' ? round(value) : value;
  metadata.urgency = round(best.urgency);
  // Reaching out to the person (not sharing an overflow) brings up what the character remembers of them.
  const episode =
    best.type === 'emotional_overflow' ? null : pickEpisode(ctx.memory, ctx.participant?.id ?? null, ctx.now);
  const data = reasonData(best, (ctx.now - ctx.lastInteractionAt) / 1000, episode);
  const action: ProactiveAction = {
    id: createId('act_', ctx.now, ctx.random),
    type: best.type,
    message: suggestMessage(ctx.persona, best, ctx.observation, episode, data.since_last_talk_seconds),
    priority: toPriority(best.urgency),
    metadata,
    createdAt: ctx.now,
  };
  if (ctx.participant) action.participant = { id: ctx.participant.id, name: ctx.participant.name };
  action.reason = { text: reasonText(ctx.persona, data, ctx.observation.primary, ctx.now), ...data };
  const sameAbsence = state.raisedInAbsence.since === ctx.lastInteractionAt;
  const types = sameAbsence ? state.raisedInAbsence.types : [];
  return {
    state: {
      ...state,
      pending: [...state.pending, action],
      lastActionAt: ctx.now,
      actionTimes: withActionTime(state, ctx.now),
      raisedInAbsence: {
        since: ctx.lastInteractionAt,
        types: timeDriven.has(best.type) && !types.includes(best.type) ? [...types, best.type] : types,
      },
    },
    action,
  };
}
