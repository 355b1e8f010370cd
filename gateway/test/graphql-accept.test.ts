import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notAcceptableMessage, subscriptionNotAcceptableMessage } from '../src/graphql/accept.js';
import { sseReader } from './graphql-client.js';
import { startTestGateway, type TestGateway } from './harness.js';
import { appraisal } from './rest-client.js';
import { createSession } from './ws-client.js';

/** What Apollo Client's HttpLink sends with a subscription (its multipart subscription protocol). */
const apolloSubscriptionAccept =
  'multipart/mixed;boundary="graphql";subscriptionSpec="1.0", application/json';

let t: TestGateway;
let sessionId: string;

beforeAll(async () => {
  t = await startTestGateway();
  sessionId = await createSession(t, t.keys.pro);
});
afterAll(() => t.close());

/** POSTs an operation with this Accept header (variables: the session as `s`, unless given). */
function post(accept: string, query: string, variables: object = { s: sessionId }): Promise<Response> {
  return fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${t.keys.pro}`, 'content-type': 'application/json', accept },
    body: JSON.stringify({ query, variables }),
  });
}

const subscription = 'subscription ($s: ID!) { sessionState(sessionId: $s) { turns } }';

async function turns(): Promise<number> {
  const res = await fetch(`${t.url}/v1/state/${sessionId}`, {
    headers: { authorization: `Bearer ${t.keys.pro}` },
  });
  return ((await res.json()) as { turns: number }).turns;
}

describe('graphql: the Accept header', () => {
  it('refuses Apollo’s multipart subscriptions with 406 NOT_ACCEPTABLE in JSON, naming SSE and graphql-ws', async () => {
    for (const accept of [
      apolloSubscriptionAccept,
      'multipart/mixed;subscriptionSpec=1.0',
      'application/json',
    ]) {
      const res = await post(accept, subscription);
      expect(res.status, accept).toBe(406);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      // Yoga's own 406 sent its list of media types in a duplicated `accept` response header; this one sends none.
      expect(res.headers.get('accept')).toBeNull();
      // Refused before the guard: not counted against the key.
      expect(res.headers.get('ratelimit')).toBeNull();
      expect(await res.json()).toEqual({
        errors: [
          { message: subscriptionNotAcceptableMessage, extensions: { code: 'NOT_ACCEPTABLE', status: 406 } },
        ],
      });
    }
    expect(subscriptionNotAcceptableMessage).toMatch(/text\/event-stream.*graphql-ws/);
    // No subscription was opened (Yoga's 406 came after subscribing, and left the stream open).
    expect(t.gateway.graphql.subscriptions).toBe(0);
  });

  it('still streams the subscription as server-sent events when they are accepted', async () => {
    const controller = new AbortController();
    const res = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      signal: controller.signal,
      headers: {
        authorization: `Bearer ${t.keys.pro}`,
        'content-type': 'application/json',
        accept: `text/event-stream, ${apolloSubscriptionAccept}`,
      },
      body: JSON.stringify({ query: subscription, variables: { s: sessionId } }),
    });
    expect(res.status).toBe(200);
    const event = await sseReader(res.body!).next();
    expect(JSON.parse(event!.data)).toEqual({ data: { sessionState: { turns: await turns() } } });
    controller.abort();
  });

  it('refuses a request that accepts no GraphQL media type before running it: a mutation changes nothing', async () => {
    const before = await turns();
    const mutation = 'mutation ($i: AppraisalTurnInput!) { appraisalTurn(input: $i) { discrete_emotion } }';
    const variables = { i: { sessionId, appraisal } };
    for (const accept of ['text/html', 'image/png', 'application/json; charset=latin1']) {
      const res = await post(accept, mutation, variables);
      expect(res.status, accept).toBe(406);
      expect(res.headers.get('accept')).toBeNull();
      expect(await res.json()).toEqual({
        errors: [{ message: notAcceptableMessage, extensions: { code: 'NOT_ACCEPTABLE', status: 406 } }],
      });
    }
    expect(await turns()).toBe(before);
    // The same mutation with an acceptable type runs: the refusals above were for the Accept header alone.
    const ran = await post('application/graphql-response+json', mutation, variables);
    expect(ran.status).toBe(200);
    expect(((await ran.json()) as { errors?: unknown }).errors).toBeUndefined();
    expect(await turns()).toBe(before + 1);
  });

  it('serves queries to wildcards and to multipart/mixed (incremental delivery), and GraphiQL to browsers', async () => {
    for (const accept of ['*/*', 'application/*', '']) {
      const res = await post(accept, '{ health { status } }');
      expect(res.status, accept).toBe(200);
      expect(await res.json()).toEqual({ data: { health: { status: 'ok' } } });
    }
    const multipart = await post('multipart/mixed', '{ health { status } }');
    expect(multipart.headers.get('content-type')).toMatch(/^multipart\/mixed/);
    expect(await multipart.text()).toContain('{"data":{"health":{"status":"ok"}}}');
    const graphiql = await fetch(`${t.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(graphiql.headers.get('content-type')).toMatch(/^text\/html/);
  });
});
