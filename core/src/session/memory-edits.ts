import { z } from 'zod';
import { LimbicError, toValidationError } from '../errors.js';
import { withoutParticipant } from '../memory/encode.js';
import {
  defaultMaxEpisodes,
  emptyMemory,
  type MemorySettings,
  type MemoryState,
  maxEpisodesLimit,
} from '../memory/episode.js';
import { isRemembered } from '../memory/forgetting.js';
import { parseWith } from '../util/validation.js';
import type { LoadedSession } from './loaded-session.js';
import type { SessionChange } from './session-change.js';

/** Zod schema of the memory settings a client sends; omitted fields keep their defaults. */
export const memorySettingsSchema = z.strictObject(
  {
    enabled: z.boolean({ error: 'must be a boolean' }).optional(),
    store_text: z.boolean({ error: 'must be a boolean' }).optional(),
    max_episodes: z
      .number({ error: `must be an integer in [1, ${maxEpisodesLimit}]` })
      .int({ error: `must be an integer in [1, ${maxEpisodesLimit}]` })
      .min(1, { error: `must be an integer in [1, ${maxEpisodesLimit}]` })
      .max(maxEpisodesLimit, { error: `must be an integer in [1, ${maxEpisodesLimit}]` })
      .optional(),
  },
  { error: 'must be an object' },
);

/** Memory settings as a client sends them (`PUT /v1/persona/:id/memory/settings`): omitted fields at defaults. */
export interface MemorySettingsInput {
  enabled?: boolean;
  store_text?: boolean;
  /** 1 to {@link maxEpisodesLimit}. */
  max_episodes?: number;
}

/**
 * Validates memory settings: `{enabled?, store_text?, max_episodes?}`, omitted fields at their defaults (on, text
 * kept, {@link defaultMaxEpisodes}). @throws LimbicError VALIDATION_ERROR naming each bad field.
 */
export function parseMemorySettings(input: unknown): MemorySettings {
  const value = parseWith(memorySettingsSchema, input, 'settings');
  return {
    enabled: value.enabled ?? true,
    store_text: value.store_text ?? true,
    max_episodes: value.max_episodes ?? defaultMaxEpisodes,
  };
}

function withMemory(session: LoadedSession, memory: MemoryState) {
  return { ...session.record, updatedAt: session.now, memory };
}

/**
 * Replaces a session's memory settings. Turning text off also drops the text (and cue words) of the episodes kept;
 * a lower bound drops the oldest episodes past it.
 */
export function setMemorySettingsStep(
  session: LoadedSession,
  settings: MemorySettings,
): SessionChange<{ sessionId: string; settings: MemorySettings }> {
  const memory = session.record.memory ?? emptyMemory;
  let episodes = memory.episodes;
  if (!settings.store_text && episodes.some((e) => e.text !== null)) {
    episodes = episodes.map((e) => (e.text === null ? e : { ...e, text: null, cues: [] }));
  }
  if (episodes.length > settings.max_episodes)
    episodes = episodes.slice(episodes.length - settings.max_episodes);
  return {
    record: withMemory(session, { settings, episodes }),
    result: { sessionId: session.record.id, settings },
    cause: 'memory',
  };
}

/**
 * Forgets one episode. @throws LimbicError NOT_FOUND for an episode the session does not hold (never had, or
 * already forgot).
 */
export function forgetMemoryStep(
  session: LoadedSession,
  memoryId: string,
): SessionChange<{ forgotten: true; id: string }> {
  const memory = session.record.memory ?? emptyMemory;
  const episodes = memory.episodes.filter((e) => e.id !== memoryId);
  if (episodes.length === memory.episodes.length) {
    throw new LimbicError(
      'NOT_FOUND',
      `Memory ${JSON.stringify(memoryId)} not found in session ${session.record.id}`,
    );
  }
  return {
    record: withMemory(session, { settings: memory.settings, episodes }),
    result: { forgotten: true as const, id: memoryId },
    cause: 'memory',
  };
}

/** The answer of forgetting every episode of a session. */
export interface MemoriesForgotten {
  forgotten: true;
  sessionId: string;
  /** How many memories were erased: the episodes the memory list showed (faded ones are erased too, not counted). */
  count: number;
}

/**
 * Forgets every episode a session holds, faded ones too (its settings stay). Writes nothing when it holds none, so
 * erasing an empty memory twice is harmless.
 */
export function forgetAllMemoriesStep(session: LoadedSession): SessionChange<MemoriesForgotten> {
  const memory = session.record.memory ?? emptyMemory;
  const now = Math.max(session.now, session.record.state.time);
  const count = memory.episodes.filter((e) => isRemembered(e, now)).length;
  const result = { forgotten: true as const, sessionId: session.record.id, count };
  if (memory.episodes.length === 0) return { record: null, result };
  return {
    record: withMemory(session, { settings: memory.settings, episodes: [] }),
    result,
    cause: 'memory',
  };
}

/** The memory of a record without the episodes a participant appears in (the record's own when none). */
export function memoryWithout(session: LoadedSession, participantId: string): MemoryState | undefined {
  const memory = session.record.memory;
  return memory === undefined ? undefined : withoutParticipant(memory, participantId);
}

/** @throws LimbicError VALIDATION_ERROR for a malformed memory id. */
export function checkMemoryId(id: unknown, isId: (id: unknown) => id is string): asserts id is string {
  if (!isId(id)) {
    throw toValidationError('memoryId', [
      { path: 'memoryId', message: 'must be a memory id (mem_ and base 36)' },
    ]);
  }
}
