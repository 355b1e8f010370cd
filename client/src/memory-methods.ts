import type { MemoriesForgotten, MemoryPage, MemorySettingsInput, MemoryView } from '@limbic/protocol';
import { routes } from '@limbic/protocol';
import { type CallOptions, type HttpConfig, send } from './http.js';
import { at } from './route-call.js';
import type { ForgetResult, MemorySettingsResult } from './types.js';

/** Options of {@link MemoryMethods.listMemories}: a page as in the session list, and the list's filters. */
export interface ListMemoriesOptions extends CallOptions {
  /** The `cursor` of the previous page; omitted or null for the first page. */
  cursor?: string | null;
  /** Page size, 1-100. Default 20. */
  limit?: number;
  /** Only the memories that involve this participant id. */
  participant?: string;
  /** Only the memories whose text shares a content word with this text, or contains it (at most 200 characters). */
  query?: string;
}

/** The client's methods for a session's episodic memory (docs/memory.md): part of every {@link LimbicClient}. */
export interface MemoryMethods {
  /**
   * `GET /v1/persona/:id/memories`: one page of what the character remembers, newest first, each with how strongly
   * it is held now; optionally only the memories involving `participant`, or matching `query`.
   * @example
   * const { memories } = await limbic.listMemories(sessionId, { participant: 'u-42', query: 'dog' });
   */
  listMemories(sessionId: string, options?: ListMemoriesOptions): Promise<MemoryPage>;
  /**
   * Every memory of a session (matching the filters), page after page (`GET /v1/persona/:id/memories` with each
   * page's cursor), newest first.
   * @example
   * for await (const m of limbic.memories(sessionId)) console.log(m.at, m.strength, m.text ?? '(no text kept)');
   */
  memories(
    sessionId: string,
    options?: Omit<ListMemoriesOptions, 'cursor'>,
  ): AsyncIterableIterator<MemoryView>;
  /**
   * `DELETE /v1/persona/:id/memories/:memoryId`: forgets one memory for good. NOT_FOUND names the session or the
   * memory that is missing.
   */
  forgetMemory(sessionId: string, memoryId: string, options?: CallOptions): Promise<ForgetResult>;
  /**
   * `DELETE /v1/persona/:id/memories`: forgets every memory of the session (faded ones too) and says how many it
   * still held; the settings stay.
   */
  forgetAllMemories(sessionId: string, options?: CallOptions): Promise<MemoriesForgotten>;
  /** `GET /v1/persona/:id/memory/settings`: the memory settings. */
  memorySettings(sessionId: string, options?: CallOptions): Promise<MemorySettingsResult>;
  /**
   * `PUT /v1/persona/:id/memory/settings`: replaces the memory settings (omitted fields at their defaults).
   * `store_text: false` also drops the text of the memories held; a lower `max_episodes` drops the oldest.
   */
  setMemorySettings(
    sessionId: string,
    settings: MemorySettingsInput,
    options?: CallOptions,
  ): Promise<MemorySettingsResult>;
}

/** The memory methods of a client on `config`. */
export function memoryMethods(config: HttpConfig): MemoryMethods {
  const methods: MemoryMethods = {
    listMemories: async (id, { cursor, limit, participant, query, ...call } = {}) =>
      send(config, {
        ...at(routes.listMemories, { id }),
        query: { cursor: cursor ?? undefined, limit, participant, q: query },
        call,
      }),
    async *memories(id, { limit, participant, query, ...call } = {}) {
      const filters = {
        ...(limit === undefined ? {} : { limit }),
        ...(participant === undefined ? {} : { participant }),
        ...(query === undefined ? {} : { query }),
      };
      let cursor: string | null = null;
      do {
        const page: MemoryPage = await methods.listMemories(id, { ...call, ...filters, cursor });
        yield* page.memories;
        cursor = page.cursor;
      } while (cursor !== null);
    },
    forgetMemory: async (id, memoryId, call) =>
      send(config, { ...at(routes.forgetMemory, { id, memoryId }), call }),
    forgetAllMemories: async (id, call) => send(config, { ...at(routes.forgetAllMemories, { id }), call }),
    memorySettings: async (id, call) => send(config, { ...at(routes.getMemorySettings, { id }), call }),
    setMemorySettings: async (id, settings, call) =>
      send(config, { ...at(routes.setMemorySettings, { id }), body: settings, call }),
  };
  return methods;
}
