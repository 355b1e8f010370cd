/**
 * The MongoDB webhook store against a real MongoDB (MONGODB_URI): the webhook store contract suite plus
 * MongoDB-specific tests (indexes, queries served by them, several instances claiming at once). Without MONGODB_URI
 * each test is skipped, one by one, with the reason printed once (`npm run test:mongo` runs it; README, "Running the
 * MongoDB suite").
 */
import {
  describeWebhookStoreContract,
  makeTestEndpoint,
  makeTestMessage,
  webhookTestTime as t0,
} from '@limbic/core/testing';
import type { Document } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { collectionNames } from '../src/mongo-collections.js';
import {
  anyClaimableFilter,
  attemptListFilter,
  attemptSort,
  claimableFilter,
  claimSort,
} from '../src/mongo-webhook-documents.js';
import {
  announceSkip,
  dropTestDatabases,
  mongoUri,
  openTestStore,
  skipReason,
  testDbName,
} from './mongo-harness.js';

announceSkip();
afterAll(dropTestDatabases);

/** The webhooks of a new store on a fresh database; closing them closes the store. */
async function openTestWebhooks() {
  const store = await openTestStore();
  return { ...store.webhooks(), close: () => store.close() };
}

describeWebhookStoreContract('mongodb', openTestWebhooks, mongoUri ? {} : { skip: skipReason });

const real = it.skipIf(!mongoUri);

/** The index names and stages of the winning plan of an explain output. */
function winning(explain: Document): { stages: string[]; indexes: string[] } {
  const stages: string[] = [];
  const indexes: string[] = [];
  const walk = (node: unknown, inWinning: boolean): void => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'rejectedPlans') continue;
      if (inWinning && key === 'stage' && typeof value === 'string') stages.push(value);
      if (inWinning && key === 'indexName' && typeof value === 'string') indexes.push(value);
      walk(value, inWinning || key === 'winningPlan');
    }
  };
  walk(explain, false);
  return { stages, indexes };
}

describe('MongoDB webhook store', () => {
  real(
    'creates its indexes at start, and claims, finds the next due time and lists attempts through them',
    async () => {
      const store = await openTestStore();
      try {
        const webhooks = store.webhooks();
        const endpoint = makeTestEndpoint();
        await webhooks.createEndpoint(endpoint);
        await webhooks.enqueue(
          Array.from({ length: 30 }, (_, i) => makeTestMessage(endpoint, { nextAttemptAt: t0 + i })),
        );
        const messages = store.db.collection(collectionNames.webhookMessages);
        const names = (await messages.listIndexes().toArray()).map((i) => i.name);
        expect(names).toEqual(expect.arrayContaining(['endpoint_message', 'claimable', 'status_created']));
        const planner = 'queryPlanner';
        for (const explain of [
          await messages
            .find(claimableFilter(t0 + 10, []))
            .sort(claimSort)
            .limit(1)
            .explain(planner),
          await messages.find(anyClaimableFilter).sort(claimSort).limit(1).explain(planner),
        ]) {
          const plan = winning(explain);
          expect(plan.indexes).toContain('claimable');
          expect(plan.stages).not.toContain('SORT');
          expect(plan.stages).not.toContain('COLLSCAN');
        }
        const attempts = store.db.collection(collectionNames.webhookAttempts);
        const log = await attempts
          .find(attemptListFilter('owner-a', endpoint.id))
          .sort(attemptSort)
          .limit(5)
          .explain(planner);
        expect(winning(log).indexes).toContain('endpoint_id');
      } finally {
        await store.close();
      }
    },
  );

  real('two instances claiming from one database at once never lease one message twice', async () => {
    const dbName = testDbName();
    const [a, b] = await Promise.all([openTestStore({ dbName }), openTestStore({ dbName })]);
    try {
      const endpoint = makeTestEndpoint();
      await a.webhooks().createEndpoint(endpoint);
      const batch = Array.from({ length: 60 }, () => makeTestMessage(endpoint));
      // Both enqueue the same event's messages at once: each is stored once.
      await Promise.all([a.webhooks().enqueue(batch), b.webhooks().enqueue(batch)]);
      const seen: string[] = [];
      for (let round = 0; round < 10; round += 1) {
        const claims = await Promise.all(
          ['a1', 'a2', 'b1', 'b2'].map((owner) =>
            (owner.startsWith('a') ? a : b).webhooks().claim(t0, 3, owner, 30_000),
          ),
        );
        seen.push(...claims.flat().map((m) => m.id));
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(new Set(seen)).toEqual(new Set(batch.map((m) => m.id)));
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
