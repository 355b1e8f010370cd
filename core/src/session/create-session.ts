import type { Clock } from '../clock.js';
import { deriveEngineParams } from '../persona/engine-params.js';
import type { PersonaWriter } from '../persona/persona-writer.js';
import type { SessionStore } from '../store/session-store.js';
import { resolvePersonaInput } from './persona-input.js';
import { newSessionRecord } from './session-edits.js';
import type { SessionInfo } from './session-types.js';
import { iso } from './session-views.js';
import type { SessionWriter } from './session-writer.js';

/** What creating a session from a persona definition needs of the service. */
export interface CreateDeps {
  store: SessionStore;
  clock: Clock;
  writer: SessionWriter;
  personaWriter: PersonaWriter | undefined;
  sessionId: (prefix: string, time: number) => string;
}

/**
 * Creates a session from a persona definition (preset, custom, or both; or a description an LLM writes the persona
 * from), under the quota `max`, checked atomically with the insert.
 */
export async function createFromDefinition(
  deps: CreateDeps,
  owner: string,
  definition: unknown,
  max: number | undefined,
  signal: AbortSignal | undefined,
): Promise<SessionInfo> {
  const persona = await resolvePersonaInput(definition, {
    writer: deps.personaWriter,
    signal,
    maxSessions: max,
    countSessions: () => deps.store.count(owner),
  });
  const params = deriveEngineParams(persona);
  const now = deps.clock.now();
  const record = newSessionRecord(deps.sessionId('ses_', now), owner, persona, params, now);
  await deps.writer.insert(record, persona, params, max);
  return { sessionId: record.id, persona, config: params.config, createdAt: iso(record.createdAt) };
}
