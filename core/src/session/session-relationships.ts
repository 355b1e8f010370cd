import { toValidationError } from '../errors.js';
import { maxParticipantIdLength } from '../group/participants.js';
import type { RelationshipHealth } from '../health/relationship-health.js';
import { toRelationshipHealth } from '../health/relationship-view.js';
import type { SessionWriter } from './session-writer.js';

/** Options of {@link SessionRelationships.get}. */
export interface RelationshipOptions {
  /** A participant id (group sessions); omitted or null: the default person (turns without `from`). */
  participant?: unknown;
}

/** Checks the participant a relationship is asked for. @throws LimbicError VALIDATION_ERROR naming `participant`. */
function participantOf(options: RelationshipOptions): string | null {
  const { participant } = options;
  if (participant === undefined || participant === null) return null;
  if (
    typeof participant === 'string' &&
    participant.length > 0 &&
    participant.length <= maxParticipantIdLength
  ) {
    return participant;
  }
  throw toValidationError('query', [
    {
      path: 'participant',
      message: `must be a non-empty string of at most ${maxParticipantIdLength} characters`,
    },
  ]);
}

/**
 * The relationship-health part of the session service (`service.relationships`): the relationship with one person
 * now, its trend, and the signals an operator may want to see (docs/relationship-health.md). Signals, not
 * diagnoses. Reading writes nothing.
 * @example
 * const health = await service.relationships.get('local', sessionId, { participant: 'sam' });
 * for (const s of health.signals) if (s.active) console.log(s.id, s.value, s.definition);
 */
export class SessionRelationships {
  readonly #writer: SessionWriter;

  /** @internal Built by the session service. */
  constructor(writer: SessionWriter) {
    this.#writer = writer;
  }

  /**
   * A person's relationship health now: a participant's (`participant`), or the default person's.
   * @throws LimbicError VALIDATION_ERROR for a bad participant id (checked before anything is read), NOT_FOUND for
   * an unknown session or a participant the session does not know.
   */
  async get(
    owner: string,
    sessionId: string,
    options: RelationshipOptions = {},
  ): Promise<RelationshipHealth> {
    const participant = participantOf(options);
    const { record, now } = await this.#writer.read(owner, sessionId);
    return toRelationshipHealth(record, participant, Math.max(now, record.state.time));
  }
}
