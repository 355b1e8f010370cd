import type { Appraisal } from '../appraisal/appraisal.js';
import { driftRelationship, type RelationshipState } from '../body/relationship.js';
import { applyAppraisal, type TurnOptions, type TurnOutcome } from '../engine/apply-turn.js';
import { type EngineState, initialFloor } from '../engine/engine-state.js';
import type { EngineParams } from '../persona/engine-params.js';
import type { ResolvedAddress } from './address.js';
import {
  type ParticipantRef,
  type ParticipantUpdate,
  relationshipWith,
  upsertParticipants,
  witnessWeight,
} from './participants.js';
import { adviseReply, nextFloor, type ReplyAdvice } from './reply.js';

/** Options of {@link applyTurn}: a turn's timing, who spoke, and whom it was aimed at. */
export interface GroupTurnOptions extends Omit<TurnOptions, 'witness'> {
  /** The speaker; undefined: the default person (turns without `from`). */
  from?: ParticipantRef | undefined;
  /** Whom the turn was aimed at, resolved (see `resolveAddress`). */
  address: ResolvedAddress;
  /** Most participants to keep (default `maxParticipants`). */
  maxParticipants?: number;
}

/** A turn's outcome with its group part: the relationship with the speaker after it, and the reply advice. */
export interface GroupTurnOutcome extends TurnOutcome {
  /** The relationship with this turn's speaker after the turn (the default person's for turns without `from`). */
  relationship: RelationshipState;
  reply: ReplyAdvice;
}

/** A copy of a state with another relationship, as a full literal (one hidden class on the hot path). */
function withRelationship(s: EngineState, r: RelationshipState): EngineState {
  return {
    schema: 1,
    time: s.time,
    emotion: s.emotion,
    mood: s.mood,
    expectation: s.expectation,
    episode: s.episode,
    energy: s.energy,
    stress: s.stress,
    needs: s.needs,
    rapport: r.rapport,
    trust: r.trust,
    familiarityCount: r.familiarityCount,
    turns: s.turns,
    lastInteractionAt: s.lastInteractionAt,
    stage: s.stage,
    participants: s.participants ?? [],
    speaker: s.speaker ?? null,
    floor: s.floor ?? initialFloor,
  };
}

/** How much a turn moved the character, in [0, 1]: the felt change in valence, plus half the change in arousal. */
function impactOf(outcome: TurnOutcome): number {
  const dV = Math.abs(outcome.after.felt.V - outcome.before.felt.V);
  const dA = Math.abs(outcome.after.felt.a - outcome.before.felt.a) / 2;
  return Math.min(1, dV + 0.5 * dA);
}

/**
 * Applies one turn of a session that may have several participants. The character has one emotion, body, needs and
 * soul stage; the relationship that the turn reads and moves is the speaker's (a participant's own, or the default
 * person's for turns without `from`), so praise or an insult changes only how the character stands with the one who
 * gave it. An act aimed at another participant is witnessed: it is appraised with its relevance weighted by
 * {@link witnessWeight}, which moves the feelings and the relationship with the actor about half as much. The
 * people involved are remembered (created when new, forgotten least-recently-seen first past the limit), and the
 * reply advice is computed from the turn's addressing and the character's state. Pure, like `applyAppraisal`.
 */
export function applyTurn(
  state: EngineState,
  params: EngineParams,
  appraisal: Appraisal,
  options: GroupTurnOptions,
): GroupTurnOutcome {
  const { from, address } = options;
  const speaker = from?.id ?? null;
  const target = typeof address.to === 'object' ? address.to : null;
  const witness = target !== null ? witnessWeight : 1;
  const turn: TurnOptions = {
    elapsedSeconds: options.elapsedSeconds,
    now: options.now,
    witness,
    ...(options.interaction === undefined ? {} : { interaction: options.interaction }),
    ...(options.conduct === undefined ? {} : { conduct: options.conduct }),
    ...(options.feeling === undefined ? {} : { feeling: options.feeling }),
    ...(options.memory === undefined ? {} : { memory: options.memory }),
  };
  let projected = state;
  if (speaker !== null) {
    const r = relationshipWith(state, speaker);
    projected = withRelationship(state, r);
  }
  const outcome = applyAppraisal(projected, params, appraisal, turn);
  const next = outcome.state;
  const relationship: RelationshipState = {
    rapport: next.rapport,
    trust: next.trust,
    familiarityCount: next.familiarityCount,
  };
  const impact = impactOf(outcome);
  const updates: ParticipantUpdate[] = [];
  if (from !== undefined) {
    // The speaker's relationship moved; the default person's only drifted, as in applyAppraisal's own advance.
    const own = driftRelationship(state, Math.max(options.elapsedSeconds, params.config.turn_seconds));
    next.rapport = own.rapport;
    next.trust = own.trust;
    next.familiarityCount = own.familiarityCount;
    updates.push({ ref: from, relationship, spoke: true, impact });
  }
  if (target !== null) updates.push({ ref: target, spoke: false, impact });
  if (updates.length > 0) {
    next.participants = upsertParticipants(
      state.participants ?? [],
      updates,
      options.now,
      options.maxParticipants,
    );
  }
  next.speaker = speaker;
  const floor = state.floor ?? initialFloor;
  const reply = adviseReply({
    direct: from === undefined,
    to: target !== null ? 'participant' : address.to === 'character' ? 'character' : 'everyone',
    named: address.named,
    talkativeness: params.talkativeness,
    intensity: outcome.after.intensity,
    arousal: (outcome.after.felt.a + 1) / 2,
    rapport: relationship.rapport,
    floor,
  });
  next.floor = nextFloor(floor, reply, options.now);
  return { ...outcome, relationship, reply };
}
