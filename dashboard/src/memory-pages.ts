import type { Memory, MemoryConnection } from './types.js';

/** The memories loaded so far, newest first, and where the next page starts (pages go forward only). */
export interface MemoryPages {
  memories: readonly Memory[];
  endCursor: string | null;
  hasNextPage: boolean;
  /** False until the first page arrived. */
  loaded: boolean;
}

/** Nothing loaded yet. */
export const emptyMemoryPages: MemoryPages = {
  memories: [],
  endCursor: null,
  hasNextPage: false,
  loaded: false,
};

/** Adds a page to the loaded memories; a memory already listed (a page fetched twice) is updated in place. */
export function appendMemoryPage(pages: MemoryPages, page: MemoryConnection): MemoryPages {
  const byId = new Map(pages.memories.map((memory) => [memory.id, memory]));
  const added: Memory[] = [];
  for (const { node } of page.edges) {
    if (byId.has(node.id)) byId.set(node.id, node);
    else added.push(node);
  }
  const lastEdge = page.edges[page.edges.length - 1];
  return {
    memories: [...pages.memories.map((memory) => byId.get(memory.id) ?? memory), ...added],
    endCursor: page.pageInfo.endCursor ?? lastEdge?.cursor ?? pages.endCursor,
    hasNextPage: page.pageInfo.hasNextPage,
    loaded: true,
  };
}

/** The loaded memories without a forgotten one. */
export function withoutMemory(pages: MemoryPages, id: string): MemoryPages {
  return { ...pages, memories: pages.memories.filter((memory) => memory.id !== id) };
}

/** A memory's strength as a meter reads it: in [0, 1] (rehearsal can lift a strength above 1: a full bar). */
export function strengthShare(strength: number): number {
  return Math.min(1, Math.max(0, strength));
}

/** Who spoke in a memory, in words: their name (or id), or the person of a private chat. */
export function memoryWho(memory: Pick<Memory, 'speaker'>): string {
  if (memory.speaker === null) return 'the person in the chat';
  return memory.speaker.name ?? memory.speaker.id;
}
