/**
 * The documents the MongoDB store sends for webhooks (collections `webhook_endpoints`, `webhook_messages`,
 * `webhook_attempts`), as small pure functions, so the tests can evaluate them with mingo without a server. See
 * docs/storage.md, "Webhooks".
 * @module
 */
import type { WebhookAttempt, WebhookEndpoint, WebhookMessage, WebhookSettlement } from '@limbic/core';
import { type IndexSpec, id } from './mongo-documents.js';

/** An endpoint as stored: its id is the `_id`. */
export type EndpointDocument = Omit<WebhookEndpoint, 'id'> & { _id: string };

/**
 * A message as stored, with a driver-made `_id`; (endpointId, id) is unique (index `endpoint_message`).
 * `claimableAt` is when a pending message can next be claimed (its due time, or its lease's end), null once settled
 * for good: kept by every write, so one index serves the claim and the earliest due time.
 */
export type MessageDocument = WebhookMessage & { claimableAt: number | null };

/** An attempt as stored: its id is the `_id`. */
export type AttemptDocument = Omit<WebhookAttempt, 'id'> & { _id: string };

/** The stored document of an endpoint at `version`. */
export function toEndpointDocument(endpoint: WebhookEndpoint, version: number): EndpointDocument {
  const { id: endpointId, ...rest } = endpoint;
  return { ...rest, _id: id(endpointId, 'id'), owner: id(endpoint.owner, 'owner'), version };
}

/** The endpoint of a stored document. */
export function fromEndpointDocument(doc: EndpointDocument): WebhookEndpoint {
  const { _id, ...rest } = doc;
  return { id: _id, ...rest };
}

/** Filter of one endpoint of an owner. */
export function endpointOf(owner: string, endpointId: string): { _id: string; owner: string } {
  return { _id: id(endpointId, 'id'), owner: id(owner, 'owner') };
}

/** Filter of an owner's endpoints after a cursor id (served by `owner_id`, in its order). */
export function endpointListFilter(owner: string, after?: string): object {
  return after === undefined
    ? { owner: id(owner, 'owner') }
    : { owner: id(owner, 'owner'), _id: { $gt: id(after, 'after') } };
}

/** Filter of the enabled endpoints of an owner that receive `type` (`events` holds it). */
export function endpointsForFilter(owner: string, type: string): object {
  return { owner: id(owner, 'owner'), enabled: true, events: id(type, 'type') };
}

/** Sort of endpoint lists: id order. */
export const endpointSort = { _id: 1 } as const;

/** When a message can next be claimed, or null (as `claimableAt` stores it). */
export function claimableAtOf(
  m: Pick<WebhookMessage, 'status' | 'nextAttemptAt' | 'leaseUntil'>,
): number | null {
  if (m.status !== 'pending' || m.nextAttemptAt === null) return null;
  return Math.max(m.nextAttemptAt, m.leaseUntil ?? m.nextAttemptAt);
}

/** The stored document of a message (without `_id`: the driver makes one). */
export function toMessageDocument(m: WebhookMessage): MessageDocument {
  return {
    id: id(m.id, 'id'),
    endpointId: id(m.endpointId, 'endpointId'),
    owner: id(m.owner, 'owner'),
    type: id(m.type, 'type'),
    payload: id(m.payload, 'payload'),
    createdAt: m.createdAt,
    status: m.status,
    attempts: m.attempts,
    nextAttemptAt: m.nextAttemptAt,
    leaseOwner: m.leaseOwner,
    leaseUntil: m.leaseUntil,
    claimableAt: claimableAtOf(m),
  };
}

/** The message of a stored document. */
export function fromMessageDocument(doc: MessageDocument): WebhookMessage {
  return {
    id: doc.id,
    endpointId: doc.endpointId,
    owner: doc.owner,
    type: doc.type,
    payload: doc.payload,
    createdAt: doc.createdAt,
    status: doc.status,
    attempts: doc.attempts,
    nextAttemptAt: doc.nextAttemptAt,
    leaseOwner: doc.leaseOwner,
    leaseUntil: doc.leaseUntil,
  };
}

/** Filter of one message of an owner (served by the unique `endpoint_message` index). */
export function messageOf(owner: string, endpointId: string, messageId: string): object {
  return {
    endpointId: id(endpointId, 'endpointId'),
    id: id(messageId, 'messageId'),
    owner: id(owner, 'owner'),
  };
}

/**
 * Filter of the messages claimable at `now`, except those already taken by this claim. The `$type` clause repeats
 * the `claimable` index's partial filter, so the planner can use it.
 */
export function claimableFilter(now: number, taken: readonly unknown[]): object {
  const filter = { claimableAt: { $type: 'number', $lte: now } };
  return taken.length === 0 ? filter : { ...filter, _id: { $nin: taken } };
}

/** Filter of every claimable message (for the earliest time). */
export const anyClaimableFilter = { claimableAt: { $type: 'number' } };

/** Claim order: earliest claimable first, then creation and ids (the `claimable` index's order: no sort in memory). */
export const claimSort = { claimableAt: 1, createdAt: 1, endpointId: 1, id: 1 } as const;

/** The update that leases a message to `leaseOwner` until `until`. */
export function leaseUpdate(leaseOwner: string, until: number): object {
  return { $set: { leaseOwner: id(leaseOwner, 'leaseOwner'), leaseUntil: until, claimableAt: until } };
}

/** Filter of a settlement's message, still leased to its lease owner. */
export function settleFilter(s: WebhookSettlement): object {
  return {
    endpointId: id(s.endpointId, 'endpointId'),
    id: id(s.messageId, 'messageId'),
    leaseOwner: id(s.leaseOwner, 'leaseOwner'),
  };
}

/** The update of a settlement: the new status, and the lease freed. */
export function settleUpdate(s: WebhookSettlement): object {
  const next = { status: s.status, nextAttemptAt: s.nextAttemptAt, leaseUntil: null };
  return {
    $set: { ...next, attempts: s.attempts, leaseOwner: null, claimableAt: claimableAtOf(next) },
  };
}

/** The stored document of an attempt. */
export function toAttemptDocument(a: WebhookAttempt): AttemptDocument {
  const { id: attemptId, ...rest } = a;
  return {
    ...rest,
    _id: id(attemptId, 'id'),
    endpointId: id(a.endpointId, 'endpointId'),
    owner: id(a.owner, 'owner'),
  };
}

/** The attempt of a stored document. */
export function fromAttemptDocument(doc: AttemptDocument): WebhookAttempt {
  const { _id, ...rest } = doc;
  return { id: _id, ...rest };
}

/** Filter of an endpoint's attempts before a cursor id (served by `endpoint_id`, newest first). */
export function attemptListFilter(owner: string, endpointId: string, after?: string): object {
  const filter = { endpointId: id(endpointId, 'endpointId'), owner: id(owner, 'owner') };
  return after === undefined ? filter : { ...filter, _id: { $lt: id(after, 'after') } };
}

/** Sort of the delivery log: newest first. */
export const attemptSort = { _id: -1 } as const;

/** Filter of settled messages created before `before` (prune). */
export function prunableMessages(before: number): object {
  return { status: { $in: ['delivered', 'failed'] }, createdAt: { $lt: before } };
}

/** Filter of attempts made before `before` (prune). */
export function prunableAttempts(before: number): object {
  return { at: { $lt: before } };
}

/** Indexes of the endpoints collection (`_id` serves get, replace and delete). */
export const endpointIndexes: readonly IndexSpec[] = [{ key: { owner: 1, _id: 1 }, name: 'owner_id' }];

/** Indexes of the messages collection. */
export const messageIndexes: readonly IndexSpec[] = [
  { key: { endpointId: 1, id: 1 }, name: 'endpoint_message', unique: true },
  {
    key: { claimableAt: 1, createdAt: 1, endpointId: 1, id: 1 },
    name: 'claimable',
    partialFilterExpression: { claimableAt: { $type: 'number' } },
  },
  { key: { status: 1, createdAt: 1 }, name: 'status_created' },
];

/** Indexes of the attempts collection. */
export const attemptIndexes: readonly IndexSpec[] = [
  { key: { endpointId: 1, _id: -1 }, name: 'endpoint_id' },
  { key: { at: 1 }, name: 'at' },
];
