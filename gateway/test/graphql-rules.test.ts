import { buildClientSchema, getIntrospectionQuery, printSchema } from 'graphql';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { printGraphQLSchema } from '../src/graphql/index.js';
import { expectGqlError, gql } from './graphql-client.js';
import { startTestGateway, type TestGateway } from './harness.js';
import { appraisal, type RestClient, restClient } from './rest-client.js';
import { createSession } from './ws-client.js';

let t: TestGateway;
let rest: RestClient;

beforeEach(async () => {
  t = await startTestGateway();
  rest = restClient(t, t.keys.pro);
});
afterEach(() => t.close());

describe('graphql: keys', () => {
  it('answers UNAUTHORIZED with HTTP 401 without a key or with a bad one, like REST', async () => {
    for (const key of [null, 'svc_test_not-a-real-key-at-all-0000', 'garbage']) {
      const res = await gql(t, '{ presets { id } }', { key });
      expect(res.status).toBe(401);
      expectGqlError(res.body, 'UNAUTHORIZED');
      expect(res.body.errors[0].message).toBe('Invalid or missing API key');
      expect(res.body.errors[0].extensions.status).toBe(401);
      expect(res.body.data).toBeUndefined();
    }
    // A public field does not make the rest of the operation public.
    expect((await gql(t, '{ health { status } presets { id } }')).status).toBe(401);
  });

  it('serves health and introspection without a key: introspection rebuilds the whole schema', async () => {
    const health = await gql(t, '{ __typename health { status version } }');
    expect(health.status).toBe(200);
    expect(health.body.data.health).toEqual({ status: 'ok', version: '0.1.0' });
    expect(health.headers.get('ratelimit')).toBeNull();
    const introspection = await gql(t, getIntrospectionQuery({ descriptions: true, oneOf: true }));
    expect(introspection.status).toBe(200);
    expect(introspection.body.errors).toBeUndefined();
    expect(`${printSchema(buildClientSchema(introspection.body.data))}\n`).toBe(printGraphQLSchema());
    const type = await gql(t, '{ __type(name: "Vad") { fields { name } } }');
    expect(type.body.data.__type.fields.map((f: { name: string }) => f.name)).toEqual(['A', 'D', 'V']);
  });

  it('hides every other owner’s sessions: NOT_FOUND for queries and mutations, with REST’s message', async () => {
    const sessionId = await createSession(t, t.keys.pro);
    const s = sessionId;
    const operations: [string, Record<string, unknown>][] = [
      ['query ($s: ID!) { session(id: $s) { sessionId } }', { s }],
      ['query ($s: ID!) { state(sessionId: $s) { turns } }', { s }],
      ['query ($s: ID!) { proactiveActions(sessionId: $s) { id } }', { s }],
      [
        'mutation ($i: AppraisalTurnInput!) { appraisalTurn(input: $i) { new_emotion { V } } }',
        { i: { sessionId, appraisal } },
      ],
      [
        'mutation ($i: TextTurnInput!) { textTurn(input: $i) { discrete_emotion } }',
        { i: { sessionId, message: 'hi' } },
      ],
      [
        'mutation ($i: SetProactivePreferencesInput!) { setProactivePreferences(input: $i) { sessionId } }',
        { i: { sessionId, preferences: { enabled: true } } },
      ],
      ['mutation ($s: ID!) { ackProactive(sessionId: $s, actionId: "act_1") { acknowledged } }', { s }],
      ['query ($s: ID!) { session(id: $s) { memories(first: 5) { nodes { id text } } } }', { s }],
      ['query ($s: ID!) { session(id: $s) { memorySettings { enabled } } }', { s }],
      ['mutation ($s: ID!) { forgetMemory(sessionId: $s, memoryId: "mem_1") { forgotten } }', { s }],
      ['mutation ($s: ID!) { forgetAllMemories(sessionId: $s) { count } }', { s }],
      [
        'mutation ($s: ID!) { setMemorySettings(sessionId: $s, settings: { store_text: false }) { sessionId } }',
        { s },
      ],
      ['mutation ($s: ID!) { deleteSession(id: $s) { deleted } }', { s }],
    ];
    const restMessage = (await rest.get(`/v1/state/${sessionId}`, { key: t.keys.other })).body.error.message;
    for (const key of [t.keys.other, t.keys.proLive]) {
      for (const [query, variables] of operations) {
        const res = await gql(t, query, { key, variables });
        expect(res.status, query).toBe(200);
        expectGqlError(res.body, 'NOT_FOUND');
        expect(res.body.errors[0].message).toBe(restMessage);
        expect(res.body.errors[0].extensions.status).toBe(404);
      }
    }
    // Nothing changed for the owner.
    expect((await rest.get(`/v1/state/${sessionId}`)).body.turns).toBe(0);
  });
});

describe('graphql: validation', () => {
  it('reports bad appraisal values as VALIDATION_ERROR with REST’s message and details', async () => {
    const sessionId = await createSession(t, t.keys.pro);
    const bad = { ...appraisal, agency: 3, goal_relevance: -1 };
    const res = await gql(
      t,
      'mutation ($i: AppraisalTurnInput!) { appraisalTurn(input: $i) { turn: prediction_error } }',
      {
        key: t.keys.pro,
        variables: { i: { sessionId, appraisal: bad } },
      },
    );
    const viaRest = (await rest.post('/v1/turn/appraisal', { sessionId, appraisal: bad })).body.error;
    expectGqlError(res.body, 'VALIDATION_ERROR');
    expect(res.body.errors[0].message).toBe(viaRest.message);
    expect(res.body.errors[0].extensions.details).toEqual(viaRest.details);
    expect(viaRest.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'appraisal.agency',
      'appraisal.goal_relevance',
    ]);
  });

  it('reports persona, preset, text-turn and preference errors exactly as REST does', async () => {
    const sessionId = await createSession(t, t.keys.pro);
    const cases: [string, string, Record<string, unknown>, string, unknown][] = [
      [
        'mutation ($v: PersonaDefinitionInput!) { createSession(input: $v) { sessionId } }',
        'POST /v1/persona',
        { personality: { O: 2, facets: { prudence: -1 } }, identity: { language: 'not a tag!' } },
        'VALIDATION_ERROR',
        null,
      ],
      [
        'mutation ($v: PersonaDefinitionInput!) { createSession(input: $v) { sessionId } }',
        'POST /v1/persona',
        { preset: 'no_such_preset' },
        'INVALID_PRESET',
        null,
      ],
      [
        'mutation ($v: TextTurnInput!) { textTurn(input: $v) { discrete_emotion } }',
        'POST /v1/turn',
        { sessionId, message: 'hi', event: { description: 'storm' } },
        'VALIDATION_ERROR',
        null,
      ],
      [
        'mutation ($v: SetProactivePreferencesInput!) { setProactivePreferences(input: $v) { sessionId } }',
        `PUT /v1/proactive/${sessionId}/preferences`,
        { sessionId, preferences: { enabled: true, cooldown_hours: 1000 } },
        'VALIDATION_ERROR',
        { enabled: true, cooldown_hours: 1000 },
      ],
    ];
    for (const [query, route, variables, code, restBody] of cases) {
      const res = await gql(t, query, { key: t.keys.pro, variables: { v: variables } });
      const [method, path] = route.split(' ') as [string, string];
      const viaRest = (await rest.request(method, path, { json: restBody ?? variables })).body.error;
      expectGqlError(res.body, code);
      expect(viaRest.code).toBe(code);
      expect(res.body.errors[0].message).toBe(viaRest.message);
      expect(res.body.errors[0].extensions.details).toEqual(viaRest.details);
    }
  });

  it('gives GraphQL type errors the code VALIDATION_ERROR', async () => {
    const sessionId = await createSession(t, t.keys.pro);
    const cases: [string, Record<string, unknown>][] = [
      ['{ sessions(first: "two") { nodes { sessionId } } }', {}],
      ['{ session { sessionId } }', {}],
      ['{ nope }', {}],
      ['{ presets { id }', {}],
      ['query ($f: Int!) { sessions(first: $f) { nodes { sessionId } } }', { f: 'x' }],
      ['query ($s: ID!) { state(sessionId: $s) { turns } }', {}],
      [
        'mutation ($s: ID!) { appraisalTurn(input: {sessionId: $s, appraisal: {goal_relevance: 1}}) { turn: prediction_error } }',
        { s: sessionId },
      ],
      [
        'mutation ($i: TextTurnInput!) { textTurn(input: $i) { discrete_emotion } }',
        { i: { sessionId, mesage: 'hi' } },
      ],
      ['{ sessions(first: 0) { nodes { sessionId } } }', {}],
      ['{ sessions(after: "not-a-cursor") { nodes { sessionId } } }', {}],
    ];
    for (const [query, variables] of cases) {
      const res = await gql(t, query, { key: t.keys.pro, variables });
      expectGqlError(res.body, 'VALIDATION_ERROR');
      expect(res.body.errors[0].extensions.status).toBe(400);
    }
    const first = await gql(t, '{ sessions(first: 101) { nodes { sessionId } } }', { key: t.keys.pro });
    expect(first.body.errors[0].extensions.details).toEqual([
      { path: 'first', message: 'must be an integer in [1, 100]' },
    ]);
    const after = await gql(t, '{ sessions(after: "c1.@@") { nodes { sessionId } } }', { key: t.keys.pro });
    expect(after.body.errors[0].extensions.details[0].path).toBe('after');
    // Syntax and validation errors are HTTP 400 for clients that accept application/graphql-response+json.
    expect((await gql(t, '{ nope }', { key: t.keys.pro })).status).toBe(400);
  });

  it('serves GraphiQL and GET queries, and answers other methods with REST’s 405', async () => {
    const page = await fetch(`${t.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Limbic GraphQL</title>');
    const get = await fetch(`${t.url}/graphql?query=${encodeURIComponent('{ health { status } }')}`);
    expect(await get.json()).toEqual({ data: { health: { status: 'ok' } } });
    expect((await fetch(`${t.url}/graphql`, { method: 'HEAD' })).status).toBe(200);
    for (const method of ['PUT', 'DELETE', 'OPTIONS']) {
      const res = await fetch(`${t.url}/graphql`, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD, POST');
    }
  });

  it('refuses a mutation over GET with METHOD_NOT_ALLOWED, and masks unexpected errors as INTERNAL_ERROR', async () => {
    const url = `${t.url}/graphql?query=${encodeURIComponent('mutation { deleteSession(id: "x") { deleted } }')}`;
    const res = await fetch(url, {
      headers: { authorization: `Bearer ${t.keys.pro}`, accept: 'application/json' },
    });
    expect(res.status).toBe(405);
    expectGqlError(await res.json(), 'METHOD_NOT_ALLOWED');

    const sessionId = await createSession(t, t.keys.pro);
    vi.spyOn(t.gateway.context.service, 'getState').mockRejectedValueOnce(new Error('db password=hunter2'));
    const masked = await gql(t, 'query ($s: ID!) { state(sessionId: $s) { turns } }', {
      key: t.keys.pro,
      variables: { s: sessionId },
    });
    expectGqlError(masked.body, 'INTERNAL_ERROR');
    expect(masked.body.errors[0].message).toBe('Internal error');
    expect(JSON.stringify(masked.body)).not.toContain('hunter2');
    expect(t.logs.some((line) => line.includes('graphql operation failed'))).toBe(true);
  });
});

describe('graphql: limits', () => {
  const sessionsPage = (first: number | string) =>
    `sessions(first: ${first}) { edges { cursor node { sessionId name preset description createdAt updatedAt turns } } pageInfo { hasNextPage endCursor } }`;

  it('refuses an over-deep, an over-aliased, an over-costly and an over-long query, naming the limit', async () => {
    let ofType = '{ name }';
    for (let i = 0; i < 11; i++) ofType = `{ ofType ${ofType} }`;
    const cases: [string, RegExp][] = [
      [
        `{ __type(name: "Query") { fields { type ${ofType} } } }`,
        /^Query depth limit of 12 exceeded, found 15\.$/,
      ],
      [
        `{ ${Array.from({ length: 16 }, (_, i) => `p${i}: presets { id }`).join(' ')} }`,
        /^Aliases limit of 15 exceeded/,
      ],
      [
        `{ a: ${sessionsPage(100)} b: ${sessionsPage(100)} }`,
        /^Query cost limit of 5000 exceeded, found \d+\.$/,
      ],
      [`query ($n: Int!) { a: ${sessionsPage('$n')} b: ${sessionsPage('$n')} }`, /^Query cost limit of 5000/],
      [`{ presets { ${'id '.repeat(2100)} } }`, /^Token limit of 2000 exceeded\.$/],
    ];
    for (const [query, message] of cases) {
      const res = await gql(t, query, { key: t.keys.pro, variables: { n: 1 } });
      expectGqlError(res.body, 'VALIDATION_ERROR');
      expect(res.body.errors[0].message).toMatch(message);
      expect(res.body.data).toBeUndefined();
    }
    // Depth 12 and one page of 100 with every summary field are within the limits.
    let twelve = '{ name }';
    for (let i = 0; i < 8; i++) twelve = `{ ofType ${twelve} }`;
    for (const query of [
      `{ __type(name: "Query") { fields { type ${twelve} } } }`,
      `{ ${sessionsPage(100)} }`,
    ]) {
      expect((await gql(t, query, { key: t.keys.pro })).body.errors).toBeUndefined();
    }
  });
});

describe('graphql: one rate limit per key across transports', () => {
  it('counts GraphQL operations and REST requests of a free key together: the 61st is refused with 429', async () => {
    const free = restClient(t, t.keys.free);
    const sessionId = (await free.post('/v1/persona', { preset: 'rival' })).body.sessionId; // 1
    for (let i = 0; i < 29; i++) expect((await free.get(`/v1/state/${sessionId}`)).status).toBe(200); // 2..30
    let last: Response | undefined;
    for (let i = 0; i < 30; i++) {
      const res = await gql(t, 'query ($s: ID!) { state(sessionId: $s) { turns } }', {
        key: t.keys.free,
        variables: { s: sessionId },
      }); // 31..60
      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
      last = res as unknown as Response;
    }
    expect((last as unknown as { headers: Headers }).headers.get('ratelimit')).toMatch(/^"free";r=0;t=\d+$/);
    const refused = await gql(t, '{ presets { id } }', { key: t.keys.free });
    expect(refused.status).toBe(429);
    expectGqlError(refused.body, 'RATE_LIMIT');
    expect(refused.body.errors[0].extensions.retry_after).toBeGreaterThan(0);
    expect(refused.headers.get('retry-after')).toBe(String(refused.body.errors[0].extensions.retry_after));
    expect((await free.get(`/v1/state/${sessionId}`)).status).toBe(429);
    // Health and introspection stay usable: they are never counted.
    const health = await gql(t, '{ health { status } __schema { queryType { name } } }', {
      key: t.keys.free,
    });
    expect(health.status).toBe(200);
    expect(health.body.data.health.status).toBe('ok');
  });
});
