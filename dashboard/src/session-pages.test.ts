import { describe, expect, it } from 'vitest';
import { appendPage, emptySessionPages, nextPageVariables } from './session-pages.js';
import type { SessionConnection, SessionSummary } from './types.js';

const session = (id: string, turns = 0): SessionSummary => ({
  sessionId: id,
  name: `Character ${id}`,
  description: 'A test character',
  preset: 'cheerful_companion',
  turns,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  state: { discrete_emotion: 'calm', emotion_intensity: 0.2 },
});

const page = (ids: string[], hasNextPage: boolean): SessionConnection => ({
  edges: ids.map((id) => ({ cursor: `c_${id}`, node: session(id) })),
  pageInfo: { hasNextPage, endCursor: ids.length ? `c_${ids[ids.length - 1]}` : null },
});

describe('session paging', () => {
  it('asks for the first page without a cursor', () => {
    expect(nextPageVariables(emptySessionPages)).toEqual({});
  });

  it('asks for the next page after the last cursor', () => {
    const pages = appendPage(emptySessionPages, page(['a', 'b'], true));
    expect(pages.loaded).toBe(true);
    expect(pages.hasNextPage).toBe(true);
    expect(nextPageVariables(pages)).toEqual({ after: 'c_b' });
  });

  it('appends pages in order and stops at the last one', () => {
    const pages = appendPage(appendPage(emptySessionPages, page(['a', 'b'], true)), page(['c'], false));
    expect(pages.sessions.map((s) => s.sessionId)).toEqual(['a', 'b', 'c']);
    expect(pages.hasNextPage).toBe(false);
  });

  it('updates a session listed twice in place instead of repeating it', () => {
    const first = appendPage(emptySessionPages, page(['a', 'b'], true));
    const again: SessionConnection = {
      edges: [
        { cursor: 'c_b', node: session('b', 5) },
        { cursor: 'c_c', node: session('c') },
      ],
      pageInfo: { hasNextPage: false, endCursor: 'c_c' },
    };
    const pages = appendPage(first, again);
    expect(pages.sessions.map((s) => [s.sessionId, s.turns])).toEqual([
      ['a', 0],
      ['b', 5],
      ['c', 0],
    ]);
  });

  it('keeps the cursor when an empty last page has none', () => {
    const pages = appendPage(appendPage(emptySessionPages, page(['a'], true)), page([], false));
    expect(pages.endCursor).toBe('c_a');
    expect(pages.hasNextPage).toBe(false);
  });
});
