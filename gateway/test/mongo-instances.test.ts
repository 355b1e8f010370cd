/**
 * Several gateway instances on one MongoDB database (MONGODB_URI): pushes cross instances, parallel turns spread over
 * both all land, a due proactive action is raised once, rate limits hold per key across instances. Without
 * MONGODB_URI each test is skipped, one by one, with the reason printed once.
 */
import { createManualClock, createSeededRandom, createSessionService, type StoreChange } from '@limbic/core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createMemoryKeyStore } from '../src/auth/key-store.js';
import { createKey } from '../src/auth/provision.js';
import { createGateway } from '../src/gateway.js';
import type { MongoSessionStore } from '../src/store/mongo-store.js';
import type { TestGateway } from './harness.js';
import { announceSkip, dropTestDatabases, mongoUri, openTestStore, testDbName } from './mongo-harness.js';
import { appraisal, expectError, restClient } from './rest-client.js';
import {
  appraisals,
  bondedSession,
  connectSession,
  openClient,
  ownerOf,
  type Received,
  threeDays,
} from './ws-client.js';

announceSkip();
afterAll(dropTestDatabases);

const real = it.skipIf(!mongoUri);

interface Pair {
  a: TestGateway;
  b: TestGateway;
  stores: MongoSessionStore[];
  close(): Promise<void>;
}

let pair: Pair | undefined;
afterEach(async () => {
  await pair?.close();
  pair = undefined;
});

/** Two gateways on one database, sharing keys and a manual clock, each with its own client and service. */
async function startPair(): Promise<Pair> {
  const dbName = testDbName();
  const clock = createManualClock(Date.UTC(2026, 10, 21, 12));
  const keys = createMemoryKeyStore();
  const pepper = 'test-pepper';
  const free = await createKey(keys, pepper, { env: 'test', plan: 'free' });
  const pro = await createKey(keys, pepper, { env: 'test', plan: 'pro' });
  const other = await createKey(keys, pepper, { env: 'test', plan: 'pro' });
  const proLive = await createKey(keys, pepper, { env: 'live', plan: 'pro', account: pro.record.account });
  const stores: MongoSessionStore[] = [];
  const instances: TestGateway[] = [];
  for (const seed of [1, 2]) {
    const store = await openTestStore({ dbName });
    stores.push(store);
    // Two instances racing on one session retry more often than one: allow more compare-and-set rounds.
    const service = createSessionService({ store, clock, random: createSeededRandom(seed), maxRetries: 64 });
    const gateway = await createGateway({
      config: { port: 0, host: '127.0.0.1', heartbeatMs: 60_000, failedAuthPerMinute: 10_000 },
      service,
      keys,
      pepper,
      clock,
      logger: false,
    });
    const url = await gateway.listen();
    instances.push({
      gateway,
      url,
      wsUrl: url.replace(/^http/, 'ws'),
      clock,
      keys: { free: free.key, pro: pro.key, proLive: proLive.key, other: other.key },
      logs: [],
      close: () => gateway.close(),
    });
  }
  await Promise.all(stores.map((s) => s.watchReady()));
  const [a, b] = instances as [TestGateway, TestGateway];
  return {
    a,
    b,
    stores,
    async close() {
      await Promise.all(instances.map((i) => i.close()));
      await Promise.all(stores.map((s) => s.close()));
    },
  };
}

/** Takes messages until one of `type` (and matching `test`) arrives, skipping others, within `ms` each. */
async function until(
  client: { next(ms?: number): Promise<Received> },
  type: string,
  ms = 5000,
  test: (message: Received) => boolean = () => true,
) {
  for (;;) {
    const message = await client.next(ms);
    if (message.type === type && test(message)) return message;
  }
}

describe('several gateway instances on one MongoDB database', () => {
  real('shows a session created on A on B at once, and pushes a turn on A to a socket on B', async () => {
    pair = await startPair();
    const { a, b } = pair;
    const created = await restClient(a, a.keys.pro).post('/v1/persona', { preset: 'rival' });
    const sessionId = created.body.sessionId as string;
    expect((await restClient(b, b.keys.pro).get(`/v1/persona/${sessionId}`)).status).toBe(200);
    const client = await openClient(`${b.wsUrl}/v1/ws/${sessionId}?events=state&token=${b.keys.pro}`);
    await client.expect('connected');
    await restClient(a, a.keys.pro).post('/v1/turn/appraisal', { sessionId, appraisal });
    // The creation may reach B after the socket opened: wait for the turn's snapshot.
    const pushed = await until(client, 'state', 5000, (m) => (m.data as { turns: number }).turns === 1);
    expect(pushed.data).toMatchObject({ turns: 1 });
    await client.close();
  });

  real('ends 100 parallel turns spread over both instances at version + 100', async () => {
    pair = await startPair();
    const { a, b, stores } = pair;
    const sessionId = (await restClient(a, a.keys.pro).post('/v1/persona', { preset: 'rival' })).body
      .sessionId;
    const before = (await stores[0]!.get(sessionId))!.version;
    const turns = Array.from({ length: 100 }, (_, i) =>
      restClient(i % 2 ? a : b, a.keys.pro).post('/v1/turn/appraisal', { sessionId, appraisal }),
    );
    const statuses = (await Promise.all(turns)).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    const after = (await stores[1]!.get(sessionId))!;
    expect(after.version).toBe(before + 100);
    expect(after.state.turns).toBe(100);
  });

  real(
    'raises a due proactive action once with both schedulers running, and pushes it once on each socket',
    async () => {
      pair = await startPair();
      const { a, b } = pair;
      const sessionId = await bondedSession(a, a.keys.pro);
      const onA = await connectSession(a, sessionId, a.keys.pro);
      const onB = await connectSession(b, sessionId, b.keys.pro);
      a.clock.advance(threeDays);
      a.gateway.scheduler.wake();
      b.gateway.scheduler.wake();
      const pushA = await until(onA, 'proactive');
      const pushB = await until(onB, 'proactive');
      expect(pushB.data).toEqual(pushA.data);
      // Give a duplicate every chance to appear: both schedulers again, and the feeds' latency.
      a.gateway.scheduler.wake();
      b.gateway.scheduler.wake();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await expect(until(onA, 'proactive', 300)).rejects.toThrow(/timed out/);
      await expect(until(onB, 'proactive', 300)).rejects.toThrow(/timed out/);
      const owner = await ownerOf(a, a.keys.pro);
      expect(await a.gateway.context.service.pendingActions(owner, sessionId)).toHaveLength(1);
      await onA.close();
      await onB.close();
    },
  );

  real('closes the sockets on B of a session deleted on A (4404)', async () => {
    pair = await startPair();
    const { a, b } = pair;
    const sessionId = (await restClient(a, a.keys.pro).post('/v1/persona', { preset: 'rival' })).body
      .sessionId;
    const onB = await connectSession(b, sessionId, b.keys.pro);
    expect((await restClient(a, a.keys.pro).delete(`/v1/persona/${sessionId}`)).status).toBe(200);
    expect((await onB.waitClose()).code).toBe(4404);
  });

  real(
    'holds a key’s rate limit across instances: the 61st request of a free key is refused on either',
    async () => {
      pair = await startPair();
      const { a, b } = pair;
      for (let i = 0; i < 60; i++) {
        const res = await restClient(i % 2 ? a : b, a.keys.free).get('/v1/presets');
        expect(res.status, `request ${i + 1}`).toBe(200);
      }
      expectError(await restClient(a, a.keys.free).get('/v1/presets'), 429, 'RATE_LIMIT');
      expectError(await restClient(b, a.keys.free).get('/v1/presets'), 429, 'RATE_LIMIT');
    },
  );

  real('follows another store’s writes and deletions (with their owner) through watch', async () => {
    const dbName = testDbName();
    const writer = await openTestStore({ dbName });
    const reader = await openTestStore({ dbName });
    try {
      const changes: StoreChange[] = [];
      const stop = reader.watch((change) => changes.push(change));
      await reader.watchReady();
      expect(['stream', 'poll']).toContain(reader.watchMode);
      const arrived = async (test: (change: StoreChange) => boolean) => {
        for (let i = 0; i < 100 && !changes.some(test); i++) await new Promise((r) => setTimeout(r, 50));
        return changes.find(test);
      };
      const service = createSessionService({ store: writer, watchStore: false });
      const { sessionId } = await service.createSession('alice', { preset: 'rival' });
      await service.appraisalTurn('alice', { sessionId, appraisal: appraisals.kindness });
      const turned = await arrived((c) => c.record?.version === 2);
      expect(turned).toMatchObject({ id: sessionId, owner: 'alice' });
      expect(turned?.record?.state.turns).toBe(1);
      await service.deleteSession('alice', sessionId);
      expect(await arrived((c) => c.record === null)).toEqual({
        id: sessionId,
        owner: 'alice',
        record: null,
      });
      stop();
    } finally {
      await Promise.all([writer.close(), reader.close()]);
    }
  });
});
