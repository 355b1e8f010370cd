import { expect } from 'vitest';
import {
  makeTestAttempt,
  makeTestEndpoint,
  makeTestMessage,
  webhookTestTime as t0,
} from './webhook-fixtures.js';
import type { WebhookAttempt, WebhookMessage, WebhookSettlement, WebhookStore } from './webhook-store.js';

type It = (name: string, fn: () => Promise<void>) => void;
type WithStore = (fn: (store: WebhookStore) => Promise<void>) => Promise<void>;

const lease = 30_000;

/** The settlement of one attempt at a claimed message: delivered unless `outcome` says otherwise. */
function settlementOf(
  message: WebhookMessage,
  leaseOwner: string,
  outcome: Partial<Omit<WebhookSettlement, 'attempt'>> & { attempt?: Partial<WebhookAttempt> } = {},
): WebhookSettlement {
  const { attempt, ...rest } = outcome;
  return {
    endpointId: message.endpointId,
    messageId: message.id,
    leaseOwner,
    status: 'delivered',
    attempts: message.attempts + 1,
    nextAttemptAt: null,
    ...rest,
    attempt: makeTestAttempt(message, attempt),
  };
}

/** Creates an endpoint and enqueues `count` messages to it, due one second apart from {@link t0}. */
async function seed(store: WebhookStore, count: number, owner = 'owner-a') {
  const endpoint = makeTestEndpoint({ owner });
  await store.createEndpoint(endpoint);
  const messages = Array.from({ length: count }, (_, i) =>
    makeTestMessage(endpoint, { nextAttemptAt: t0 + i * 1000 }),
  );
  await store.enqueue(messages);
  return { endpoint, messages };
}

/** The outbox part of the webhook store contract, registered by `describeWebhookStoreContract`. */
export function describeWebhookOutboxContract(it: It, withStore: WithStore): void {
  it('enqueue is idempotent per endpoint and message id, and keeps the first copy', () =>
    withStore(async (store) => {
      const { endpoint, messages } = await seed(store, 2);
      const [first, second] = messages as [WebhookMessage, WebhookMessage];
      const other = makeTestEndpoint();
      await store.createEndpoint(other);
      const sameIdElsewhere = makeTestMessage(other, { id: first.id });
      const fresh = makeTestMessage(endpoint);
      await store.enqueue([
        { ...first, payload: '{"changed":true}' },
        sameIdElsewhere,
        fresh,
        { ...fresh, type: 'x' },
      ]);
      await store.enqueue([second]);
      expect(await store.getMessage(endpoint.owner, endpoint.id, first.id)).toEqual(first);
      expect(await store.getMessage(other.owner, other.id, first.id)).toEqual(sameIdElsewhere);
      expect(await store.getMessage(endpoint.owner, endpoint.id, fresh.id)).toEqual(fresh);
      const claimed = await store.claim(t0 + 10_000, 100, 'worker-1', lease);
      expect(claimed.map((m) => m.id).sort()).toEqual([first.id, first.id, second.id, fresh.id].sort());
      await store.enqueue([]);
    }));

  it('a batch is stored whole: every message of it is claimable together', () =>
    withStore(async (store) => {
      const { messages } = await seed(store, 25);
      const claimed = await store.claim(t0 + 25_000, 100, 'worker-1', lease);
      expect(claimed).toHaveLength(25);
      expect(new Set(claimed.map((m) => m.id))).toEqual(new Set(messages.map((m) => m.id)));
    }));

  it('claims due messages earliest first, up to the limit, leased to the claimer', () =>
    withStore(async (store) => {
      const { messages } = await seed(store, 5);
      expect(await store.claim(t0 - 1, 10, 'worker-1', lease)).toEqual([]);
      const claimed = await store.claim(t0 + 3_000, 3, 'worker-1', lease);
      const leased = (m: WebhookMessage) => ({
        ...m,
        leaseOwner: 'worker-1',
        leaseUntil: t0 + 3_000 + lease,
      });
      expect(claimed).toEqual(messages.slice(0, 3).map(leased));
      const [, , , fourth] = messages as WebhookMessage[];
      expect(await store.claim(t0 + 3_000, 10, 'worker-2', lease)).toEqual([
        { ...fourth!, leaseOwner: 'worker-2', leaseUntil: t0 + 3_000 + lease },
      ]);
      const stored = await store.getMessage('owner-a', fourth!.endpointId, fourth!.id);
      expect(stored).toMatchObject({ leaseOwner: 'worker-2', leaseUntil: t0 + 33_000 });
      expect(await store.claim(t0 + 3_000, 0, 'worker-3', lease)).toEqual([]);
    }));

  it('a leased message is not claimed again until its lease runs out, then another process takes it', () =>
    withStore(async (store) => {
      const { messages } = await seed(store, 1);
      const [message] = messages as [WebhookMessage];
      expect(await store.claim(t0, 10, 'killed', lease)).toHaveLength(1);
      expect(await store.claim(t0 + lease - 1, 10, 'survivor', lease)).toEqual([]);
      expect(await store.claim(t0 + lease - 1, 10, 'killed', lease)).toEqual([]);
      const retaken = await store.claim(t0 + lease, 10, 'survivor', lease);
      expect(retaken).toEqual([{ ...message, leaseOwner: 'survivor', leaseUntil: t0 + 2 * lease }]);
      // The first process comes back to life: its write is refused and changes nothing.
      expect(await store.settle(settlementOf(message, 'killed'))).toBe(false);
      expect(await store.getMessage('owner-a', message.endpointId, message.id)).toEqual(retaken[0]);
      expect(await store.listAttempts('owner-a', message.endpointId, { limit: 10 })).toEqual([]);
      expect(await store.settle(settlementOf(message, 'survivor'))).toBe(true);
    }));

  it('a lapsed lease nobody took over still lets its holder settle', () =>
    withStore(async (store) => {
      const { messages } = await seed(store, 1);
      const [message] = messages as [WebhookMessage];
      await store.claim(t0, 1, 'slow', lease);
      expect(await store.nextDue()).toBe(t0 + lease);
      expect(await store.settle(settlementOf(message, 'slow', { attempt: { at: t0 + 2 * lease } }))).toBe(
        true,
      );
      expect((await store.getMessage('owner-a', message.endpointId, message.id))?.status).toBe('delivered');
      expect(await store.claim(t0 + 3 * lease, 10, 'other', lease)).toEqual([]);
    }));

  it('concurrent claims by several processes never hand out one message twice', () =>
    withStore(async (store) => {
      const { messages } = await seed(store, 40);
      const owners = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
      const seen: string[] = [];
      for (let round = 0; round < 4; round += 1) {
        const batches = await Promise.all(owners.map((o) => store.claim(t0 + 60_000, 3, o, lease)));
        batches.forEach((batch, i) => {
          for (const m of batch) expect(m.leaseOwner).toBe(owners[i]);
        });
        seen.push(...batches.flat().map((m) => m.id));
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.length).toBe(40);
      expect(new Set(seen)).toEqual(new Set(messages.map((m) => m.id)));
    }));

  it('settle records the attempt, the new status and frees the lease', () =>
    withStore(async (store) => {
      const { endpoint, messages } = await seed(store, 2);
      const [retried, delivered] = (await store.claim(t0 + 1_000, 10, 'worker-1', lease)) as [
        WebhookMessage,
        WebhookMessage,
      ];
      const failure = settlementOf(retried, 'worker-1', {
        status: 'pending',
        nextAttemptAt: t0 + 61_000,
        attempt: { status: null, error: 'connection refused', ok: false, at: t0 + 1_000 },
      });
      expect(await store.settle(failure)).toBe(true);
      const success = settlementOf(delivered, 'worker-1', { attempt: { at: t0 + 1_001 } });
      expect(await store.settle(success)).toBe(true);
      expect(await store.getMessage(endpoint.owner, endpoint.id, retried.id)).toEqual({
        ...messages[0],
        attempts: 1,
        nextAttemptAt: t0 + 61_000,
      });
      expect(await store.getMessage(endpoint.owner, endpoint.id, delivered.id)).toEqual({
        ...messages[1],
        status: 'delivered',
        attempts: 1,
        nextAttemptAt: null,
      });
      expect(await store.listAttempts(endpoint.owner, endpoint.id, { limit: 10 })).toEqual([
        success.attempt,
        failure.attempt,
      ]);
      expect(await store.settle(settlementOf(delivered, 'worker-1'))).toBe(false);
      expect(await store.settle(settlementOf({ ...delivered, id: 'msg_none' }, 'worker-1'))).toBe(false);
      expect(await store.claim(t0 + 60_999, 10, 'worker-2', lease)).toEqual([]);
      expect((await store.claim(t0 + 61_000, 10, 'worker-2', lease)).map((m) => m.id)).toEqual([retried.id]);
    }));

  it('nextDue is the earliest time a pending message becomes claimable', () =>
    withStore(async (store) => {
      expect(await store.nextDue()).toBeNull();
      const { messages } = await seed(store, 3);
      expect(await store.nextDue()).toBe(t0);
      const [first] = (await store.claim(t0, 1, 'worker-1', lease)) as [WebhookMessage];
      expect(await store.nextDue()).toBe(t0 + 1_000);
      await store.claim(t0 + 2_000, 2, 'worker-1', 500);
      expect(await store.nextDue()).toBe(t0 + 2_500);
      const [, second, third] = messages as WebhookMessage[];
      await store.settle(settlementOf(second!, 'worker-1'));
      await store.settle(
        settlementOf(third!, 'worker-1', { status: 'failed', attempt: { ok: false, status: 410 } }),
      );
      expect(await store.nextDue()).toBe(t0 + lease);
      await store.settle(settlementOf(first, 'worker-1'));
      expect(await store.nextDue()).toBeNull();
    }));

  it('messages and attempts are visible to their owner only', () =>
    withStore(async (store) => {
      const { endpoint, messages } = await seed(store, 1);
      const [message] = messages as [WebhookMessage];
      await store.claim(t0, 1, 'worker-1', lease);
      await store.settle(settlementOf(message, 'worker-1'));
      expect(await store.getMessage('owner-b', endpoint.id, message.id)).toBeNull();
      expect(await store.getMessage(endpoint.owner, endpoint.id, 'msg_none')).toBeNull();
      expect(await store.listAttempts('owner-b', endpoint.id, { limit: 10 })).toEqual([]);
      expect(await store.listAttempts(endpoint.owner, endpoint.id, { limit: 10 })).toHaveLength(1);
    }));

  it('lists an endpoint’s attempts newest first, page by page', () =>
    withStore(async (store) => {
      const { endpoint, messages } = await seed(store, 1);
      const other = await seed(store, 1);
      const written: WebhookAttempt[] = [];
      for (let i = 0; i < 7; i += 1) {
        const [m] = (await store.claim(t0 + i * 10_000, 1, 'worker-1', lease)) as [WebhookMessage];
        expect(m.id).toBe(messages[0]!.id);
        const s = settlementOf(m, 'worker-1', {
          status: 'pending',
          attempts: i + 1,
          nextAttemptAt: t0 + (i + 1) * 10_000,
          attempt: { attempt: i + 1, at: t0 + i * 10_000, ok: false, status: 503, error: 'HTTP 503' },
        });
        await store.settle(s);
        written.push(s.attempt);
        const [o] = (await store.claim(t0 + i * 10_000, 1, 'worker-1', lease)) as [WebhookMessage];
        await store.settle(
          settlementOf(o, 'worker-1', { status: 'pending', nextAttemptAt: t0 + (i + 1) * 10_000 }),
        );
      }
      expect(other.endpoint.id).not.toBe(endpoint.id);
      const seen: WebhookAttempt[] = [];
      let after: string | undefined;
      for (;;) {
        const page = await store.listAttempts(endpoint.owner, endpoint.id, {
          ...(after === undefined ? {} : { after }),
          limit: 3,
        });
        seen.push(...page);
        if (page.length < 3) break;
        after = page.at(-1)!.id;
      }
      expect(seen).toEqual([...written].reverse());
    }));

  it('prune deletes old settled messages and old attempts, and keeps pending ones', () =>
    withStore(async (store) => {
      const endpoint = makeTestEndpoint();
      await store.createEndpoint(endpoint);
      const old = (status: WebhookMessage['status']) =>
        makeTestMessage(endpoint, {
          status,
          createdAt: t0 - 10_000,
          nextAttemptAt: status === 'pending' ? t0 : null,
        });
      const [oldDelivered, oldFailed, oldPending] = [old('delivered'), old('failed'), old('pending')];
      const recent = makeTestMessage(endpoint, { status: 'delivered', nextAttemptAt: null, createdAt: t0 });
      await store.enqueue([oldDelivered, oldFailed, oldPending, recent]);
      const [claimed] = (await store.claim(t0, 1, 'worker-1', lease)) as [WebhookMessage];
      await store.settle(
        settlementOf(claimed, 'worker-1', {
          status: 'pending',
          nextAttemptAt: t0 + 1,
          attempt: { at: t0 - 5_000 },
        }),
      );
      const [again] = (await store.claim(t0 + 1, 1, 'worker-1', lease)) as [WebhookMessage];
      const kept = settlementOf(again, 'worker-1', {
        status: 'pending',
        nextAttemptAt: t0 + 2,
        attempt: { at: t0 },
      });
      await store.settle(kept);
      expect(await store.prune(t0)).toBe(3);
      expect(await store.getMessage(endpoint.owner, endpoint.id, oldDelivered.id)).toBeNull();
      expect(await store.getMessage(endpoint.owner, endpoint.id, oldFailed.id)).toBeNull();
      expect(await store.getMessage(endpoint.owner, endpoint.id, oldPending.id)).not.toBeNull();
      expect(await store.getMessage(endpoint.owner, endpoint.id, recent.id)).toEqual(recent);
      expect(await store.listAttempts(endpoint.owner, endpoint.id, { limit: 10 })).toEqual([kept.attempt]);
      expect(await store.prune(t0)).toBe(0);
    }));
}
