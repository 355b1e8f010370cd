import type { StoreChange } from '@limbic/core';
import type { ChangeStream, Collection, Db, Document, ResumeToken } from 'mongodb';
import {
  changedIndex,
  changedSinceFilter,
  changedSort,
  type DeletionDocument,
  deletedSinceFilter,
  fromDocument,
  type SessionDocument,
  writeChangePipeline,
} from './mongo-documents.js';
import { isChangeStreamUnsupported } from './mongo-errors.js';

/** Options of {@link MongoChangeFeed}. */
export interface ChangeFeedOptions {
  db: Db;
  sessions: Collection<SessionDocument>;
  deletions: Collection<DeletionDocument>;
  /** Polling period when change streams are unavailable, ms. */
  pollIntervalMs: number;
  /** How far back each poll looks (clock skew between writers, writes committed out of order), ms. */
  lookbackMs: number;
  /** Reports a failure (the feed keeps trying); called once per streak of failures. */
  onError: (error: unknown) => void;
}

/** One change stream with the resume token of the last event it delivered. */
interface Stream {
  collection: Collection<SessionDocument> | Collection<DeletionDocument>;
  toChange: (doc: Document) => StoreChange;
  token: ResumeToken | undefined;
  handle: ChangeStream | undefined;
  timer: NodeJS.Timeout | undefined;
  backoffMs: number;
  /** True once the server answered the stream's first aggregate: changes from then on are delivered. */
  initialized: boolean;
}

/** Change stream errors after which the resume token is useless: ChangeStreamHistoryLost 286, ChangeStreamFatalError 280. */
const lostHistoryCodes = new Set([280, 286]);

/**
 * The MongoDB store's change feed behind `SessionStore.watch`: change streams on the sessions and deletions
 * collections (`fullDocument: 'updateLookup'`) on a replica set or sharded cluster; on a standalone server (no change
 * streams) it polls `changedAt` every `pollIntervalMs`. A stream that fails is reopened after a growing pause from its
 * last resume token, so an outage shorter than the oplog window loses nothing.
 */
export class MongoChangeFeed {
  readonly #options: ChangeFeedOptions;
  readonly #listeners = new Set<(change: StoreChange) => void>();
  #mode: 'idle' | 'stream' | 'poll' = 'idle';
  #streams: Stream[] = [];
  #pollTimer: NodeJS.Timeout | undefined;
  #failing = false;
  /** Incremented by every start and close, so a start still waiting for the server knows it was superseded. */
  #generation = 0;
  #ready = false;
  readonly #readyWaiters: (() => void)[] = [];

  constructor(options: ChangeFeedOptions) {
    this.#options = options;
  }

  /** How changes are followed now: `stream` (change streams), `poll` (fallback), or `idle` (no listener). */
  get mode(): 'idle' | 'stream' | 'poll' {
    return this.#mode;
  }

  /**
   * Resolves once the feed follows changes: both change streams opened, or polling started. A write made after
   * that is reported. (Tests wait for it; a gateway does not need to.)
   */
  ready(): Promise<void> {
    if (this.#ready) return Promise.resolve();
    return new Promise((resolve) => this.#readyWaiters.push(resolve));
  }

  #markReady(): void {
    this.#ready = true;
    for (const resolve of this.#readyWaiters.splice(0)) resolve();
  }

  /** Adds a listener (the first one starts the feed); returns the function that removes it. */
  add(listener: (change: StoreChange) => void): () => void {
    this.#listeners.add(listener);
    if (this.#listeners.size === 1) void this.#start();
    return () => {
      if (this.#listeners.delete(listener) && this.#listeners.size === 0) void this.close();
    };
  }

  /** Stops following changes (the listeners stay registered only if `add` is called again). */
  async close(): Promise<void> {
    this.#generation++;
    this.#mode = 'idle';
    this.#ready = false;
    this.#listeners.clear();
    clearTimeout(this.#pollTimer);
    const streams = this.#streams.splice(0);
    for (const s of streams) clearTimeout(s.timer);
    await Promise.allSettled(streams.map((s) => s.handle?.close()));
  }

  /** Delivers a change; a failure (an unreadable document, a listener that throws) is reported, never raised. */
  #emit(change: StoreChange | (() => StoreChange)): void {
    try {
      const value = typeof change === 'function' ? change() : change;
      for (const listener of [...this.#listeners]) listener(value);
    } catch (error) {
      this.#options.onError(error);
    }
  }

  #failed(error: unknown): void {
    if (!this.#failing) this.#options.onError(error);
    this.#failing = true;
  }

  async #start(): Promise<void> {
    const { db, sessions, deletions } = this.#options;
    const generation = ++this.#generation;
    let replicated = true;
    try {
      const hello = await db.command({ hello: 1 });
      replicated = typeof hello.setName === 'string' || hello.msg === 'isdbgrid';
    } catch (error) {
      // Unknown topology (the server is away): try streams; their failure path handles the rest.
      this.#failed(error);
    }
    if (generation !== this.#generation) return;
    if (!replicated) return this.#startPolling();
    this.#mode = 'stream';
    this.#streams = [
      this.#stream(sessions, (doc) => {
        const record = fromDocument(doc as SessionDocument);
        return { id: record.id, owner: record.owner, record };
      }),
      this.#stream(deletions, (doc) => ({ id: String(doc._id), owner: String(doc.owner), record: null })),
    ];
    for (const s of this.#streams) this.#open(s);
  }

  #stream(collection: Stream['collection'], toChange: Stream['toChange']): Stream {
    return {
      collection,
      toChange,
      token: undefined,
      handle: undefined,
      timer: undefined,
      backoffMs: 250,
      initialized: false,
    };
  }

  #open(s: Stream): void {
    if (this.#mode !== 'stream') return;
    const handle = (s.collection as unknown as Collection<Document>).watch(writeChangePipeline, {
      fullDocument: 'updateLookup',
      ...(s.token === undefined ? {} : { startAfter: s.token }),
    });
    s.handle = handle;
    const initialized = () => {
      if (s.initialized) return;
      s.initialized = true;
      if (this.#streams.every((other) => other.initialized)) this.#markReady();
    };
    // The first answer of the server sets the stream's resume token (the post-batch token of an empty batch).
    handle.once('resumeTokenChanged', initialized);
    handle.on('change', (event) => {
      initialized();
      s.token = event._id;
      s.backoffMs = 250;
      this.#failing = false;
      // An update whose document was deleted since has no full document: the deletion's tombstone follows.
      const doc = 'fullDocument' in event ? event.fullDocument : undefined;
      if (doc) this.#emit(() => s.toChange(doc));
    });
    handle.on('error', (error) => {
      void handle.close().catch(() => {});
      if (this.#mode !== 'stream') return;
      if (isChangeStreamUnsupported(error)) return this.#fallBack();
      this.#failed(error);
      if (lostHistoryCodes.has(Number((error as { code?: unknown }).code))) s.token = undefined;
      s.timer = setTimeout(() => this.#open(s), s.backoffMs);
      s.timer.unref();
      s.backoffMs = Math.min(s.backoffMs * 2, 10_000);
    });
  }

  #fallBack(): void {
    const streams = this.#streams.splice(0);
    for (const s of streams) {
      clearTimeout(s.timer);
      void s.handle?.close().catch(() => {});
    }
    this.#startPolling();
  }

  #startPolling(): void {
    this.#mode = 'poll';
    this.#markReady();
    const generation = this.#generation;
    const active = () => this.#mode === 'poll' && generation === this.#generation;
    const { sessions, deletions, pollIntervalMs, lookbackMs } = this.#options;
    void sessions
      .createIndex(changedIndex.key, { name: changedIndex.name })
      .catch((error: unknown) => this.#failed(error));
    let cursor = Date.now();
    // Keys delivered within the lookback window, with their time: each poll re-reads that window.
    const recent = new Map<string, number>();
    const tick = async (): Promise<void> => {
      const since = new Date(cursor - lookbackMs);
      const seen = await sessions
        .find(changedSinceFilter(since), { projection: { _id: 1, version: 1, changedAt: 1 } })
        .sort(changedSort)
        .limit(1000)
        .toArray();
      const fresh: string[] = [];
      for (const doc of seen) {
        const at = doc.changedAt.getTime();
        cursor = Math.max(cursor, at);
        const key = `${doc._id}:${doc.version}`;
        if (recent.has(key)) continue;
        recent.set(key, at);
        fresh.push(doc._id);
      }
      if (fresh.length > 0) {
        for (const doc of await sessions.find({ _id: { $in: fresh } }).toArray()) {
          this.#emit(() => {
            const record = fromDocument(doc);
            return { id: record.id, owner: record.owner, record };
          });
        }
      }
      for (const doc of await deletions.find(deletedSinceFilter(since)).toArray()) {
        const at = doc.at.getTime();
        cursor = Math.max(cursor, at);
        const key = `deleted:${doc._id}`;
        if (recent.has(key)) continue;
        recent.set(key, at);
        this.#emit({ id: doc._id, owner: doc.owner, record: null });
      }
      for (const [key, at] of recent) if (at < cursor - 2 * lookbackMs) recent.delete(key);
      this.#failing = false;
    };
    const loop = (): void => {
      if (!active()) return;
      tick()
        .catch((error: unknown) => this.#failed(error))
        .finally(() => {
          if (!active()) return;
          this.#pollTimer = setTimeout(loop, pollIntervalMs);
          this.#pollTimer.unref();
        });
    };
    loop();
  }
}
