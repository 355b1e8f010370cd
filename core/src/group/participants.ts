import { driftRelationship, familiarity, type RelationshipState } from '../body/relationship.js';
import type { EngineState } from '../engine/engine-state.js';
import { decayFactor } from '../util/math.js';
import type { ParticipantState } from './participant-state.js';

/**
 * Who said or did something in a session, as turns name them (`from`) or address them (`to`): an id the client
 * chooses (a platform user id, say) and an optional display name.
 */
export interface ParticipantRef {
  id: string;
  name?: string | undefined;
}

/**
 * Whom a turn is aimed at: the character, everyone present (the character among them), or one participant (then
 * the character witnesses what the speaker does to someone else).
 */
export type Addressee = 'character' | 'everyone' | ParticipantRef;

/** Most participants a session keeps; the one seen least recently is forgotten to make room for a new one. */
export const maxParticipants = 1000;

/** Longest participant id, in characters. */
export const maxParticipantIdLength = 128;

/** Longest participant name, in characters. */
export const maxParticipantNameLength = 128;

/**
 * How strongly a witnessed act (one participant to another) is appraised, relative to the same act aimed at the
 * character: its goal relevance is multiplied by this, so the feelings it stirs, the trust it costs the actor and
 * the rapport it earns are about half of a direct act's (docs/groups.md explains the choice and its sources).
 */
export const witnessWeight = 0.5;

/** Half-life of a participant's salience after an event involving them, in seconds. */
export const impactHalfLife = 15 * 60;

/** Half-life of how much a participant's relationship keeps them in mind after they were last present, in seconds. */
const presenceHalfLife = 60 * 60;

const neutral: RelationshipState = { rapport: 0.5, trust: 0.5, familiarityCount: 0 };

/** The participants of a state (none for sessions that never named one). */
export function participantsOf(state: EngineState): readonly ParticipantState[] {
  return state.participants ?? [];
}

/** Finds a participant by id. */
export function findParticipant(state: EngineState, id: string): ParticipantState | undefined {
  const list = state.participants;
  if (!list) return undefined;
  for (const p of list) if (p.id === id) return p;
  return undefined;
}

/** A participant's relationship at engine time `now` (drifted from the time it describes). */
export function relationshipAt(p: ParticipantState, now: number): RelationshipState {
  return now > p.at ? driftRelationship(p, (now - p.at) / 1000) : p;
}

/**
 * The relationship with a speaker at the state's own time: the named participant's (neutral for someone new), or
 * the default person's (the state's own fields) when `id` is null.
 */
export function relationshipWith(state: EngineState, id: string | null): RelationshipState {
  if (id === null) return state;
  const p = findParticipant(state, id);
  return p ? relationshipAt(p, state.time) : neutral;
}

/** The participant who spoke last, or null (nobody named yet, or the default person spoke last). */
export function currentSpeaker(state: EngineState): ParticipantState | null {
  const id = state.speaker;
  return id == null ? null : (findParticipant(state, id) ?? null);
}

/** A participant's salience at `now`: recent strong feelings, or a strong relationship with someone present lately. */
export function salience(p: ParticipantState, now: number): number {
  const felt = p.impact * decayFactor((now - p.impactAt) / 1000, impactHalfLife);
  const r = relationshipAt(p, now);
  const strength =
    (Math.abs(r.rapport - 0.5) + Math.abs(r.trust - 0.5)) *
    familiarity(r.familiarityCount) *
    decayFactor((now - p.lastSeenAt) / 1000, presenceHalfLife);
  return Math.max(felt, strength);
}

/** Salience below which a participant is not worth mentioning. */
const salienceFloor = 0.05;

/**
 * The few participants besides `exclude` that matter now: highest {@link salience} first, at most `limit`, none
 * below a small floor. One pass over the list, keeping the best `limit` (cost O(n·limit)).
 */
export function salientParticipants(
  state: EngineState,
  now: number,
  exclude: ReadonlySet<string>,
  limit = 3,
): { participant: ParticipantState; salience: number }[] {
  const best: { participant: ParticipantState; salience: number }[] = [];
  for (const p of participantsOf(state)) {
    if (exclude.has(p.id)) continue;
    const s = salience(p, now);
    if (s < salienceFloor) continue;
    if (best.length === limit && s <= best[limit - 1]!.salience) continue;
    let i = best.length;
    while (i > 0 && best[i - 1]!.salience < s) i--;
    best.splice(i, 0, { participant: p, salience: s });
    if (best.length > limit) best.pop();
  }
  return best;
}

/**
 * The participant the character is closest to (strongest bond √(trust·familiarity), drifted to the state's time), or
 * null when it knows nobody by name (or nobody `eligible`). Proactive actions in a group are addressed to the closest
 * one who has not opted out ({@link isReachable}).
 */
export function closestParticipant(
  state: EngineState,
  eligible?: (p: ParticipantState) => boolean,
): { participant: ParticipantState; bond: number } | null {
  let best: { participant: ParticipantState; bond: number } | null = null;
  for (const p of participantsOf(state)) {
    if (eligible && !eligible(p)) continue;
    const r = relationshipAt(p, state.time);
    const bond = Math.sqrt(r.trust * familiarity(r.familiarityCount));
    if (!best || bond > best.bond || (bond === best.bond && p.lastSeenAt > best.participant.lastSeenAt)) {
      best = { participant: p, bond };
    }
  }
  return best;
}

/**
 * The state as the attachment trigger reads it: in a group, the relationship is the one with the closest
 * participant who has not opted out of outreach (when that bond is stronger than the default person's), so the character misses the person it is
 * closest to. Absence is the whole session's: the time since anyone spoke.
 */
export function attachmentView(state: EngineState): EngineState {
  const closest = closestParticipant(state, isReachable);
  if (!closest) return state;
  const own = Math.sqrt(state.trust * familiarity(state.familiarityCount));
  if (own >= closest.bond) return state;
  const r = relationshipAt(closest.participant, state.time);
  return { ...state, rapport: r.rapport, trust: r.trust, familiarityCount: r.familiarityCount };
}

/** True when a participant has not opted out of the character's outreach (`policy.muted`). */
export function isReachable(p: ParticipantState): boolean {
  return p.policy?.muted !== true;
}

/** Changes to one participant's entry, applied by {@link upsertParticipants}. */
export interface ParticipantUpdate {
  ref: ParticipantRef;
  /** The new relationship (at `now`); omitted: unchanged (drift is applied lazily anyway). */
  relationship?: RelationshipState;
  /** True when they spoke this turn. */
  spoke: boolean;
  /** How much this turn moved the character, in [0, 1]. */
  impact: number;
}

function newParticipant(ref: ParticipantRef, now: number): ParticipantState {
  return {
    id: ref.id,
    name: ref.name ?? null,
    rapport: neutral.rapport,
    trust: neutral.trust,
    familiarityCount: 0,
    at: now,
    firstSeenAt: now,
    lastSeenAt: now,
    turns: 0,
    impact: 0,
    impactAt: now,
  };
}

function applyUpdate(p: ParticipantState, u: ParticipantUpdate, now: number): ParticipantState {
  const r = u.relationship;
  const faded = p.impact * decayFactor((now - p.impactAt) / 1000, impactHalfLife);
  const next: ParticipantState = {
    id: p.id,
    name: u.ref.name ?? p.name,
    rapport: r ? r.rapport : p.rapport,
    trust: r ? r.trust : p.trust,
    familiarityCount: r ? r.familiarityCount : p.familiarityCount,
    at: r ? now : p.at,
    firstSeenAt: p.firstSeenAt,
    lastSeenAt: now,
    turns: p.turns + (u.spoke ? 1 : 0),
    impact: Math.max(faded, u.impact),
    impactAt: now,
  };
  if (p.policy) next.policy = p.policy;
  return next;
}

/**
 * The participant list after a turn: each update applied to its participant (created when new), copy on write.
 * When the list would pass {@link maxParticipants}, the participants seen least recently (other than those updated)
 * are forgotten.
 */
export function upsertParticipants(
  list: readonly ParticipantState[],
  updates: readonly ParticipantUpdate[],
  now: number,
  max = maxParticipants,
): ParticipantState[] {
  const next = list.slice();
  for (const u of updates) {
    let index = -1;
    for (let i = 0; i < next.length; i++) {
      if (next[i]!.id === u.ref.id) {
        index = i;
        break;
      }
    }
    if (index >= 0) next[index] = applyUpdate(next[index]!, u, now);
    else next.push(applyUpdate(newParticipant(u.ref, now), u, now));
  }
  while (next.length > max) {
    const keep = new Set(updates.map((u) => u.ref.id));
    let oldest = -1;
    for (let i = 0; i < next.length; i++) {
      const p = next[i]!;
      if (keep.has(p.id)) continue;
      if (oldest < 0 || p.lastSeenAt < next[oldest]!.lastSeenAt) oldest = i;
    }
    if (oldest < 0) break;
    next.splice(oldest, 1);
  }
  return next;
}

/** The list without one participant (the same array when they are not in it). */
export function removeParticipant(
  list: readonly ParticipantState[],
  id: string,
): readonly ParticipantState[] {
  const index = list.findIndex((p) => p.id === id);
  if (index < 0) return list;
  return [...list.slice(0, index), ...list.slice(index + 1)];
}
