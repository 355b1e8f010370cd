import { bodyOffset } from '../body/body-budget.js';
import type { RelationshipState } from '../body/relationship.js';
import { advanceTo } from '../engine/advance.js';
import type { EngineState } from '../engine/engine-state.js';
import { observe } from '../engine/observe.js';
import { LimbicError } from '../errors.js';
import { findParticipant, relationshipAt } from '../group/participants.js';
import type { EngineParams, Vec3 } from '../persona/engine-params.js';
import type { Vad } from '../persona/persona.js';
import { clamp } from '../util/math.js';
import type { LoadedSession } from './loaded-session.js';
import { dueAt } from './proactive-step.js';
import type { StateSnapshot } from './results.js';
import { toSnapshot } from './results.js';
import type { SessionChange } from './session-change.js';
import {
  maxOverrideLog,
  type OverrideEntry,
  type OverrideInput,
  type OverrideState,
  type OverrideValues,
  type OverrideView,
  toOverrideView,
} from './state-override.js';

/** The answer of an override: the entry as logged, and the state right after it. */
export interface OverrideResult {
  sessionId: string;
  override: OverrideView;
  state: StateSnapshot;
}

/** Familiarity shown as 1 (at 4 decimals) is set as this, the count of 1 − exp(−N/30) being finite below 1. */
const topFamiliarity = 0.99995;

/** The familiarity count N whose familiarity 1 − exp(−N/30) is `f` (docs/emotion-model.md). */
export function familiarityCountOf(f: number): number {
  return -30 * Math.log(1 - Math.min(f, topFamiliarity));
}

function vad(from: Vec3, set: { V?: number; A?: number; D?: number }): Vec3 {
  return { V: set.V ?? from.V, a: set.A === undefined ? from.a : 2 * set.A - 1, D: set.D ?? from.D };
}

function relationship(r: RelationshipState, set: NonNullable<OverrideValues['relationship']>) {
  return {
    rapport: set.rapport ?? r.rapport,
    trust: set.trust ?? r.trust,
    familiarityCount:
      set.familiarity === undefined ? r.familiarityCount : familiarityCountOf(set.familiarity),
  };
}

/** The state with a relationship value set, for the default person or a participant. @throws NOT_FOUND. */
function withRelationship(state: EngineState, set: NonNullable<OverrideValues['relationship']>): EngineState {
  if (set.participant === undefined) return { ...state, ...relationship(state, set) };
  const p = findParticipant(state, set.participant);
  if (!p) {
    throw new LimbicError(
      'NOT_FOUND',
      `Participant ${JSON.stringify(set.participant)} not found in this session`,
    );
  }
  const changed = { ...p, ...relationship(relationshipAt(p, state.time), set), at: state.time };
  return { ...state, participants: (state.participants ?? []).map((q) => (q === p ? changed : q)) };
}

/**
 * The state an override makes of `state` (already at the override's time): the body budget first, then the mood,
 * then the emotion, set so that the felt emotion (emotion plus the body's offset) is the value asked for, as far
 * as the emotion's range allows; a set emotion ends the live episode, so its label is read from the values set.
 */
export function applyOverride(state: EngineState, params: EngineParams, values: OverrideValues): EngineState {
  let next: EngineState = { ...state };
  if (values.body_budget) {
    next.energy = values.body_budget.energy ?? state.energy;
    next.stress = values.body_budget.stress ?? state.stress;
  }
  if (values.mood) next.mood = vad(state.mood, values.mood);
  if (values.emotion) {
    const offset = bodyOffset(next.energy, next.stress);
    const felt = vad(observe(next, params).felt, values.emotion);
    const { V, A, D } = values.emotion;
    next.emotion = {
      V: V === undefined ? state.emotion.V : clamp(felt.V - offset.V, -1, 1),
      a: A === undefined ? state.emotion.a : clamp(felt.a - offset.a, -1, 1),
      D: D === undefined ? state.emotion.D : clamp(felt.D - offset.D, -1, 1),
    };
    next.episode = {
      label: null,
      secondary: null,
      intensity: 0,
      halfLife: params.config.emotion_half_life_seconds,
      age: 0,
    };
  }
  if (values.relationship) next = withRelationship(next, values.relationship);
  return next;
}

/**
 * An operator override of one session, pure: advances the state to now, sets the values, logs who set them and
 * when (the last {@link maxOverrideLog}), remembers the felt emotion before the first override since the last turn
 * (the next turn's explanation names the override's part of the change), and moves the due time.
 * @throws LimbicError NOT_FOUND for a relationship participant the session does not know.
 */
export function overrideStep(
  session: LoadedSession,
  input: OverrideInput,
  by: string,
): SessionChange<OverrideResult> {
  const { record, params, now } = session;
  const before = advanceTo(record.state, params, now);
  const { note, ...values } = input;
  const state = applyOverride(before, params, values);
  const entry: OverrideEntry = { by, at: before.time, values, note: note ?? null };
  const previous = record.overrides;
  const overrides: OverrideState = {
    log: [...(previous?.log ?? []).slice(-(maxOverrideLog - 1)), entry],
    feltBefore: previous?.feltBefore ?? observe(before, params).felt,
  };
  return {
    record: {
      ...record,
      updatedAt: now,
      state,
      overrides,
      nextDueAt: dueAt(state, params, record.proactive, now),
    },
    result: {
      sessionId: record.id,
      override: toOverrideView(entry),
      state: toSnapshot(state, observe(state, params)),
    },
    cause: 'override',
  };
}

/**
 * The part of the next turn's change of feeling that the overrides since the last turn caused, in the exposed
 * scale: the felt emotion of the state they left (`prev`, the turn's previous update) minus the felt emotion
 * before the first of them. Null when no override happened since the last turn.
 */
export function overridePart(
  overrides: OverrideState | undefined,
  prev: EngineState,
  params: EngineParams,
): Vad | null {
  const from = overrides?.feltBefore;
  if (!from) return null;
  const felt = observe(prev, params).felt;
  return { V: felt.V - from.V, A: (felt.a - from.a) / 2, D: felt.D - from.D };
}
