import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectGqlError, gql, selectAll, withoutNulls } from './graphql-client.js';
import { startTestGateway, type TestGateway } from './harness.js';
import { expectError, type RestClient, restClient } from './rest-client.js';

let t: TestGateway;
let pro: RestClient;
let other: RestClient;

beforeAll(async () => {
  t = await startTestGateway();
  pro = restClient(t, t.keys.pro);
  other = restClient(t, t.keys.other);
});
afterAll(() => t.close());

const SAM = { id: 'u-sam', name: 'Sam' };
const SAD = 'I feel so hopeless, I cannot stop crying.';
const hour = 3_600_000;
const healthFields = selectAll('RelationshipHealth');
const query = `query ($s: ID!, $p: String) { session(id: $s) { relationship(participant: $p) ${healthFields} } }`;

async function create(): Promise<string> {
  const res = await pro.post('/v1/persona', { preset: 'cheerful_companion', identity: { name: 'Mika' } });
  expect(res.status, res.text).toBe(201);
  return res.body.sessionId;
}

async function say(sessionId: string, message: string, extra: Record<string, unknown> = {}) {
  t.clock.advance(hour);
  const res = await pro.post('/v1/turn', { sessionId, message, ...extra });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

describe('GET /v1/persona/:id/relationship', () => {
  it('answers a participant’s values, trend and signals; repeated distress turns its signal and the directive on', async () => {
    const sessionId = await create();
    const one = await say(sessionId, SAD, { from: SAM });
    expect(one.prompt_data.instruction.support_directive).toBeNull();
    await say(sessionId, SAD, { from: SAM });
    const third = await say(sessionId, SAD, { from: SAM });
    expect(third.prompt_data.instruction.support_directive).toContain('professional');
    const res = await pro.get(`/v1/persona/${sessionId}/relationship?participant=${SAM.id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      session_id: sessionId,
      participant: SAM,
      time_zone: 'UTC',
      messages: { today: expect.any(Number), last_7_days: 3, last_30_days: 3 },
      trend: { days_7: null, days_30: null },
    });
    const distress = res.body.signals.find((s: { id: string }) => s.id === 'repeated_distress');
    expect(distress).toMatchObject({ active: true, value: 3, threshold: 3, window_days: 7 });
    expect(distress.since).toBe(new Date(t.clock.now()).toISOString());
    // Without `participant`: the default person, who said nothing.
    const person = await pro.get(`/v1/persona/${sessionId}/relationship`);
    expect(person.body).toMatchObject({ participant: null, messages: { last_30_days: 0 } });
    // GraphQL's session.relationship is the same answer.
    const data = await gql(t, query, { key: t.keys.pro, variables: { s: sessionId, p: SAM.id } });
    expect(data.body.errors, JSON.stringify(data.body.errors)).toBeUndefined();
    expect(withoutNulls(data.body.data.session.relationship)).toEqual(withoutNulls(res.body));
    // Eight days later, the week's trend starts from the values of the day of those messages.
    t.clock.advance(8 * 24 * hour);
    await say(sessionId, 'Thank you so much, you really helped me!', { from: SAM });
    const later = await pro.get(`/v1/persona/${sessionId}/relationship?participant=${SAM.id}`);
    expect(later.body.trend.days_7).toMatchObject({ values: res.body.interpersonal });
    expect(later.body.trend.days_7.date).toBe(res.body.at.slice(0, 10));
  });

  it('refuses bad query input with VALIDATION_ERROR naming the field, on REST and GraphQL', async () => {
    const sessionId = await create();
    const cases = [
      ['?participant=', 'participant'],
      [`?participant=${'x'.repeat(129)}`, 'participant'],
      ['?participant=a&participant=b', 'participant'],
      ['?participnt=a', 'participnt'],
    ] as const;
    for (const [search, field] of cases) {
      const res = await pro.get(`/v1/persona/${sessionId}/relationship${search}`);
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(res.body.error.message).toContain(field);
    }
    const bad = await gql(t, query, { key: t.keys.pro, variables: { s: sessionId, p: '' } });
    expectGqlError(bad.body, 'VALIDATION_ERROR');
    expect(JSON.stringify(bad.body.errors)).toContain('participant');
  });

  it('is NOT_FOUND for another key’s session (REST, GraphQL) and for an unknown participant', async () => {
    const sessionId = await create();
    await say(sessionId, SAD, { from: SAM });
    expectError(await other.get(`/v1/persona/${sessionId}/relationship`), 404, 'NOT_FOUND');
    expectError(
      await other.get(`/v1/persona/${sessionId}/relationship?participant=${SAM.id}`),
      404,
      'NOT_FOUND',
    );
    const stolen = await gql(t, query, { key: t.keys.other, variables: { s: sessionId, p: SAM.id } });
    expectGqlError(stolen.body, 'NOT_FOUND');
    expect(JSON.stringify(stolen.body)).not.toContain('hopeless');
    const unknown = await pro.get(`/v1/persona/${sessionId}/relationship?participant=nobody`);
    expectError(unknown, 404, 'NOT_FOUND');
    expect(unknown.body.error.message).toContain('nobody');
    expectError(await pro.get('/v1/persona/ses_missing/relationship'), 404, 'NOT_FOUND');
  });

  it('forgets a participant’s history with them', async () => {
    const sessionId = await create();
    await say(sessionId, SAD, { from: SAM });
    expect((await pro.delete(`/v1/persona/${sessionId}/participants/${SAM.id}`)).status).toBe(200);
    expectError(
      await pro.get(`/v1/persona/${sessionId}/relationship?participant=${SAM.id}`),
      404,
      'NOT_FOUND',
    );
    await say(sessionId, 'Hello again!', { from: SAM });
    const fresh = await pro.get(`/v1/persona/${sessionId}/relationship?participant=${SAM.id}`);
    expect(fresh.body.messages.last_30_days).toBe(1);
  });
});
