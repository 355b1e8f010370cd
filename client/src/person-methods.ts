import type { ParticipantPolicyInput, RelationshipHealth } from '@limbic/protocol';
import { routes } from '@limbic/protocol';
import { type CallOptions, type HttpConfig, send } from './http.js';
import { at } from './route-call.js';
import type { ParticipantPolicyResult } from './types.js';

/** Options of {@link PersonMethods.relationship}. */
export interface RelationshipCallOptions extends CallOptions {
  /** A participant id (group sessions); omitted: the default person (turns without `from`). */
  participant?: string;
}

/**
 * The client's methods about one person of a session: their relationship health (docs/relationship-health.md) and
 * their own outreach policy (docs/proactive.md). Part of every {@link LimbicClient}.
 */
export interface PersonMethods {
  /**
   * `GET /v1/persona/:id/relationship`: a person's relationship health (a participant's, or the default person's):
   * the values now, their trend over 7 and 30 days, and the relationship signals, which are not diagnoses
   * (docs/relationship-health.md).
   */
  relationship(sessionId: string, options?: RelationshipCallOptions): Promise<RelationshipHealth>;
  /**
   * `PUT /v1/proactive/:sessionId/participants/:participantId`: replaces a participant's own outreach policy in a
   * group session (time zone, quiet hours, `muted` to opt out).
   * @example
   * await limbic.setParticipantPolicy(sessionId, 'telegram:42', { muted: true });
   */
  setParticipantPolicy(
    sessionId: string,
    participantId: string,
    policy: ParticipantPolicyInput,
    options?: CallOptions,
  ): Promise<ParticipantPolicyResult>;
}

/** The person methods of a client on `config`. */
export function personMethods(config: HttpConfig): PersonMethods {
  return {
    relationship: async (id, { participant, ...call } = {}) =>
      send(config, { ...at(routes.getRelationship, { id }), query: { participant }, call }),
    setParticipantPolicy: async (id, participantId, policy, call) =>
      send(config, {
        ...at(routes.setParticipantPolicy, { sessionId: id, participantId }),
        body: policy,
        call,
      }),
  };
}
