import { describe, expect, it } from 'vitest';
import {
  appendMemoryPage,
  emptyMemoryPages,
  memoryWho,
  strengthShare,
  withoutMemory,
} from './memory-pages.js';
import type { Memory, MemoryConnection } from './types.js';

function memory(id: string, extra: Partial<Memory> = {}): Memory {
  return {
    id,
    at: '2026-11-21T09:00:00.000Z',
    text: `text of ${id}`,
    strength: 1,
    salience: 0.6,
    speaker: null,
    participants: [],
    feeling: { label: 'sadness', intensity: 0.5 },
    ...extra,
  };
}

function page(ids: string[], hasNextPage: boolean): MemoryConnection {
  return {
    edges: ids.map((id) => ({ cursor: `c-${id}`, node: memory(id) })),
    pageInfo: { hasNextPage, endCursor: ids.length === 0 ? null : `c-${ids[ids.length - 1]}` },
  };
}

describe('memory pages', () => {
  it('appends pages newest first in the order they come, and remembers where the next one starts', () => {
    const first = appendMemoryPage(emptyMemoryPages, page(['mem_9', 'mem_7'], true));
    expect(first).toMatchObject({ endCursor: 'c-mem_7', hasNextPage: true, loaded: true });
    const second = appendMemoryPage(first, page(['mem_3'], false));
    expect(second.memories.map((m) => m.id)).toEqual(['mem_9', 'mem_7', 'mem_3']);
    expect(second).toMatchObject({ endCursor: 'c-mem_3', hasNextPage: false });
  });

  it('updates a memory listed twice in place, and an empty last page keeps the cursor', () => {
    const first = appendMemoryPage(emptyMemoryPages, page(['mem_9', 'mem_7'], true));
    const again = appendMemoryPage(first, {
      edges: [{ cursor: 'c-mem_7', node: memory('mem_7', { strength: 0.4 }) }],
      pageInfo: { hasNextPage: false, endCursor: null },
    });
    expect(again.memories.map((m) => [m.id, m.strength])).toEqual([
      ['mem_9', 1],
      ['mem_7', 0.4],
    ]);
    expect(again.endCursor).toBe('c-mem_7');
  });

  it('drops a forgotten memory', () => {
    const pages = appendMemoryPage(emptyMemoryPages, page(['mem_9', 'mem_7'], false));
    expect(withoutMemory(pages, 'mem_9').memories.map((m) => m.id)).toEqual(['mem_7']);
    expect(withoutMemory(pages, 'mem_x').memories).toHaveLength(2);
  });

  it('shows a strength above 1 as a full bar and names who spoke', () => {
    expect([strengthShare(0.42), strengthShare(1.3), strengthShare(-0.1)]).toEqual([0.42, 1, 0]);
    expect(memoryWho({ speaker: null })).toBe('the person in the chat');
    expect(memoryWho({ speaker: { id: 'u-sam', name: 'Sam' } })).toBe('Sam');
    expect(memoryWho({ speaker: { id: 'u-sam', name: null } })).toBe('u-sam');
  });
});
