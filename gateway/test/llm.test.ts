import { appraisalRubric, parseAppraisal, readingPrototypes } from '@limbic/core';
import { type FakeLlm, fakePersona, startFakeLlm } from '@limbic/fake-platforms';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/load-config.js';
import { gql } from './graphql-client.js';
import { startTestGateway, type TestGateway } from './harness.js';
import { expectError, type RestClient, restClient } from './rest-client.js';
import { connectSession } from './ws-client.js';

let llm: FakeLlm;
let t: TestGateway;
let pro: RestClient;

beforeAll(async () => {
  llm = await startFakeLlm({ retryAfter: 30 });
  t = await startTestGateway({
    llm: { baseURL: llm.baseURL, model: 'fake-model', apiKey: 'sk-fake', timeoutMs: 250 },
  });
  pro = restClient(t, t.keys.pro);
});
afterAll(async () => {
  await t.close();
  await llm.close();
});
afterEach(() => {
  llm.mode = 'ok';
  llm.calls.length = 0;
});

async function session(): Promise<string> {
  const res = await pro.post('/v1/persona', { preset: 'empathetic_listener' });
  expect(res.status, res.text).toBe(201);
  return res.body.sessionId;
}

async function turn(message = 'Thank you so much for helping me move!') {
  const res = await pro.post('/v1/turn', { sessionId: await session(), message });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

describe('text turns with an LLM (a fake OpenAI-compatible server over real HTTP)', () => {
  it('uses the model: appraiser llm, the feeling its reading maps to, no reader output, no fallback reason', async () => {
    const body = await turn();
    expect(body.appraiser).toBe('llm');
    expect(body.fallback_reason).toBeNull();
    expect(body.perceived).toBeNull();
    // The fake reads the speaker's kindness toward the character; the shared mapping makes it gratitude, and the
    // model's roles come with it.
    expect(body.roles).toEqual({ experiencer: 'character', cause: 'speaker', addressee: 'character' });
    expect(body.discrete_emotion).toBe('gratitude');
    expect(parseAppraisal(body.appraisal)).toEqual(body.appraisal);
    expect(body.appraisal.goal_congruence).toBeGreaterThan(0);
    expect(body.appraisal.agency).toBe(readingPrototypes.gratitude.agency);
    expect(llm.calls[0]?.system).toBe(appraisalRubric);
    expect(llm.calls).toHaveLength(1);
    expect(llm.calls[0]).toMatchObject({
      model: 'fake-model',
      responseFormat: 'json_schema',
      authorization: 'Bearer sk-fake',
    });
    expect(llm.calls[0]?.user).toContain('<event>\nThank you so much for helping me move!\n</event>');
    expect(llm.calls[0]?.user).toContain('"name":"Echo"');
  });

  it.each([
    ['slow', /^timed out after 250 ms$/],
    ['error', /^HTTP 500$/],
    ['malformed', /^response is not JSON$/],
    [
      'out-of-range',
      /^reply is not a valid reading: valence: must be a number in \[-1, 1\] \(got -40\); importance: must be a number in \[0, 1\] \(got 9\)$/,
    ],
    ['refusal', /^the model refused$/],
  ] as const)('falls back to the offline reader when the model is %s, and says why', async (mode, reason) => {
    llm.mode = mode;
    const body = await turn();
    expect(body.appraiser).toBe('reader');
    expect(body.fallback_reason).toMatch(reason);
    expect(body.perceived.group).toBe('joy');
    expect(body.roles).toMatchObject({ addressee: 'character' });
    expect(['gratitude', 'joy', 'love']).toContain(body.discrete_emotion);
    const warned = t.logs.map((l) => JSON.parse(l)).filter((l) => l.msg?.startsWith('LLM appraiser failed'));
    // The log line has what the server said too; the result only the short reason (no upstream bodies).
    expect(warned.at(-1)).toMatchObject({ level: 40 });
    expect(warned.at(-1).reason.startsWith(body.fallback_reason)).toBe(true);
  });

  it('honours 429 Retry-After: the reader answers without asking the model until the pause is over', async () => {
    llm.mode = 'rate-limited';
    const first = await turn();
    expect(first.appraiser).toBe('reader');
    expect(first.fallback_reason).toBe('HTTP 429 from the LLM (Retry-After 30 s)');
    expect(llm.calls).toHaveLength(1);
    llm.mode = 'ok';
    t.clock.advance(10_000);
    const paused = await turn();
    expect(paused.fallback_reason).toBe(
      'HTTP 429 from the LLM (Retry-After 30 s); not asking again for 20 s',
    );
    expect(llm.calls).toHaveLength(1);
    t.clock.advance(20_000);
    expect((await turn()).appraiser).toBe('llm');
    expect(llm.calls).toHaveLength(2);
  });

  it('works with a server that accepts only plain text, parsing the JSON out of prose', async () => {
    llm.mode = 'plain-only';
    const body = await turn();
    expect(body.appraiser).toBe('llm');
    expect(body.discrete_emotion).toBe('gratitude');
    // Remembered from here on (the earlier tests' server accepted json_schema; this one steps down once).
    expect(llm.calls.map((c) => c.responseFormat)).toEqual(['json_schema', 'json_object', 'none']);
  });

  it('reports the appraiser the same way on the WebSocket and in GraphQL', async () => {
    llm.mode = 'error';
    const sessionId = await session();
    const client = await connectSession(t, sessionId, t.keys.pro);
    client.send({ type: 'turn', message: 'I got the job!', request_id: 'r1' });
    const result = await client.expect('turn_result');
    const data = result.data as Record<string, unknown>;
    expect(data.appraiser).toBe('reader');
    expect(data.fallback_reason).toMatch(/^HTTP 500/);
    expect((data.perceived as { group: string }).group).toBe('joy');
    await client.close();
    const res = await gql(
      t,
      `mutation ($i: TextTurnInput!) {
        textTurn(input: $i) { appraiser fallback_reason perceived { emotion group confidence scores { category score } } }
      }`,
      { key: t.keys.pro, variables: { i: { sessionId, message: 'I got the job!' } } },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.textTurn).toMatchObject({ appraiser: 'reader', perceived: { group: 'joy' } });
    expect(res.body.data.textTurn.fallback_reason).toMatch(/^HTTP 500/);
    expect(res.body.data.textTurn.perceived.scores).toHaveLength(28);
  });
});

describe('POST /v1/persona with a description', () => {
  it('lets the LLM write the persona, explicit fields first, and shows it', async () => {
    const description = 'A grumpy lighthouse keeper who secretly loves visitors';
    const res = await pro.post('/v1/persona', { description, goals: ['Fix the foghorn'] });
    expect(res.status, res.text).toBe(201);
    const { persona } = res.body;
    expect(persona.preset).toBeNull();
    expect(persona.description).toBe(description);
    expect(persona.identity).toMatchObject({ name: 'Gus', role: 'lighthouse keeper', language: 'en' });
    expect(persona.personality).toMatchObject({ O: 0.4, C: 0.85, E: 0.2, A: 0.35, N: 0.3, H: 0.75 });
    expect(persona.personality.facets.patience).toBe(0.9);
    expect(Object.keys(persona.personality.facets)).toHaveLength(24);
    expect(persona.goals).toEqual(['Fix the foghorn']);
    expect(llm.calls[0]?.user).toContain(`<description>\n${description}\n</description>`);
    const got = await pro.get(`/v1/persona/${res.body.sessionId}`);
    expect(got.body.persona).toEqual(persona);
  });

  it('answers 502 APPRAISER_FAILED when the model writes no valid persona, and creates nothing', async () => {
    const before = (await pro.get('/v1/persona?limit=100')).body.sessions.length;
    llm.mode = 'out-of-range';
    const res = await pro.post('/v1/persona', { description: 'A cheerful baker' });
    expectError(res, 502, 'APPRAISER_FAILED');
    expect(res.body.error.message).toMatch(/personality\.O: must be a number in \[0, 1\]/);
    llm.mode = 'error';
    expectError(await pro.post('/v1/persona', { description: 'A cheerful baker' }), 502, 'APPRAISER_FAILED');
    expect((await pro.get('/v1/persona?limit=100')).body.sessions).toHaveLength(before);
  });

  it('works in GraphQL too', async () => {
    const res = await gql(
      t,
      'mutation ($d: PersonaDefinitionInput!) { createSession(input: $d) { persona { identity { name } personality { E } } } }',
      { key: t.keys.pro, variables: { d: { description: 'A shy librarian' } } },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.createSession.persona).toEqual({
      identity: { name: fakePersona.identity.name },
      personality: { E: fakePersona.personality.E },
    });
  });
});

describe('without an LLM', () => {
  let plain: TestGateway;
  beforeAll(async () => {
    plain = await startTestGateway();
  });
  afterAll(() => plain.close());

  it('a description alone is a 400 that names the missing setting', async () => {
    const res = await restClient(plain, plain.keys.pro).post('/v1/persona', {
      description: 'A shy librarian',
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.body.error.details).toEqual([
      { path: 'description', message: expect.stringMatching(/set LIMBIC_LLM_URL and LIMBIC_LLM_MODEL/) },
    ]);
    const viaGraphQL = await gql(
      plain,
      'mutation { createSession(input: { description: "A shy librarian" }) { sessionId } }',
      { key: plain.keys.pro },
    );
    expect(viaGraphQL.body.errors[0].extensions.code).toBe('VALIDATION_ERROR');
    expect(viaGraphQL.body.errors[0].message).toMatch(/LIMBIC_LLM_URL/);
  });

  it('text turns use the offline reader', async () => {
    const client = restClient(plain, plain.keys.pro);
    const { sessionId } = (await client.post('/v1/persona', { preset: 'empathetic_listener' })).body;
    const res = await client.post('/v1/turn', { sessionId, message: 'My dog died this morning.' });
    expect(res.body).toMatchObject({
      appraiser: 'reader',
      fallback_reason: null,
      discrete_emotion: 'sadness',
    });
    expect(res.body.perceived).toMatchObject({ group: 'sadness' });
  });
});

describe('LIMBIC_LLM_* settings', () => {
  it('reads them, with an 8 s default timeout and auto response format', () => {
    const config = loadConfig({
      LIMBIC_LLM_URL: 'http://127.0.0.1:1234/v1',
      LIMBIC_LLM_MODEL: 'qwen2.5-7b-instruct',
      LIMBIC_LLM_API_KEY: 'sk-1',
    });
    expect(config.llm).toEqual({
      baseURL: 'http://127.0.0.1:1234/v1',
      model: 'qwen2.5-7b-instruct',
      apiKey: 'sk-1',
    });
    expect(loadConfig({}).llm).toBeUndefined();
  });

  it('rejects bad ones, naming each variable and its rule', () => {
    expect(() =>
      loadConfig({
        LIMBIC_LLM_URL: 'localhost:1234',
        LIMBIC_LLM_TIMEOUT_MS: '0',
        LIMBIC_LLM_RESPONSE_FORMAT: 'xml',
      }),
    ).toThrow(
      /LIMBIC_LLM_URL: must be an http\(s\) URL.*LIMBIC_LLM_MODEL: must be a non-empty string.*LIMBIC_LLM_TIMEOUT_MS: must be a positive number.*LIMBIC_LLM_RESPONSE_FORMAT: must be one of auto, json_schema, json_object, none/,
    );
    expect(() => loadConfig({ LIMBIC_LLM_MODEL: 'm' })).toThrow(
      /LIMBIC_LLM_URL: must be set when LIMBIC_LLM_MODEL is/,
    );
  });
});
