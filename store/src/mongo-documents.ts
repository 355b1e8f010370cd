/**
 * Every document the MongoDB session store sends to the server, built by small pure functions: the stored shape of
 * a session, and each filter, update, sort and projection of its queries. Keeping them here, away from the driver,
 * lets the tests evaluate them with mingo (MongoDB's query and update language on in-memory objects) to check the
 * store's semantics without a server. See docs/storage.md, "MongoDB".
 * @module
 */
import { LimbicError, type SessionOrder, type SessionRecord } from '@limbic/core';
import { checkDocument, documentSchema } from './session-document.js';

/** A session as stored: one document per session, so every turn is one atomic conditional update. */
export interface SessionDocument {
  /** The session id (`ses_…`, time-sortable), so id order is creation order. */
  _id: string;
  /** Document shape version (`documentSchema`, shared with the SQLite store). */
  schema: number;
  owner: string;
  version: number;
  createdAt: number;
  updatedAt: number;
  /** Engine-clock ms of the next time-driven check, or null: only numbers are in the due index. */
  nextDueAt: number | null;
  persona: SessionRecord['persona'];
  state: SessionRecord['state'];
  proactive: SessionRecord['proactive'];
  /**
   * The character's memory, settings and episodes, embedded (at most 2,000 episodes of about 0.5 kB: far below
   * the 16 MB document limit). Optional: documents written before memory existed, and those of sessions that never
   * remembered anything, lack it.
   */
  memory?: NonNullable<SessionRecord['memory']>;
  /** Each person's activity history (optional: documents written before it existed lack it). */
  activity?: NonNullable<SessionRecord['activity']>;
  /** The operator overrides' log (optional: sessions never overridden lack it). */
  overrides?: NonNullable<SessionRecord['overrides']>;
  /** Wall time of the last write (server time for updates): what the polling change feed reads. */
  changedAt: Date;
}

/** The per-owner session counter that makes the quota check atomic with the insert. */
export interface QuotaDocument {
  /** The owner. */
  _id: string;
  /** Sessions of the owner, counting reservations whose insert is in flight. */
  count: number;
  /** Wall time of the last reservation or release: a counter untouched for a while can be repaired safely. */
  at: Date;
}

/** A deleted session, kept one day so other gateway instances learn about the deletion (and its owner). */
export interface DeletionDocument {
  _id: string;
  owner: string;
  at: Date;
}

/** An index the store creates at start (createIndex with the same name and options is a no-op). */
export interface IndexSpec {
  key: Record<string, 1 | -1>;
  name: string;
  partialFilterExpression?: Record<string, unknown>;
  expireAfterSeconds?: number;
  unique?: boolean;
}

/** A filter value, checked to be a plain string (defence against operator injection). */
export function id(value: unknown, name: string): string {
  if (typeof value !== 'string') throw new LimbicError('VALIDATION_ERROR', `${name}: must be a string`);
  return value;
}

/** The stored document of a record. */
export function toDocument(record: SessionRecord, now: Date): SessionDocument {
  const doc: SessionDocument = {
    _id: id(record.id, 'id'),
    schema: documentSchema,
    owner: id(record.owner, 'owner'),
    version: record.version,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    nextDueAt: record.nextDueAt,
    persona: record.persona,
    state: record.state,
    proactive: record.proactive,
    changedAt: now,
  };
  if (record.memory !== undefined) doc.memory = record.memory;
  if (record.activity !== undefined) doc.activity = record.activity;
  if (record.overrides !== undefined) doc.overrides = record.overrides;
  return doc;
}

/**
 * The record of a stored document.
 * @throws LimbicError STORE_UNAVAILABLE for a document in a shape this code cannot read (written by a newer Limbic).
 */
export function fromDocument(doc: SessionDocument): SessionRecord {
  checkDocument(doc._id, doc);
  const record: SessionRecord = {
    id: doc._id,
    owner: doc.owner,
    version: doc.version,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    persona: doc.persona,
    state: doc.state,
    proactive: doc.proactive,
    nextDueAt: doc.nextDueAt,
  };
  if (doc.memory !== undefined) record.memory = doc.memory;
  if (doc.activity !== undefined) record.activity = doc.activity;
  if (doc.overrides !== undefined) record.overrides = doc.overrides;
  return record;
}

/** Filter of one session by id. */
export function byId(sessionId: string): { _id: string } {
  return { _id: id(sessionId, 'id') };
}

/** Filter of one session of one owner (delete). */
export function byOwnerAndId(owner: string, sessionId: string): { _id: string; owner: string } {
  return { _id: id(sessionId, 'id'), owner: id(owner, 'owner') };
}

/** The compare-and-set filter of a write: matches only the expected version of the owner's session. */
export function casFilter(record: SessionRecord, expectedVersion: number) {
  return { _id: id(record.id, 'id'), owner: id(record.owner, 'owner'), version: expectedVersion };
}

/**
 * The update of a compare-and-set write: the whole new body and version; id, owner and createdAt never change. A
 * record without memory unsets the field, so the document holds exactly the record.
 */
export function casUpdate(record: SessionRecord) {
  const body = {
    schema: documentSchema,
    version: record.version,
    updatedAt: record.updatedAt,
    nextDueAt: record.nextDueAt,
    persona: record.persona,
    state: record.state,
    proactive: record.proactive,
  };
  const changedAt = { $currentDate: { changedAt: true as const } };
  // Optional parts the record lacks are unset, so the document holds exactly the record.
  const optional = { memory: record.memory, activity: record.activity, overrides: record.overrides };
  const $set: Record<string, unknown> = { ...body };
  const unset: Record<string, ''> = {};
  for (const [key, value] of Object.entries(optional)) {
    if (value === undefined) unset[key] = '';
    else $set[key] = value;
  }
  return Object.keys(unset).length === 0 ? { $set, ...changedAt } : { $set, $unset: unset, ...changedAt };
}

/** Filter of an owner's sessions after a cursor id in `order` (served by the `owner_id` index, either way). */
export function listFilter(owner: string, after?: string, order: SessionOrder = 'oldest') {
  if (after === undefined) return { owner: id(owner, 'owner') };
  const bound = id(after, 'after');
  return { owner: id(owner, 'owner'), _id: order === 'newest' ? { $lt: bound } : { $gt: bound } };
}

/** Projection of session lists that leave memory out (`list` with `memory: false`). */
export const withoutMemory = { memory: 0 } as const;

/** Sort of session lists: id order, which is creation order. */
export const listSort = { _id: 1 } as const;

/**
 * Sort of newest-first session lists: the `owner_id` index ({owner: 1, _id: 1}) walked backwards (an equality on
 * owner, then _id descending), so it serves both orders without a second index.
 */
export const newestListSort = { _id: -1 } as const;

/**
 * The index lists and counts name as their hint: without it, the planner could pick `_id_` for a list (it serves
 * the sort too) and filter owners while scanning every session.
 */
export const ownerIndexName = 'owner_id';

/** Filter of an owner's sessions, for counting. */
export function countFilter(owner: string): { owner: string } {
  return { owner: id(owner, 'owner') };
}

/**
 * Filter of sessions due at `time`. The `$type` clause repeats the due index's partial filter, so the planner can
 * prove the query is covered by it (null, the common case, is not in the index at all).
 */
export function dueFilter(time: number) {
  return { nextDueAt: { $type: 'number' as const, $lte: time } };
}

/** Filter of sessions with any due time (for the earliest one). */
export const anyDueFilter = { nextDueAt: { $type: 'number' as const } };

/** Sort of due queries: earliest first, id to break ties (the `due` index's order, so no in-memory sort). */
export const dueSort = { nextDueAt: 1, _id: 1 } as const;

/** Projection of due queries: only what the scheduler needs. */
export const dueProjection = { _id: 1, owner: 1, nextDueAt: 1 } as const;

/** Filter of the owner's counter when it has room: the conditional `$inc` that reserves a slot. */
export function quotaReserveFilter(owner: string, max: number) {
  return { _id: id(owner, 'owner'), count: { $lt: max } };
}

/** Filter of the owner's counter (unconditional reservations, creating the counter). */
export function quotaFilter(owner: string): { _id: string } {
  return { _id: id(owner, 'owner') };
}

/** Update that reserves one slot (with `upsert` when there is no limit: the counter starts at 1). */
export function quotaReserveUpdate(now: Date) {
  return { $inc: { count: 1 }, $set: { at: now } };
}

/** Update (with `upsert`) that creates an owner's counter at 0 and leaves an existing one alone. */
export function quotaCreateUpdate(now: Date) {
  return { $setOnInsert: { count: 0, at: now } };
}

/** Filter of the release after a delete or a refused insert: never below zero. */
export function quotaReleaseFilter(owner: string) {
  return { _id: id(owner, 'owner'), count: { $gt: 0 } };
}

/** Update that releases one slot. */
export function quotaReleaseUpdate(now: Date) {
  return { $inc: { count: -1 }, $set: { at: now } };
}

/** Compare-and-set filter of a counter repair: the counter is still exactly as read (no reservation since). */
export function quotaRepairFilter(counter: QuotaDocument) {
  return { _id: id(counter._id, 'owner'), count: counter.count, at: counter.at };
}

/** Update of a counter repair: the true number of sessions. */
export function quotaRepairUpdate(actual: number, now: Date) {
  return { $set: { count: actual, at: now } };
}

/** The tombstone of a deleted session (upserted by id). */
export function deletionDocument(owner: string, sessionId: string, now: Date): DeletionDocument {
  return { _id: id(sessionId, 'id'), owner: id(owner, 'owner'), at: now };
}

/** Filter of the polling change feed: sessions written at or after `since` (wall time). */
export function changedSinceFilter(since: Date) {
  return { changedAt: { $gte: since } };
}

/** Sort of the polling change feed. */
export const changedSort = { changedAt: 1, _id: 1 } as const;

/** Filter of the polling change feed's deletions. */
export function deletedSinceFilter(since: Date) {
  return { at: { $gte: since } };
}

/** Indexes of the sessions collection (the `_id` index serves get, CAS writes and deletes). */
export const sessionIndexes: readonly IndexSpec[] = [
  { key: { owner: 1, _id: 1 }, name: ownerIndexName },
  { key: { nextDueAt: 1, _id: 1 }, name: 'due', partialFilterExpression: { nextDueAt: { $type: 'number' } } },
];

/** Index of the polling change feed, created only when change streams are unavailable. */
export const changedIndex: IndexSpec = { key: { changedAt: 1, _id: 1 }, name: 'changed' };

/** Index of the deletions collection: TTL of one day, also serving the polling feed. */
export const deletionIndex: IndexSpec = { key: { at: 1 }, name: 'at_ttl', expireAfterSeconds: 86_400 };

/**
 * The change stream pipeline of both watched collections: writes only. Deletions of sessions are followed through
 * their tombstones, whose documents carry the owner (a change stream's delete event has only the `_id`).
 */
export const writeChangePipeline = [{ $match: { operationType: { $in: ['insert', 'update', 'replace'] } } }];
