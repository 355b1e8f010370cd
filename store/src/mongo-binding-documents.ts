/**
 * The documents the MongoDB store sends for bindings (collection `bindings`), as small pure functions, so the tests
 * can evaluate them with mingo without a server. See docs/storage.md, "MongoDB".
 * @module
 */
import type { Binding, BindingRecord } from '@limbic/core';
import { type IndexSpec, id } from './mongo-documents.js';

/** A binding as stored: the conversation key is the `_id`, so an insert of a bound key fails atomically (E11000). */
export interface BindingDocument {
  _id: string;
  owner: string;
  /** Unique (index `session_id`): one session stands for one conversation. */
  sessionId: string;
  target: string;
  lastMessageAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** The stored document of a binding. */
export function toBindingDocument(binding: Binding): BindingDocument {
  return {
    _id: id(binding.key, 'key'),
    owner: id(binding.owner, 'owner'),
    sessionId: id(binding.sessionId, 'sessionId'),
    target: id(binding.target, 'target'),
    lastMessageAt: binding.lastMessageAt,
    createdAt: binding.createdAt,
    updatedAt: binding.updatedAt,
  };
}

/** The binding of a stored document. */
export function fromBindingDocument(doc: BindingDocument): Binding {
  return {
    key: doc._id,
    owner: doc.owner,
    sessionId: doc.sessionId,
    target: doc.target,
    lastMessageAt: doc.lastMessageAt,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** Filter of one binding by its conversation key. */
export function bindingByKey(key: string): { _id: string } {
  return { _id: id(key, 'key') };
}

/** Filter of the binding of a session (served by the unique `session_id` index). */
export function bindingBySession(sessionId: string): { sessionId: string } {
  return { sessionId: id(sessionId, 'sessionId') };
}

/** Filter of the bindings after a cursor key (served by `_id_`, in its order). */
export function bindingListFilter(after?: string): { _id?: { $gt: string } } {
  return after === undefined ? {} : { _id: { $gt: id(after, 'after') } };
}

/** Sort of binding lists: key order. */
export const bindingListSort = { _id: 1 } as const;

/** Indexes of the bindings collection (the `_id` index serves get, insert, update, delete and list). */
export const bindingIndexes: readonly IndexSpec[] = [
  { key: { sessionId: 1 }, name: 'session_id', unique: true },
];

/**
 * A record of the adapters (collection `binding_records`): the key as `_id`, the JSON value as a string (any JSON,
 * whatever its field names), and `expiresAt` as a Date for the TTL index, or null.
 */
export interface BindingRecordDocument {
  _id: string;
  value: string;
  expiresAt: Date | null;
  updatedAt: number;
}

/** The stored document of a record. */
export function toRecordDocument(record: BindingRecord): BindingRecordDocument {
  return {
    _id: id(record.key, 'key'),
    value: JSON.stringify(record.value ?? null),
    expiresAt: record.expiresAt === null ? null : new Date(record.expiresAt),
    updatedAt: record.updatedAt,
  };
}

/** The record of a stored document. */
export function fromRecordDocument(doc: BindingRecordDocument): BindingRecord {
  return {
    key: doc._id,
    value: JSON.parse(doc.value),
    expiresAt: doc.expiresAt === null ? null : doc.expiresAt.getTime(),
    updatedAt: doc.updatedAt,
  };
}

/** Filter of a record by key. */
export function recordByKey(key: string): { _id: string } {
  return { _id: id(key, 'key') };
}

/** Filter of a record by key that has not expired at `now` (the TTL monitor deletes expired ones only lazily). */
export function liveRecord(key: string, now: number): object {
  return { _id: id(key, 'key'), $or: [{ expiresAt: null }, { expiresAt: { $gt: new Date(now) } }] };
}

/** Indexes of the records collection: expired records are deleted by the server (TTL on `expiresAt`). */
export const recordIndexes: readonly IndexSpec[] = [
  { key: { expiresAt: 1 }, name: 'expires_at_ttl', expireAfterSeconds: 0 },
];
