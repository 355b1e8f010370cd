import { LimbicError, type WebhookMessage, type WebhookStore } from '@limbic/core';
import type { Collection, Filter, ObjectId } from 'mongodb';
import { guarded, isDuplicateKeyError } from './mongo-errors.js';
import {
  type AttemptDocument,
  anyClaimableFilter,
  attemptListFilter,
  attemptSort,
  claimableFilter,
  claimSort,
  type EndpointDocument,
  endpointListFilter,
  endpointOf,
  endpointSort,
  endpointsForFilter,
  fromAttemptDocument,
  fromEndpointDocument,
  fromMessageDocument,
  leaseUpdate,
  type MessageDocument,
  messageOf,
  prunableAttempts,
  prunableMessages,
  settleFilter,
  settleUpdate,
  toAttemptDocument,
  toEndpointDocument,
  toMessageDocument,
} from './mongo-webhook-documents.js';

/** The collections of the webhook store. */
export interface MongoWebhookCollections {
  endpoints: Collection<EndpointDocument>;
  messages: Collection<MessageDocument>;
  attempts: Collection<AttemptDocument>;
}

/** True when every write error of an (unordered) insert is a duplicate key: the messages were already stored. */
function onlyDuplicates(error: unknown): boolean {
  if (!isDuplicateKeyError(error)) return false;
  const writeErrors = (error as { writeErrors?: unknown }).writeErrors;
  const list: unknown[] = Array.isArray(writeErrors) ? writeErrors : writeErrors ? [writeErrors] : [];
  return list.every((e) => (e as { code?: unknown }).code === 11000);
}

// The documents are built from checked strings; the driver's filter types do not follow them through `object`.
const where = <D>(filter: object) => filter as Filter<D>;

/**
 * The MongoDB {@link WebhookStore} on the session store's database (docs/storage.md, "Webhooks"). Enqueue is an
 * unordered `insertMany` under the unique (endpointId, id) index: a message already stored is a duplicate key and
 * is skipped. A claim leases one message at a time with `findOneAndUpdate` (filter "claimable now", sort by the
 * claimable index), so of several instances claiming at once each message goes to one; settle is an `updateOne`
 * whose filter holds the lease owner, then the attempt's insert. `close` is a no-op: the session store owns the client.
 */
export function createMongoWebhookStore({
  endpoints,
  messages,
  attempts,
}: MongoWebhookCollections): WebhookStore {
  return {
    kind: 'mongodb',
    createEndpoint: (endpoint) =>
      guarded('create a webhook endpoint', async () => {
        try {
          await endpoints.insertOne(toEndpointDocument(endpoint, 1));
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
          throw new LimbicError('CONFLICT', `Webhook endpoint ${endpoint.id} already exists`, {
            cause: error,
          });
        }
      }),
    getEndpoint: (owner, endpointId) =>
      guarded('read a webhook endpoint', async () => {
        const doc = await endpoints.findOne(endpointOf(owner, endpointId));
        return doc ? fromEndpointDocument(doc) : null;
      }),
    listEndpoints: (owner, { after, limit }) =>
      guarded('list webhook endpoints', async () => {
        if (limit <= 0) return [];
        const filter = where<EndpointDocument>(endpointListFilter(owner, after));
        const docs = await endpoints.find(filter).sort(endpointSort).limit(limit).toArray();
        return docs.map(fromEndpointDocument);
      }),
    countEndpoints: (owner) =>
      guarded('count webhook endpoints', () =>
        endpoints.countDocuments(where<EndpointDocument>(endpointListFilter(owner))),
      ),
    endpointsFor: (owner, type) =>
      guarded('find webhook endpoints', async () => {
        const filter = where<EndpointDocument>(endpointsForFilter(owner, type));
        return (await endpoints.find(filter).sort(endpointSort).toArray()).map(fromEndpointDocument);
      }),
    replaceEndpoint: (endpoint, expectedVersion) =>
      guarded('replace a webhook endpoint', async () => {
        const filter = { ...endpointOf(endpoint.owner, endpoint.id), version: expectedVersion };
        const result = await endpoints.replaceOne(filter, toEndpointDocument(endpoint, expectedVersion + 1));
        return result.matchedCount === 1;
      }),
    deleteEndpoint: (owner, endpointId) =>
      guarded('delete a webhook endpoint', async () => {
        if ((await endpoints.deleteOne(endpointOf(owner, endpointId))).deletedCount !== 1) return false;
        await messages.deleteMany({ endpointId });
        await attempts.deleteMany({ endpointId });
        return true;
      }),
    enqueue: (batch) =>
      guarded('enqueue webhook messages', async () => {
        if (batch.length === 0) return;
        try {
          await messages.insertMany(batch.map(toMessageDocument), { ordered: false });
        } catch (error) {
          if (!onlyDuplicates(error)) throw error;
        }
      }),
    claim: (now, limit, leaseOwner, leaseMs) =>
      guarded('claim webhook messages', async () => {
        const claimed: WebhookMessage[] = [];
        const taken: ObjectId[] = [];
        while (claimed.length < limit) {
          const doc = await messages.findOneAndUpdate(
            where<MessageDocument>(claimableFilter(now, taken)),
            leaseUpdate(leaseOwner, now + leaseMs),
            { sort: claimSort, returnDocument: 'after' },
          );
          if (!doc) break;
          taken.push(doc._id);
          claimed.push(fromMessageDocument(doc));
        }
        return claimed;
      }),
    nextDue: () =>
      guarded('find the next webhook due time', async () => {
        const doc = await messages.findOne(where<MessageDocument>(anyClaimableFilter), {
          projection: { claimableAt: 1 },
          sort: claimSort,
        });
        return doc?.claimableAt ?? null;
      }),
    settle: (settlement) =>
      guarded('settle a webhook message', async () => {
        const result = await messages.updateOne(
          where<MessageDocument>(settleFilter(settlement)),
          settleUpdate(settlement),
        );
        if (result.matchedCount !== 1) return false;
        try {
          await attempts.insertOne(toAttemptDocument(settlement.attempt));
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
        }
        return true;
      }),
    getMessage: (owner, endpointId, messageId) =>
      guarded('read a webhook message', async () => {
        const doc = await messages.findOne(where<MessageDocument>(messageOf(owner, endpointId, messageId)));
        return doc ? fromMessageDocument(doc) : null;
      }),
    listAttempts: (owner, endpointId, { after, limit }) =>
      guarded('list webhook attempts', async () => {
        if (limit <= 0) return [];
        const filter = where<AttemptDocument>(attemptListFilter(owner, endpointId, after));
        const docs = await attempts.find(filter).sort(attemptSort).limit(limit).toArray();
        return docs.map(fromAttemptDocument);
      }),
    prune: (before) =>
      guarded('prune webhook messages', async () => {
        const gone = await messages.deleteMany(where<MessageDocument>(prunableMessages(before)));
        const logged = await attempts.deleteMany(where<AttemptDocument>(prunableAttempts(before)));
        return gone.deletedCount + logged.deletedCount;
      }),
    close: () => Promise.resolve(),
  };
}
