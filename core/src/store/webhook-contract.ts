import { describe, expect, it as test } from 'vitest';
import { isLimbicError } from '../errors.js';
import { makeTestEndpoint, makeTestMessage } from './webhook-fixtures.js';
import { describeWebhookOutboxContract } from './webhook-outbox-contract.js';
import type { WebhookStore } from './webhook-store.js';

/** Options of {@link describeWebhookStoreContract}. */
export interface WebhookContractOptions {
  /** Why the store cannot be tested here: every test is declared skipped, one by one, so the run counts them. */
  skip?: string;
}

/**
 * The behaviour every {@link WebhookStore} must have, as a vitest suite: endpoints with owner isolation and
 * compare-and-set, and the outbox (idempotent enqueue, leased claims, settling, the delivery log, pruning). `open`
 * gives a new, empty store per test; the suite closes it afterwards.
 * @example
 * describeWebhookStoreContract('memory', () => createMemoryWebhookStore());
 */
export function describeWebhookStoreContract(
  name: string,
  open: () => WebhookStore | Promise<WebhookStore>,
  options: WebhookContractOptions = {},
): void {
  const it = options.skip === undefined ? test : test.skip;
  describe(`WebhookStore contract: ${name}`, () => {
    async function withStore(fn: (store: WebhookStore) => Promise<void>): Promise<void> {
      const store = await open();
      try {
        await fn(store);
      } finally {
        await store.close();
      }
    }

    it('creates an endpoint readable by its owner, exactly, at version 1', () =>
      withStore(async (store) => {
        const endpoint = makeTestEndpoint({ disabledReason: null, description: '' });
        await store.createEndpoint({ ...endpoint, version: 7 });
        expect(await store.getEndpoint(endpoint.owner, endpoint.id)).toEqual(endpoint);
        expect(await store.getEndpoint(endpoint.owner, 'whk_none')).toBeNull();
      }));

    it('refuses a duplicate endpoint id with CONFLICT, whoever the owner', () =>
      withStore(async (store) => {
        const endpoint = makeTestEndpoint();
        await store.createEndpoint(endpoint);
        for (const owner of [endpoint.owner, 'owner-b']) {
          const error = await store.createEndpoint({ ...endpoint, owner, url: 'https://x.example' }).then(
            () => null,
            (e: unknown) => e,
          );
          expect(isLimbicError(error) ? error.code : error).toBe('CONFLICT');
        }
        expect(await store.getEndpoint(endpoint.owner, endpoint.id)).toEqual(endpoint);
        expect(await store.getEndpoint('owner-b', endpoint.id)).toBeNull();
      }));

    it('lists and counts an owner’s endpoints in id order, page by page', () =>
      withStore(async (store) => {
        const mine = Array.from({ length: 7 }, () => makeTestEndpoint());
        const theirs = makeTestEndpoint({ owner: 'owner-b' });
        for (const endpoint of [...mine].reverse()) await store.createEndpoint(endpoint);
        await store.createEndpoint(theirs);
        const seen: string[] = [];
        let after: string | undefined;
        for (;;) {
          const page = await store.listEndpoints('owner-a', {
            ...(after === undefined ? {} : { after }),
            limit: 3,
          });
          seen.push(...page.map((e) => e.id));
          if (page.length < 3) break;
          after = page.at(-1)!.id;
        }
        expect(seen).toEqual(mine.map((e) => e.id));
        expect(await store.listEndpoints('owner-a', { limit: 1 })).toEqual([mine[0]]);
        expect(await store.countEndpoints('owner-a')).toBe(7);
        expect(await store.countEndpoints('owner-b')).toBe(1);
        expect(await store.countEndpoints('owner-c')).toBe(0);
        expect(await store.listEndpoints('owner-b', { limit: 10 })).toEqual([theirs]);
      }));

    it('endpointsFor gives the owner’s enabled endpoints that receive the type', () =>
      withStore(async (store) => {
        const wants = makeTestEndpoint({ events: ['session.emotional_overflow', 'proactive.action'] });
        const other = makeTestEndpoint({ events: ['session.stage_transition'] });
        const off = makeTestEndpoint({ enabled: false, disabledReason: 'failing' });
        const foreign = makeTestEndpoint({ owner: 'owner-b', events: ['proactive.action'] });
        const prefix = makeTestEndpoint({ events: ['proactive'] });
        for (const e of [wants, other, off, foreign, prefix]) await store.createEndpoint(e);
        expect(await store.endpointsFor('owner-a', 'proactive.action')).toEqual([wants]);
        expect(await store.endpointsFor('owner-a', 'session.stage_transition')).toEqual([other]);
        expect(await store.endpointsFor('owner-b', 'proactive.action')).toEqual([foreign]);
        expect(await store.endpointsFor('owner-a', 'relationship.signal')).toEqual([]);
      }));

    it('replaceEndpoint is a compare-and-set on the version', () =>
      withStore(async (store) => {
        const endpoint = makeTestEndpoint();
        await store.createEndpoint(endpoint);
        const renamed = {
          ...endpoint,
          url: 'https://new.example/hook',
          events: ['proactive.action'],
          version: 2,
        };
        expect(await store.replaceEndpoint(renamed, 1)).toBe(true);
        expect(await store.getEndpoint(endpoint.owner, endpoint.id)).toEqual(renamed);
        expect(await store.replaceEndpoint({ ...endpoint, description: 'stale' }, 1)).toBe(false);
        const disabled = { ...renamed, enabled: false, disabledReason: 'manual', secrets: [], version: 3 };
        expect(await store.replaceEndpoint(disabled, 2)).toBe(true);
        expect(await store.getEndpoint(endpoint.owner, endpoint.id)).toEqual(disabled);
        expect(await store.replaceEndpoint(makeTestEndpoint(), 1)).toBe(false);
      }));

    it('of concurrent replaces from one version, exactly one wins', () =>
      withStore(async (store) => {
        const endpoint = makeTestEndpoint();
        await store.createEndpoint(endpoint);
        const racers = Array.from({ length: 6 }, (_, i) => ({
          ...endpoint,
          description: `racer ${i}`,
          version: 2,
        }));
        const won = await Promise.all(racers.map((e) => store.replaceEndpoint(e, 1)));
        expect(won.filter(Boolean)).toHaveLength(1);
        expect(await store.getEndpoint(endpoint.owner, endpoint.id)).toEqual(racers[won.indexOf(true)]);
      }));

    it('another owner’s endpoint cannot be read, replaced or deleted', () =>
      withStore(async (store) => {
        const endpoint = makeTestEndpoint();
        await store.createEndpoint(endpoint);
        expect(await store.getEndpoint('owner-b', endpoint.id)).toBeNull();
        expect(await store.listEndpoints('owner-b', { limit: 10 })).toEqual([]);
        expect(await store.endpointsFor('owner-b', 'proactive.action')).toEqual([]);
        expect(await store.replaceEndpoint({ ...endpoint, owner: 'owner-b', version: 2 }, 1)).toBe(false);
        expect(await store.deleteEndpoint('owner-b', endpoint.id)).toBe(false);
        expect(await store.getEndpoint(endpoint.owner, endpoint.id)).toEqual(endpoint);
      }));

    it('deleteEndpoint removes the endpoint with its messages and attempts, once', () =>
      withStore(async (store) => {
        const gone = makeTestEndpoint();
        const kept = makeTestEndpoint();
        await store.createEndpoint(gone);
        await store.createEndpoint(kept);
        const [a, b] = [makeTestMessage(gone), makeTestMessage(kept)];
        await store.enqueue([a, b]);
        for (const m of await store.claim(a.nextAttemptAt!, 10, 'worker-1', 30_000)) {
          const attempt = { id: `att_del_${m.endpointId}`, messageId: m.id, endpointId: m.endpointId };
          await store.settle({
            endpointId: m.endpointId,
            messageId: m.id,
            leaseOwner: 'worker-1',
            status: 'pending',
            attempts: 1,
            nextAttemptAt: m.nextAttemptAt! + 5_000,
            attempt: {
              ...attempt,
              owner: m.owner,
              type: m.type,
              attempt: 1,
              at: 1,
              durationMs: 3,
              status: 500,
              error: 'HTTP 500',
              ok: false,
            },
          });
        }
        expect(await store.deleteEndpoint(gone.owner, gone.id)).toBe(true);
        expect(await store.deleteEndpoint(gone.owner, gone.id)).toBe(false);
        expect(await store.getEndpoint(gone.owner, gone.id)).toBeNull();
        expect(await store.getMessage(gone.owner, gone.id, a.id)).toBeNull();
        expect(await store.listAttempts(gone.owner, gone.id, { limit: 10 })).toEqual([]);
        expect((await store.getMessage(kept.owner, kept.id, b.id))?.attempts).toBe(1);
        expect(await store.listAttempts(kept.owner, kept.id, { limit: 10 })).toHaveLength(1);
        const due = await store.claim(b.nextAttemptAt! + 10_000, 10, 'worker-2', 30_000);
        expect(due.map((m) => m.id)).toEqual([b.id]);
      }));

    describeWebhookOutboxContract(it, withStore);
  });
}
