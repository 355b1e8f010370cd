/**
 * Semantics checks (mingo): every filter, update, sort and projection the MongoDB store sends is evaluated here with
 * mingo, an implementation of MongoDB's query and update language for in-memory objects, against the store
 * contract. These are not database tests (no server runs here): they pin down what the documents mean, so a wrong
 * operator or field name fails without a server. The same behaviour runs against a real MongoDB in
 * store/test/mongo-store.test.ts when MONGODB_URI is set.
 */
import { isLimbicError, type SessionRecord } from '@limbic/core';
import { makeTestEpisode, makeTestMemory, makeTestOverrides, makeTestRecord } from '@limbic/core/testing';
import { Aggregator, find, Query, updateOne } from 'mingo';
import { describe, expect, it } from 'vitest';
import {
  anyDueFilter,
  byId,
  byOwnerAndId,
  casFilter,
  casUpdate,
  changedSinceFilter,
  changedSort,
  countFilter,
  deletedSinceFilter,
  deletionDocument,
  dueFilter,
  dueProjection,
  dueSort,
  fromDocument,
  listFilter,
  listSort,
  newestListSort,
  type QuotaDocument,
  quotaCreateUpdate,
  quotaFilter,
  quotaReleaseFilter,
  quotaReleaseUpdate,
  quotaRepairFilter,
  quotaRepairUpdate,
  quotaReserveFilter,
  quotaReserveUpdate,
  type SessionDocument,
  sessionIndexes,
  toDocument,
  withoutMemory,
  writeChangePipeline,
} from './mongo-documents.js';
import { documentSchema } from './session-document.js';

type Doc = Record<string, unknown>;

const matches = (filter: object, doc: object): boolean => new Query(filter as Doc).test(doc as Doc);
const countOf = (docs: Doc[], filter: object): number => find(docs, filter as Doc).all().length;

/** mingo's updateOne, plus `upsert` as the server does it: no match inserts the filter's equalities + the update. */
function update(docs: Doc[], filter: object, modifier: Doc, options: { upsert?: boolean } = {}) {
  const { $setOnInsert, ...rest } = modifier as { $setOnInsert?: Doc } & Doc;
  const result = updateOne(docs, filter as Doc, rest);
  if (result.matchedCount > 0 || !options.upsert) return { ...result, upserted: false };
  const equalities = Object.entries(filter).filter(([, v]) => typeof v !== 'object' || v === null);
  const doc: Doc = { ...Object.fromEntries(equalities), ...$setOnInsert };
  docs.push(doc);
  if (Object.keys(rest).length > 0) updateOne([doc], {}, rest);
  return { matchedCount: 0, modifiedCount: 0, upserted: true };
}

function storedSessions(records: SessionRecord[]): Doc[] {
  return records.map((r) => toDocument(r, new Date(0)) as unknown as Doc);
}

describe('semantics check (mingo): session documents and compare-and-set', () => {
  it('stores a record as one document with its id as _id and reads it back unchanged', () => {
    const record = makeTestRecord({ nextDueAt: 1_800_000_000_000 });
    const doc = toDocument(record, new Date(1));
    expect(doc._id).toBe(record.id);
    expect(doc.schema).toBe(documentSchema);
    expect(fromDocument(doc)).toEqual(record);
    expect(matches(byId(record.id), doc)).toBe(true);
    expect(matches(byId('ses_other'), doc)).toBe(false);
  });

  it('refuses to read a document written in a newer schema', () => {
    const doc = { ...toDocument(makeTestRecord(), new Date(0)), schema: documentSchema + 1 };
    let error: unknown;
    try {
      fromDocument(doc);
    } catch (e) {
      error = e;
    }
    expect(isLimbicError(error, 'STORE_UNAVAILABLE')).toBe(true);
  });

  it('matches the CAS filter only at the expected version of the same owner', () => {
    const record = makeTestRecord({ version: 3 });
    const doc = toDocument(record, new Date(0));
    expect(matches(casFilter(record, 3), doc)).toBe(true);
    expect(matches(casFilter(record, 2), doc)).toBe(false);
    expect(matches(casFilter(record, 4), doc)).toBe(false);
    expect(matches(casFilter({ ...record, owner: 'owner-b' }, 3), doc)).toBe(false);
    expect(matches(casFilter({ ...record, id: 'ses_other' }, 3), doc)).toBe(false);
  });

  it('writes the whole new body and version, keeps id, owner and createdAt, and stamps changedAt', () => {
    const record = makeTestRecord();
    const docs = storedSessions([record]);
    const next: SessionRecord = {
      ...record,
      version: 2,
      updatedAt: record.updatedAt + 1000,
      nextDueAt: 1_800_000_000_000,
      state: { ...record.state, turns: 7 },
    };
    const result = update(docs, casFilter(next, 1), casUpdate(next));
    expect(result.matchedCount).toBe(1);
    const stored = docs[0] as unknown as SessionDocument;
    expect(fromDocument(stored)).toEqual(next);
    expect(stored.changedAt).toBeInstanceOf(Date);
    expect(stored.changedAt.getTime()).toBeGreaterThan(0);
  });

  it('lets exactly one of two writers with the same expected version match (the second matches nothing)', () => {
    const record = makeTestRecord();
    const docs = storedSessions([record]);
    const a = { ...record, version: 2, state: { ...record.state, turns: 10 } };
    const b = { ...record, version: 2, state: { ...record.state, turns: 20 } };
    expect(update(docs, casFilter(a, 1), casUpdate(a)).matchedCount).toBe(1);
    expect(update(docs, casFilter(b, 1), casUpdate(b)).matchedCount).toBe(0);
    expect((docs[0] as unknown as SessionDocument).state.turns).toBe(10);
  });

  it('deletes only the owner’s session', () => {
    const doc = toDocument(makeTestRecord({ id: 'ses_x' }), new Date(0));
    expect(matches(byOwnerAndId('owner-a', 'ses_x'), doc)).toBe(true);
    expect(matches(byOwnerAndId('owner-b', 'ses_x'), doc)).toBe(false);
  });

  it('refuses non-string ids and owners, so no client object can become an operator', () => {
    const injected = { $ne: null } as unknown as string;
    for (const build of [
      () => byId(injected),
      () => listFilter('owner-a', injected),
      () => countFilter(injected),
      () => byOwnerAndId(injected, 'ses_x'),
    ]) {
      expect(build).toThrow(/must be a string/);
    }
  });
});

describe('semantics check (mingo): the embedded memory', () => {
  it('embeds a record’s memory in its document and reads it back exactly; a record without one has no field', () => {
    const record = makeTestRecord({ memory: makeTestMemory(40) });
    const doc = toDocument(record, new Date(0));
    expect(doc.memory).toEqual(record.memory);
    expect(fromDocument(doc)).toEqual(record);
    const bare = toDocument(makeTestRecord(), new Date(0));
    expect(bare).not.toHaveProperty('memory');
    expect(fromDocument(bare)).not.toHaveProperty('memory');
    expect(doc.schema).toBe(documentSchema);
  });

  it('sets the new memory with a compare-and-set, and unsets it for a record without memory', () => {
    const record = makeTestRecord({ memory: makeTestMemory(5) });
    const docs = storedSessions([record]);
    const episodes = record.memory!.episodes;
    const v2: SessionRecord = {
      ...record,
      version: 2,
      memory: {
        settings: record.memory!.settings,
        episodes: [...episodes.slice(1, 3), { ...episodes[3]!, rehearsals: [1] }, makeTestEpisode(6)],
      },
    };
    expect(update(docs, casFilter(v2, 1), casUpdate(v2)).matchedCount).toBe(1);
    expect(fromDocument(docs[0] as unknown as SessionDocument)).toEqual(v2);
    const stale = { ...v2, memory: makeTestMemory(1, 90) };
    expect(update(docs, casFilter(stale, 1), casUpdate(stale)).matchedCount).toBe(0);
    expect(fromDocument(docs[0] as unknown as SessionDocument)).toEqual(v2);
    const { memory: _, ...v3 } = { ...v2, version: 3 };
    expect(update(docs, casFilter(v3, 2), casUpdate(v3)).matchedCount).toBe(1);
    expect(docs[0]).not.toHaveProperty('memory');
    expect(fromDocument(docs[0] as unknown as SessionDocument)).toEqual(v3);
  });

  it('leaves memory out of a list that asks for no memory', () => {
    const records = [
      makeTestRecord({ owner: 'o', memory: makeTestMemory(3) }),
      makeTestRecord({ owner: 'o' }),
    ];
    const listed = find(storedSessions(records), listFilter('o'), withoutMemory).sort(listSort).all();
    expect(listed.map((d) => fromDocument(d as unknown as SessionDocument))).toEqual(
      records.map(({ memory: _, ...rest }) => rest),
    );
    expect(listed[0]).not.toHaveProperty('memory');
  });

  it('reads documents written before memory existed as records without memory', () => {
    const { memory: _, ...old } = toDocument(makeTestRecord({ memory: makeTestMemory(2) }), new Date(0));
    expect(fromDocument(old)).not.toHaveProperty('memory');
  });
});

describe('semantics check (mingo): the operator override log', () => {
  it('stores a record’s overrides beside its memory, sets them with a compare-and-set, and unsets them when gone', () => {
    const record = makeTestRecord({ memory: makeTestMemory(2), overrides: makeTestOverrides() });
    expect(fromDocument(toDocument(record, new Date(0)))).toEqual(record);
    expect(toDocument(makeTestRecord(), new Date(0))).not.toHaveProperty('overrides');
    const { overrides: _never, ...v1 } = { ...record, memory: makeTestMemory(1) };
    const docs = storedSessions([v1]);
    const v2 = { ...record, version: 2 };
    expect(update(docs, casFilter(v2, 1), casUpdate(v2)).matchedCount).toBe(1);
    expect(fromDocument(docs[0] as unknown as SessionDocument)).toEqual(v2);
    const { overrides: _, ...v3 } = { ...v2, version: 3 };
    expect(update(docs, casFilter(v3, 2), casUpdate(v3)).matchedCount).toBe(1);
    expect(docs[0]).not.toHaveProperty('overrides');
    expect(docs[0]).toHaveProperty('memory');
    const { memory: __, ...v4 } = { ...v3, version: 4 };
    expect(update(docs, casFilter(v4, 3), casUpdate(v4)).matchedCount).toBe(1);
    expect(fromDocument(docs[0] as unknown as SessionDocument)).toEqual(v4);
  });
});

describe('semantics check (mingo): lists, counts and the due index', () => {
  const records = [
    ...['ses_a1', 'ses_a3', 'ses_a2', 'ses_a5', 'ses_a4'].map((id) => makeTestRecord({ id })),
    makeTestRecord({ id: 'ses_b1', owner: 'owner-b' }),
  ];

  it('pages an owner’s sessions in id order, or newest first, with the after cursor', () => {
    const docs = storedSessions(records);
    const page = (after?: string) =>
      find(docs, listFilter('owner-a', after))
        .sort(listSort)
        .limit(2)
        .all()
        .map((d) => d._id);
    expect(page()).toEqual(['ses_a1', 'ses_a2']);
    expect(page('ses_a2')).toEqual(['ses_a3', 'ses_a4']);
    expect(page('ses_a4')).toEqual(['ses_a5']);
    expect(page('ses_a5')).toEqual([]);
    const newest = (after?: string) =>
      find(docs, listFilter('owner-a', after, 'newest'))
        .sort(newestListSort)
        .limit(2)
        .all()
        .map((d) => d._id);
    expect(newest()).toEqual(['ses_a5', 'ses_a4']);
    expect(newest('ses_a4')).toEqual(['ses_a3', 'ses_a2']);
    expect(newest('ses_a1')).toEqual([]);
    expect(countOf(docs, countFilter('owner-a'))).toBe(5);
    expect(countOf(docs, countFilter('owner-c'))).toBe(0);
  });

  it('finds due sessions earliest first with ties by id, skipping null and later due times', () => {
    const t = 1_800_000_000_000;
    const docs = storedSessions([
      makeTestRecord({ id: 'ses_d1', nextDueAt: t + 300 }),
      makeTestRecord({ id: 'ses_d2', nextDueAt: t + 100 }),
      makeTestRecord({ id: 'ses_d0', nextDueAt: t + 100, owner: 'owner-b' }),
      makeTestRecord({ id: 'ses_d4', nextDueAt: null }),
      makeTestRecord({ id: 'ses_d5', nextDueAt: t + 10_000 }),
    ]);
    const due = find(docs, dueFilter(t + 1000), dueProjection)
      .sort(dueSort)
      .limit(10)
      .all();
    expect(due).toEqual([
      { _id: 'ses_d0', owner: 'owner-b', nextDueAt: t + 100 },
      { _id: 'ses_d2', owner: 'owner-a', nextDueAt: t + 100 },
      { _id: 'ses_d1', owner: 'owner-a', nextDueAt: t + 300 },
    ]);
    expect(countOf(docs, dueFilter(t + 100))).toBe(2);
    const earliest = find(docs, anyDueFilter, { nextDueAt: 1 }).sort(dueSort).limit(1).all();
    expect(earliest[0]?.nextDueAt).toBe(t + 100);
    expect(countOf(storedSessions([makeTestRecord()]), anyDueFilter)).toBe(0);
  });

  it('uses queries the indexes can serve: due queries imply the partial filter, sorts follow the index keys', () => {
    const [ownerId, due] = sessionIndexes;
    expect(ownerId?.key).toEqual({ owner: 1, _id: 1 });
    expect(due?.key).toEqual(dueSort);
    const t = 1_800_000_000_000;
    const candidates = [null, undefined, t, t - 5, 'soon', { at: t }].map((nextDueAt) => ({ nextDueAt }));
    for (const doc of candidates) {
      if (matches(dueFilter(t), doc) || matches(anyDueFilter, doc)) {
        expect(matches(due!.partialFilterExpression!, doc)).toBe(true);
      }
    }
    expect(candidates.filter((doc) => matches(anyDueFilter, doc))).toHaveLength(2);
  });

  it('claims a due check once: the winner’s write matches, moves the due time, and the loser’s write matches nothing', () => {
    const now = 1_800_000_000_000;
    const record = makeTestRecord({ nextDueAt: now - 1 });
    const docs = storedSessions([record]);
    expect(countOf(docs, dueFilter(now))).toBe(1);
    const winner = { ...record, version: 2, nextDueAt: now + 3_600_000 };
    const loser = { ...record, version: 2, nextDueAt: now + 60_000 };
    expect(update(docs, casFilter(winner, 1), casUpdate(winner)).matchedCount).toBe(1);
    expect(update(docs, casFilter(loser, 1), casUpdate(loser)).matchedCount).toBe(0);
    expect(countOf(docs, dueFilter(now))).toBe(0);
  });
});

describe('semantics check (mingo): the quota counter', () => {
  it('reserves while the counter is below the limit, and refuses at the limit', () => {
    const docs: Doc[] = [];
    const now = new Date(1000);
    const created = update(docs, quotaFilter('owner-a'), quotaCreateUpdate(now), { upsert: true });
    expect(created.upserted).toBe(true);
    expect(update(docs, quotaFilter('owner-a'), quotaCreateUpdate(now), { upsert: true }).upserted).toBe(
      false,
    );
    const outcomes = Array.from(
      { length: 5 },
      () => update(docs, quotaReserveFilter('owner-a', 3), quotaReserveUpdate(now)).matchedCount,
    );
    expect(outcomes).toEqual([1, 1, 1, 0, 0]);
    expect(docs).toEqual([{ _id: 'owner-a', count: 3, at: now }]);
    expect(update(docs, quotaReserveFilter('owner-a', 0), quotaReserveUpdate(now)).matchedCount).toBe(0);
  });

  it('counts unlimited creates too, starting a missing counter at 1', () => {
    const docs: Doc[] = [];
    update(docs, quotaFilter('owner-a'), quotaReserveUpdate(new Date(1)), { upsert: true });
    update(docs, quotaFilter('owner-a'), quotaReserveUpdate(new Date(2)), { upsert: true });
    expect(docs).toEqual([{ _id: 'owner-a', count: 2, at: new Date(2) }]);
  });

  it('releases a slot but never below zero', () => {
    const docs: Doc[] = [{ _id: 'owner-a', count: 1, at: new Date(0) }];
    expect(update(docs, quotaReleaseFilter('owner-a'), quotaReleaseUpdate(new Date(5))).matchedCount).toBe(1);
    expect(update(docs, quotaReleaseFilter('owner-a'), quotaReleaseUpdate(new Date(6))).matchedCount).toBe(0);
    expect(docs[0]).toEqual({ _id: 'owner-a', count: 0, at: new Date(5) });
  });

  it('repairs a counter only if no reservation touched it since it was read', () => {
    const read: QuotaDocument = { _id: 'owner-a', count: 3, at: new Date(0) };
    const docs: Doc[] = [{ ...read }];
    update(docs, quotaReleaseFilter('owner-a'), quotaReleaseUpdate(new Date(10)));
    expect(update(docs, quotaRepairFilter(read), quotaRepairUpdate(1, new Date(20))).matchedCount).toBe(0);
    const fresh = docs[0] as unknown as QuotaDocument;
    expect(update(docs, quotaRepairFilter(fresh), quotaRepairUpdate(1, new Date(20))).matchedCount).toBe(1);
    expect(docs[0]).toEqual({ _id: 'owner-a', count: 1, at: new Date(20) });
  });
});

describe('semantics check (mingo): the change feed', () => {
  it('passes writes and drops other events in the change stream pipeline', () => {
    const events = ['insert', 'update', 'replace', 'delete', 'drop', 'invalidate'].map((operationType) => ({
      operationType,
    }));
    const passed = new Aggregator(writeChangePipeline).run(events).map((e) => e.operationType);
    expect(passed).toEqual(['insert', 'update', 'replace']);
  });

  it('polls sessions and deletions changed at or after a time, oldest first', () => {
    const at = (ms: number) => ({ ...toDocument(makeTestRecord({ id: `ses_p${ms}` }), new Date(ms)) });
    const docs = [at(300), at(100), at(200)];
    const polled = find(docs, changedSinceFilter(new Date(200)))
      .sort(changedSort)
      .all()
      .map((d) => d._id);
    expect(polled).toEqual(['ses_p200', 'ses_p300']);
    const tombstones = [
      deletionDocument('owner-a', 'ses_x', new Date(50)),
      deletionDocument('o', 'ses_y', new Date(150)),
    ];
    expect(find(tombstones, deletedSinceFilter(new Date(100))).all()).toEqual([
      { _id: 'ses_y', owner: 'o', at: new Date(150) },
    ]);
  });
});
