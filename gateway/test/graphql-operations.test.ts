import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  expectGqlError,
  gql,
  metadataObject,
  restTurnResult,
  selectAll,
  subscribe,
  withoutNulls,
  wsClient,
} from './graphql-client.js';
import { startTestGateway, type TestGateway } from './harness.js';
import { appraisal, expectExperience, type RestClient, restClient, sisterLied } from './rest-client.js';
import { bondedSession, threeDays } from './ws-client.js';

let t: TestGateway;
let rest: RestClient;

beforeEach(async () => {
  t = await startTestGateway();
  rest = restClient(t, t.keys.pro);
});
afterEach(() => t.close());

const turnFields = selectAll('TurnResult');
// REST's list has no state: a summary's `state` is checked on its own below.
const summaryFields = selectAll('SessionSummary', ['state']);
const actionFields =
  '{ id type message priority metadata { key value type } timestamp reason { text trigger need value threshold since_last_talk_seconds episode { id summary at } } }';

/** Runs an operation with the pro key; fails the test on any error. */
async function ok(query: string, variables: Record<string, unknown> = {}) {
  const res = await gql(t, query, { key: t.keys.pro, variables });
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  expect(res.status).toBe(200);
  return res.body.data;
}

async function createVia(definition: Record<string, unknown>): Promise<string> {
  const data = await ok('mutation ($d: PersonaDefinitionInput!) { createSession(input: $d) { sessionId } }', {
    d: definition,
  });
  return data.createSession.sessionId;
}

/** The REST form of a GraphQL proactive action (metadata entries back to an object). */
function restAction(action: {
  metadata: { key: string; value: string | null; type: string | null }[];
  reason: Record<string, unknown>;
}) {
  // GraphQL answers null for the reason's fields REST leaves out.
  const reason = Object.fromEntries(Object.entries(action.reason).filter(([, value]) => value !== null));
  return { ...action, metadata: metadataObject(action.metadata), reason };
}

describe('graphql: queries', () => {
  it('health and presets answer like REST', async () => {
    const data = await ok(`{ health ${selectAll('Health')} presets ${selectAll('PresetSummary')} }`);
    const health = (await rest.get('/v1/health')).body;
    expect({ ...data.health, uptime_seconds: 0 }).toEqual({ ...health, uptime_seconds: 0 });
    expect(data.presets).toEqual((await rest.get('/v1/presets')).body.presets);
  });

  it('session(id) is REST GET /v1/persona/:id, field for field', async () => {
    const sessionId = await createVia({
      preset: 'stoic_mentor',
      identity: { name: 'Ada', core_values: ['honesty'], language: 'es' },
      personality: { O: 0.9, facets: { prudence: 0.2 } },
      emotion_config: { reactivity: 0.8, baseline: { V: 0.1, A: 0.4, D: 0.2 } },
      goals: ['teach'],
      description: 'A patient teacher',
    });
    // REST's session has no participants, memories, snapshot or relationship health: each has its own route.
    const data = await ok(
      `query ($id: ID!) { session(id: $id) ${selectAll('SessionDetails', ['participants', 'memories', 'memorySettings', 'snapshot', 'relationship'])} }`,
      {
        id: sessionId,
      },
    );
    const details = (await rest.get(`/v1/persona/${sessionId}`)).body;
    expect(withoutNulls(data.session)).toEqual(withoutNulls(details));
    expect(data.session.persona.identity.name).toBe('Ada');
    expect(data.session.persona.emotion_config.reactivity).toBe(0.8);
  });

  it('sessions(first, after) pages like REST, as a cursor connection', async () => {
    const ids = [];
    for (const preset of ['rival', 'stoic_mentor', 'anxious_helper'])
      ids.unshift(await createVia({ preset }));
    // ids is newest first, the default order.
    // A variable page size is priced as the largest page (100) by the cost limit: edges and pageInfo fit in it.
    const page = `query ($first: Int!, $after: String) { sessions(first: $first, after: $after) {
      edges { cursor node ${summaryFields} } pageInfo ${selectAll('PageInfo')} } }`;
    const first = (await ok(page, { first: 2 })).sessions;
    expect(first.edges.map((e: { node: { sessionId: string } }) => e.node.sessionId)).toEqual(
      ids.slice(0, 2),
    );
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(first.pageInfo.startCursor).toBe(first.edges[0].cursor);
    expect(first.pageInfo.endCursor).toBe(first.edges[1].cursor);
    const restPage = (await rest.get('/v1/persona?limit=2')).body;
    expect(first.edges.map((e: { node: unknown }) => e.node)).toEqual(restPage.sessions);
    const nodes = (await ok(`{ sessions(first: 2) { nodes ${summaryFields} } }`)).sessions.nodes;
    expect(nodes).toEqual(restPage.sessions);
    expect(first.pageInfo.endCursor).toBe(restPage.cursor);
    const idsOf = (c: { edges: { node: { sessionId: string } }[] }) => c.edges.map((e) => e.node.sessionId);
    const second = (await ok(page, { first: 2, after: first.pageInfo.endCursor })).sessions;
    expect(idsOf(second)).toEqual(ids.slice(2));
    expect(second.pageInfo.hasNextPage).toBe(false);
    // Any edge's cursor continues after that edge.
    const fromFirst = (await ok(page, { first: 5, after: first.edges[0].cursor })).sessions;
    expect(idsOf(fromFirst)).toEqual(ids.slice(1));
  });

  it('state(sessionId) is REST GET /v1/state/:sessionId', async () => {
    const sessionId = await createVia({ preset: 'rival' });
    t.clock.advance(90_000);
    const data = await ok(`query ($id: ID!) { state(sessionId: $id) ${selectAll('StateSnapshot')} }`, {
      id: sessionId,
    });
    expect(withoutNulls(data.state)).toEqual(withoutNulls((await rest.get(`/v1/state/${sessionId}`)).body));
  });

  it('sessions nodes carry each session’s state now: the current emotion of REST GET /v1/state', async () => {
    const moved = await createVia({ preset: 'rival' });
    const still = await createVia({ preset: 'stoic_mentor' });
    const turn = await rest.post('/v1/turn/appraisal', { sessionId: moved, appraisal });
    expect(turn.status).toBe(200);
    t.clock.advance(30_000);
    const query = `{ sessions(first: 10) { edges { node { sessionId state ${selectAll('StateSnapshot')} } } } }`;
    const edges: { node: { sessionId: string; state: { discrete_emotion: string } } }[] = (await ok(query))
      .sessions.edges;
    const stateOf = (id: string) => edges.find((e) => e.node.sessionId === id)?.node.state;
    expect(stateOf(moved)?.discrete_emotion).toBe(turn.body.discrete_emotion);
    for (const id of [moved, still]) {
      expect(withoutNulls(stateOf(id))).toEqual(withoutNulls((await rest.get(`/v1/state/${id}`)).body));
    }
  });

  it('proactiveActions(sessionId) lists the pending actions like REST, metadata as typed entries', async () => {
    const sessionId = await bondedSession(t, t.keys.pro);
    t.clock.advance(threeDays);
    const data = await ok(`query ($id: ID!) { proactiveActions(sessionId: $id) ${actionFields} }`, {
      id: sessionId,
    });
    expect(data.proactiveActions).toHaveLength(1);
    expect(data.proactiveActions[0].type).toBe('attachment_seeking');
    expect(data.proactiveActions.map(restAction)).toEqual(
      (await rest.get(`/v1/proactive/${sessionId}`)).body,
    );
    const types = new Set(data.proactiveActions[0].metadata.map((m: { type: string }) => m.type));
    expect([...types].every((type) => ['string', 'number', 'boolean', null].includes(type as string))).toBe(
      true,
    );
  });
});

describe('graphql: mutations', () => {
  it('createSession returns what REST POST /v1/persona returns for the same definition', async () => {
    const definition = { preset: 'rival', identity: { name: 'Kai' }, goals: ['win'] };
    const data = await ok(
      `mutation ($d: PersonaDefinitionInput!) { createSession(input: $d) ${selectAll('SessionInfo')} }`,
      { d: definition },
    );
    const created = (await rest.post('/v1/persona', definition)).body;
    const {
      sessionId: _a,
      createdAt: _b,
      ...viaGraphQL
    } = withoutNulls(data.createSession) as Record<string, unknown>;
    const { sessionId: _c, createdAt: _d, ...viaRest } = created;
    expect(viaGraphQL).toEqual(viaRest);
    expect(data.createSession.sessionId).toMatch(/^ses_/);
    expect(data.createSession.createdAt).toBe(new Date(t.clock.now()).toISOString());
  });

  it('appraisalTurn and textTurn give the REST turn result for the same turn on a twin session', async () => {
    const [a, b] = [await createVia({ preset: 'rival' }), await createVia({ preset: 'rival' })];
    t.clock.advance(30_000);
    const input = { appraisal, context: 'They broke a promise', elapsedSeconds: 45 };
    const viaGraphQL = await ok(
      `mutation ($i: AppraisalTurnInput!) { appraisalTurn(input: $i) ${turnFields} }`,
      { i: { sessionId: a, ...input } },
    );
    const viaRest = (await rest.post('/v1/turn/appraisal', { sessionId: b, ...input })).body;
    expect(restTurnResult(viaGraphQL.appraisalTurn)).toEqual(withoutNulls(viaRest));
    expect(viaGraphQL.appraisalTurn.prompt_data.context.event).toBe('They broke a promise');
    // GraphQL has no absent fields: an appraisal turn's text-only fields are null.
    expect(viaGraphQL.appraisalTurn).toMatchObject({ appraiser: null, perceived: null, roles: null });

    const text = { message: 'You did it, you won the game!' };
    const textGraphQL = await ok(`mutation ($i: TextTurnInput!) { textTurn(input: $i) ${turnFields} }`, {
      i: { sessionId: a, ...text },
    });
    const textRest = (await rest.post('/v1/turn', { sessionId: b, ...text })).body;
    // GraphQL has no maps: the reader's scores are a list, highest first, where REST has an object by category.
    const scores: { category: string; score: number }[] = textGraphQL.textTurn.perceived.scores;
    expect(scores.map((s) => s.score)).toEqual(scores.map((s) => s.score).sort((x, y) => y - x));
    expect(restTurnResult(textGraphQL.textTurn)).toEqual(withoutNulls(textRest));
    expect(textGraphQL.textTurn.appraiser).toBe('reader');
    expect(textRest.perceived.group).toBe('joy');
    const event = { event: { description: 'A storm knocked the power out', source: 'system' } };
    const eventTurn = await ok('mutation ($i: TextTurnInput!) { textTurn(input: $i) { discrete_emotion } }', {
      i: { sessionId: a, ...event },
    });
    expect(typeof eventTurn.textTurn.discrete_emotion).toBe('string');
  });

  it('textTurn reads the roles and the experience like REST, over HTTP and over graphql-ws', async () => {
    const [a, b, c] = [
      await createVia({ preset: 'rival' }),
      await createVia({ preset: 'rival' }),
      await createVia({ preset: 'rival' }),
    ];
    const query = `mutation ($i: TextTurnInput!) { textTurn(input: $i) ${turnFields} }`;
    const overHttp = (await ok(query, { i: { sessionId: a, message: sisterLied.message } })).textTurn;
    const client = wsClient(t, t.keys.pro);
    const overWs = (
      await subscribe(client, query, { i: { sessionId: b, message: sisterLied.message } }).next()
    ).data?.textTurn;
    await client.dispose();
    const viaRest = (await rest.post('/v1/turn', { sessionId: c, message: sisterLied.message })).body;
    expect(overHttp.roles).toEqual(sisterLied.roles);
    expectExperience(overHttp.perceived.experience);
    expect(overWs).toEqual(overHttp);
    expect(restTurnResult(overHttp)).toEqual(withoutNulls(viaRest));

    const group = await ok('mutation ($i: TextTurnInput!) { textTurn(input: $i) { roles { addressee } } }', {
      i: {
        sessionId: a,
        message: sisterLied.message,
        from: { id: 'u-bob' },
        to: { participant: { id: 'u-alice' } },
      },
    });
    expect(group.textTurn.roles).toEqual({ addressee: 'participant' });
  });

  it('setProactivePreferences, ackProactive and deleteSession answer like REST', async () => {
    const sessionId = await createVia({ preset: 'anxious_helper' });
    const prefs = await ok(
      `mutation ($i: SetProactivePreferencesInput!) { setProactivePreferences(input: $i) ${selectAll('PreferencesResult')} }`,
      {
        i: {
          sessionId,
          preferences: { enabled: true, triggers: { need_deficit: false }, cooldown_hours: 2 },
        },
      },
    );
    const viaRest = await rest.put(`/v1/proactive/${sessionId}/preferences`, {
      enabled: true,
      triggers: { need_deficit: false },
      cooldown_hours: 2,
    });
    expect(prefs.setProactivePreferences).toEqual(viaRest.body);

    const bonded = await bondedSession(t, t.keys.pro);
    t.clock.advance(threeDays);
    const [pending] = (
      await ok(`query ($id: ID!) { proactiveActions(sessionId: $id) { id } }`, { id: bonded })
    ).proactiveActions;
    const ack =
      'mutation ($s: ID!, $a: ID!) { ackProactive(sessionId: $s, actionId: $a) { action_id acknowledged } }';
    const acked = await ok(ack, { s: bonded, a: pending.id });
    expect(acked.ackProactive).toEqual({ action_id: pending.id, acknowledged: true });
    expect((await rest.get(`/v1/proactive/${bonded}`)).body).toEqual([]);
    expect((await ok(ack, { s: bonded, a: pending.id })).ackProactive.acknowledged).toBe(true);
    expectGqlError(
      (await gql(t, ack, { key: t.keys.pro, variables: { s: bonded, a: 'act_unknown' } })).body,
      'NOT_FOUND',
    );

    const deleted = await ok('mutation ($id: ID!) { deleteSession(id: $id) { deleted id } }', {
      id: sessionId,
    });
    expect(deleted.deleteSession).toEqual({ deleted: true, id: sessionId });
    const gone = await gql(t, 'query ($id: ID!) { session(id: $id) { sessionId } }', {
      key: t.keys.pro,
      variables: { id: sessionId },
    });
    expect(gone.body.data).toEqual({ session: null });
    expectGqlError(gone.body, 'NOT_FOUND');
    expect(gone.body.errors[0].path).toEqual(['session']);
  });

  it('treats an explicit null in an input as an absent field, as REST treats a missing one', async () => {
    const data = await ok(
      'mutation { createSession(input: {preset: "rival", identity: null, goals: null}) { persona { preset goals } } }',
    );
    expect(data.createSession.persona.preset).toBe('rival');
  });
});
