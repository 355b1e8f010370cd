import { describe, expect, it } from 'vitest';
import {
  createManualClock,
  createMemoryStore,
  createSeededRandom,
  createSessionService,
  type ManualClock,
  type SessionEvents,
  type SessionService,
  type SessionStore,
  type StoreChange,
} from '../src/index.js';
import { canonical } from './fixtures.js';

const hour = 3_600_000;

/**
 * A memory store with `watch`, as a shared database reports changes: every write (whoever made it) is queued and
 * delivered when the test calls `flush()`, so the tests choose when echoes and other processes' writes arrive.
 */
function createWatchedStore(): SessionStore & { flush(): void; queued: StoreChange[] } {
  const inner = createMemoryStore();
  const listeners = new Set<(change: StoreChange) => void>();
  const queued: StoreChange[] = [];
  return {
    ...inner,
    queued,
    async create(record, options) {
      await inner.create(record, options);
      queued.push({ id: record.id, owner: record.owner, record });
    },
    async replace(record, expected) {
      const ok = await inner.replace(record, expected);
      if (ok) queued.push({ id: record.id, owner: record.owner, record });
      return ok;
    },
    async delete(owner, id) {
      const ok = await inner.delete(owner, id);
      if (ok) queued.push({ id, owner, record: null });
      return ok;
    },
    watch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    flush() {
      for (const change of queued.splice(0)) for (const listener of listeners) listener(change);
    },
  };
}

/** Everything one service emitted, as short strings. */
function recorder(service: SessionService): string[] {
  const seen: string[] = [];
  const on = <K extends keyof SessionEvents>(event: K, show: (...args: SessionEvents[K]) => string) =>
    service.on(event, (...args) => seen.push(show(...args)));
  on('state', (e) => `state:${e.cause}:${e.snapshot.turns}`);
  on('proactive', (e) => `proactive:${e.action.id}`);
  on('deleted', (e) => `deleted:${e.owner}:${e.sessionId}`);
  return seen;
}

function twoProcesses(store = createWatchedStore(), clock: ManualClock = createManualClock()) {
  const a = createSessionService({ store, clock, random: createSeededRandom(1) });
  const b = createSessionService({ store, clock, random: createSeededRandom(2) });
  return { store, clock, a, b };
}

describe('session service on a shared store: changes made by other processes', () => {
  it('re-emits another process’s turn as a state event, and skips the echo of its own writes', async () => {
    const { store, a, b } = twoProcesses();
    const seenA = recorder(a);
    const seenB = recorder(b);
    const { sessionId } = await a.createSession('alice', { preset: 'rival' });
    await a.appraisalTurn('alice', { sessionId, appraisal: canonical.kindness });
    store.flush();
    expect(seenA).toEqual(['state:created:0', 'state:turn:1']);
    expect(seenB).toEqual(['state:remote:0', 'state:remote:1']);
    await b.appraisalTurn('alice', { sessionId, appraisal: canonical.kindness });
    store.flush();
    expect(seenA.slice(2)).toEqual(['state:remote:2']);
    expect(seenB.slice(2)).toEqual(['state:turn:2']);
  });

  it('reports a batch of turns as one change whose version moved by the batch’s size; only the other process re-emits it', async () => {
    const { store, a, b } = twoProcesses();
    const seenA = recorder(a);
    const seenB = recorder(b);
    const { sessionId } = await a.createSession('alice', { preset: 'rival' });
    store.flush();
    await Promise.all(
      Array.from({ length: 3 }, () => a.appraisalTurn('alice', { sessionId, appraisal: canonical.kindness })),
    );
    expect(store.queued.map((c) => c.record?.version)).toEqual([4]);
    store.flush();
    expect(seenA).toEqual(['state:created:0', 'state:turn:1', 'state:turn:2', 'state:turn:3']);
    expect(seenB).toEqual(['state:remote:0', 'state:remote:3']);
    await b.appraisalTurn('alice', { sessionId, appraisal: canonical.kindness });
    store.flush();
    expect(seenA.slice(4)).toEqual(['state:remote:4']);
    expect((await store.get(sessionId))?.version).toBe(5);
  });

  it('ignores repeated and out-of-order deliveries of a version it already has', async () => {
    const { store, a, b } = twoProcesses();
    const seenB = recorder(b);
    const { sessionId } = await a.createSession('alice', { preset: 'rival' });
    await a.appraisalTurn('alice', { sessionId, appraisal: canonical.kindness });
    await a.appraisalTurn('alice', { sessionId, appraisal: canonical.kindness });
    const [v1, v2, v3] = store.queued.splice(0);
    store.queued.push(v3!, v2!, v3!, v1!);
    store.flush();
    expect(seenB).toEqual(['state:remote:2']);
  });

  it('pushes an action raised by another process once, and never the actions this process raised', async () => {
    const { store, clock, a, b } = twoProcesses();
    const { sessionId } = await a.createSession('alice', { preset: 'cheerful_companion' });
    for (let i = 0; i < 40; i++) {
      clock.advance(60_000);
      await a.appraisalTurn('alice', { sessionId, appraisal: canonical.kindness });
    }
    await a.setPreferences('alice', sessionId, { enabled: true });
    store.flush();
    const seenA = recorder(a);
    const seenB = recorder(b);
    clock.set((await a.nextCheckAt())!);
    const [action] = await a.runDueChecks();
    expect(action).toBeDefined();
    store.flush();
    store.flush();
    expect(seenA).toEqual([`state:proactive:40`, `proactive:${action!.id}`]);
    expect(seenB).toEqual([`state:remote:40`, `proactive:${action!.id}`]);
    // B writes the next version (an ack of nothing new: a turn); the action still pending is not pushed again.
    await b.appraisalTurn('alice', { sessionId, appraisal: canonical.kindness });
    store.flush();
    expect(seenA.filter((e) => e.startsWith('proactive'))).toHaveLength(1);
    expect(seenB.filter((e) => e.startsWith('proactive'))).toHaveLength(1);
  });

  it('pushes another process’s action even when it first arrives inside a version written here', async () => {
    const { store, clock, a, b } = twoProcesses();
    const { sessionId } = await a.createSession('alice', { preset: 'cheerful_companion' });
    for (let i = 0; i < 40; i++) {
      clock.advance(60_000);
      await a.appraisalTurn('alice', { sessionId, appraisal: canonical.kindness });
    }
    await a.setPreferences('alice', sessionId, { enabled: true });
    store.flush();
    const seenB = recorder(b);
    clock.set((await a.nextCheckAt())!);
    const [action] = await a.runDueChecks();
    // B writes on top of A's version before A's change reaches it; then both changes arrive.
    await b.appraisalTurn('alice', { sessionId, appraisal: canonical.kindness });
    store.flush();
    expect(seenB.filter((e) => e.startsWith('proactive'))).toEqual([`proactive:${action!.id}`]);
  });

  it('does not push actions that were pending before it started watching (clients got them on connect)', async () => {
    const store = createWatchedStore();
    const clock = createManualClock();
    const a = createSessionService({ store, clock, random: createSeededRandom(1) });
    const { sessionId } = await a.createSession('alice', { preset: 'cheerful_companion' });
    for (let i = 0; i < 40; i++) {
      clock.advance(60_000);
      await a.appraisalTurn('alice', { sessionId, appraisal: canonical.kindness });
    }
    await a.setPreferences('alice', sessionId, { enabled: true });
    clock.set((await a.nextCheckAt())!);
    expect(await a.runDueChecks()).toHaveLength(1);
    store.queued.length = 0;
    clock.advance(hour);
    const late = createSessionService({ store, clock, random: createSeededRandom(3) });
    const seen = recorder(late);
    await a.appraisalTurn('alice', { sessionId, appraisal: canonical.kindness });
    store.flush();
    expect(seen).toEqual(['state:remote:41']);
  });

  it('re-emits another process’s deletion once, and not its own', async () => {
    const { store, a, b } = twoProcesses();
    const { sessionId } = await a.createSession('alice', { preset: 'rival' });
    store.flush();
    const seenA = recorder(a);
    const seenB = recorder(b);
    await a.deleteSession('alice', sessionId);
    store.queued.push(store.queued[0]!);
    store.flush();
    expect(seenA).toEqual([`deleted:alice:${sessionId}`]);
    expect(seenB).toEqual([`deleted:alice:${sessionId}`]);
  });

  it('stops re-emitting after stopWatching, and ignores the store’s watch when watchStore is false', async () => {
    const store = createWatchedStore();
    const clock = createManualClock();
    const a = createSessionService({ store, clock });
    const quiet = createSessionService({ store, clock, watchStore: false });
    const stopped = createSessionService({ store, clock });
    stopped.stopWatching();
    const seenQuiet = recorder(quiet);
    const seenStopped = recorder(stopped);
    await a.createSession('alice', { preset: 'rival' });
    store.flush();
    expect([...seenQuiet, ...seenStopped]).toEqual([]);
  });

  it('tells its scheduler when another process moved a due time (the due event), not for its own writes', async () => {
    const { store, a, b } = twoProcesses();
    const dueA: (number | null)[] = [];
    const dueB: (number | null)[] = [];
    a.on('due', (e) => dueA.push(e.nextDueAt));
    b.on('due', (e) => dueB.push(e.nextDueAt));
    const { sessionId } = await a.createSession('alice', { preset: 'rival' });
    await a.appraisalTurn('alice', { sessionId, appraisal: canonical.kindness });
    await a.setPreferences('alice', sessionId, { enabled: true });
    store.flush();
    const written = (await store.get(sessionId))!.nextDueAt;
    expect(written).not.toBeNull();
    expect(dueA).toEqual([written]);
    expect(dueB).toEqual([written]);
  });
});

describe('session service on a shared store: the scheduler’s claim', () => {
  async function dueSession(store: SessionStore, clock: ManualClock) {
    const setup = createSessionService({ store, clock, random: createSeededRandom(9) });
    const { sessionId } = await setup.createSession('alice', { preset: 'cheerful_companion' });
    for (let i = 0; i < 40; i++) {
      clock.advance(60_000);
      await setup.appraisalTurn('alice', { sessionId, appraisal: canonical.kindness });
    }
    // Cooldown 0: only the claim, not the cooldown, can stop a second process from raising again.
    await setup.setPreferences('alice', sessionId, {
      enabled: true,
      cooldown_hours: 0,
      triggers: { need_deficit: false },
    });
    clock.set((await setup.nextCheckAt())!);
    return sessionId;
  }

  it('raises a due action exactly once when two processes check the same session at the same time', async () => {
    let lost = 0;
    for (let round = 0; round < 20; round++) {
      const inner = createMemoryStore();
      // Counts lost compare-and-sets, to prove the two checks really raced.
      const store: SessionStore = {
        ...inner,
        async replace(record, expected) {
          const ok = await inner.replace(record, expected);
          if (!ok) lost++;
          return ok;
        },
      };
      const clock = createManualClock();
      const sessionId = await dueSession(store, clock);
      const a = createSessionService({ store, clock, random: createSeededRandom(100 + round) });
      const b = createSessionService({ store, clock, random: createSeededRandom(200 + round) });
      const pushed: string[] = [];
      for (const s of [a, b]) s.on('proactive', (e) => pushed.push(e.action.id));
      const results = await Promise.all(
        round % 2
          ? [a.checkProactive(sessionId), b.checkProactive(sessionId)]
          : [a.runDueChecks(), b.runDueChecks()],
      );
      const raised = results.flat().filter((r) => r !== null);
      expect(raised).toHaveLength(1);
      expect(pushed).toHaveLength(1);
      expect((await store.get(sessionId))?.proactive.pending).toHaveLength(1);
    }
    expect(lost).toBeGreaterThan(0);
  });

  it('leaves a session that is no longer due alone (the check that moved its due time won the claim)', async () => {
    const store = createMemoryStore();
    const clock = createManualClock();
    const sessionId = await dueSession(store, clock);
    const a = createSessionService({ store, clock });
    const b = createSessionService({ store, clock });
    expect(await a.checkProactive(sessionId)).not.toBeNull();
    const after = await store.get(sessionId);
    expect(after!.nextDueAt === null || after!.nextDueAt > clock.now()).toBe(true);
    expect(await b.checkProactive(sessionId)).toBeNull();
    expect((await store.get(sessionId))?.version).toBe(after!.version);
  });
});
