import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitCloseReason } from '../src/graphql/ws-server.js';
import { startTestGateway, type TestGateway } from './harness.js';
import { errorLogLines } from './hostile.js';
import { createSession, openClient, type TestClient } from './ws-client.js';

let t: TestGateway;
let sessionId: string;

beforeAll(async () => {
  t = await startTestGateway();
  sessionId = await createSession(t, t.keys.pro);
});
afterAll(() => t.close());

/** A graphql-transport-ws socket on /graphql, acknowledged with the pro key. */
async function connect(): Promise<TestClient> {
  const client = await openClient(`${t.wsUrl}/graphql`, {}, ['graphql-transport-ws']);
  client.send({ type: 'connection_init', payload: { authorization: `Bearer ${t.keys.pro}` } });
  await client.expect('connection_ack');
  return client;
}

const live = (id: string) => ({
  id,
  type: 'subscribe',
  payload: {
    query: 'subscription ($s: ID!) { sessionState(sessionId: $s) { turns } }',
    variables: { s: sessionId },
  },
});

describe('graphql-ws: frames a client may not send', () => {
  it('closes a reused id with 4409, its reason cut to fit a close frame however long the id', async () => {
    for (const id of ['dup', 'd'.repeat(200)]) {
      const client = await connect();
      client.send(live(id));
      expect((await client.expect('next')).id).toBe(id);
      client.send(live(id));
      const { code, reason } = await client.waitClose();
      expect(code).toBe(4409);
      expect(Buffer.byteLength(reason)).toBeLessThanOrEqual(123);
      expect(reason).toMatch(id === 'dup' ? /^Subscriber for dup already exists$/ : /^Subscriber for d+…$/);
    }
  });

  it('closes a message of the server’s own types with 4400, as any invalid message', async () => {
    for (const message of [
      { type: 'connection_ack' },
      { type: 'next', id: 'n', payload: { data: null } },
      { type: 'error', id: 'e', payload: [{ message: 'x' }] },
    ]) {
      const client = await connect();
      client.send(message);
      expect(await client.waitClose()).toEqual({ code: 4400, reason: 'Invalid message received' });
    }
  });

  it('closes a message over the limit with 1009, reporting nothing', async () => {
    const client = await connect();
    client.send(
      JSON.stringify({ id: 'big', type: 'subscribe', payload: { query: `#${'x'.repeat(70_000)}` } }),
    );
    expect((await client.waitClose()).code).toBe(1009);
    expect(errorLogLines(t)).toEqual([]);
  });
});

describe('fitCloseReason', () => {
  it('keeps a reason of up to 123 bytes, and cuts a longer one at a character boundary', () => {
    expect(fitCloseReason('x'.repeat(123))).toBe('x'.repeat(123));
    expect(fitCloseReason('x'.repeat(124))).toBe(`${'x'.repeat(120)}…`);
    const cut = fitCloseReason('日'.repeat(60));
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(123);
    expect(cut).toBe(`${'日'.repeat(40)}…`);
  });
});
