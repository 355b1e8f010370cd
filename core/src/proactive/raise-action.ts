import type { Observation } from '../engine/observe.js';
import type { ResolvedPersona } from '../persona/persona.js';
import { createId, type Random } from '../random.js';
import { round } from '../util/math.js';
import { suggestMessage } from './messages.js';
import type { ProactiveType } from './preferences.js';
import { type ProactiveAction, type ProactiveState, toPriority } from './proactive-action.js';
import type { TriggerHit } from './triggers.js';

/** What {@link raiseAction} needs besides the hits. */
export interface RaiseContext {
  now: number;
  /** The person's last interaction time: identifies the current absence. */
  lastInteractionAt: number;
  persona: ResolvedPersona;
  observation: Observation;
  random: Random;
  /** Group sessions: whom the action is addressed to. */
  participant?: { id: string; name: string | null } | null;
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
 * Applies the gates (enabled, per-trigger toggle, cooldown, one pending action per type, once per absence for the
 * time-driven triggers) and turns the most urgent remaining hit into a pending action.
 */
export function raiseAction(
  state: ProactiveState,
  hits: readonly TriggerHit[],
  ctx: RaiseContext,
): { state: ProactiveState; action: ProactiveAction | null } {
  const prefs = state.preferences;
  const cooling =
    state.lastActionAt !== null && ctx.now - state.lastActionAt < prefs.cooldown_hours * 3_600_000;
  if (!prefs.enabled || cooling) return { state, action: null };
  let best: TriggerHit | null = null;
  for (const hit of hits) {
    if (allowed(state, hit, ctx.lastInteractionAt) && (!best || hit.urgency > best.urgency)) best = hit;
  }
  if (!best) return { state, action: null };
  const metadata: ProactiveAction['metadata'] = {};
  for (const [key, value] of Object.entries(best.metadata))
    metadata[key] = typeof value === 'number' ? round(value) : value;
  metadata.urgency = round(best.urgency);
  const action: ProactiveAction = {
    id: createId('act_', ctx.now, ctx.random),
    type: best.type,
    message: suggestMessage(ctx.persona, best, ctx.observation),
    priority: toPriority(best.urgency),
    metadata,
    createdAt: ctx.now,
  };
  if (ctx.participant) action.participant = { id: ctx.participant.id, name: ctx.participant.name };
  const sameAbsence = state.raisedInAbsence.since === ctx.lastInteractionAt;
  const types = sameAbsence ? state.raisedInAbsence.types : [];
  return {
    state: {
      ...state,
      pending: [...state.pending, action],
      lastActionAt: ctx.now,
      raisedInAbsence: {
        since: ctx.lastInteractionAt,
        types: timeDriven.has(best.type) && !types.includes(best.type) ? [...types, best.type] : types,
      },
    },
    action,
  };
}
