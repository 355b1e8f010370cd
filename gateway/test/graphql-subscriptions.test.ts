import type { Client } from 'graphql-ws';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import {
  expectGqlError,
  gql,
  metadataObject,
  sseReader,
  subscribe,
  within,
  wsClient,
} from './graphql-client.js';
import { startTestGateway, type TestGateway } from './harness.js';
import { appraisal, type RestClient, restClient } from './rest-client.js';
import { appraisals, bondedSession, connectSession, createSession, ownerOf, threeDays } from './ws-client.js';

let t: TestGateway;
let rest: RestClient;
let clients: Client[];

beforeEach(async () => {
  t = await startTestGateway();
  rest = restClient(t, t.keys.pro);
  clients = [];
});
afterEach(async () => {
  for (const client of clients) await client.dispose();
  await t.close();
});

function client(key: string | null, options: Parameters<typeof wsClient>[2] = {}): Client {
  const c = wsClient(t, key, options);
  clients.push(c);
  return c;
}

/** Resolves once the server has `n` open subscription streams (the listener is attached). */
async function serverSubscriptions(n: number): Promise<void> {
  await vi.waitFor(() => expect(t.gateway.graphql.subscriptions).toBe(n), { timeout: 5_000, interval: 5 });
}

const stateQuery =
  'subscription ($s: ID!) { sessionState(sessionId: $s) { turns emotion { V A D } discrete_emotion at } }';
const actionQuery =
  'subscription ($s: ID!, $after: ID) { proactiveActions(sessionId: $s, after: $after) { id type message priority metadata { key value type } timestamp reason { text trigger need value threshold since_last_talk_seconds episode { id summary at } } } }';

describe('graphql-ws: sessionState', () => {
  it('sends the snapshot now, then one after a REST turn, a WebSocket turn and a GraphQL turn', async () => {
    const sessionId = await createSession(t, t.keys.pro);
    const gqlWs = client(t.keys.pro);
    const stream = subscribe(gqlWs, stateQuery, { s: sessionId });
    const now = (await stream.next()).data?.sessionState as { turns: number; at: string };
    expect(now).toMatchObject({ turns: 0, at: new Date(t.clock.now()).toISOString() });

    const viaRest = (await rest.post('/v1/turn/appraisal', { sessionId, appraisal })).body;
    const afterRest = (await stream.next()).data?.sessionState as { turns: number; emotion: unknown };
    expect(afterRest.turns).toBe(1);
    expect(afterRest.emotion).toEqual(viaRest.new_emotion);

    const socket = await connectSession(t, sessionId, t.keys.pro);
    socket.send({ type: 'turn_appraisal', appraisal: appraisals.kindness });
    const viaWs = await socket.expect('turn_result');
    await socket.close();
    const afterWs = (await stream.next()).data?.sessionState as { turns: number; emotion: unknown };
    expect(afterWs.turns).toBe(2);
    expect(afterWs.emotion).toEqual((viaWs.data as { new_emotion: unknown }).new_emotion);

    const viaGraphQL = await gql(
      t,
      'mutation ($i: TextTurnInput!) { textTurn(input: $i) { new_emotion { V A D } } }',
      {
        key: t.keys.pro,
        variables: { i: { sessionId, message: 'Thank you, that was kind.' } },
      },
    );
    const afterGraphQL = (await stream.next()).data?.sessionState as { turns: number; emotion: unknown };
    expect(afterGraphQL.turns).toBe(3);
    expect(afterGraphQL.emotion).toEqual(viaGraphQL.body.data.textTurn.new_emotion);
    expect(stream.pending).toBe(0);
    stream.dispose();
    await serverSubscriptions(0);
  });

  it('sends a snapshot when the scheduler raises a time-driven action (manual clock)', async () => {
    const sessionId = await bondedSession(t, t.keys.pro);
    const stream = subscribe(client(t.keys.pro), stateQuery, { s: sessionId });
    const before = (await stream.next()).data?.sessionState as { turns: number };
    t.clock.advance(threeDays);
    t.gateway.scheduler.wake();
    const after = (await stream.next()).data?.sessionState as { turns: number; at: string };
    expect(after.turns).toBe(before.turns);
    expect(after.at).toBe(new Date(t.clock.now()).toISOString());
  });

  it('completes when the session is deleted, and refuses another owner’s session with NOT_FOUND', async () => {
    const sessionId = await createSession(t, t.keys.pro);
    const theirs = subscribe(client(t.keys.other), stateQuery, { s: sessionId });
    expectGqlError((await theirs.next()) as never, 'NOT_FOUND');
    await within(theirs.ended, 'the refused subscription to end');
    const live = subscribe(client(t.keys.pro), stateQuery, { s: sessionId });
    await live.next();
    expect((await rest.delete(`/v1/persona/${sessionId}`)).status).toBe(200);
    await within(live.ended, 'the subscription to complete');
    await serverSubscriptions(0);
  });
});

describe('graphql-ws: proactiveActions', () => {
  it('pushes the action the scheduler raises, as REST lists it', async () => {
    const sessionId = await bondedSession(t, t.keys.pro);
    const stream = subscribe(client(t.keys.pro), actionQuery, { s: sessionId });
    await serverSubscriptions(1);
    t.clock.advance(threeDays);
    t.gateway.scheduler.wake();
    const action = (await stream.next()).data?.proactiveActions as {
      type: string;
      metadata: { key: string; value: string | null; type: string | null }[];
      reason: Record<string, unknown>;
    };
    expect(action.type).toBe('attachment_seeking');
    const [pending] = (await rest.get(`/v1/proactive/${sessionId}`)).body;
    // GraphQL answers null for the reason's fields REST leaves out.
    const reason = Object.fromEntries(Object.entries(action.reason).filter(([, value]) => value !== null));
    expect({ ...action, metadata: metadataObject(action.metadata), reason }).toEqual(pending);
  });

  it('replays the pending actions after `after`, then live ones', async () => {
    const sessionId = await bondedSession(t, t.keys.pro);
    t.clock.advance(threeDays);
    const [raised] = await t.gateway.context.service.runDueChecks();
    const replay = subscribe(client(t.keys.pro), actionQuery, { s: sessionId, after: 'act_0' });
    expect((await replay.next()).data?.proactiveActions).toMatchObject({ id: raised?.id });
    const caughtUp = subscribe(client(t.keys.pro), actionQuery, { s: sessionId, after: raised?.id });
    await serverSubscriptions(2);
    expect(caughtUp.pending).toBe(0);
    expect(replay.pending).toBe(0);
  });

  it('survives a dropped socket: the client reconnects and resubscribes, with no duplicate deliveries', async () => {
    const sessionId = await createSession(t, t.keys.pro, 'anxious_helper');
    const owner = await ownerOf(t, t.keys.pro);
    await t.gateway.context.service.setPreferences(owner, sessionId, { enabled: true, cooldown_hours: 0 });
    let connections = 0;
    const retrying = client(t.keys.pro, {
      retryAttempts: 5,
      retryWait: async () => {},
      shouldRetry: () => true,
      on: { connected: () => connections++ },
    });
    const stream = subscribe(retrying, actionQuery, { s: sessionId });
    await serverSubscriptions(1);
    /** Raises an emotional_overflow action with a REST turn and acknowledges it; resolves with its id. */
    const raise = async () => {
      t.clock.advance(1_000);
      await rest.post('/v1/turn/appraisal', { sessionId, appraisal: appraisals.betrayal });
      const [action] = (await rest.get(`/v1/proactive/${sessionId}`)).body;
      await rest.post(`/v1/proactive/${sessionId}/ack`, { action_id: action.id });
      return action.id as string;
    };
    const a = await raise();
    expect((await stream.next()).data?.proactiveActions).toMatchObject({ id: a, type: 'emotional_overflow' });

    expect(t.gateway.graphql.dropSockets()).toBe(1);
    await vi.waitFor(
      () => {
        expect(connections).toBe(2);
        expect(t.gateway.graphql.subscriptions).toBe(1);
      },
      { timeout: 5_000, interval: 5 },
    );
    const b = await raise();
    expect(b).not.toBe(a);
    expect((await stream.next()).data?.proactiveActions).toMatchObject({ id: b });
    const c = await raise();
    expect((await stream.next()).data?.proactiveActions).toMatchObject({ id: c });
    expect(stream.pending).toBe(0);
  });
});

describe('graphql-ws: the rules of HTTP', () => {
  it('closes the socket with 4401 Unauthorized, which the official client does not retry, for a bad or missing key', async () => {
    for (const key of ['svc_test_not-a-real-key-at-all-0000', null]) {
      const closed = new Promise<number>((resolve) => {
        const c = client(key, { on: { closed: (event) => resolve((event as { code: number }).code) } });
        subscribe(c, '{ presets { id } }');
      });
      expect(await within(closed, 'the socket to close')).toBe(4401);
    }
  });

  it('closes the sockets of a key when it is revoked, with 4401', async () => {
    const sessionId = await createSession(t, t.keys.pro);
    const closed = new Promise<number>((resolve) => {
      const c = client(t.keys.pro, { on: { closed: (event) => resolve((event as { code: number }).code) } });
      subscribe(c, stateQuery, { s: sessionId })
        .next()
        .catch(() => {});
    });
    await serverSubscriptions(1);
    const principal = await t.gateway.context.auth.authenticate(t.keys.pro);
    for (const listener of t.gateway.context.onKeyRevoked) listener(principal!.keyId);
    expect(await within(closed, 'the socket to close')).toBe(4401);
    await serverSubscriptions(0);
  });

  it('closes a socket that does not speak graphql-transport-ws with 4406', async () => {
    const socket = new WebSocket(`${t.wsUrl}/graphql`);
    socket.on('error', () => {});
    const code = await within(
      new Promise<number>((resolve) => socket.on('close', (c) => resolve(c))),
      'the socket to close',
    );
    expect(code).toBe(4406);
  });

  it('accepts the key as connectionParams.token and .apiKey too, and applies the limits', async () => {
    for (const params of [{ token: t.keys.pro }, { apiKey: t.keys.pro }]) {
      const result = await subscribe(client(null, { connectionParams: params }), '{ presets { id } }').next();
      expect(result.data?.presets).toHaveLength(10);
    }
    let deep = '{ name }';
    for (let i = 0; i < 12; i++) deep = `{ ofType ${deep} }`;
    const refused = subscribe(client(t.keys.pro), `{ __type(name: "Query") { fields { type ${deep} } } }`);
    const errors = await within(
      refused.ended.then(
        () => [],
        (e: unknown) => e,
      ),
      'the refusal',
    );
    expectGqlError({ errors: errors as never }, 'VALIDATION_ERROR');
    expect((errors as { message: string }[])[0]?.message).toMatch(/^Query depth limit of 12 exceeded/);
  });

  it('caps the subscriptions open on one socket at 100', async () => {
    const sessionId = await createSession(t, t.keys.pro);
    const c = client(t.keys.pro);
    const streams = Array.from({ length: 100 }, () => subscribe(c, stateQuery, { s: sessionId }));
    for (const stream of streams) await stream.next();
    // A limit refusal is the protocol's `error` message for that operation; the socket stays open.
    const refused = subscribe(c, stateQuery, { s: sessionId });
    const errors = await within(
      refused.ended.then(
        () => [],
        (e: unknown) => e,
      ),
      'the refusal',
    );
    expectGqlError({ errors: errors as never }, 'RATE_LIMIT');
    expect((errors as { message: string }[])[0]?.message).toMatch(/at most 100 may be open/);
    expect(t.gateway.graphql.subscriptions).toBe(100);
    expect(streams[0]?.pending).toBe(0);
  });

  it('counts the connection and each subscribe message against the key’s rate limit, with REST', async () => {
    const free = restClient(t, t.keys.free);
    const sessionId = (await free.post('/v1/persona', { preset: 'rival' })).body.sessionId;
    for (let i = 0; i < 57; i++) await free.get(`/v1/state/${sessionId}`); // 2..58
    // The connection counts once (59), as a /v1/ws connection does; then each subscribe (60).
    const c = client(t.keys.free);
    expect((await subscribe(c, stateQuery, { s: sessionId }).next()).data?.sessionState).toBeDefined(); // 60
    const refused = await subscribe(c, stateQuery, { s: sessionId }).next();
    expectGqlError(refused as never, 'RATE_LIMIT');
    expect(refused.errors?.[0]?.extensions?.retry_after).toBeGreaterThan(0);
    expect(JSON.stringify(refused)).not.toContain('"http"');
  });
});

describe('graphql over SSE', () => {
  async function openSse(key: string | null, sessionId: string) {
    return fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        ...(key ? { authorization: `Bearer ${key}` } : {}),
      },
      body: JSON.stringify({ query: stateQuery, variables: { s: sessionId } }),
    });
  }

  it('streams sessionState to plain fetch with Accept: text/event-stream, until the session is deleted', async () => {
    const sessionId = await createSession(t, t.keys.pro);
    const res = await openSse(t.keys.pro, sessionId);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = sseReader(res.body!);
    const first = await events.next();
    expect(first?.event).toBe('next');
    expect(JSON.parse(first!.data).data.sessionState.turns).toBe(0);
    await rest.post('/v1/turn/appraisal', { sessionId, appraisal });
    expect(JSON.parse((await events.next())!.data).data.sessionState.turns).toBe(1);
    await rest.delete(`/v1/persona/${sessionId}`);
    expect((await events.next())?.event).toBe('complete');
    expect(await events.next()).toBeNull();
    expect(t.gateway.graphql.subscriptions).toBe(0);
  });

  it('ends the SSE streams of a key when it is revoked', async () => {
    const sessionId = await createSession(t, t.keys.pro);
    const events = sseReader((await openSse(t.keys.pro, sessionId)).body!);
    expect((await events.next())?.event).toBe('next');
    const principal = await t.gateway.context.auth.authenticate(t.keys.pro);
    for (const listener of t.gateway.context.onKeyRevoked) listener(principal!.keyId);
    expect((await events.next())?.event).toBe('complete');
    expect(await events.next()).toBeNull();
  });

  it('refuses an SSE subscription without a key', async () => {
    const sessionId = await createSession(t, t.keys.pro);
    const res = await openSse(null, sessionId);
    const text = await res.text();
    expect(text).toContain('UNAUTHORIZED');
    expect(t.gateway.graphql.subscriptions).toBe(0);
  });

  it('lets close() end open SSE streams instead of hanging', async () => {
    const other = await startTestGateway();
    try {
      const sessionId = await createSession(other, other.keys.pro);
      const res = await fetch(`${other.url}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          authorization: `Bearer ${other.keys.pro}`,
        },
        body: JSON.stringify({ query: stateQuery, variables: { s: sessionId } }),
      });
      const events = sseReader(res.body!);
      expect((await events.next())?.event).toBe('next');
      await within(other.close(), 'the gateway to close', 5_000);
      const rest: (string | undefined)[] = [];
      for (let e = await events.next(); e; e = await events.next()) rest.push(e.event);
      expect(rest.every((event) => event === 'complete')).toBe(true);
    } finally {
      await other.close().catch(() => {});
    }
  });
});
