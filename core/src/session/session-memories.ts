import type { MemorySettings } from '../memory/episode.js';
import {
  checkMemoryId,
  forgetAllMemoriesStep,
  forgetMemoryStep,
  type MemoriesForgotten,
  parseMemorySettings,
  setMemorySettingsStep,
} from './memory-edits.js';
import {
  isMemoryId,
  type MemoryListOptions,
  type MemoryPage,
  memorySettingsOf,
  toMemoryPage,
} from './memory-views.js';
import { toPageRequest } from './session-views.js';
import type { SessionWriter } from './session-writer.js';

/**
 * The memory part of the session service (`service.memories`): what a character remembers, and how to make it
 * forget. Writes go through the session's queue like turns, so a forget never races a turn that recalls.
 * @example
 * const { memories } = await service.memories.list('local', sessionId, { participant: 'sam' });
 * await service.memories.forget('local', sessionId, memories[0].id);
 */
export class SessionMemories {
  readonly #writer: SessionWriter;

  /** @internal Built by the session service. */
  constructor(writer: SessionWriter) {
    this.#writer = writer;
  }

  /**
   * A session's remembered episodes, newest first, `limit` (1-100, default 20) at a time, optionally only those
   * involving one participant or matching a text query. Forgotten episodes are not listed.
   * @throws LimbicError NOT_FOUND, or VALIDATION_ERROR for a bad cursor, limit, participant or query.
   */
  async list(owner: string, sessionId: string, options: MemoryListOptions = {}): Promise<MemoryPage> {
    toPageRequest(options, isMemoryId);
    const { record, now } = await this.#writer.read(owner, sessionId);
    return toMemoryPage(record, options, Math.max(now, record.state.time));
  }

  /**
   * Forgets one remembered episode for good.
   * @throws LimbicError NOT_FOUND for an unknown session or episode, VALIDATION_ERROR for a malformed id.
   */
  async forget(
    owner: string,
    sessionId: string,
    memoryId: unknown,
  ): Promise<{ forgotten: true; id: string }> {
    checkMemoryId(memoryId, isMemoryId);
    return this.#writer.mutate(owner, sessionId, (session) => forgetMemoryStep(session, memoryId));
  }

  /**
   * Forgets every episode a session holds, faded ones included; its settings stay. For erasing everything a
   * one-person session holds about its person (a bot's `/limbic forget` in a private chat).
   * @throws LimbicError NOT_FOUND.
   */
  async forgetAll(owner: string, sessionId: string): Promise<MemoriesForgotten> {
    return this.#writer.mutate(owner, sessionId, forgetAllMemoriesStep);
  }

  /** A session's memory settings. @throws LimbicError NOT_FOUND. */
  async settings(owner: string, sessionId: string): Promise<MemorySettings> {
    return memorySettingsOf((await this.#writer.read(owner, sessionId)).record);
  }

  /**
   * Replaces a session's memory settings (omitted fields at their defaults).
   * @throws LimbicError VALIDATION_ERROR or NOT_FOUND.
   */
  async setSettings(
    owner: string,
    sessionId: string,
    input: unknown,
  ): Promise<{ sessionId: string; settings: MemorySettings }> {
    const settings = parseMemorySettings(input);
    return this.#writer.mutate(owner, sessionId, (session) => setMemorySettingsStep(session, settings));
  }
}
