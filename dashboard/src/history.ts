import { request } from './api.js';
import { appendPoint, type TrajectoryPoint, trajectoryCap } from './trajectory.js';

/** How many memories one history page asks for (written in the query: the gateway prices a variable page as 100). */
export const historyPageSize = 50;

/** The stored history of a session: its memories' times and feelings, newest first. */
export const historyQuery = `query History($id: ID!, $after: String) {
  session(id: $id) {
    memories(first: ${historyPageSize}, after: $after) {
      edges { cursor node { at feeling { V A D } } }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;

/** One stored moment: when it happened and how the character felt (a memory's `at` and `feeling`). */
export interface HistoryMoment {
  at: string;
  feeling: { V: number; A: number; D: number };
}

interface HistoryPage {
  session: {
    memories: {
      edges: { cursor: string; node: HistoryMoment }[];
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
    };
  } | null;
}

/**
 * Adds stored moments to a trajectory, in time order and at most `cap` points long (the oldest go), exactly as
 * live snapshots are added: the chart then starts from what the session remembers, not from a single dot.
 */
export function mergeHistory(
  points: readonly TrajectoryPoint[],
  moments: readonly HistoryMoment[],
  cap = trajectoryCap,
): readonly TrajectoryPoint[] {
  let next = points;
  for (const moment of moments) next = appendPoint(next, { at: moment.at, emotion: moment.feeling }, cap);
  return next;
}

/**
 * Reads a session's stored history: its newest memories, a page at a time, until `cap` moments or the end.
 * Bounded: at most `ceil(cap / historyPageSize)` requests, whatever the session holds.
 */
export async function loadHistory(
  apiKey: string,
  sessionId: string,
  signal: AbortSignal,
  cap = trajectoryCap,
  fetch?: typeof globalThis.fetch,
): Promise<HistoryMoment[]> {
  const moments: HistoryMoment[] = [];
  let after: string | null = null;
  while (moments.length < cap) {
    const data: HistoryPage = await request<HistoryPage>(
      historyQuery,
      after === null ? { id: sessionId } : { id: sessionId, after },
      { token: apiKey, signal, ...(fetch ? { fetch } : {}) },
    );
    const page = data.session?.memories;
    if (!page) break;
    for (const edge of page.edges) moments.push(edge.node);
    if (!page.pageInfo.hasNextPage || page.edges.length === 0) break;
    after = page.pageInfo.endCursor ?? page.edges[page.edges.length - 1]?.cursor ?? null;
    if (after === null) break;
  }
  return moments.slice(0, cap);
}
