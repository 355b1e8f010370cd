import type { Collection, Db } from 'mongodb';
import {
  type BindingDocument,
  type BindingRecordDocument,
  bindingIndexes,
  recordIndexes,
} from './mongo-binding-documents.js';
import {
  type DeletionDocument,
  deletionIndex,
  type QuotaDocument,
  type SessionDocument,
  sessionIndexes,
} from './mongo-documents.js';
import {
  type AttemptDocument,
  attemptIndexes,
  type EndpointDocument,
  endpointIndexes,
  type MessageDocument,
  messageIndexes,
} from './mongo-webhook-documents.js';

/** The collections of the store. */
export const collectionNames = {
  sessions: 'sessions',
  quota: 'session_quota',
  deletions: 'session_deletions',
  bindings: 'bindings',
  records: 'binding_records',
  meta: 'limbic_meta',
  webhookEndpoints: 'webhook_endpoints',
  webhookMessages: 'webhook_messages',
  webhookAttempts: 'webhook_attempts',
} as const;

/** A value the gateway instances share, such as the origin of a scaled engine clock. */
export interface MetaDocument {
  _id: string;
  value: number;
}

/** The store's collections of one database, typed by the documents they hold. */
export interface MongoCollections {
  sessions: Collection<SessionDocument>;
  quota: Collection<QuotaDocument>;
  deletions: Collection<DeletionDocument>;
  bindings: Collection<BindingDocument>;
  records: Collection<BindingRecordDocument>;
  meta: Collection<MetaDocument>;
  webhookEndpoints: Collection<EndpointDocument>;
  webhookMessages: Collection<MessageDocument>;
  webhookAttempts: Collection<AttemptDocument>;
}

/** The store's collections in `db` (no round trip: the driver opens collections lazily). */
export function collectionsOf(db: Db): MongoCollections {
  return {
    sessions: db.collection(collectionNames.sessions),
    quota: db.collection(collectionNames.quota),
    deletions: db.collection(collectionNames.deletions),
    bindings: db.collection(collectionNames.bindings),
    records: db.collection(collectionNames.records),
    meta: db.collection(collectionNames.meta),
    webhookEndpoints: db.collection(collectionNames.webhookEndpoints),
    webhookMessages: db.collection(collectionNames.webhookMessages),
    webhookAttempts: db.collection(collectionNames.webhookAttempts),
  };
}

/**
 * Creates the store's indexes: the sessions' owner and due indexes, the one-day TTL of deletion notices, the
 * bindings' and binding records' indexes, and the webhooks' (owner listing, the unique message key, the claimable
 * messages, the delivery log). Idempotent (an index with the same name and options is a no-op), so every
 * instance runs it at start.
 */
export async function createIndexes(collections: MongoCollections): Promise<void> {
  const { sessions, deletions, bindings, records } = collections;
  await sessions.createIndexes(sessionIndexes.map((spec) => ({ ...spec })));
  await deletions.createIndex(deletionIndex.key, {
    name: deletionIndex.name,
    expireAfterSeconds: deletionIndex.expireAfterSeconds!,
  });
  await bindings.createIndexes(bindingIndexes.map((spec) => ({ ...spec })));
  await records.createIndexes(recordIndexes.map((spec) => ({ ...spec })));
  await collections.webhookEndpoints.createIndexes(endpointIndexes.map((spec) => ({ ...spec })));
  await collections.webhookMessages.createIndexes(messageIndexes.map((spec) => ({ ...spec })));
  await collections.webhookAttempts.createIndexes(attemptIndexes.map((spec) => ({ ...spec })));
}
