import type { SessionInfo, SessionSnapshot } from '@limbic/protocol';
import { routes } from '@limbic/protocol';
import { type CallOptions, type HttpConfig, send } from './http.js';
import { at } from './route-call.js';

/** The client's methods for session snapshots (docs/snapshots.md): part of every {@link LimbicClient}. */
export interface SnapshotMethods {
  /**
   * `GET /v1/persona/:id/snapshot`: the whole session as a versioned, portable document (persona, state, every
   * participant's relationship, memories, proactive preferences and pending actions). It holds memories and names:
   * store it as personal data.
   * @example
   * const snapshot = await limbic.exportSnapshot(sessionId);
   * const { sessionId: moved } = await elsewhere.importSnapshot(snapshot);
   */
  exportSnapshot(sessionId: string, options?: CallOptions): Promise<SessionSnapshot>;
  /**
   * `POST /v1/persona {snapshot}`: creates a new session (a new id, owned by this key, within its plan's quota)
   * from a snapshot. VALIDATION_ERROR names the bad field (`snapshot.session.state.emotion.V`); a snapshot of a
   * newer version than the gateway reads is refused, naming the versions it reads.
   */
  importSnapshot(snapshot: SessionSnapshot, options?: CallOptions): Promise<SessionInfo>;
  /** `GET /v1/schemas/session-snapshot.json` (no key needed): the JSON Schema of the snapshot document. */
  snapshotSchema(options?: CallOptions): Promise<Record<string, unknown>>;
}

/** The snapshot methods of a client on `config`. */
export function snapshotMethods(config: HttpConfig): SnapshotMethods {
  return {
    exportSnapshot: (id, call) => send(config, { ...at(routes.exportSnapshot, { id }), call }),
    importSnapshot: (snapshot, call) =>
      send(config, { ...at(routes.createSession), body: { snapshot }, call }),
    snapshotSchema: (call) => send(config, { ...at(routes.snapshotSchema), auth: false, call }),
  };
}
