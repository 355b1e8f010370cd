import { describe, expect, it } from 'vitest';
import { createManualClock } from '../clock.js';
import { isLimbicError, LimbicError } from '../errors.js';
import { createMemoryStore } from '../store/memory-store.js';
import type { SessionStore } from '../store/session-store.js';
import { makeTestRecord } from '../store/store-contract.js';
import { TypedEmitter } from './emitter.js';
import type { LoadedSession } from './loaded-session.js';
import type { SessionChange } from './session-change.js';
import type { SessionEvents } from './session-types.js';
import { SessionWriter } from './session-writer.js';

/**
 * A memory store whose writes can be held (`hold()` until the returned function is called), and that logs each
 * compare-and-set (`write 1→2`, `lost 1→2`) and delete when it happens. `compete` makes another writer win the
 * next compare-and-set.
 */
function createHeldStore() {
  const inner = createMemoryStore();
  const log: string[] = [];
  let held: Promise<void> | undefined;
  let competeAt: number | undefined;
  const store: SessionStore = {
    ...inner,
    async replace(record, expected) {
      if (held) await held;
      if (competeAt === expected) {
        competeAt = undefined;
        const current = (await inner.get(record.id))!;
        const state = { ...current.state, turns: current.state.turns + 100 };
        await inner.replace({ ...current, version: current.version + 1, state }, current.version);
      }
      const won = await inner.replace(record, expected);
      log.push(`${won ? 'write' : 'lost'} ${expected}→${record.version}`);
      return won;
    },
    async delete(owner, id) {
      log.push(`delete at v${(await inner.get(id))?.version}`);
      return inner.delete(owner, id);
    },
  };
  return {
    store,
    log,
    hold(): () => void {
      let release = () => {};
      held = new Promise((resolve) => {
        release = () => {
          held = undefined;
          resolve();
        };
      });
      return release;
    },
    /** Another process writes `turns + 100` just before this store's compare-and-set that expects `version`. */
    compete(version: number): void {
      competeAt = version;
    },
  };
}

async function setup(options: { maxRetries?: number; maxBatch?: number } = {}) {
  const held = createHeldStore();
  const events = new TypedEmitter<SessionEvents>();
  const writer = new SessionWriter({
    store: held.store,
    clock: createManualClock(),
    events,
    changes: undefined,
    maxRetries: options.maxRetries ?? 3,
    maxBatch: options.maxBatch,
  });
  const record = makeTestRecord();
  await held.store.create(record);
  return { ...held, writer, id: record.id };
}

/** A plan that counts one more turn and logs the version it was planned on. */
function turn(log: string[], label: string) {
  return (session: LoadedSession): SessionChange<string> => {
    const { record } = session;
    log.push(`${label} on v${record.version}`);
    return {
      record: { ...record, state: { ...record.state, turns: record.state.turns + 1 } },
      result: label,
    };
  };
}

/** Lets pending callbacks run: a commit started now is planned and its write is in flight (held) afterwards. */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What a promise settled with, as a short string. */
function settled(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    (value) => `ok ${String(value)}`,
    (error: unknown) => (isLimbicError(error) ? error.code : String(error)),
  );
}

describe('SessionWriter: batched commits', () => {
  it('plans the commits that queued during a write in arrival order and writes them with one compare-and-set', async () => {
    const { writer, id, log, hold, store } = await setup();
    const release = hold();
    const first = writer.commit('owner-a', id, turn(log, 'a'));
    await flush();
    const rest = ['b', 'c', 'd'].map((label) => writer.commit('owner-a', id, turn(log, label)));
    release();
    expect(await Promise.all([first, ...rest])).toEqual(['a', 'b', 'c', 'd']);
    expect(log).toEqual(['a on v1', 'write 1→2', 'b on v2', 'c on v3', 'd on v4', 'write 2→5']);
    const stored = await store.get(id);
    expect(stored?.version).toBe(5);
    expect(stored?.state.turns).toBe(4);
  });

  it('answers each commit of a batch only after the batch is written', async () => {
    const { writer, id, log, hold } = await setup();
    const release = hold();
    const answers = ['a', 'b', 'c'].map((label) =>
      writer.commit('owner-a', id, turn(log, label)).then((result) => log.push(`answered ${result}`)),
    );
    await flush();
    expect(log).toEqual(['a on v1', 'b on v2', 'c on v3']);
    release();
    await Promise.all(answers);
    expect(log.slice(3)).toEqual(['write 1→4', 'answered a', 'answered b', 'answered c']);
  });

  it('fails only the commit whose plan throws or whose owner differs; the others continue on the last good record', async () => {
    const { writer, id, log, hold, store } = await setup();
    const release = hold();
    const first = writer.commit('owner-a', id, turn(log, 'a'));
    await flush();
    const invalid = writer.commit('owner-a', id, () => {
      throw new LimbicError('VALIDATION_ERROR', 'bad turn');
    });
    const unchanged = writer.commit('owner-a', id, (session) => ({
      record: null,
      result: `noop on v${session.record.version}`,
    }));
    const stranger = writer.commit('owner-b', id, turn(log, 'stranger'));
    const last = writer.commit('owner-a', id, turn(log, 'e'));
    release();
    expect(await Promise.all([first, invalid, unchanged, stranger, last].map(settled))).toEqual([
      'ok a',
      'VALIDATION_ERROR',
      'ok noop on v2',
      'NOT_FOUND',
      'ok e',
    ]);
    expect(log).toEqual(['a on v1', 'write 1→2', 'e on v2', 'write 2→3']);
    expect((await store.get(id))?.state.turns).toBe(2);
  });

  it('re-reads and re-plans the whole batch when another writer won the compare-and-set', async () => {
    const { writer, id, log, hold, compete, store } = await setup();
    const release = hold();
    const first = writer.commit('owner-a', id, turn(log, 'a'));
    await flush();
    const rest = ['b', 'c'].map((label) => writer.commit('owner-a', id, turn(log, label)));
    compete(2);
    release();
    expect(await Promise.all([first, ...rest])).toEqual(['a', 'b', 'c']);
    expect(log).toEqual([
      'a on v1',
      'write 1→2',
      'b on v2',
      'c on v3',
      'lost 2→4',
      'b on v3',
      'c on v4',
      'write 3→5',
    ]);
    expect((await store.get(id))?.state.turns).toBe(103);
  });

  it('fails every commit of the batch with CONFLICT after maxRetries lost races', async () => {
    const { writer, id, log, store } = await setup({ maxRetries: 2 });
    // Another writer always wins (the stored record never matches).
    store.replace = async (record, expected) => {
      log.push(`lost ${expected}→${record.version}`);
      return false;
    };
    const outcomes = ['a', 'b'].map((label) => settled(writer.commit('owner-a', id, turn(log, label))));
    expect(await Promise.all(outcomes)).toEqual(['CONFLICT', 'CONFLICT']);
    expect(log).toEqual([
      'a on v1',
      'b on v2',
      'lost 1→3',
      'a on v1',
      'b on v2',
      'lost 1→3',
      'a on v1',
      'b on v2',
      'lost 1→3',
    ]);
  });

  it('runs a delete after the turns queued before it, and answers the turns queued after it NOT_FOUND', async () => {
    const { writer, id, log, hold } = await setup();
    const release = hold();
    const before = ['a', 'b', 'c'].map((label) => writer.commit('owner-a', id, turn(log, label)));
    const removed = writer.remove('owner-a', id);
    const after = writer.commit('owner-a', id, turn(log, 'd'));
    release();
    expect(await Promise.all(before)).toEqual(['a', 'b', 'c']);
    await removed;
    expect(await settled(after)).toBe('NOT_FOUND');
    expect(log).toEqual(['a on v1', 'b on v2', 'c on v3', 'write 1→4', 'delete at v4']);
  });

  it('caps a batch at maxBatch commits', async () => {
    const { writer, id, log } = await setup({ maxBatch: 2 });
    const all = ['a', 'b', 'c', 'd', 'e'].map((label) => writer.commit('owner-a', id, turn(log, label)));
    await Promise.all(all);
    expect(log.filter((line) => line.startsWith('write'))).toEqual(['write 1→3', 'write 3→5', 'write 5→6']);
  });

  it('plans the head of a batch on its own early read while it is fresh, and on its own last write once that is newer', async () => {
    const { writer, id, log, hold, store } = await setup();
    const early = await writer.load('owner-a', id);
    const reads: string[] = [];
    const get = store.get;
    store.get = (key) => {
      reads.push(key);
      return get(key);
    };
    const release = hold();
    const seen: LoadedSession[] = [];
    const plan = (label: string) => (session: LoadedSession) => {
      seen.push(session);
      return turn(log, label)(session);
    };
    const first = writer.commit('owner-a', id, plan('a'), early);
    await flush();
    const later = ['b', 'c'].map((label) => writer.commit('owner-a', id, plan(label), early));
    release();
    await Promise.all([first, ...later]);
    expect(seen[0]).toBe(early);
    expect(seen[1]).not.toBe(early);
    // The head's early read was planned without reading; the next batch's head found it stale and planned on the
    // record this process wrote last, without reading either.
    expect(reads).toEqual([]);
    expect(log).toEqual(['a on v1', 'write 1→2', 'b on v2', 'c on v3', 'write 2→4']);
  });

  it('plans a commit on the record it wrote last without reading; a record replaced elsewhere costs one lost write and a read, not a retry', async () => {
    const { writer, id, log, compete, store } = await setup({ maxRetries: 0 });
    const reads: string[] = [];
    const get = store.get;
    store.get = (key) => {
      reads.push(key);
      return get(key);
    };
    expect(await writer.commit('owner-a', id, turn(log, 'a'))).toBe('a');
    expect(await writer.commit('owner-a', id, turn(log, 'b'))).toBe('b');
    expect(reads).toEqual([id]);
    // Another process writes between this process's writes: the record remembered is stale.
    compete(3);
    expect(await writer.commit('owner-a', id, turn(log, 'c'))).toBe('c');
    expect(reads).toEqual([id, id]);
    expect(log).toEqual([
      'a on v1',
      'write 1→2',
      'b on v2',
      'write 2→3',
      'c on v3',
      'lost 3→4',
      'c on v4',
      'write 4→5',
    ]);
    expect((await store.get(id))?.state.turns).toBe(103);
    // A session another process replaced (its watch says so) is read again, with no doomed write.
    writer.replacedElsewhere(id);
    expect(await writer.commit('owner-a', id, turn(log, 'd'))).toBe('d');
    expect(reads).toEqual([id, id, id, id]);
    expect(log.at(-1)).toBe('write 5→6');
  });
});
