/**
 * Group conversations on every transport: `from` and `to` on turns, `speaker`, `to` and `reply` in results, the
 * participant list and forgetting, over REST, the session WebSocket (`ws`) and GraphQL (HTTP and graphql-ws), which
 * must agree field for field on twin sessions.
 */
import type { Client } from 'graphql-ws';
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
import { appraisal, expectError, type RestClient, restClient, sisterLied } from './rest-client.js';
import { appraisals, bondedSession, connectSession, type TestClient, threeDays } from './ws-client.js';

let t: TestGateway;
let rest: RestClient;
let clients: Client[];
let sockets: TestClient[];

beforeEach(async () => {
  t = await startTestGateway();
  rest = restClient(t, t.keys.pro);
  clients = [];
  sockets = [];
});
afterEach(async () => {
  for (const client of clients) await client.dispose();
  for (const socket of sockets) await socket.close();
  await t.close();
});

const BOB = { id: 'u-bob', name: 'Bob' };
const ALICE = { id: 'u-alice', name: 'Alice' };
const INSULT = 'You are a worthless idiot and I hate you.';
const THANKS = 'Thank you so much, you really helped me today!';
const turnFields = selectAll('TurnResult');
// The page size is written in the query: a variable one is priced as 100 by the cost limit.
const participantPage = (first: number) => `query ($id: ID!, $after: String) { session(id: $id) {
  participants(first: ${first}, after: $after) { edges { cursor node ${selectAll('ParticipantSummary')} }
  pageInfo { hasNextPage endCursor } } } }`;

/** Runs an operation with the pro key; fails the test on any error. */
async function ok(query: string, variables: Record<string, unknown> = {}) {
  const res = await gql(t, query, { key: t.keys.pro, variables });
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data;
}

async function create(): Promise<string> {
  const res = await rest.post('/v1/persona', { preset: 'cheerful_companion', identity: { name: 'Mika' } });
  expect(res.status, res.text).toBe(201);
  return res.body.sessionId;
}

async function socketOn(sessionId: string): Promise<TestClient> {
  const socket = await connectSession(t, sessionId, t.keys.pro);
  sockets.push(socket);
  return socket;
}

/** GraphQL's AddresseeInput for REST's `to`. */
function addresseeInput(to: unknown): unknown {
  if (to === undefined) return undefined;
  return typeof to === 'string' ? { [to]: true } : { participant: to };
}

/** One turn of the conversation, in REST's words. */
interface Step {
  kind: 'text' | 'appraisal';
  body: Record<string, unknown>;
}

const conversation: Step[] = [
  { kind: 'text', body: { message: INSULT, from: BOB, to: 'character' } },
  { kind: 'text', body: { message: THANKS, from: ALICE, to: 'everyone' } },
  { kind: 'text', body: { message: 'Mika, are you there?', from: ALICE } },
  {
    kind: 'appraisal',
    body: { appraisal: appraisals.betrayal, context: 'Bob mocks Alice', from: BOB, to: ALICE },
  },
  { kind: 'text', body: { event: { description: 'Alice hands Mika a flower' }, from: { id: ALICE.id } } },
  { kind: 'text', body: { message: sisterLied.message, from: BOB, to: ALICE } },
  { kind: 'appraisal', body: { appraisal, elapsedSeconds: 30 } },
];

async function viaRest(sessionId: string, step: Step) {
  const path = step.kind === 'text' ? '/v1/turn' : '/v1/turn/appraisal';
  const res = await rest.post(path, { sessionId, ...step.body });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function viaSocket(socket: TestClient, step: Step) {
  const { elapsedSeconds, ...fields } = step.body;
  socket.send({
    type: step.kind === 'text' ? 'turn' : 'turn_appraisal',
    ...fields,
    ...(elapsedSeconds === undefined ? {} : { elapsed_seconds: elapsedSeconds }),
  });
  return (await socket.expect('turn_result')).data;
}

async function viaGraphQL(sessionId: string, step: Step) {
  const { to, ...fields } = step.body;
  const input = { sessionId, ...fields, ...(to === undefined ? {} : { to: addresseeInput(to) }) };
  if (step.kind === 'text') {
    const data = await ok(`mutation ($i: TextTurnInput!) { textTurn(input: $i) ${turnFields} }`, {
      i: input,
    });
    return restTurnResult(data.textTurn);
  }
  const data = await ok(`mutation ($i: AppraisalTurnInput!) { appraisalTurn(input: $i) ${turnFields} }`, {
    i: input,
  });
  return restTurnResult(data.appraisalTurn);
}

describe('a group conversation on twin sessions', () => {
  it('gives the same results, participants and state over REST, the WebSocket and GraphQL', async () => {
    const [a, b, c] = [await create(), await create(), await create()];
    const socket = await socketOn(b);
    const results = [];
    for (const step of conversation) {
      t.clock.advance(60_000);
      const fromRest = await viaRest(a, step);
      const fromSocket = await viaSocket(socket, step);
      const fromGraphQL = await viaGraphQL(c, step);
      expect(fromSocket).toEqual(fromRest);
      expect(fromGraphQL).toEqual(withoutNulls(fromRest));
      results.push(fromRest);
    }
    // Who spoke, whom they addressed, and whether the character should answer.
    expect(results[0]).toMatchObject({
      speaker: BOB,
      to: 'character',
      reply: { should: true, reason: 'addressed' },
    });
    expect(results[1]).toMatchObject({ speaker: ALICE, to: 'everyone' });
    expect(results[3]).toMatchObject({ speaker: BOB, to: ALICE });
    expect(results[3].prompt_data.context.addressed_to).toEqual(ALICE);
    // A text turn's roles name its addressee, the kind of `to`; said to a participant, "me" is still the speaker.
    expect(results[0].roles).toMatchObject({ addressee: 'character' });
    expect(results[1].roles).toMatchObject({ addressee: 'everyone' });
    expect(results[5].roles).toEqual({ ...sisterLied.roles, addressee: 'participant' });
    expect(results[3]).not.toHaveProperty('roles');
    expect(results[6]).toMatchObject({
      speaker: null,
      to: 'character',
      reply: { should: true, reason: 'direct' },
    });

    const participants = (await rest.get(`/v1/persona/${a}/participants`)).body;
    expect(participants.participants.map((p: { id: string }) => p.id)).toEqual(['u-alice', 'u-bob']);
    const [alice, bob] = participants.participants;
    expect(alice.interpersonal.trust).toBeGreaterThan(bob.interpersonal.trust);
    expect(bob.interpersonal.trust).toBeLessThan(0.5);
    for (const twin of [b, c]) {
      expect((await rest.get(`/v1/persona/${twin}/participants`)).body).toEqual(participants);
    }
    const page = await ok(participantPage(20), { id: c });
    const nodes = page.session.participants.edges.map((e: { node: unknown }) => withoutNulls(e.node));
    expect(nodes).toEqual(withoutNulls(participants.participants));
    expect(page.session.participants.pageInfo).toEqual({ hasNextPage: false, endCursor: expect.any(String) });

    // The snapshot's speaker: the one who spoke last before the default person's turn cleared it.
    socket.send({ type: 'get_state' });
    const state = (await socket.expect('state')).data;
    expect(state).toEqual((await rest.get(`/v1/state/${a}`)).body);
    expect(state).toMatchObject({ speaker: null });
  });
});

describe('bad from and to on every transport', () => {
  // [REST/WebSocket fields, GraphQL fields (null: not expressible), the issue path on REST and the socket, GraphQL's]
  const cases: [Record<string, unknown>, Record<string, unknown> | null, string, string][] = [
    [{ from: { id: '' } }, { from: { id: '' } }, 'from.id', 'from.id'],
    [{ from: { id: 'b', name: ' ' } }, { from: { id: 'b', name: ' ' } }, 'from.name', 'from.name'],
    [{ from: { id: 'x'.repeat(129) } }, { from: { id: 'x'.repeat(129) } }, 'from.id', 'from.id'],
    [{ to: { id: '' } }, { to: { participant: { id: '' } } }, 'to.id', 'to.participant.id'],
    [
      { to: { id: 'u', name: 'n'.repeat(129) } },
      { to: { participant: { id: 'u', name: 'n'.repeat(129) } } },
      'to.name',
      'to.participant.name',
    ],
    [{ to: 'someone' }, null, 'to', 'to'],
    [{ from: { id: 'b', nick: 'B' } }, null, 'from.nick', 'from.nick'],
  ];

  it.each(cases)(
    '%j: VALIDATION_ERROR naming the field, and nothing changes',
    async (fields, graphql, path, gqlPath) => {
      const sessionId = await create();
      const restAnswer = await rest.post('/v1/turn', { sessionId, message: 'hi', ...fields });
      expectError(restAnswer, 400, 'VALIDATION_ERROR');
      expect(restAnswer.body.error.details.map((d: { path: string }) => d.path)).toEqual([path]);

      const socket = await socketOn(sessionId);
      socket.send({ type: 'turn', message: 'hi', ...fields, request_id: 'bad' });
      const error = await socket.expect('error');
      expect(error).toMatchObject({ code: 'VALIDATION_ERROR', request_id: 'bad' });
      expect((error.details as { path: string }[]).map((d) => d.path)).toEqual([path]);
      expect(error.message).toBe(restAnswer.body.error.message);

      if (graphql) {
        const res = await gql(
          t,
          'mutation ($i: TextTurnInput!) { textTurn(input: $i) { discrete_emotion } }',
          {
            key: t.keys.pro,
            variables: { i: { sessionId, message: 'hi', ...graphql } },
          },
        );
        expectGqlError(res.body, 'VALIDATION_ERROR');
        expect(res.body.data).toEqual({ textTurn: null });
        const details = res.body.errors[0].extensions.details as { path: string; message: string }[];
        expect(details.map((d) => d.path)).toEqual([gqlPath]);
        expect(details[0]!.message).toBe(restAnswer.body.error.details[0].message);
      }
      expect((await rest.get(`/v1/state/${sessionId}`)).body.turns).toBe(0);
      expect((await rest.get(`/v1/persona/${sessionId}/participants`)).body.participants).toEqual([]);
    },
  );

  it('rejects `from` on an event whose source is not user, on every transport', async () => {
    const sessionId = await create();
    const event = { description: 'A storm knocked the power out', source: 'system' };
    const restAnswer = await rest.post('/v1/turn', { sessionId, event, from: BOB });
    expectError(restAnswer, 400, 'VALIDATION_ERROR');
    expect(restAnswer.body.error.details[0].path).toBe('from');
    const socket = await socketOn(sessionId);
    socket.send({ type: 'turn', event, from: BOB });
    expect(await socket.expect('error')).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'from' }],
    });
    const res = await gql(t, 'mutation ($i: TextTurnInput!) { textTurn(input: $i) { reply { should } } }', {
      key: t.keys.pro,
      variables: { i: { sessionId, event, from: BOB } },
    });
    expectGqlError(res.body, 'VALIDATION_ERROR');
    expect(res.body.errors[0].extensions.details[0].path).toBe('from');
  });

  it('GraphQL: AddresseeInput takes exactly one field, and only true names the character or everyone', async () => {
    const sessionId = await create();
    const turn = (to: unknown, message: unknown = 'hi') =>
      gql(t, 'mutation ($i: TextTurnInput!) { textTurn(input: $i) { to { kind } } }', {
        key: t.keys.pro,
        variables: { i: { sessionId, message, to } },
      });
    for (const to of [{}, { character: true, everyone: true }, { character: true, participant: BOB }]) {
      const res = await turn(to);
      expectGqlError(res.body, 'VALIDATION_ERROR');
      expect(res.body.errors[0].message).toMatch(/AddresseeInput/);
    }
    const notTrue = await turn({ character: false }, '');
    expectGqlError(notTrue.body, 'VALIDATION_ERROR');
    // Every issue at once: the message's own, and the false `to`.
    expect(notTrue.body.errors[0].extensions.details.map((d: { path: string }) => d.path)).toEqual([
      'message',
      'to.character',
    ]);
    expect(notTrue.body.errors[0].message).toContain('to.character: must be true');
    const everyone = await ok(
      'mutation ($i: TextTurnInput!) { textTurn(input: $i) { to { kind participant { id } } } }',
      {
        i: { sessionId, message: 'hi', from: BOB, to: { everyone: true } },
      },
    );
    expect(everyone.textTurn.to).toEqual({ kind: 'everyone', participant: null });
    expect((await rest.get(`/v1/state/${sessionId}`)).body.turns).toBe(1);
  });
});

describe('participants over GraphQL', () => {
  it('pages session.participants like REST, and forgetParticipant forgets like REST', async () => {
    const sessionId = await create();
    const ids = ['u 1', 'u/2', 'ü-3', '太郎', 'u@5'];
    for (const id of ids) {
      t.clock.advance(60_000);
      await viaRest(sessionId, { kind: 'text', body: { message: THANKS, from: { id } } });
    }
    const restFirst = (await rest.get(`/v1/persona/${sessionId}/participants?limit=2`)).body;
    const first = (await ok(participantPage(2), { id: sessionId })).session.participants;
    expect(first.edges.map((e: { node: unknown }) => withoutNulls(e.node))).toEqual(
      withoutNulls(restFirst.participants),
    );
    expect(first.pageInfo).toEqual({ hasNextPage: true, endCursor: restFirst.cursor });
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page: {
        edges: { node: { id: string } }[];
        pageInfo: { endCursor: string; hasNextPage: boolean };
      } = (await ok(participantPage(2), { id: sessionId, after })).session.participants;
      seen.push(...page.edges.map((e) => e.node.id));
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after !== null);
    expect(seen).toEqual([...ids].sort((x, y) => (x < y ? -1 : 1)));

    const forget =
      'mutation ($s: ID!, $p: ID!) { forgetParticipant(sessionId: $s, participantId: $p) { forgotten id } }';
    expect((await ok(forget, { s: sessionId, p: '太郎' })).forgetParticipant).toEqual({
      forgotten: true,
      id: '太郎',
    });
    const after1 = (await rest.get(`/v1/persona/${sessionId}/participants`)).body.participants;
    expect(after1.map((p: { id: string }) => p.id)).not.toContain('太郎');
    const again = await gql(t, forget, { key: t.keys.pro, variables: { s: sessionId, p: '太郎' } });
    expectGqlError(again.body, 'NOT_FOUND');
    expect(again.body.errors[0].message).toBe(`Participant "太郎" not found in session ${sessionId}`);
    expect(again.body.data).toEqual({ forgetParticipant: null });
    const noSession = await gql(t, forget, { key: t.keys.pro, variables: { s: 'ses_unknown', p: 'u 1' } });
    expectGqlError(noSession.body, 'NOT_FOUND');
    expect(noSession.body.errors[0].message).toBe('Session "ses_unknown" not found');
    const tooLong = await gql(t, forget, {
      key: t.keys.pro,
      variables: { s: sessionId, p: 'x'.repeat(129) },
    });
    expectGqlError(tooLong.body, 'VALIDATION_ERROR');
    expect(tooLong.body.errors[0].extensions.details[0].path).toBe('participantId');
  });

  it('names `first` and `after` when they are bad, and keeps the session', async () => {
    const sessionId = await create();
    for (const [first, after, path] of [
      [0, null, 'first'],
      [101, null, 'first'],
      [5, 'garbage', 'after'],
    ] as const) {
      const query = `query ($id: ID!, $after: String) { session(id: $id) { participants(first: ${first}, after: $after) { nodes { id } } } }`;
      const res = await gql(t, query, {
        key: t.keys.pro,
        variables: { id: sessionId, after },
      });
      expectGqlError(res.body, 'VALIDATION_ERROR');
      expect(res.body.errors[0].extensions.details[0].path).toBe(path);
      expect(res.body.errors[0].path).toEqual(['session', 'participants']);
      expect(res.body.data.session).toEqual({ participants: null });
    }
  });

  it('proactive actions of a group name their participant, in GraphQL as in REST', async () => {
    const sessionId = await bondedSession(t, t.keys.pro, ALICE);
    t.clock.advance(threeDays);
    const data = await ok(
      'query ($id: ID!) { proactiveActions(sessionId: $id) { id type message priority metadata { key value type } timestamp participant { id name } reason { text trigger need value threshold since_last_talk_seconds episode { id summary at } } } }',
      { id: sessionId },
    );
    const [action] = data.proactiveActions;
    expect(action.participant).toEqual(ALICE);
    const restActions = (await rest.get(`/v1/proactive/${sessionId}`)).body;
    // GraphQL answers null for the reason's fields REST leaves out.
    const reason = Object.fromEntries(
      Object.entries(action.reason as Record<string, unknown>).filter(([, value]) => value !== null),
    );
    expect(restActions).toEqual([{ ...action, metadata: metadataObject(action.metadata), reason }]);
  });
});

describe('the sessionState subscription in a group', () => {
  it('carries the speaker of every change: named, then cleared by the default person, then forgotten', async () => {
    const sessionId = await create();
    const gqlWs = wsClient(t, t.keys.pro);
    clients.push(gqlWs);
    const stream = subscribe(
      gqlWs,
      'subscription ($s: ID!) { sessionState(sessionId: $s) { turns speaker { id name } interpersonal { trust } } }',
      { s: sessionId },
    );
    expect((await stream.next()).data?.sessionState).toMatchObject({ turns: 0, speaker: null });

    await viaRest(sessionId, conversation[0]!);
    const afterBob = (await stream.next()).data?.sessionState;
    expect(afterBob).toMatchObject({ turns: 1, speaker: BOB });
    expect(afterBob?.interpersonal.trust).toBeLessThan(0.5);

    const socket = await socketOn(sessionId);
    await viaSocket(socket, conversation[1]!);
    expect((await stream.next()).data?.sessionState).toMatchObject({ turns: 2, speaker: ALICE });

    expect((await rest.delete(`/v1/persona/${sessionId}/participants/u-alice`)).status).toBe(200);
    expect((await stream.next()).data?.sessionState).toMatchObject({ turns: 2, speaker: null });
    stream.dispose();
  });

  it('and REST’s getState and the WebSocket agree with the subscription on the speaker', async () => {
    const sessionId = await create();
    await viaRest(sessionId, conversation[0]!);
    const snapshot = (await rest.get(`/v1/state/${sessionId}`)).body;
    const data = await ok(`query ($id: ID!) { state(sessionId: $id) ${selectAll('StateSnapshot')} }`, {
      id: sessionId,
    });
    expect(withoutNulls(data.state)).toEqual(withoutNulls(snapshot));
    expect(snapshot.speaker).toEqual(BOB);
  });
});
