import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectGqlError, gql, restTurnResult, selectAll, withoutNulls } from './graphql-client.js';
import { startTestGateway, type TestGateway } from './harness.js';
import { type RestClient, restClient } from './rest-client.js';

let t: TestGateway;
let rest: RestClient;

beforeAll(async () => {
  t = await startTestGateway();
  rest = restClient(t, t.keys.pro);
});
afterAll(() => t.close());

const SAM = { id: 'u-sam', name: 'Sam' };
const REX = 'My dog Rex died. I miss our walks in the park.';
const JOB = 'I got the job I wanted so badly, I am so happy!';
const memoryFields = selectAll('MemoryView');

/** The memory parts of a turn result. */
interface MemoryParts {
  memory: { recalled: unknown[]; encoded: string | null };
  prompt_data: { context: { memories: { summary: string | null }[] } };
}
const turnFields = selectAll('TurnResult');

/** Runs an operation with the pro key; fails the test on any error. */
async function ok(query: string, variables: Record<string, unknown> = {}) {
  const res = await gql(t, query, { key: t.keys.pro, variables });
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data;
}

async function create(): Promise<string> {
  const res = await rest.post('/v1/persona', { preset: 'cheerful_companion', identity: { name: 'Mika' } });
  return res.body.sessionId;
}

async function say(sessionId: string, message: string, extra: Record<string, unknown> = {}) {
  t.clock.advance(60_000);
  const res = await rest.post('/v1/turn', { sessionId, message, ...extra });
  expect(res.status, res.text).toBe(200);
  return res.body.memory.encoded as string;
}

const page = `query ($s: ID!, $after: String, $participant: ID, $query: String) {
  session(id: $s) { memories(first: 2, after: $after, participant: $participant, query: $query) {
    edges { cursor node ${memoryFields} } pageInfo { hasNextPage endCursor } } } }`;

describe('graphql: memories', () => {
  it('session.memories is REST GET /v1/persona/:id/memories as a connection, with its filters', async () => {
    const sessionId = await create();
    const ids = [
      await say(sessionId, REX, { from: SAM }),
      await say(sessionId, JOB),
      await say(sessionId, REX),
    ];
    const first = (await ok(page, { s: sessionId })).session.memories;
    const restFirst = (await rest.get(`/v1/persona/${sessionId}/memories?limit=2`)).body;
    expect(withoutNulls(first.edges.map((e: { node: unknown }) => e.node))).toEqual(
      withoutNulls(restFirst.memories),
    );
    expect(first.pageInfo).toEqual({ hasNextPage: true, endCursor: restFirst.cursor });
    const second = (await ok(page, { s: sessionId, after: first.pageInfo.endCursor })).session.memories;
    expect(second.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([ids[0]]);
    expect(second.pageInfo.hasNextPage).toBe(false);
    const sams = (await ok(page, { s: sessionId, participant: 'u-sam' })).session.memories;
    expect(sams.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([ids[0]]);
    const rex = (await ok(page, { s: sessionId, query: 'Rex' })).session.memories;
    expect(rex.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([ids[2], ids[0]]);
  });

  it('turn results carry memory and prompt_data.context.memories as REST does', async () => {
    const viaRest = await create();
    const viaGraphQL = await create();
    const turn = `mutation ($i: TextTurnInput!) { textTurn(input: $i) ${turnFields} }`;
    const viaRestResults: MemoryParts[] = [];
    const viaGraphQLResults: MemoryParts[] = [];
    for (const [message, extra] of [
      [REX, { from: SAM, summary: 'Sam’s dog Rex died' }],
      ['Do you remember my dog Rex and the park?', { from: SAM }],
    ] as const) {
      t.clock.advance(60_000);
      viaRestResults.push((await rest.post('/v1/turn', { sessionId: viaRest, message, ...extra })).body);
      const data = await ok(turn, { i: { sessionId: viaGraphQL, message, ...extra } });
      viaGraphQLResults.push(restTurnResult(data.textTurn) as MemoryParts);
    }
    expect(viaRestResults[1]!.memory.recalled).toHaveLength(1);
    expect(viaRestResults[1]!.prompt_data.context.memories[0]!.summary).toBe('Sam’s dog Rex died');
    for (const [i, result] of viaGraphQLResults.entries()) {
      expect(result.memory).toEqual(viaRestResults[i]!.memory);
      expect(result.prompt_data.context.memories).toEqual(viaRestResults[i]!.prompt_data.context.memories);
    }
  });

  it('forgetMemory, forgetAllMemories, memorySettings and setMemorySettings do what REST does', async () => {
    const sessionId = await create();
    const rex = await say(sessionId, REX, { from: SAM });
    await say(sessionId, JOB);
    const forgot = await ok(
      'mutation ($s: ID!, $m: ID!) { forgetMemory(sessionId: $s, memoryId: $m) { forgotten id } }',
      {
        s: sessionId,
        m: rex,
      },
    );
    expect(forgot.forgetMemory).toEqual({ forgotten: true, id: rex });
    const settings = await ok(
      `mutation ($s: ID!) { setMemorySettings(sessionId: $s, settings: { store_text: false, max_episodes: 10 }) {
        sessionId settings { enabled store_text max_episodes } } }`,
      { s: sessionId },
    );
    const expected = { enabled: true, store_text: false, max_episodes: 10 };
    expect(settings.setMemorySettings).toEqual({ sessionId, settings: expected });
    expect((await rest.get(`/v1/persona/${sessionId}/memory/settings`)).body.settings).toEqual(expected);
    const read = await ok(
      'query ($s: ID!) { session(id: $s) { memorySettings { enabled store_text max_episodes } memories { nodes { text } } } }',
      {
        s: sessionId,
      },
    );
    expect(read.session.memorySettings).toEqual(expected);
    expect(read.session.memories.nodes).toEqual([{ text: null }]);
    const all = await ok(
      'mutation ($s: ID!) { forgetAllMemories(sessionId: $s) { forgotten sessionId count } }',
      {
        s: sessionId,
      },
    );
    expect(all.forgetAllMemories).toEqual({ forgotten: true, sessionId, count: 1 });
    expect((await rest.get(`/v1/persona/${sessionId}/memories`)).body.memories).toEqual([]);
  });

  it('reports errors as REST does: VALIDATION_ERROR naming the argument, NOT_FOUND for a memory', async () => {
    const sessionId = await create();
    const cases: [string, Record<string, unknown>, string][] = [
      ['query ($s: ID!) { session(id: $s) { memories(first: 0) { nodes { id } } } }', {}, 'first'],
      ['query ($s: ID!) { session(id: $s) { memories(after: "garbage") { nodes { id } } } }', {}, 'after'],
      [
        'query ($s: ID!, $q: String) { session(id: $s) { memories(query: $q) { nodes { id } } } }',
        { q: 'x'.repeat(201) },
        'query',
      ],
      ['mutation ($s: ID!) { forgetMemory(sessionId: $s, memoryId: "nope") { id } }', {}, 'memoryId'],
      [
        'mutation ($s: ID!) { setMemorySettings(sessionId: $s, settings: { max_episodes: 0 }) { sessionId } }',
        {},
        'max_episodes',
      ],
    ];
    for (const [query, variables, path] of cases) {
      const res = await gql(t, query, { key: t.keys.pro, variables: { s: sessionId, ...variables } });
      expectGqlError(res.body, 'VALIDATION_ERROR');
      expect(
        res.body.errors[0].extensions.details.map((d: { path: string }) => d.path),
        query,
      ).toEqual([path]);
    }
    const missing = await gql(
      t,
      'mutation ($s: ID!) { forgetMemory(sessionId: $s, memoryId: "mem_zz") { id } }',
      {
        key: t.keys.pro,
        variables: { s: sessionId },
      },
    );
    expectGqlError(missing.body, 'NOT_FOUND');
    const viaRest = await rest.delete(`/v1/persona/${sessionId}/memories/mem_zz`);
    expect(missing.body.errors[0].message).toBe(viaRest.body.error.message);
  });

  it('hides another key’s session memories: NOT_FOUND, nothing listed, nothing erased', async () => {
    const sessionId = await create();
    const rex = await say(sessionId, REX, { from: SAM });
    const operations: [string, Record<string, unknown>][] = [
      [`query ($s: ID!) { session(id: $s) { memories { nodes ${memoryFields} } } }`, {}],
      ['query ($s: ID!) { session(id: $s) { memorySettings { enabled } } }', {}],
      ['mutation ($s: ID!, $m: ID!) { forgetMemory(sessionId: $s, memoryId: $m) { id } }', { m: rex }],
      ['mutation ($s: ID!) { forgetAllMemories(sessionId: $s) { count } }', {}],
      ['mutation ($s: ID!) { setMemorySettings(sessionId: $s, settings: {}) { sessionId } }', {}],
    ];
    for (const key of [t.keys.other, t.keys.proLive]) {
      for (const [query, variables] of operations) {
        const res = await gql(t, query, { key, variables: { s: sessionId, ...variables } });
        expectGqlError(res.body, 'NOT_FOUND');
        expect(JSON.stringify(res.body)).not.toContain('Rex');
      }
    }
    const left = (await rest.get(`/v1/persona/${sessionId}/memories`)).body.memories;
    expect(left.map((m: { id: string; text: string }) => [m.id, m.text])).toEqual([[rex, REX]]);
  });

  it('leaves a memory search out of the logs, also over GET /graphql', async () => {
    const sessionId = await create();
    await say(sessionId, 'Zephyrine lost her grandmother Oksana today.', { from: SAM });
    const query = `query ($s: ID!, $q: String) { session(id: $s) {
      a: memories(query: "Oksana") { nodes { id } } b: memories(query: $q) { nodes { id } } } }`;
    const params = new URLSearchParams({
      query,
      variables: JSON.stringify({ s: sessionId, q: 'Zephyrine' }),
    });
    const res = await fetch(`${t.url}/graphql?${params}`, {
      headers: { authorization: `Bearer ${t.keys.pro}`, accept: 'application/json' },
    });
    const body = await res.json();
    expect(body.errors).toBeUndefined();
    expect(body.data.session.a.nodes).toHaveLength(1);
    expect(body.data.session.b.nodes).toHaveLength(1);
    await rest.get('/v1/health');
    const text = t.logs.join('');
    expect(text).toContain('/graphql?query=[REDACTED]');
    for (const word of ['Zephyrine', 'Oksana', 'grandmother']) expect(text).not.toContain(word);
  });
});
