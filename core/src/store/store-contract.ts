import { describe, expect, it as test } from 'vitest';
import { createInitialState } from '../engine/engine-state.js';
import { isLimbicError } from '../errors.js';
import { deriveEngineParams } from '../persona/engine-params.js';
import { resolvePersona } from '../persona/resolve-persona.js';
import { defaultPreferences } from '../proactive/preferences.js';
import { checkSnapshotRoundTrip } from '../snapshot/snapshot-contract.js';
import { describeActivityContract } from './activity-contract.js';
import { describeListOrderContract } from './list-order-contract.js';
import { describeMemoryContract } from './memory-contract.js';
import { describeOverrideContract } from './override-contract.js';
import type { SessionRecord, SessionStore } from './session-store.js';

/** Options of {@link describeSessionStoreContract}. */
export interface StoreContractOptions {
  /** Set for stores that serialize: records must come back deep-equal, not by reference. */
  serializes?: boolean;
  /**
   * Why the store cannot be tested here (e.g. no database server): every test is then declared skipped, one by one,
   * so the run still lists and counts them. The caller prints the reason.
   */
  skip?: string;
  /** Checks every snapshot the round trip exports (e.g. against the published JSON Schema); throws when invalid. */
  validateSnapshot?: (document: unknown) => void;
}

let counter = 0;

/** Builds a realistic session record for store tests. */
export function makeTestRecord(overrides: Partial<SessionRecord> = {}): SessionRecord {
  const persona = resolvePersona({ preset: 'cheerful_companion' });
  const params = deriveEngineParams(persona);
  counter += 1;
  const id = overrides.id ?? `ses_${String(1_000_000 + counter).padStart(10, '0')}test${counter}`;
  return {
    id,
    owner: 'owner-a',
    version: 1,
    createdAt: 1_767_225_600_000 + counter,
    updatedAt: 1_767_225_600_000 + counter,
    persona,
    state: createInitialState(params, 1_767_225_600_000),
    proactive: {
      preferences: { ...defaultPreferences },
      pending: [],
      lastActionAt: null,
      raisedInAbsence: { since: 0, types: [] },
      acknowledged: [],
    },
    nextDueAt: null,
    ...overrides,
  };
}

async function rejectsWith(promise: Promise<unknown>, code: string): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isLimbicError(error) ? error.code : error).toBe(code);
}

/**
 * The contract every {@link SessionStore} must pass. Call it from a vitest file with a factory that returns a fresh,
 * empty store; the suite closes each store after its test.
 * @example
 * describeSessionStoreContract('memory', () => createMemoryStore());
 */
export function describeSessionStoreContract(
  name: string,
  factory: () => Promise<SessionStore> | SessionStore,
  options: StoreContractOptions = {},
): void {
  const it = options.skip === undefined ? test : test.skip;
  describe(`SessionStore contract: ${name}`, () => {
    async function withStore(fn: (store: SessionStore) => Promise<void>): Promise<void> {
      const store = await factory();
      try {
        await fn(store);
      } finally {
        await store.close();
      }
    }

    it('returns a created record by id, and null for an unknown id', () =>
      withStore(async (store) => {
        const record = makeTestRecord();
        await store.create(record);
        const read = await store.get(record.id);
        expect(read).toEqual(record);
        if (options.serializes) expect(read).not.toBe(record);
        expect(await store.get('ses_missing')).toBeNull();
      }));

    it('refuses a second record with the same id with CONFLICT', () =>
      withStore(async (store) => {
        const record = makeTestRecord();
        await store.create(record);
        await rejectsWith(store.create({ ...record, owner: 'owner-b' }), 'CONFLICT');
        expect((await store.get(record.id))?.owner).toBe('owner-a');
      }));

    it('replaces a record only when the expected version matches', () =>
      withStore(async (store) => {
        const record = makeTestRecord();
        await store.create(record);
        const v2 = { ...record, version: 2, state: { ...record.state, turns: 1 } };
        expect(await store.replace(v2, 1)).toBe(true);
        const stale = { ...record, version: 2, state: { ...record.state, turns: 99 } };
        expect(await store.replace(stale, 1)).toBe(false);
        expect((await store.get(record.id))?.state.turns).toBe(1);
        expect((await store.get(record.id))?.version).toBe(2);
      }));

    it('stores the version a write carries, also one several ahead (a batch of changes in one write)', () =>
      withStore(async (store) => {
        const record = makeTestRecord();
        await store.create(record);
        const v4 = { ...record, version: 4, state: { ...record.state, turns: 3 } };
        expect(await store.replace(v4, 1)).toBe(true);
        expect(await store.replace({ ...record, version: 5 }, 2)).toBe(false);
        expect((await store.get(record.id))?.version).toBe(4);
        expect(await store.replace({ ...v4, version: 5 }, 4)).toBe(true);
        expect((await store.get(record.id))?.version).toBe(5);
      }));

    it('lets exactly one of two concurrent writers with the same version win', () =>
      withStore(async (store) => {
        const record = makeTestRecord();
        await store.create(record);
        const a = { ...record, version: 2, state: { ...record.state, turns: 10 } };
        const b = { ...record, version: 2, state: { ...record.state, turns: 20 } };
        const results = await Promise.all([store.replace(a, 1), store.replace(b, 1)]);
        expect(results.filter(Boolean)).toHaveLength(1);
        const stored = await store.get(record.id);
        expect(stored?.state.turns).toBe(results[0] ? 10 : 20);
      }));

    it('refuses to replace a deleted record or one of another owner', () =>
      withStore(async (store) => {
        const record = makeTestRecord();
        await store.create(record);
        expect(await store.replace({ ...record, owner: 'owner-b', version: 2 }, 1)).toBe(false);
        expect(await store.delete('owner-a', record.id)).toBe(true);
        expect(await store.replace({ ...record, version: 2 }, 1)).toBe(false);
        expect(await store.get(record.id)).toBeNull();
      }));

    it('deletes only the owner’s record', () =>
      withStore(async (store) => {
        const record = makeTestRecord();
        await store.create(record);
        expect(await store.delete('owner-b', record.id)).toBe(false);
        expect(await store.get(record.id)).not.toBeNull();
        expect(await store.delete('owner-a', record.id)).toBe(true);
        expect(await store.delete('owner-a', record.id)).toBe(false);
        expect(await store.count('owner-a')).toBe(0);
      }));

    it('lists an owner’s records in id order with cursor paging', () =>
      withStore(async (store) => {
        const ids = ['ses_a1', 'ses_a3', 'ses_a2', 'ses_a5', 'ses_a4'];
        for (const id of ids) await store.create(makeTestRecord({ id }));
        await store.create(makeTestRecord({ id: 'ses_b1', owner: 'owner-b' }));
        const first = await store.list('owner-a', { limit: 2 });
        expect(first.map((r) => r.id)).toEqual(['ses_a1', 'ses_a2']);
        const second = await store.list('owner-a', { after: 'ses_a2', limit: 2 });
        expect(second.map((r) => r.id)).toEqual(['ses_a3', 'ses_a4']);
        const last = await store.list('owner-a', { after: 'ses_a4', limit: 2 });
        expect(last.map((r) => r.id)).toEqual(['ses_a5']);
        expect(await store.list('owner-a', { after: 'ses_a5', limit: 2 })).toEqual([]);
        expect((await store.list('owner-b', { limit: 10 })).map((r) => r.id)).toEqual(['ses_b1']);
        expect(await store.count('owner-a')).toBe(5);
        expect(await store.count('owner-c')).toBe(0);
      }));

    it('enforces a per-owner quota atomically, even for concurrent creates', () =>
      withStore(async (store) => {
        const creates = Array.from({ length: 6 }, (_, i) =>
          store.create(makeTestRecord({ id: `ses_q${i}` }), { maxPerOwner: 3 }).then(
            () => 'ok',
            (e: unknown) => (isLimbicError(e) ? e.code : 'other'),
          ),
        );
        const results = await Promise.all(creates);
        expect(results.filter((r) => r === 'ok')).toHaveLength(3);
        expect(results.filter((r) => r === 'SESSION_LIMIT')).toHaveLength(3);
        expect(await store.count('owner-a')).toBe(3);
        await store.create(makeTestRecord({ id: 'ses_other', owner: 'owner-b' }), { maxPerOwner: 3 });
      }));

    it('finds due sessions in due order without returning superseded or deleted ones', () =>
      withStore(async (store) => {
        const t = 1_800_000_000_000;
        const a = makeTestRecord({ id: 'ses_d1', nextDueAt: t + 300 });
        const b = makeTestRecord({ id: 'ses_d2', nextDueAt: t + 100 });
        const c = makeTestRecord({ id: 'ses_d3', nextDueAt: t + 200, owner: 'owner-b' });
        const idle = makeTestRecord({ id: 'ses_d4', nextDueAt: null });
        const later = makeTestRecord({ id: 'ses_d5', nextDueAt: t + 10_000 });
        for (const r of [a, b, c, idle, later]) await store.create(r);
        expect(await store.earliestDue()).toBe(t + 100);
        expect((await store.due(t + 1000, 10)).map((d) => d.id)).toEqual(['ses_d2', 'ses_d3', 'ses_d1']);
        expect((await store.due(t + 1000, 10))[1]).toEqual({
          id: 'ses_d3',
          owner: 'owner-b',
          nextDueAt: t + 200,
        });
        expect((await store.due(t + 1000, 2)).map((d) => d.id)).toEqual(['ses_d2', 'ses_d3']);
        expect(await store.replace({ ...b, version: 2, nextDueAt: t + 5000 }, 1)).toBe(true);
        expect(await store.delete('owner-b', 'ses_d3')).toBe(true);
        expect((await store.due(t + 1000, 10)).map((d) => d.id)).toEqual(['ses_d1']);
        expect(await store.earliestDue()).toBe(t + 300);
        expect(await store.replace({ ...a, version: 2, nextDueAt: null }, 1)).toBe(true);
        expect(await store.due(t + 1000, 10)).toEqual([]);
        expect(await store.earliestDue()).toBe(t + 5000);
      }));

    it('keeps every field of a record through a write and a read', () =>
      withStore(async (store) => {
        const record = makeTestRecord({
          nextDueAt: 1_800_000_000_123,
          proactive: {
            preferences: {
              enabled: true,
              triggers: { attachment_seeking: true, need_deficit: false, emotional_overflow: true },
              cooldown_hours: 2.5,
              time_zone: 'Asia/Tokyo',
              quiet_hours: { start: '23:30', end: '07:15' },
              max_per_day: 5,
            },
            pending: [
              {
                id: 'act_1',
                type: 'need_deficit',
                message: 'Hola, ¿tienes un momento? 🙂',
                priority: 'medium',
                metadata: { need: 'belonging', deficit: 0.31, ok: true, none: null },
                createdAt: 1_800_000_000_000,
              },
            ],
            lastActionAt: 1_800_000_000_000,
            raisedInAbsence: { since: 1_799_000_000_000, types: ['need_deficit'] },
            acknowledged: ['act_0'],
          },
        });
        await store.create(record);
        const v2 = {
          ...record,
          version: 2,
          state: { ...record.state, emotion: { V: -0.123456789, a: 0.5, D: 1e-9 } },
        };
        expect(await store.replace(v2, 1)).toBe(true);
        expect(await store.get(record.id)).toEqual(v2);
      }));

    it('keeps the first clock origin stored for each time scale (when it keeps one)', () =>
      withStore(async (store) => {
        if (store.clockOrigin === undefined) return;
        // A scale of its own, so a database the contract reuses holds no origin for it yet.
        const scale = 2 + Math.floor(Math.random() * 1e9) / 1000;
        const [first, second] = await Promise.all([
          store.clockOrigin(scale, 1_700_000_000_000),
          store.clockOrigin(scale, 1_700_000_000_500),
        ]);
        expect([1_700_000_000_000, 1_700_000_000_500]).toContain(first);
        expect(second).toBe(first);
        expect(await store.clockOrigin(scale, 1_800_000_000_000)).toBe(first);
        expect(await store.clockOrigin(scale + 1, 1_800_000_000_000)).toBe(1_800_000_000_000);
      }));

    describeMemoryContract(it, withStore, makeTestRecord);

    it('exports a rich session that, imported into a second store, is the same record and answers the same', () =>
      withStore((source) =>
        withStore((target) => checkSnapshotRoundTrip(source, target, options.validateSnapshot)),
      ));
    describeOverrideContract(it, withStore, makeTestRecord);
    describeActivityContract(it, withStore, makeTestRecord);
    describeListOrderContract(it, withStore, makeTestRecord);
  });
}
