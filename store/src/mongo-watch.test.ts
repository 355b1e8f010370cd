/**
 * The change feed's own logic, without a server: collections whose `find` evaluates the feed's queries with mingo
 * (semantics check) and whose `watch` hands out event emitters the test drives as the driver would. What the driver
 * and the server do with the streams is tested against a real MongoDB in store/test/mongo-store.test.ts ("watch")
 * and gateway/test/mongo-instances.test.ts.
 */
import { EventEmitter } from 'node:events';
import type { StoreChange } from '@limbic/core';
import { makeTestRecord } from '@limbic/core/testing';
import { find, updateOne } from 'mingo';
import { type Collection, type Db, MongoServerError } from 'mongodb';
import { afterEach, describe, expect, it } from 'vitest';
import {
  casFilter,
  casUpdate,
  type DeletionDocument,
  deletionDocument,
  type SessionDocument,
  toDocument,
} from './mongo-documents.js';
import { MongoChangeFeed } from './mongo-watch.js';

type Doc = Record<string, unknown>;

/** A stand-in change stream: the test emits what the driver would. */
class FakeStream extends EventEmitter {
  closed = false;
  constructor(readonly options: Doc) {
    super();
  }
  async close(): Promise<void> {
    this.closed = true;
  }
}

function fakeCollection(docs: Doc[], streams: FakeStream[]) {
  return {
    docs,
    find(filter: Doc, options: { projection?: Doc } = {}) {
      let sort: Doc | undefined;
      let limit = 0;
      const cursor = {
        sort(spec: Doc) {
          sort = spec;
          return cursor;
        },
        limit(n: number) {
          limit = n;
          return cursor;
        },
        async toArray() {
          let c = find(docs, filter, options.projection);
          if (sort) c = c.sort(sort as Record<string, 1 | -1>);
          if (limit) c = c.limit(limit);
          return c.all();
        },
      };
      return cursor;
    },
    async createIndex() {
      return 'ok';
    },
    watch(_pipeline: unknown, options: Doc) {
      const stream = new FakeStream(options);
      streams.push(stream);
      return stream;
    },
  };
}

function setup(hello: Doc) {
  const sessionStreams: FakeStream[] = [];
  const deletionStreams: FakeStream[] = [];
  const sessions = fakeCollection([], sessionStreams);
  const deletions = fakeCollection([], deletionStreams);
  const errors: unknown[] = [];
  const feed = new MongoChangeFeed({
    db: { command: async () => hello } as unknown as Db,
    sessions: sessions as unknown as Collection<SessionDocument>,
    deletions: deletions as unknown as Collection<DeletionDocument>,
    pollIntervalMs: 5,
    lookbackMs: 1000,
    onError: (error) => errors.push(error),
  });
  const changes: StoreChange[] = [];
  feed.add((change) => changes.push(change));
  return { feed, sessions, deletions, sessionStreams, deletionStreams, changes, errors };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}

let feeds: MongoChangeFeed[] = [];
afterEach(async () => {
  await Promise.all(feeds.map((f) => f.close()));
  feeds = [];
});

describe('MongoDB change feed: change streams (replica set)', () => {
  it('opens one stream per collection with updateLookup, and is ready once both answered', async () => {
    const t = setup({ setName: 'rs0' });
    feeds.push(t.feed);
    await until(() => t.sessionStreams.length === 1 && t.deletionStreams.length === 1);
    expect(t.feed.mode).toBe('stream');
    expect(t.sessionStreams[0]!.options).toEqual({ fullDocument: 'updateLookup' });
    let ready = false;
    void t.feed.ready().then(() => (ready = true));
    t.sessionStreams[0]!.emit('resumeTokenChanged', { _data: '01' });
    await Promise.resolve();
    expect(ready).toBe(false);
    t.deletionStreams[0]!.emit('resumeTokenChanged', { _data: '01' });
    await t.feed.ready();
  });

  it('reports written sessions as records and deletion notices with their owner; skips vanished documents', async () => {
    const t = setup({ setName: 'rs0' });
    feeds.push(t.feed);
    await until(() => t.deletionStreams.length === 1);
    const record = makeTestRecord({ id: 'ses_w1', owner: 'alice' });
    t.sessionStreams[0]!.emit('change', {
      _id: { _data: '02' },
      operationType: 'insert',
      fullDocument: toDocument(record, new Date()),
    });
    t.sessionStreams[0]!.emit('change', {
      _id: { _data: '03' },
      operationType: 'update',
      fullDocument: null,
    });
    t.deletionStreams[0]!.emit('change', {
      _id: { _data: '04' },
      operationType: 'insert',
      fullDocument: deletionDocument('alice', 'ses_w1', new Date()),
    });
    expect(t.changes).toEqual([
      { id: 'ses_w1', owner: 'alice', record },
      { id: 'ses_w1', owner: 'alice', record: null },
    ]);
  });

  it('reopens a failed stream from its last resume token, and reports the failure once', async () => {
    const t = setup({ setName: 'rs0' });
    feeds.push(t.feed);
    await until(() => t.sessionStreams.length === 1);
    const doc = toDocument(makeTestRecord(), new Date());
    t.sessionStreams[0]!.emit('change', { _id: { _data: '0A' }, operationType: 'insert', fullDocument: doc });
    t.sessionStreams[0]!.emit(
      'error',
      Object.assign(new Error('server selection timed out'), { code: undefined }),
    );
    expect(t.sessionStreams[0]!.closed).toBe(true);
    await until(() => t.sessionStreams.length === 2);
    expect(t.sessionStreams[1]!.options).toEqual({
      fullDocument: 'updateLookup',
      startAfter: { _data: '0A' },
    });
    t.sessionStreams[1]!.emit('error', new Error('still down'));
    await until(() => t.sessionStreams.length === 3);
    expect(t.errors).toHaveLength(1);
    expect(t.feed.mode).toBe('stream');
  });

  it('reports a listener that throws instead of breaking the stream', async () => {
    const t = setup({ setName: 'rs0' });
    feeds.push(t.feed);
    t.feed.add(() => {
      throw new Error('listener bug');
    });
    await until(() => t.sessionStreams.length === 1);
    const doc = toDocument(makeTestRecord(), new Date());
    t.sessionStreams[0]!.emit('change', { _id: { _data: '0B' }, operationType: 'insert', fullDocument: doc });
    expect(t.errors.map((e) => (e as Error).message)).toEqual(['listener bug']);
    expect(t.sessionStreams[0]!.closed).toBe(false);
  });
});

describe('MongoDB change feed: polling fallback (semantics check, mingo)', () => {
  it('falls back to polling when the server refuses change streams (code 40573)', async () => {
    const t = setup({ setName: 'rs0' });
    feeds.push(t.feed);
    await until(() => t.sessionStreams.length === 1);
    const refusal = new MongoServerError({
      message: 'The $changeStream stage is only supported on replica sets',
      code: 40573,
    });
    t.sessionStreams[0]!.emit('error', refusal);
    await until(() => t.feed.mode === 'poll');
    await t.feed.ready();
  });

  it('polls a standalone server: reports each new version once, and deletions with their owner', async () => {
    const t = setup({ ismaster: true });
    feeds.push(t.feed);
    await t.feed.ready();
    expect(t.feed.mode).toBe('poll');
    const record = makeTestRecord({ id: 'ses_p1', owner: 'bob' });
    t.sessions.docs.push(toDocument(record, new Date()) as unknown as Doc);
    await until(() => t.changes.length === 1);
    const v2 = { ...record, version: 2, state: { ...record.state, turns: 1 } };
    updateOne(t.sessions.docs, casFilter(v2, 1), casUpdate(v2));
    await until(() => t.changes.length === 2);
    t.sessions.docs.length = 0;
    t.deletions.docs.push(deletionDocument('bob', 'ses_p1', new Date()) as unknown as Doc);
    await until(() => t.changes.length === 3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(t.changes).toEqual([
      { id: 'ses_p1', owner: 'bob', record },
      { id: 'ses_p1', owner: 'bob', record: v2 },
      { id: 'ses_p1', owner: 'bob', record: null },
    ]);
  });

  it('stops polling when the last listener leaves', async () => {
    const t = setup({ ismaster: true });
    await t.feed.ready();
    await t.feed.close();
    expect(t.feed.mode).toBe('idle');
    t.sessions.docs.push(toDocument(makeTestRecord(), new Date()) as unknown as Doc);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(t.changes).toEqual([]);
  });
});
