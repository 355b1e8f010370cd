import { advanceTo } from '../engine/advance.js';
import type { ParticipantState } from '../group/participant-state.js';
import { participantsOf, upsertParticipants } from '../group/participants.js';
import {
  isDefaultParticipantPolicy,
  type ParticipantPolicy,
  participantPolicySchema,
} from '../proactive/policy.js';
import { parseWith } from '../util/validation.js';
import type { LoadedSession } from './loaded-session.js';
import { dueAt } from './proactive-step.js';
import type { SessionChange } from './session-change.js';
import { checkParticipantId } from './session-edits.js';
import type { SessionWriter } from './session-writer.js';

/** The answer of setting a participant's policy. */
export interface ParticipantPolicyResult {
  sessionId: string;
  participant: { id: string; name: string | null };
  policy: ParticipantPolicy;
}

/**
 * Validates a participant policy and fills its defaults (PUT semantics: omitted fields are null, null and false).
 * @throws LimbicError VALIDATION_ERROR naming the field, e.g. `policy.quiet_hours.start`.
 */
export function parseParticipantPolicy(input: unknown, path = 'policy'): ParticipantPolicy {
  const p = parseWith(participantPolicySchema, input, 'participant policy', path);
  return {
    time_zone: p.time_zone ?? null,
    quiet_hours: p.quiet_hours ? { start: p.quiet_hours.start, end: p.quiet_hours.end } : null,
    muted: p.muted ?? false,
  };
}

/**
 * Sets one participant's policy, kept with their entry (forgetting them removes it). A participant the session
 * does not know yet is recorded (someone may opt out before ever being addressed). Opting out withdraws the pending
 * actions addressed to them; the next due time is recomputed (the addressee or their quiet hours may change it).
 */
export function setParticipantPolicyStep(
  session: LoadedSession,
  participantId: string,
  policy: ParticipantPolicy,
): SessionChange<ParticipantPolicyResult> {
  const { record, params, now } = session;
  let list = participantsOf(record.state);
  if (!list.some((p) => p.id === participantId)) {
    list = upsertParticipants(list, [{ ref: { id: participantId }, spoke: false, impact: 0 }], now);
  }
  let entry: ParticipantState | undefined;
  const participants = list.map((p) => {
    if (p.id !== participantId) return p;
    const { policy: _, ...rest } = p;
    entry = isDefaultParticipantPolicy(policy) ? rest : { ...rest, policy };
    return entry;
  });
  const state = { ...record.state, participants };
  const pending = policy.muted
    ? record.proactive.pending.filter((a) => a.participant?.id !== participantId)
    : record.proactive.pending;
  const proactive = { ...record.proactive, pending };
  const nextDueAt = dueAt(advanceTo(state, params, now), params, proactive, now);
  return {
    record: { ...record, updatedAt: now, state, proactive, nextDueAt },
    result: {
      sessionId: record.id,
      participant: { id: participantId, name: entry?.name ?? null },
      policy,
    },
    cause: 'preferences',
  };
}

/**
 * The outreach part of the session service (`service.outreach`): each participant's own policy in a group session
 * (time zone, quiet hours, opt-out). Writes go through the session's queue like turns.
 * @example
 * await service.outreach.setParticipantPolicy('local', sessionId, 'telegram:42', { muted: true });
 */
export class SessionOutreach {
  readonly #writer: SessionWriter;

  /** @internal Built by the session service. */
  constructor(writer: SessionWriter) {
    this.#writer = writer;
  }

  /**
   * Replaces a participant's policy (omitted fields: no zone of their own, no quiet hours of their own, not muted).
   * @throws LimbicError VALIDATION_ERROR or NOT_FOUND (the session).
   */
  async setParticipantPolicy(
    owner: string,
    sessionId: string,
    participantId: unknown,
    input: unknown,
  ): Promise<ParticipantPolicyResult> {
    checkParticipantId(participantId);
    const policy = parseParticipantPolicy(input);
    return this.#writer.mutate(owner, sessionId, (session) =>
      setParticipantPolicyStep(session, participantId, policy),
    );
  }
}
