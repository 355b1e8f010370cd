import { describe, expect, it } from 'vitest';
import { type HistoryMoment, historyPageSize, loadHistory, mergeHistory } from './history.js';

function moment(minute: number, V: number): HistoryMoment {
  return { at: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(), feeling: { V, A: 0.5, D: 0 } };
}

/** A gateway holding `total` memories, answering pages newest first; counts the requests and their variables. */
function memoryGateway(total: number, seen: Record<string, unknown>[]): typeof fetch {
  return async (_url, init) => {
    const { variables } = JSON.parse(String(init?.body)) as { variables: { after?: string } };
    seen.push(variables);
    const start = variables.after === undefined ? 0 : Number(variables.after) + 1;
    const end = Math.min(total, start + historyPageSize);
    const edges = [];
    for (let i = start; i < end; i++) edges.push({ cursor: String(i), node: moment(total - i, 0) });
    const body = {
      data: {
        session: {
          memories: {
            edges,
            pageInfo: { hasNextPage: end < total, endCursor: edges.at(-1)?.cursor ?? null },
          },
        },
      },
    };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
}

describe('session history', () => {
  it('merges stored moments with live points in time order, keeping the newest `cap`', () => {
    const live = mergeHistory([], [moment(10, 0.9)]);
    const merged = mergeHistory(live, [moment(3, -0.5), moment(1, 0.2), moment(2, 0)]);
    expect(merged.map((p) => p.V)).toEqual([0.2, 0, -0.5, 0.9]);
    expect(mergeHistory(merged, [moment(0, 1)], 4).map((p) => p.V)).toEqual([0.2, 0, -0.5, 0.9]);
    expect(mergeHistory([], [{ at: 'not a time', feeling: { V: 0, A: 0, D: 0 } }])).toEqual([]);
  });

  it('reads pages until the end, following the cursor', async () => {
    const seen: Record<string, unknown>[] = [];
    const moments = await loadHistory(
      'svc_test_x',
      'ses_1',
      new AbortController().signal,
      200,
      memoryGateway(70, seen),
    );
    expect(moments).toHaveLength(70);
    expect(seen).toEqual([{ id: 'ses_1' }, { id: 'ses_1', after: String(historyPageSize - 1) }]);
  });

  it('stops at the cap however many memories the session holds', async () => {
    const seen: Record<string, unknown>[] = [];
    const moments = await loadHistory(
      'svc_test_x',
      'ses_1',
      new AbortController().signal,
      120,
      memoryGateway(1000, seen),
    );
    expect(moments).toHaveLength(120);
    expect(seen).toHaveLength(Math.ceil(120 / historyPageSize));
  });
});
