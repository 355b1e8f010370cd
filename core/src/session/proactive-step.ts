import { advanceTo } from '../engine/advance.js';
import type { EngineState } from '../engine/engine-state.js';
import { type Observation, observe } from '../engine/observe.js';
import type { MemoryState } from '../memory/episode.js';
import type { EngineParams } from '../persona/engine-params.js';
import type { ResolvedPersona } from '../persona/persona.js';
import { addresseeOf } from '../proactive/outreach.js';
import type { ProactiveAction, ProactiveState } from '../proactive/proactive-action.js';
import { raiseAction } from '../proactive/raise-action.js';
import { evaluateTriggers, nextDueAt } from '../proactive/triggers.js';
import type { Random } from '../random.js';
import type { SessionRecord } from '../store/session-store.js';
import type { LoadedSession } from './loaded-session.js';

/** How long a check that raised nothing waits before it looks again when the triggers say "due now", in ms. */
export const minRecheckMs = 60_000;

/** When a session's next time-driven check is due (never before `now`), or null when nothing can become due. */
export function dueAt(
  state: EngineState,
  params: EngineParams,
  proactive: ProactiveState,
  now: number,
): number | null {
  const due = nextDueAt(state, params, proactive);
  return due === null ? null : Math.max(due, now);
}

/**
 * Evaluates the triggers on a state and its observation, and raises at most one action through the gates, addressed
 * (in a group) to the closest participant who has not opted out, with the episode of `memory` it refers to.
 */
export function raiseFromState(
  proactive: ProactiveState,
  state: EngineState,
  observation: Observation,
  persona: ResolvedPersona,
  params: EngineParams,
  now: number,
  random: Random,
  memory?: MemoryState,
): { state: ProactiveState; action: ProactiveAction | null } {
  const addressee = addresseeOf(state);
  return raiseAction(proactive, evaluateTriggers(state, observation, params, now), {
    now,
    lastInteractionAt: state.lastInteractionAt,
    persona,
    observation,
    random,
    participant: addressee ?? null,
    unreachable: addressee === undefined,
    memory,
  });
}

/** What a time-driven check decided: the record to write (null: nothing to write) and the action it raised. */
export interface ProactiveStep {
  record: SessionRecord | null;
  action: ProactiveAction | null;
}

/**
 * The time-driven check of one session, pure: when the session is due at `now`, evaluates the triggers on the state
 * advanced to `now`, raises at most one action, and moves the due time (a check that raised nothing and is still
 * due looks again after {@link minRecheckMs}). Nothing to write when the session is not due, or when the check
 * raised nothing and left the due time where it was. `random` makes the action's id.
 */
export function runProactiveStep(session: LoadedSession, random: Random): ProactiveStep {
  const { record, persona, params, now } = session;
  if (record.nextDueAt === null || record.nextDueAt > now) return { record: null, action: null };
  const state = advanceTo(record.state, params, now);
  const { state: proactive, action } = raiseFromState(
    record.proactive,
    state,
    observe(state, params),
    persona,
    params,
    now,
    random,
    record.memory,
  );
  let due = dueAt(state, params, proactive, now);
  if (!action && due !== null && due <= now) due = now + minRecheckMs;
  if (!action && due === record.nextDueAt) return { record: null, action: null };
  return { record: { ...record, proactive, nextDueAt: due }, action };
}
