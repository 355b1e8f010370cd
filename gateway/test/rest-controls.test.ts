import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hintOf } from '../src/auth/api-key.js';
import { expectGqlError, gql } from './graphql-client.js';
import { startTestGateway, type TestGateway } from './harness.js';
import { expectError, type RestClient, restClient } from './rest-client.js';
import { openClient } from './ws-client.js';

let t: TestGateway;
let pro: RestClient;
let other: RestClient;
let live: RestClient;
let proKeyId: string;

const kindness = {
  goal_relevance: 1,
  goal_congruence: 0.9,
  expectedness: 0.5,
  controllability: 0.5,
  agency: -1,
  norm_compatibility: 0.8,
};

beforeAll(async () => {
  t = await startTestGateway();
  pro = restClient(t, t.keys.pro);
  other = restClient(t, t.keys.other);
  live = restClient(t, t.keys.proLive);
  const keys = await gql(t, '{ apiKeys { id hint } }', { key: t.adminToken });
  const listed = keys.body.data.apiKeys as { id: string; hint: string }[];
  proKeyId = listed.find((k) => k.hint === hintOf(t.keys.pro))!.id;
});
afterAll(() => t.close());

/** A session with half an hour of kindness behind it: a bond the character will miss. */
async function create(proactive = false): Promise<string> {
  const res = await pro.post('/v1/persona', { preset: 'cheerful_companion' });
  expect(res.status, res.text).toBe(201);
  const sessionId: string = res.body.sessionId;
  if (proactive) await pro.put(`/v1/proactive/${sessionId}/preferences`, { enabled: true });
  for (let i = 0; i < 30; i++) {
    t.clock.advance(60_000);
    expect((await pro.post('/v1/turn/appraisal', { sessionId, appraisal: kindness })).status).toBe(200);
  }
  return sessionId;
}

describe('POST /v1/persona/:id/tick', () => {
  it('lives through the time, raises the due action, pushes state and action to sockets, and keeps the clock', async () => {
    const sessionId = await create(true);
    const socket = await openClient(`${t.wsUrl}/v1/ws/${sessionId}?token=${t.keys.pro}&events=state`);
    await socket.expect('connected');
    const now = t.clock.now();
    const quiet = await pro.post(`/v1/persona/${sessionId}/tick`, { seconds: 12 * 3600 });
    expect(quiet.status, quiet.text).toBe(200);
    expect(quiet.body).toMatchObject({ sessionId, seconds: 43_200, actions: [] });
    expect(quiet.body.state.at).toBe(new Date(now).toISOString());
    await socket.expect('state');
    const res = await pro.post(`/v1/persona/${sessionId}/tick`, { seconds: 36 * 3600 });
    expect(res.body.actions).toHaveLength(1);
    const [action] = res.body.actions;
    expect(action).toMatchObject({ type: 'attachment_seeking', timestamp: new Date(now).toISOString() });
    // The write's events in their order: the state (cause tick), then the action.
    await socket.expect('state');
    expect((await socket.expect('proactive')).data).toMatchObject({ action_id: action.id });
    expect((await pro.get(`/v1/proactive/${sessionId}`)).body.map((a: { id: string }) => a.id)).toEqual([
      action.id,
    ]);
    expect(t.clock.now()).toBe(now);
    await socket.close();
  });

  it('raises nothing while proactive behaviour is off', async () => {
    const sessionId = await create();
    const res = await pro.post(`/v1/persona/${sessionId}/tick`, { seconds: 30 * 86_400 });
    expect(res.status).toBe(200);
    expect(res.body.actions).toEqual([]);
    expect((await pro.get(`/v1/proactive/${sessionId}`)).body).toEqual([]);
  });

  it('refuses a tick out of (0, 30 days] or not a number with VALIDATION_ERROR naming seconds', async () => {
    const sessionId = (await pro.post('/v1/persona', { preset: 'rival' })).body.sessionId;
    for (const body of [{ seconds: 0 }, { seconds: -1 }, { seconds: 2_592_001 }, { seconds: '5' }, {}]) {
      const res = await pro.post(`/v1/persona/${sessionId}/tick`, body);
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(res.body.error.message).toMatch(/seconds/);
    }
    expectError(await pro.post(`/v1/persona/${sessionId}/tick`, [60]), 400, 'VALIDATION_ERROR');
    expect((await pro.post(`/v1/persona/${sessionId}/tick`, { seconds: 2_592_000 })).status).toBe(200);
  });
});

describe('POST /v1/persona/:id/override', () => {
  it('sets the values, records the key and the engine time, and the next turn explains its part', async () => {
    const sessionId = await create();
    const res = await pro.post(`/v1/persona/${sessionId}/override`, {
      emotion: { V: -0.7, A: 0.85 },
      relationship: { trust: 0.2, familiarity: 0.9 },
      note: 'the betrayal is revealed',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.override).toEqual({
      by: proKeyId,
      at: new Date(t.clock.now()).toISOString(),
      emotion: { V: -0.7, A: 0.85 },
      relationship: { trust: 0.2, familiarity: 0.9 },
      note: 'the betrayal is revealed',
    });
    expect(res.body.state.emotion).toMatchObject({ V: -0.7, A: 0.85 });
    expect(res.body.state.interpersonal).toMatchObject({ trust: 0.2, familiarity: 0.9 });
    const details = await pro.get(`/v1/persona/${sessionId}`);
    expect(details.body.last_override).toEqual(res.body.override);
    t.clock.advance(60_000);
    const turn = await pro.post('/v1/turn', { sessionId, message: 'Hey, how are you today?' });
    const part = turn.body.explanation.contributions.find((c: { kind: string }) => c.kind === 'override');
    expect(part.V).toBeLessThan(-0.5);
    expect(part.text).toMatch(/^An operator’s override since the last turn lowered valence/);
  });

  it('answers VALIDATION_ERROR naming the field for every value out of its range, and changes nothing', async () => {
    const sessionId = (await pro.post('/v1/persona', { preset: 'rival' })).body.sessionId;
    const before = (await pro.get(`/v1/persona/${sessionId}`)).body;
    const cases: [unknown, string][] = [
      [{}, 'give at least one of emotion, mood, body_budget, relationship'],
      [{ emotion: { V: -1.01 } }, 'emotion.V: must be a number in [-1, 1]'],
      [{ mood: { A: 2 } }, 'mood.A: must be a number in [0, 1]'],
      [{ body_budget: { energy: 0 } }, 'body_budget.energy: must be a number in [0.05, 1]'],
      [{ body_budget: { stress: 1.5 } }, 'body_budget.stress: must be a number in [0, 1]'],
      [{ relationship: { rapport: -0.1 } }, 'relationship.rapport: must be a number in [0, 1]'],
      [{ relationship: { familiarity: 'high' } }, 'relationship.familiarity'],
      [{ relationship: {} }, 'relationship: must set at least one of rapport, trust, familiarity'],
      [{ emotion: { V: 0, valence: 1 } }, 'valence'],
      [{ emotion: { V: 0 }, note: '' }, 'note'],
    ];
    for (const [body, message] of cases) {
      const res = await pro.post(`/v1/persona/${sessionId}/override`, body);
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(res.body.error.message).toContain(message);
    }
    expectError(await pro.post(`/v1/persona/${sessionId}/override`, 'calm'), 400, 'VALIDATION_ERROR');
    const unknown = await pro.post(`/v1/persona/${sessionId}/override`, {
      relationship: { participant: 'u-nobody', trust: 0.5 },
    });
    expectError(unknown, 404, 'NOT_FOUND');
    expect((await pro.get(`/v1/persona/${sessionId}`)).body).toEqual(before);
  });
});

describe('isolation', () => {
  it('answers NOT_FOUND for another key’s session on REST and GraphQL, and changes nothing', async () => {
    const sessionId = (await pro.post('/v1/persona', { preset: 'rival' })).body.sessionId;
    const before = (await pro.get(`/v1/persona/${sessionId}`)).body;
    for (const client of [other, live]) {
      expectError(await client.post(`/v1/persona/${sessionId}/tick`, { seconds: 60 }), 404, 'NOT_FOUND');
      expectError(
        await client.post(`/v1/persona/${sessionId}/override`, { emotion: { V: 1 } }),
        404,
        'NOT_FOUND',
      );
    }
    for (const key of [t.keys.other, t.keys.proLive]) {
      const tick = await gql(
        t,
        'mutation ($s: ID!) { tickSession(sessionId: $s, seconds: 60) { seconds } }',
        {
          key,
          variables: { s: sessionId },
        },
      );
      expectGqlError(tick.body, 'NOT_FOUND');
      const override = await gql(
        t,
        'mutation ($s: ID!) { overrideState(sessionId: $s, input: { emotion: { V: 1 } }) { sessionId } }',
        { key, variables: { s: sessionId } },
      );
      expectGqlError(override.body, 'NOT_FOUND');
    }
    expect((await pro.get(`/v1/persona/${sessionId}`)).body).toEqual(before);
  });
});

describe('graphql: tickSession and overrideState', () => {
  it('tick and override as REST does, with REST’s errors, and last_override on the session', async () => {
    const sessionId = await create(true);
    const tick = await gql(
      t,
      `mutation ($s: ID!) { tickSession(sessionId: $s, seconds: 172800) {
        sessionId seconds state { at emotion { V } } actions { type timestamp } } }`,
      { key: t.keys.pro, variables: { s: sessionId } },
    );
    expect(tick.body.errors).toBeUndefined();
    expect(tick.body.data.tickSession).toMatchObject({
      sessionId,
      seconds: 172_800,
      actions: [{ type: 'attachment_seeking' }],
    });
    const override = await gql(
      t,
      `mutation ($s: ID!, $i: OverrideStateInput!) { overrideState(sessionId: $s, input: $i) {
        override { by at note emotion { V A D } mood { V } body_budget { energy stress } relationship { participant trust } }
        state { body_budget { stress } } } }`,
      {
        key: t.keys.pro,
        variables: { s: sessionId, i: { emotion: { V: 0.5 }, body_budget: { stress: 0.3 } } },
      },
    );
    expect(override.body.errors).toBeUndefined();
    expect(override.body.data.overrideState).toEqual({
      override: {
        by: proKeyId,
        at: new Date(t.clock.now()).toISOString(),
        note: null,
        emotion: { V: 0.5, A: null, D: null },
        mood: null,
        body_budget: { energy: null, stress: 0.3 },
        relationship: null,
      },
      state: { body_budget: { stress: 0.3 } },
    });
    const session = await gql(t, 'query ($s: ID!) { session(id: $s) { last_override { by } } }', {
      key: t.keys.pro,
      variables: { s: sessionId },
    });
    expect(session.body.data.session.last_override).toEqual({ by: proKeyId });
    const bad = await gql(t, 'mutation ($s: ID!) { tickSession(sessionId: $s, seconds: 0) { seconds } }', {
      key: t.keys.pro,
      variables: { s: sessionId },
    });
    expectGqlError(bad.body, 'VALIDATION_ERROR');
    const empty = await gql(
      t,
      'mutation ($s: ID!) { overrideState(sessionId: $s, input: {}) { sessionId } }',
      {
        key: t.keys.pro,
        variables: { s: sessionId },
      },
    );
    expectGqlError(empty.body, 'VALIDATION_ERROR');
  });
});
