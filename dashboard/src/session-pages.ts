import type { SessionConnection, SessionSummary } from './types.js';

/** The sessions loaded so far and where the next page starts (pages go forward only). */
export interface SessionPages {
  sessions: readonly SessionSummary[];
  endCursor: string | null;
  hasNextPage: boolean;
  /** False until the first page arrived. */
  loaded: boolean;
}

/** Nothing loaded yet. */
export const emptySessionPages: SessionPages = {
  sessions: [],
  endCursor: null,
  hasNextPage: false,
  loaded: false,
};

/** The variables of the query for the next page: from the start, or after the last cursor. */
export function nextPageVariables(pages: SessionPages): { after?: string } {
  return pages.endCursor === null ? {} : { after: pages.endCursor };
}

/** Adds a page to the loaded sessions; a session already listed (a page fetched twice) is updated in place. */
export function appendPage(pages: SessionPages, page: SessionConnection): SessionPages {
  const byId = new Map(pages.sessions.map((session) => [session.sessionId, session]));
  const added: SessionSummary[] = [];
  for (const { node } of page.edges) {
    if (byId.has(node.sessionId)) byId.set(node.sessionId, node);
    else added.push(node);
  }
  const lastEdge = page.edges[page.edges.length - 1];
  return {
    sessions: [...pages.sessions.map((session) => byId.get(session.sessionId) ?? session), ...added],
    endCursor: page.pageInfo.endCursor ?? lastEdge?.cursor ?? pages.endCursor,
    hasNextPage: page.pageInfo.hasNextPage,
    loaded: true,
  };
}
