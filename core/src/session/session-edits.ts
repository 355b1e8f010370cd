import { advanceTo } from '../engine/advance.js';
import { createInitialState } from '../engine/engine-state.js';
import { LimbicError, toValidationError } from '../errors.js';
import { maxParticipantIdLength, participantsOf, removeParticipant } from '../group/participants.js';
import { withoutParticipant } from '../health/activity.js';
import type { EngineParams } from '../persona/engine-params.js';
import type { ResolvedPersona } from '../persona/persona.js';
import { defaultPreferences, type ProactivePreferences } from '../proactive/preferences.js';
import { acknowledgedMemory, type ProactiveState } from '../proactive/proactive-action.js';
import type { SessionRecord } from '../store/session-store.js';
import type { LoadedSession } from './loaded-session.js';
import { memoryWithout } from './memory-edits.js';
import { dueAt } from './proactive-step.js';
import type { SessionChange } from './session-change.js';

/** The result of acknowledging a proactive action. */
export interface AckResult {
  action_id: string;
  /** Always true: the action is acknowledged (now, or it already was). */
  acknowledged: true;
}

/** The record of a new session: the character at rest at its baseline, proactive behaviour off, version 1. */
export function newSessionRecord(
  id: string,
  owner: string,
  persona: ResolvedPersona,
  params: EngineParams,
  now: number,
): SessionRecord {
  return {
    id,
    owner,
    version: 1,
    createdAt: now,
    updatedAt: now,
    persona,
    state: createInitialState(params, now),
    proactive: {
      preferences: defaultPreferences,
      pending: [],
      lastActionAt: null,
      raisedInAbsence: { since: now, types: [] },
      acknowledged: [],
    },
    nextDueAt: null,
  };
}

/** A record with other proactive state, its due time moved to match (the state is advanced to `now` for that). */
function withProactive(
  session: LoadedSession,
  proactive: ProactiveState,
  changes: Partial<SessionRecord> = {},
) {
  const { record, params, now } = session;
  const state = changes.state ?? record.state;
  const nextDueAt = dueAt(advanceTo(state, params, now), params, proactive, now);
  return { ...record, ...changes, proactive, nextDueAt };
}

/** Replaces a session's proactive preferences. */
export function setPreferencesStep(
  session: LoadedSession,
  preferences: ProactivePreferences,
): SessionChange<{ sessionId: string; preferences: ProactivePreferences }> {
  const proactive = { ...session.record.proactive, preferences };
  return {
    record: withProactive(session, proactive),
    result: { sessionId: session.record.id, preferences },
    cause: 'preferences',
  };
}

/** Checks an action id from a client. @throws LimbicError VALIDATION_ERROR. */
export function checkActionId(actionId: unknown): asserts actionId is string {
  if (typeof actionId !== 'string' || actionId.length === 0 || actionId.length > 128) {
    throw toValidationError('acknowledgement', [
      { path: 'action_id', message: 'must be a non-empty string of at most 128 characters' },
    ]);
  }
}

/**
 * Acknowledges a pending action: it leaves the queue and joins the remembered acknowledged ids. Nothing to write
 * when it was acknowledged already. @throws LimbicError NOT_FOUND for an id the session never had (or forgot).
 */
export function acknowledgeStep(session: LoadedSession, actionId: string): SessionChange<AckResult> {
  const { pending, acknowledged } = session.record.proactive;
  if (!pending.some((a) => a.id === actionId)) {
    if (acknowledged.includes(actionId))
      return { record: null, result: { action_id: actionId, acknowledged: true } };
    throw new LimbicError(
      'NOT_FOUND',
      `Proactive action ${JSON.stringify(actionId)} not found in this session`,
    );
  }
  const proactive: ProactiveState = {
    ...session.record.proactive,
    pending: pending.filter((a) => a.id !== actionId),
    acknowledged: [...acknowledged.slice(-(acknowledgedMemory - 1)), actionId],
  };
  return {
    record: withProactive(session, proactive),
    result: { action_id: actionId, acknowledged: true },
    cause: 'ack',
  };
}

/** Checks a participant id from a client. @throws LimbicError VALIDATION_ERROR. */
export function checkParticipantId(participantId: unknown): asserts participantId is string {
  if (
    typeof participantId !== 'string' ||
    participantId.length === 0 ||
    participantId.length > maxParticipantIdLength
  ) {
    throw toValidationError('participant', [
      {
        path: 'participantId',
        message: `must be a non-empty string of at most ${maxParticipantIdLength} characters`,
      },
    ]);
  }
}

/**
 * Forgets one participant: their entry, their place as last speaker, the pending actions addressed to them, every
 * remembered episode they appear in, and their activity history (docs/relationship-health.md).
 * @throws LimbicError NOT_FOUND for a participant the session neither knows nor remembers.
 */
export function forgetParticipantStep(
  session: LoadedSession,
  participantId: string,
): SessionChange<{ forgotten: true; id: string }> {
  const { record, now } = session;
  const list = participantsOf(record.state);
  const remaining = removeParticipant(list, participantId);
  const memory = memoryWithout(session, participantId);
  if (remaining === list && memory === record.memory) {
    throw new LimbicError(
      'NOT_FOUND',
      `Participant ${JSON.stringify(participantId)} not found in session ${record.id}`,
    );
  }
  const state = {
    ...record.state,
    participants: [...remaining],
    speaker: record.state.speaker === participantId ? null : (record.state.speaker ?? null),
  };
  const pending = record.proactive.pending.filter((a) => a.participant?.id !== participantId);
  const changes: Partial<SessionRecord> =
    memory === undefined ? { updatedAt: now, state } : { updatedAt: now, state, memory };
  const activity = withoutParticipant(record.activity, participantId);
  if (activity !== undefined && activity !== record.activity) changes.activity = activity;
  return {
    record: withProactive(session, { ...record.proactive, pending }, changes),
    result: { forgotten: true as const, id: participantId },
    cause: 'forget',
  };
}
