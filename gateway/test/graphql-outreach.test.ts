import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql } from './graphql-client.js';
import { startTestGateway, type TestGateway } from './harness.js';
import { type RestClient, restClient } from './rest-client.js';

let t: TestGateway;
let rest: RestClient;

beforeAll(async () => {
  t = await startTestGateway();
  rest = restClient(t, t.keys.pro);
});
afterAll(() => t.close());

const query = `query ($s: ID!) { session(id: $s) { outreach {
  next_consider_at holds { reason until }
  attachment { urge threshold bond onset_hours due_at }
  need { need deficit threshold due_at } } } }`;

async function create(preset: string): Promise<string> {
  const res = await rest.post('/v1/persona', { preset });
  expect(res.status, res.text).toBe(201);
  return res.body.sessionId;
}

describe("a session's outreach outlook on REST and GraphQL", () => {
  it('is the same on both: when it would reach out, and what holds it back', async () => {
    const id = await create('cheerful_companion');
    const put = await rest.put(`/v1/proactive/${id}/preferences`, { enabled: true });
    expect(put.status, put.text).toBe(200);
    t.clock.advance(60_000);
    expect((await rest.post('/v1/turn', { sessionId: id, message: 'Hi! How are you today?' })).status).toBe(
      200,
    );
    const details = await rest.get(`/v1/persona/${id}`);
    const outreach = details.body.outreach;
    expect(outreach.holds).toEqual([]);
    expect(Date.parse(outreach.next_consider_at)).toBeGreaterThan(t.clock.now());
    expect(outreach.need.due_at).toBe(outreach.next_consider_at);
    const res = await gql(t, query, { key: t.keys.pro, variables: { s: id } });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.session.outreach).toEqual(outreach);
  });

  it('says why grumpy_veteran does not reach out', async () => {
    const id = await create('grumpy_veteran');
    await rest.put(`/v1/proactive/${id}/preferences`, { enabled: true });
    const res = await gql(t, query, { key: t.keys.pro, variables: { s: id } });
    expect(res.body.data.session.outreach).toMatchObject({
      next_consider_at: null,
      holds: [{ reason: 'no_drive', until: null }],
      need: { need: 'belonging', due_at: null },
    });
  });
});
