import type { Clock } from '../clock.js';
import { toValidationError } from '../errors.js';
import { deriveEngineParams } from '../persona/engine-params.js';
import type { SessionInfo } from '../session/session-types.js';
import { iso } from '../session/session-views.js';
import type { SessionWriter } from '../session/session-writer.js';
import { parseSessionSnapshot } from './parse-snapshot.js';
import { fromSessionSnapshot, toSessionSnapshot } from './snapshot-codec.js';
import type { SessionSnapshot } from './snapshot-schema.js';

/** True when a create request is a snapshot import: an object with a `snapshot` field. */
export function isSnapshotImport(input: unknown): input is { snapshot: unknown } {
  return (
    input !== null && typeof input === 'object' && !Array.isArray(input) && Object.hasOwn(input, 'snapshot')
  );
}

/**
 * Session snapshots (docs/snapshots.md): export a session as a versioned, portable JSON document, and create a new
 * session from one. The service's `snapshots`.
 * @example
 * const snapshot = await service.snapshots.export('local', sessionId);
 * const { sessionId: copy } = await other.snapshots.import('local', snapshot);
 */
export class SessionSnapshots {
  readonly #writer: SessionWriter;
  readonly #clock: Clock;
  readonly #newId: (prefix: string, time: number) => string;
  readonly #maxSessions: (owner: string) => number | undefined;

  /**
   * Built by the session service with its writer, engine clock, session id generator and the owners' default
   * session quota.
   */
  constructor(
    writer: SessionWriter,
    clock: Clock,
    newId: (prefix: string, time: number) => string,
    maxSessions: (owner: string) => number | undefined,
  ) {
    this.#writer = writer;
    this.#clock = clock;
    this.#newId = newId;
    this.#maxSessions = maxSessions;
  }

  /** The snapshot of a session exactly as stored (no time passes for it). @throws LimbicError NOT_FOUND. */
  async export(owner: string, sessionId: string): Promise<SessionSnapshot> {
    const { record, params, now } = await this.#writer.read(owner, sessionId);
    return toSessionSnapshot(record, params.config, iso(now));
  }

  /**
   * Creates a new session of `owner` from a snapshot document: a new id, everything else as the snapshot holds it.
   * Answers as creating a session does. `maxSessions` (default: the service's option) is the owner's quota.
   * @throws LimbicError VALIDATION_ERROR naming every bad field (a newer version names the supported ones),
   * SESSION_LIMIT.
   */
  async import(
    owner: string,
    snapshot: unknown,
    options: { maxSessions?: number } = {},
  ): Promise<SessionInfo> {
    const document = parseSessionSnapshot(snapshot);
    const max = options.maxSessions ?? this.#maxSessions(owner);
    const record = fromSessionSnapshot(document, this.#newId('ses_', this.#clock.now()), owner);
    const params = deriveEngineParams(record.persona);
    await this.#writer.insert(record, record.persona, params, max);
    return {
      sessionId: record.id,
      persona: record.persona,
      config: params.config,
      createdAt: iso(record.createdAt),
    };
  }

  /**
   * A create request `{snapshot}` (REST `POST /v1/persona`): the snapshot alone, nothing beside it.
   * @throws LimbicError VALIDATION_ERROR when persona fields come with it, or as {@link SessionSnapshots.import}.
   */
  async importRequest(
    owner: string,
    request: { snapshot: unknown },
    options: { maxSessions?: number } = {},
  ): Promise<SessionInfo> {
    const others = Object.keys(request).filter((key) => key !== 'snapshot');
    if (others.length > 0)
      throw toValidationError(
        'session definition',
        others.map((key) => ({
          path: key,
          message: 'cannot be sent with snapshot: send either a persona definition or {snapshot} alone',
        })),
      );
    return this.import(owner, request.snapshot, options);
  }
}
