import type { EngineState } from '../engine/engine-state.js';
import type { ParticipantState } from '../group/participant-state.js';
import type { MemoryEpisode, MemoryState } from '../memory/episode.js';
import type { ProactiveAction, ProactiveState } from '../proactive/proactive-action.js';
import type { SessionRecord } from '../store/session-store.js';

// Every engine-clock time a session record holds moves here, and only here: a field that holds an engine time and
// is missing from this file makes a ticked session behave unlike one that really waited (shift-times.test.ts).
// Not shifted: the record's createdAt and updatedAt (when the operator created and last wrote it, facts of the
// engine clock, kept like the store's own columns) and the override log's times (an audit of when the operator acted).

/** A state whose every engine time lies `ms` earlier: its own time, the last interaction, participants, the floor. */
export function shiftState(state: EngineState, ms: number): EngineState {
  const next: EngineState = {
    ...state,
    time: state.time - ms,
    lastInteractionAt: state.lastInteractionAt - ms,
  };
  if (state.participants !== undefined)
    next.participants = state.participants.map((p) => shiftParticipant(p, ms));
  if (state.floor !== undefined) {
    const { lastSpokeAt } = state.floor;
    next.floor = { ...state.floor, lastSpokeAt: lastSpokeAt === null ? null : lastSpokeAt - ms };
  }
  return next;
}

function shiftParticipant(p: ParticipantState, ms: number): ParticipantState {
  return {
    ...p,
    at: p.at - ms,
    firstSeenAt: p.firstSeenAt - ms,
    lastSeenAt: p.lastSeenAt - ms,
    impactAt: p.impactAt - ms,
  };
}

/**
 * Proactive bookkeeping `ms` earlier: the cooldown's last action, the absence raised in, the times the daily maximum
 * counts, the pending actions and the episodes their reasons refer to.
 */
export function shiftProactive(proactive: ProactiveState, ms: number): ProactiveState {
  const next: ProactiveState = {
    ...proactive,
    pending: proactive.pending.map(shiftAction(ms)),
    lastActionAt: proactive.lastActionAt === null ? null : proactive.lastActionAt - ms,
    raisedInAbsence: { ...proactive.raisedInAbsence, since: proactive.raisedInAbsence.since - ms },
  };
  if (proactive.actionTimes) next.actionTimes = proactive.actionTimes.map((t) => t - ms);
  return next;
}

const shiftAction =
  (ms: number) =>
  (a: ProactiveAction): ProactiveAction => {
    const action = { ...a, createdAt: a.createdAt - ms };
    const episode = a.reason?.episode;
    if (a.reason && episode) action.reason = { ...a.reason, episode: { ...episode, at: episode.at - ms } };
    return action;
  };

/** Memory `ms` earlier: each episode's encoding and rehearsals (its strength is computed from those times). */
export function shiftMemory(memory: MemoryState, ms: number): MemoryState {
  return {
    settings: memory.settings,
    episodes: memory.episodes.map(
      (e): MemoryEpisode => ({ ...e, at: e.at - ms, rehearsals: e.rehearsals.map((t) => t - ms) }),
    ),
  };
}

/**
 * A session record as if everything in it had happened `ms` milliseconds earlier: every engine-clock time it holds
 * (state, participants, floor, proactive bookkeeping and pending actions, due time, memory) moves back by `ms`, so
 * reading it at the same engine time sees `ms` more of its own time gone by (`POST /v1/persona/:id/tick`,
 * docs/time-control.md). Pure: the record given is not changed. The version and identity stay; the caller sets
 * updatedAt and recomputes what is due.
 */
export function shiftTimes(record: SessionRecord, ms: number): SessionRecord {
  const next: SessionRecord = {
    ...record,
    state: shiftState(record.state, ms),
    proactive: shiftProactive(record.proactive, ms),
    nextDueAt: record.nextDueAt === null ? null : record.nextDueAt - ms,
  };
  if (record.memory !== undefined) next.memory = shiftMemory(record.memory, ms);
  return next;
}
