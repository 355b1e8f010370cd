/**
 * Every transport's turn result explains itself (issue 24, item 6): REST, the session WebSocket and GraphQL carry the
 * same `explanation` for the same turn, in the documented shape, its parts summing to its change.
 */
import { maxContributions, type TurnExplanation } from '@limbic/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, selectAll, withoutNulls } from './graphql-client.js';
import { startTestGateway, type TestGateway } from './harness.js';
import { type RestClient, restClient } from './rest-client.js';
import { appraisals, connectSession } from './ws-client.js';

let t: TestGateway;
let pro: RestClient;

beforeAll(async () => {
  t = await startTestGateway();
  pro = restClient(t, t.keys.pro);
});
afterAll(() => t.close());

async function newSession(): Promise<string> {
  const created = await pro.post('/v1/persona', { preset: 'grumpy_veteran' });
  expect(created.status, created.text).toBe(201);
  return created.body.sessionId;
}

/** The documented shape, and the parts summing to the change within 0.0005 per number. */
function expectExplained(explanation: TurnExplanation): void {
  expect(Object.keys(explanation)).toEqual(['change', 'contributions']);
  const { change, contributions } = explanation;
  expect(contributions.length).toBeGreaterThan(0);
  expect(contributions.length).toBeLessThanOrEqual(maxContributions + 1);
  for (const c of contributions) {
    const keys = ['kind', 'V', 'A', 'D', 'text'];
    expect(Object.keys(c)).toEqual(c.kind === 'appraisal' ? [...keys, 'dimension', 'value', 'weight'] : keys);
    expect(c.text).toMatch(/^[A-Z].*\.$/);
  }
  for (const axis of ['V', 'A', 'D'] as const) {
    const total = contributions.reduce((sum, c) => sum + c[axis], 0);
    expect(Math.abs(total - change[axis])).toBeLessThanOrEqual(0.0005 * (contributions.length + 1) + 1e-9);
  }
}

describe('the turn result’s explanation', () => {
  it('is the same over REST, the WebSocket and GraphQL for the same turn', async () => {
    const [a, b, c] = [await newSession(), await newSession(), await newSession()];
    t.clock.advance(60_000);
    const input = { appraisal: appraisals.betrayal, elapsedSeconds: 60 };

    const rest = await pro.post('/v1/turn/appraisal', { sessionId: a, ...input });
    expect(rest.status, rest.text).toBe(200);
    const viaRest: TurnExplanation = rest.body.explanation;
    expectExplained(viaRest);
    expect(viaRest.contributions[0]).toMatchObject({ kind: 'appraisal', dimension: 'goal_congruence' });
    expect(viaRest.contributions[0]?.V).toBeLessThan(0);

    const client = await connectSession(t, b, t.keys.pro);
    client.send({
      type: 'turn_appraisal',
      appraisal: input.appraisal,
      elapsed_seconds: input.elapsedSeconds,
    });
    const viaSocket = ((await client.expect('turn_result')).data as { explanation: TurnExplanation })
      .explanation;
    await client.close();

    const answer = await gql(
      t,
      `mutation ($i: AppraisalTurnInput!) { appraisalTurn(input: $i) { explanation ${selectAll('TurnExplanation')} } }`,
      { key: t.keys.pro, variables: { i: { sessionId: c, ...input } } },
    );
    expect(answer.body.errors).toBeUndefined();
    const viaGraphQL = answer.body.data.appraisalTurn.explanation;
    // GraphQL gives null where REST leaves a field out (the appraisal-only detail).
    expect(viaGraphQL.contributions.every((x: { dimension: unknown }) => 'dimension' in x)).toBe(true);

    expect(viaSocket).toEqual(viaRest);
    expect(withoutNulls(viaGraphQL)).toEqual(viaRest);
  });

  it('says that time carried the change after a long quiet spell', async () => {
    const sessionId = await newSession();
    await pro.post('/v1/turn/appraisal', { sessionId, appraisal: appraisals.betrayal });
    t.clock.advance(12 * 3_600_000);
    const quiet = { ...appraisals.kindness, goal_relevance: 0 };
    const res = await pro.post('/v1/turn/appraisal', { sessionId, appraisal: quiet });
    expect(res.status, res.text).toBe(200);
    const explanation: TurnExplanation = res.body.explanation;
    expectExplained(explanation);
    expect(explanation.contributions[0]?.kind).toBe('decay');
    expect(explanation.contributions[0]?.text).toContain('(12 h)');
  });
});
