import type { EngineParams } from '../persona/engine-params.js';
import type { ResolvedPersona } from '../persona/persona.js';
import type { SessionRecord } from '../store/session-store.js';

/**
 * A session as one pass reads it: the stored record, its persona with the derived engine parameters, and the
 * engine-clock time (ms) of the read, which is the time the pass computes at.
 */
export interface LoadedSession {
  record: SessionRecord;
  persona: ResolvedPersona;
  params: EngineParams;
  now: number;
}
