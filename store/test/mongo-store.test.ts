/**
 * The MongoDB store against a real MongoDB (MONGODB_URI): the store contract suite plus MongoDB-specific tests.
 * Without MONGODB_URI each test is skipped, one by one, with the reason printed once. Run it with
 * `MONGODB_URI=mongodb://127.0.0.1:27017/?replicaSet=rs0 npm run test:mongo` (README, "Running the MongoDB suite").
 */
import { createSessionService, isLimbicError, type StoreChange } from '@limbic/core';
import {
  describeBindingStoreContract,
  describeSessionStoreContract,
  makeTestBinding,
  makeTestRecord,
} from '@limbic/core/testing';
import type { Document } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { validateSnapshotJson } from '../../test/snapshot-json-schema.js';
import { bindingBySession, bindingListFilter, bindingListSort } from '../src/mongo-binding-documents.js';
import { collectionNames } from '../src/mongo-collections.js';
import {
  anyDueFilter,
  byId,
  casFilter,
  casUpdate,
  countFilter,
  dueFilter,
  dueProjection,
  dueSort,
  listFilter,
  listSort,
  newestListSort,
  ownerIndexName,
} from '../src/mongo-documents.js';
import { createMongoStore, type MongoSessionStore } from '../src/mongo-store.js';
import {
  announceSkip,
  dropTestDatabases,
  firstHostOf,
  mongoUri,
  openTestStore,
  skipReason,
  startTcpProxy,
  testDbName,
} from './mongo-harness.js';

announceSkip();
afterAll(dropTestDatabases);

describeSessionStoreContract('mongodb', () => openTestStore(), {
  serializes: true,
  validateSnapshot: validateSnapshotJson,
  ...(mongoUri ? {} : { skip: skipReason }),
});

/** The bindings of a new store on a fresh database; closing them closes the store. */
async function openTestBindings() {
  const store = await openTestStore();
  return { ...store.bindings(), close: () => store.close() };
}

describeBindingStoreContract('mongodb', openTestBindings, mongoUri ? {} : { skip: skipReason });

const real = it.skipIf(!mongoUri);

const kindness = {
  goal_relevance: 1,
  goal_congruence: 0.9,
  expectedness: 0.5,
  controllability: 0.5,
  agency: -1,
  norm_compatibility: 0.8,
};

async function withStore(fn: (store: MongoSessionStore) => Promise<void>): Promise<void> {
  const store = await openTestStore();
  try {
    await fn(store);
  } finally {
    await store.close();
  }
}

/** The stages of the winning plans of an explain output (classic and slot-based engines alike). */
function winningStages(explain: Document): { stage: string; indexName?: string }[] {
  const out: { stage: string; indexName?: string }[] = [];
  const walk = (node: unknown, inWinning: boolean): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item, inWinning);
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'rejectedPlans') continue;
      if (inWinning && key === 'stage' && typeof value === 'string') {
        const { indexName } = node as { indexName?: unknown };
        out.push(typeof indexName === 'string' ? { stage: value, indexName } : { stage: value });
      }
      walk(value, inWinning || key === 'winningPlan');
    }
  };
  walk(explain, false);
  return out;
}

function expectIndexed(explain: Document, indexName: string, options: { sorted?: boolean } = {}): void {
  const stages = winningStages(explain);
  expect(stages.length, JSON.stringify(explain)).toBeGreaterThan(0);
  expect(stages.map((s) => s.stage)).not.toContain('COLLSCAN');
  expect(
    stages.some((s) => s.indexName === indexName),
    JSON.stringify(stages),
  ).toBe(true);
  if (options.sorted) expect(stages.map((s) => s.stage)).not.toContain('SORT');
}

describe('MongoDB store: indexes and queries', () => {
  real(
    'creates its indexes at start, idempotently (a second store on the same database starts fine)',
    async () => {
      const dbName = testDbName();
      const first = await openTestStore({ dbName });
      const second = await openTestStore({ dbName });
      const names = (await first.db.collection(collectionNames.sessions).listIndexes().toArray()).map(
        (i) => i.name,
      );
      expect(names).toEqual(expect.arrayContaining(['_id_', 'owner_id', 'due']));
      const bindingIndexes = await first.db.collection(collectionNames.bindings).listIndexes().toArray();
      expect(bindingIndexes.find((i) => i.name === 'session_id')).toMatchObject({
        key: { sessionId: 1 },
        unique: true,
      });
      await Promise.all([first.close(), second.close()]);
    },
  );

  real('serves get, the CAS write, list, count, due and earliestDue from indexes (explain)', () =>
    withStore(async (store) => {
      const t = 1_800_000_000_000;
      for (let i = 0; i < 30; i++) {
        await store.create(
          makeTestRecord({ id: `ses_i${100 + i}`, owner: `o${i % 3}`, nextDueAt: i % 2 ? t + i : null }),
        );
      }
      // The very documents and options the store sends (store/src/mongo-documents.ts).
      const sessions = store.db.collection<{ _id: string }>(collectionNames.sessions);
      const planner = 'queryPlanner';
      const record = (await store.get('ses_i105'))!;
      const get = await sessions.find(byId('ses_i105')).explain(planner);
      expect(winningStages(get).map((s) => s.stage)).not.toContain('COLLSCAN');
      const cas = await store.db.command({
        explain: {
          update: collectionNames.sessions,
          updates: [{ q: casFilter(record, record.version), u: casUpdate({ ...record, version: 2 }) }],
        },
        verbosity: planner,
      });
      expect(winningStages(cas).map((s) => s.stage)).not.toContain('COLLSCAN');
      const list = await sessions
        .find(listFilter('o1', 'ses_i110'), { hint: ownerIndexName })
        .sort(listSort)
        .limit(5)
        .explain(planner);
      expectIndexed(list, 'owner_id', { sorted: true });
      // Newest first walks the same index backwards: no sort stage, no second index.
      const newest = await sessions
        .find(listFilter('o1', 'ses_i110', 'newest'), { hint: ownerIndexName })
        .sort(newestListSort)
        .limit(5)
        .explain(planner);
      expectIndexed(newest, 'owner_id', { sorted: true });
      const count = await sessions
        .aggregate([{ $match: countFilter('o1') }, { $group: { _id: 1, n: { $sum: 1 } } }], {
          hint: ownerIndexName,
        })
        .explain(planner);
      expectIndexed(count, 'owner_id');
      const due = await sessions
        .find(dueFilter(t + 20), { projection: dueProjection })
        .sort(dueSort)
        .limit(10)
        .explain(planner);
      expectIndexed(due, 'due', { sorted: true });
      const earliest = await sessions.find(anyDueFilter).sort(dueSort).limit(1).explain(planner);
      expectIndexed(earliest, 'due', { sorted: true });
      expect((await store.due(t + 20, 100)).map((d) => d.id)).toEqual(
        Array.from({ length: 10 }, (_, k) => `ses_i${101 + 2 * k}`),
      );
    }),
  );
});

describe('MongoDB store: bindings', () => {
  real('finds a session’s binding through session_id and lists bindings through _id_ (explain)', () =>
    withStore(async (store) => {
      for (let i = 0; i < 20; i++)
        await store.bindings().insert(makeTestBinding({ key: `discord:k${100 + i}` }));
      const bindings = store.db.collection<{ _id: string }>(collectionNames.bindings);
      const planner = 'queryPlanner';
      const bySession = await bindings.find(bindingBySession('ses_binding_x')).explain(planner);
      expectIndexed(bySession, 'session_id');
      const list = await bindings
        .find(bindingListFilter('discord:k105'))
        .sort(bindingListSort)
        .limit(5)
        .explain(planner);
      expectIndexed(list, '_id_', { sorted: true });
    }),
  );

  real('lets two stores racing on one key agree on one binding', async () => {
    const dbName = testDbName();
    const [a, b] = await Promise.all([openTestStore({ dbName }), openTestStore({ dbName })]);
    try {
      const key = makeTestBinding().key;
      const racers = Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? a : b).bindings().insert(makeTestBinding({ key })),
      );
      const results = await Promise.all(racers);
      const winner = await a.bindings().get(key);
      for (const result of results) expect(result).toEqual(winner);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('MongoDB store: concurrency, quota and duplicates', () => {
  real('lets exactly one of 20 concurrent writers with the same expected version win', () =>
    withStore(async (store) => {
      const record = makeTestRecord();
      await store.create(record);
      const writes = Array.from({ length: 20 }, (_, i) =>
        store.replace({ ...record, version: 2, state: { ...record.state, turns: i } }, 1),
      );
      const results = await Promise.all(writes);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect((await store.get(record.id))?.state.turns).toBe(results.indexOf(true));
    }),
  );

  real('answers a duplicate _id with CONFLICT (E11000) and gives the reserved quota slot back', () =>
    withStore(async (store) => {
      const record = makeTestRecord();
      await store.create(record, { maxPerOwner: 2 });
      const error = await store.create({ ...record }, { maxPerOwner: 2 }).catch((e: unknown) => e);
      expect(isLimbicError(error, 'CONFLICT')).toBe(true);
      await store.create(makeTestRecord(), { maxPerOwner: 2 });
      const quota = await store.db
        .collection<{ _id: string; count: number }>(collectionNames.quota)
        .findOne({ _id: 'owner-a' });
      expect(quota?.count).toBe(2);
    }),
  );

  real(
    'repairs a quota counter that leaked a slot (a crash between reservation and insert), once it settled',
    () =>
      withStore(async (store) => {
        await store.create(makeTestRecord(), { maxPerOwner: 2 });
        const quota = store.db.collection<{ _id: string; count: number }>(collectionNames.quota);
        await quota.updateOne({ _id: 'owner-a' }, { $set: { count: 2, at: new Date() } });
        const refused = await store.create(makeTestRecord(), { maxPerOwner: 2 }).catch((e: unknown) => e);
        expect(isLimbicError(refused, 'SESSION_LIMIT')).toBe(true);
        await quota.updateOne({ _id: 'owner-a' }, { $set: { at: new Date(0) } });
        await store.create(makeTestRecord(), { maxPerOwner: 2 });
        expect(await store.count('owner-a')).toBe(2);
        expect((await quota.findOne({ _id: 'owner-a' }))?.count).toBe(2);
      }),
  );
});

describe('MongoDB store: watch', () => {
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
      await service.appraisalTurn('alice', { sessionId, appraisal: kindness });
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

describe('MongoDB store: outage and recovery', () => {
  it('reports an unreachable server at start as STORE_UNAVAILABLE within the server-selection timeout', async () => {
    // No server needed: nothing listens on port 9 of the loopback address.
    const started = Date.now();
    const error = await createMongoStore({
      uri: 'mongodb://127.0.0.1:9/limbic',
      serverSelectionTimeoutMS: 300,
    }).catch((e: unknown) => e);
    expect(isLimbicError(error, 'STORE_UNAVAILABLE')).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  real('answers STORE_UNAVAILABLE while the server is cut off, and works again when it returns', async () => {
    const proxy = await startTcpProxy(firstHostOf(mongoUri!));
    const store = await openTestStore({
      uri: `mongodb://127.0.0.1:${proxy.port}/?directConnection=true`,
      serverSelectionTimeoutMS: 1000,
      clientOptions: { heartbeatFrequencyMS: 500 },
    });
    try {
      const record = makeTestRecord();
      await store.create(record);
      await proxy.cut();
      const started = Date.now();
      const error = await store.get(record.id).catch((e: unknown) => e);
      expect(isLimbicError(error, 'STORE_UNAVAILABLE')).toBe(true);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(isLimbicError(await store.ping().catch((e: unknown) => e), 'STORE_UNAVAILABLE')).toBe(true);
      await proxy.restore();
      let back: unknown;
      for (let i = 0; i < 50 && !back; i++) back = await store.get(record.id).catch(() => undefined);
      expect(back).toEqual(record);
      await store.ping();
    } finally {
      await store.close();
      await proxy.close();
    }
  });
});
