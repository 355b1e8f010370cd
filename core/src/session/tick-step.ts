import { z } from 'zod';
import { advanceTo } from '../engine/advance.js';
import { observe } from '../engine/observe.js';
import type { ProactiveAction } from '../proactive/proactive-action.js';
import type { Random } from '../random.js';
import { parseWith } from '../util/validation.js';
import type { LoadedSession } from './loaded-session.js';
import { dueAt, runProactiveStep } from './proactive-step.js';
import { type StateSnapshot, toSnapshot } from './results.js';
import type { SessionChange } from './session-change.js';
import { shiftTimes } from './shift-times.js';

/** The longest one tick may advance a session: 30 days, in seconds. */
export const maxTickSeconds = 30 * 86_400;
/** The shortest tick: one millisecond, the engine clock's unit. */
export const minTickSeconds = 0.001;

const tickRule = `must be a number of seconds in [${minTickSeconds}, ${maxTickSeconds}]`;

/** Zod schema of a tick (`POST /v1/persona/:id/tick`); unknown fields are rejected. */
export const tickSchema = z
  .strictObject(
    {
      seconds: z
        .number({ error: tickRule })
        .min(minTickSeconds, { error: tickRule })
        .max(maxTickSeconds, { error: tickRule })
        .describe('Engine seconds the session lives through; rounded to whole milliseconds'),
    },
    { error: 'must be an object with `seconds`' },
  )
  .describe(
    'Advances one session’s own time: decay, needs, relationship drift, forgetting and due proactive checks happen as if `seconds` had passed (at most 30 days per call)',
  );

/** A tick as clients send it. */
export interface TickInput {
  seconds: number;
}

/** Validates a tick. @throws LimbicError VALIDATION_ERROR naming `seconds`. */
export function parseTick(input: unknown): TickInput {
  return parseWith(tickSchema, input, 'tick');
}

/** The answer of a tick: the state after it, and the proactive actions it raised (at most one). */
export interface TickResult {
  sessionId: string;
  /** The seconds the session lived through (the request's, to whole milliseconds). */
  seconds: number;
  state: StateSnapshot;
  actions: ProactiveAction[];
}

/**
 * A tick of one session, pure: everything in the record happened `seconds` earlier ({@link shiftTimes}), then the
 * due time is computed afresh and, when the session is due, the time-driven proactive check runs at `now`, exactly
 * as the scheduler would run it (preferences, cooldown and once-per-absence gates included). The engine clock does
 * not move. `random` makes the id of an action raised.
 */
export function tickStep(session: LoadedSession, seconds: number, random: Random): SessionChange<TickResult> {
  const { record, params, now } = session;
  const ms = Math.round(seconds * 1000);
  const shifted = shiftTimes(record, ms);
  const due = dueAt(advanceTo(shifted.state, params, now), params, shifted.proactive, now);
  const moved = { ...shifted, updatedAt: now, nextDueAt: due };
  const check = runProactiveStep({ ...session, record: moved }, random);
  const next = check.record ?? moved;
  const state = advanceTo(next.state, params, now);
  return {
    record: next,
    result: {
      sessionId: record.id,
      seconds: ms / 1000,
      state: toSnapshot(state, observe(state, params)),
      actions: check.action ? [check.action] : [],
    },
    cause: 'tick',
    action: check.action,
  };
}
