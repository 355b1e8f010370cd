import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectGqlError, gql } from './graphql-client.js';
import { startTestGateway, type TestGateway } from './harness.js';
import { expectError, type RestClient, restClient } from './rest-client.js';

/** The session list's `order` on REST and GraphQL: one rule, the same pages, the same errors. */
let t: TestGateway;
let rest: RestClient;
const created: string[] = [];

beforeAll(async () => {
  t = await startTestGateway();
  rest = restClient(t, t.keys.pro);
  for (let i = 0; i < 7; i++) {
    t.clock.advance(1000);
    const res = await rest.post('/v1/persona', { preset: 'stoic_mentor' });
    expect(res.status).toBe(201);
    created.push(res.body.sessionId);
  }
});
afterAll(() => t.close());

/** Every session id of a REST walk: the first query, then each cursor with `next` appended. */
async function walk(first: string, next = ''): Promise<string[]> {
  const seen: string[] = [];
  let page = (await rest.get(`/v1/persona?limit=3${first}`)).body;
  seen.push(...page.sessions.map((s: { sessionId: string }) => s.sessionId));
  while (page.cursor) {
    const res = await rest.get(`/v1/persona?limit=3&cursor=${encodeURIComponent(page.cursor)}${next}`);
    expect(res.status, res.text).toBe(200);
    page = res.body;
    seen.push(...page.sessions.map((s: { sessionId: string }) => s.sessionId));
  }
  return seen;
}

const sessionsQuery = `query ($after: String, $order: SessionOrder) {
  sessions(first: 3, after: $after, order: $order) { edges { cursor node { sessionId } } pageInfo { endCursor } }
}`;

async function gqlPage(variables: Record<string, unknown>) {
  const res = await gql(t, sessionsQuery, { key: t.keys.pro, variables });
  return res.body as {
    data: {
      sessions: { edges: { cursor: string; node: { sessionId: string } }[]; pageInfo: { endCursor: string } };
    };
    errors?: { extensions: { code: string; details: { path: string }[] }; message: string }[];
  };
}

describe('session list order (REST)', () => {
  it('lists newest first without order, and in either order on request, across pages', async () => {
    const newest = [...created].reverse();
    expect(await walk('')).toEqual(newest);
    expect(await walk('&order=newest', '&order=newest')).toEqual(newest);
    expect(await walk('&order=oldest', '&order=oldest')).toEqual(created);
    // A cursor alone continues the order it came from.
    expect(await walk('&order=oldest')).toEqual(created);
  });

  it('refuses a cursor of the other order with VALIDATION_ERROR naming cursor', async () => {
    for (const [from, to] of [
      ['newest', 'oldest'],
      ['oldest', 'newest'],
    ]) {
      const { cursor } = (await rest.get(`/v1/persona?limit=2&order=${from}`)).body;
      const res = await rest.get(`/v1/persona?cursor=${encodeURIComponent(cursor)}&order=${to}`);
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual(['cursor']);
      expect(res.body.error.message).toContain(`"${from}"`);
    }
  });

  it('refuses an unknown order naming order and the allowed values', async () => {
    const res = await rest.get('/v1/persona?order=DESC');
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.body.error.details).toEqual([{ path: 'order', message: 'must be one of "newest", "oldest"' }]);
  });
});

describe('session list order (GraphQL)', () => {
  it('pages like REST in both orders; an edge cursor continues its own order', async () => {
    const first = (await gqlPage({})).data.sessions;
    const restFirst = (await rest.get('/v1/persona?limit=3')).body;
    expect(first.edges.map((e) => e.node.sessionId)).toEqual(
      restFirst.sessions.map((s: { sessionId: string }) => s.sessionId),
    );
    expect(first.pageInfo.endCursor).toBe(restFirst.cursor);
    const oldest = (await gqlPage({ order: 'oldest' })).data.sessions;
    expect(oldest.edges.map((e) => e.node.sessionId)).toEqual(created.slice(0, 3));
    const afterEdge = (await gqlPage({ after: oldest.edges[0]!.cursor })).data.sessions;
    expect(afterEdge.edges.map((e) => e.node.sessionId)).toEqual(created.slice(1, 4));
    const newestEdge = (await gqlPage({ after: first.edges[0]!.cursor, order: 'newest' })).data.sessions;
    expect(newestEdge.edges.map((e) => e.node.sessionId)).toEqual([...created].reverse().slice(1, 4));
  });

  it('refuses a cursor of the other order naming after, and an unknown order value', async () => {
    const { endCursor } = (await gqlPage({ order: 'newest' })).data.sessions.pageInfo;
    const switched = await gqlPage({ after: endCursor, order: 'oldest' });
    expectGqlError(switched, 'VALIDATION_ERROR');
    expect(switched.errors?.[0]?.extensions.details.map((d) => d.path)).toEqual(['after']);
    const unknown = await gql(t, sessionsQuery, { key: t.keys.pro, variables: { order: 'DESC' } });
    expect(unknown.body.errors?.[0]?.message).toMatch(/SessionOrder/);
  });
});
