import { describe, expect, it } from 'vitest';
import type { AppraisalContext, Appraiser } from '../src/appraisal/appraiser.js';
import {
  createManualClock,
  createMemoryStore,
  createSeededRandom,
  createSessionService,
  type SessionStore,
} from '../src/index.js';
import { canonical } from './fixtures.js';

/** A memory store that counts reads and compare-and-set writes (and how many of those lost). */
function countingStore() {
  const inner = createMemoryStore();
  const counts = { get: 0, replace: 0, lost: 0 };
  const store: SessionStore = {
    ...inner,
    async get(id) {
      counts.get++;
      return inner.get(id);
    },
    async replace(record, expected) {
      counts.replace++;
      const ok = await inner.replace(record, expected);
      if (!ok) counts.lost++;
      return ok;
    },
  };
  return { store, counts };
}

/** An appraiser that records every context it is given; `hold()` makes the next call wait for `release()`. */
function recordingAppraiser() {
  const contexts: AppraisalContext[] = [];
  let gate: Promise<void> | undefined;
  let open = () => {};
  let entered = () => {};
  const appraiser: Appraiser = {
    name: 'recording',
    async appraise(_event, context) {
      contexts.push(context);
      if (gate) {
        const wait = gate;
        gate = undefined;
        entered();
        await wait;
      }
      return { appraisal: canonical.kindness, appraiser: 'recording' };
    },
  };
  return {
    appraiser,
    contexts,
    /** Holds the next appraisal; resolves once it has started. */
    hold(): Promise<void> {
      gate = new Promise((resolve) => {
        open = resolve;
      });
      return new Promise((resolve) => {
        entered = resolve;
      });
    },
    release: () => open(),
  };
}

function setup(options: { maxRetries?: number } = {}) {
  const { store, counts } = countingStore();
  const clock = createManualClock();
  const heard = recordingAppraiser();
  const make = (seed: number) =>
    createSessionService({
      store,
      clock,
      random: createSeededRandom(seed),
      appraiser: heard.appraiser,
      ...options,
    });
  return { store, counts, clock, heard, a: make(1), b: make(2) };
}

describe('text turn: one pass', () => {
  it('reads the session once, appraises once and writes once', async () => {
    const { a, counts, heard } = setup();
    const { sessionId } = await a.createSession('alice', { preset: 'rival' });
    Object.assign(counts, { get: 0, replace: 0, lost: 0 });
    const result = await a.textTurn('alice', { sessionId, message: 'Thank you so much!' });
    expect(counts).toEqual({ get: 1, replace: 1, lost: 0 });
    expect(heard.contexts).toHaveLength(1);
    expect(result.appraiser).toBe('recording');
    expect(Object.keys(result).slice(-4)).toEqual(['appraiser', 'fallback_reason', 'perceived', 'roles']);
  });

  it('re-reads and appraises again when another writer changed what the appraiser reads', async () => {
    const { a, b, clock, counts, heard, store } = setup();
    const { sessionId } = await a.createSession('alice', { preset: 'rival' });
    const held = heard.hold();
    const turn = a.textTurn('alice', { sessionId, message: 'Thank you!' });
    await held;
    // Another process's turn lands while this one is being appraised: the rapport the appraiser read is stale.
    clock.advance(60_000);
    await b.appraisalTurn('alice', { sessionId, appraisal: canonical.kindness });
    const fresh = (await store.get(sessionId))!;
    Object.assign(counts, { get: 0, replace: 0, lost: 0 });
    heard.release();
    const result = await turn;
    expect(counts).toEqual({ get: 1, replace: 2, lost: 1 });
    expect(heard.contexts).toHaveLength(2);
    expect(heard.contexts[0]!.rapport).not.toBe(heard.contexts[1]!.rapport);
    expect(heard.contexts[1]!.rapport).toBe(fresh.state.rapport);
    expect(result.appraiser).toBe('recording');
    expect((await store.get(sessionId))!.state.turns).toBe(2);
  });

  it('reuses the appraisal when the other write left what the appraiser reads as it was', async () => {
    const { a, b, counts, heard, store } = setup();
    const { sessionId } = await a.createSession('alice', { preset: 'rival' });
    const held = heard.hold();
    const turn = a.textTurn('alice', { sessionId, message: 'Thank you!' });
    await held;
    // Preferences change the record's version but not the state the appraiser reads.
    await b.setPreferences('alice', sessionId, { enabled: true });
    Object.assign(counts, { get: 0, replace: 0, lost: 0 });
    heard.release();
    await turn;
    expect(counts).toEqual({ get: 1, replace: 2, lost: 1 });
    expect(heard.contexts).toHaveLength(1);
    const record = (await store.get(sessionId))!;
    expect(record.state.turns).toBe(1);
    expect(record.proactive.preferences.enabled).toBe(true);
    expect(record.version).toBe(3);
  });

  it('re-reads without a doomed write when a turn of this process landed first, even with no retries', async () => {
    const { a, counts, heard, store } = setup({ maxRetries: 0 });
    const { sessionId } = await a.createSession('alice', { preset: 'rival' });
    const held = heard.hold();
    const first = a.textTurn('alice', { sessionId, message: 'Thank you!' });
    await held;
    await a.textTurn('alice', { sessionId, message: 'You are great.' });
    Object.assign(counts, { get: 0, replace: 0, lost: 0 });
    heard.release();
    await first;
    // The held turn's read is older than this process's own write: it plans on the record it wrote last (no read,
    // no lost write).
    expect(counts).toEqual({ get: 0, replace: 1, lost: 0 });
    expect(heard.contexts).toHaveLength(3);
    expect((await store.get(sessionId))!.state.turns).toBe(2);
  });

  it('still fails with CONFLICT after maxRetries lost writes on fresh reads', async () => {
    const { store, counts } = countingStore();
    const losing: SessionStore = {
      ...store,
      replace: async (record, expected) => (await store.replace(record, expected)) && false,
    };
    const heard = recordingAppraiser();
    const clock = createManualClock();
    const service = createSessionService({ store: losing, maxRetries: 2, clock, appraiser: heard.appraiser });
    const { sessionId } = await service.createSession('alice', { preset: 'rival' });
    const conflict = { code: 'CONFLICT' };
    await expect(
      service.appraisalTurn('alice', { sessionId, appraisal: canonical.kindness }),
    ).rejects.toMatchObject(conflict);
    // As before: the read inside the lock and two retries, each a read and a lost write.
    expect(counts).toMatchObject({ get: 3, replace: 3 });
    Object.assign(counts, { get: 0, replace: 0 });
    await expect(service.textTurn('alice', { sessionId, message: 'hi' })).rejects.toMatchObject(conflict);
    // A text turn's first write (on the read it appraised) is not a retry: the same three fresh attempts follow it.
    expect(counts).toMatchObject({ get: 4, replace: 4 });
  });
});

describe('text turn: a local appraiser', () => {
  function localSetup() {
    const { store, counts } = countingStore();
    const clock = createManualClock();
    const heard = recordingAppraiser();
    const local: Appraiser = { ...heard.appraiser, local: true };
    const make = (seed: number) =>
      createSessionService({ store, clock, random: createSeededRandom(seed), appraiser: local });
    return { store, counts, clock, heard, a: make(1), b: make(2) };
  }

  it('appraises each of many concurrent turns on one session once, on the state it is applied to', async () => {
    const { a, counts, heard, store } = localSetup();
    const { sessionId } = await a.createSession('alice', { preset: 'rival' });
    Object.assign(counts, { get: 0, replace: 0, lost: 0 });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => a.textTurn('alice', { sessionId, message: `Thank you, ${i}!` })),
    );
    expect(results).toHaveLength(12);
    // Each turn heard the rapport the turn before it left: no appraisal was thrown away.
    expect(heard.contexts).toHaveLength(12);
    const rapports = heard.contexts.map((c) => c.rapport);
    expect(new Set(rapports).size).toBe(12);
    expect(counts.lost).toBe(0);
    expect((await store.get(sessionId))!.state.turns).toBe(12);
  });

  it('hears the text again on a fresh read when another writer changed what it is told', async () => {
    const { store, counts } = countingStore();
    const clock = createManualClock();
    const heard = recordingAppraiser();
    let raced = false;
    // Another process's turn lands between this turn's read and its write, once.
    const racing: SessionStore = {
      ...store,
      async replace(record, expected) {
        if (!raced) {
          raced = true;
          await other.appraisalTurn('alice', { sessionId, appraisal: canonical.kindness });
        }
        return store.replace(record, expected);
      },
    };
    const local: Appraiser = { ...heard.appraiser, local: true };
    const service = createSessionService({ store: racing, clock, appraiser: local });
    const other = createSessionService({ store, clock, random: createSeededRandom(2) });
    const { sessionId } = await service.createSession('alice', { preset: 'rival' });
    raced = false;
    Object.assign(counts, { get: 0, replace: 0, lost: 0 });
    await service.textTurn('alice', { sessionId, message: 'Thank you!' });
    expect(counts.lost).toBe(1);
    expect(heard.contexts).toHaveLength(2);
    expect(heard.contexts[1]!.rapport).not.toBe(heard.contexts[0]!.rapport);
    expect((await store.get(sessionId))!.state.turns).toBe(2);
  });
});
