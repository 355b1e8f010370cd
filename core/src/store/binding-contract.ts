import { describe, expect, it as test } from 'vitest';
import type { Binding, BindingRecord, BindingStore } from './binding-store.js';

/** Options of {@link describeBindingStoreContract}. */
export interface BindingContractOptions {
  /** Why the store cannot be tested here: every test is declared skipped, one by one, so the run counts them. */
  skip?: string;
}

let counter = 0;

/** Builds a binding for store tests; every call gets a fresh key and session id unless overridden. */
export function makeTestBinding(overrides: Partial<Binding> = {}): Binding {
  counter += 1;
  return {
    key: `telegram:${1000 + counter}:${2000 + counter}`,
    owner: 'local',
    sessionId: `ses_binding_${String(counter).padStart(6, '0')}`,
    target: String(1000 + counter),
    lastMessageAt: null,
    createdAt: 1_767_225_600_000,
    updatedAt: 1_767_225_600_000,
    ...overrides,
  };
}

/**
 * The behaviour every {@link BindingStore} must have, as a vitest suite. `open` gives a new, empty store per test.
 * @example
 * describeBindingStoreContract('memory', () => createMemoryBindingStore());
 */
export function describeBindingStoreContract(
  name: string,
  open: () => BindingStore | Promise<BindingStore>,
  options: BindingContractOptions = {},
): void {
  const it = options.skip === undefined ? test : test.skip;
  describe(`BindingStore contract: ${name}`, () => {
    async function withStore(fn: (store: BindingStore) => Promise<void>): Promise<void> {
      const store = await open();
      try {
        await fn(store);
      } finally {
        await store.close();
      }
    }

    it('insert stores a binding readable by key and by session', () =>
      withStore(async (store) => {
        const binding = makeTestBinding({ lastMessageAt: 1_767_225_700_000 });
        expect(await store.insert(binding)).toEqual(binding);
        expect(await store.get(binding.key)).toEqual(binding);
        expect(await store.getBySession(binding.sessionId)).toEqual(binding);
      }));

    it('unknown keys and sessions read as null', () =>
      withStore(async (store) => {
        expect(await store.get('telegram:none:none')).toBeNull();
        expect(await store.getBySession('ses_none')).toBeNull();
      }));

    it('the first insert of a key wins and is returned to the second', () =>
      withStore(async (store) => {
        const first = makeTestBinding();
        const second = makeTestBinding({ key: first.key });
        await store.insert(first);
        expect(await store.insert(second)).toEqual(first);
        expect(await store.get(first.key)).toEqual(first);
        expect(await store.getBySession(second.sessionId)).toBeNull();
      }));

    it('concurrent inserts of one key agree on one binding', () =>
      withStore(async (store) => {
        const key = makeTestBinding().key;
        const racers = Array.from({ length: 8 }, () => makeTestBinding({ key }));
        const results = await Promise.all(racers.map((binding) => store.insert(binding)));
        const winner = await store.get(key);
        expect(winner).not.toBeNull();
        for (const result of results) expect(result).toEqual(winner);
      }));

    it('update replaces the binding and keeps the session index right', () =>
      withStore(async (store) => {
        const binding = makeTestBinding();
        await store.insert(binding);
        const moved = { ...binding, target: 'elsewhere', lastMessageAt: 1_767_225_800_000, updatedAt: 1 };
        await store.update(moved);
        expect(await store.get(binding.key)).toEqual(moved);
        const rebound = { ...moved, sessionId: 'ses_rebound_1' };
        await store.update(rebound);
        expect(await store.getBySession('ses_rebound_1')).toEqual(rebound);
        expect(await store.getBySession(binding.sessionId)).toBeNull();
      }));

    it('update of a deleted key does not bring it back', () =>
      withStore(async (store) => {
        const binding = makeTestBinding();
        await store.update(binding);
        expect(await store.get(binding.key)).toBeNull();
      }));

    it('delete removes the binding once', () =>
      withStore(async (store) => {
        const binding = makeTestBinding();
        await store.insert(binding);
        expect(await store.delete(binding.key)).toBe(true);
        expect(await store.delete(binding.key)).toBe(false);
        expect(await store.get(binding.key)).toBeNull();
        expect(await store.getBySession(binding.sessionId)).toBeNull();
      }));

    it('list pages through every binding in key order', () =>
      withStore(async (store) => {
        const bindings = Array.from({ length: 7 }, (_, i) => makeTestBinding({ key: `discord:k${i}` }));
        for (const binding of [...bindings].reverse()) await store.insert(binding);
        const seen: string[] = [];
        let after: string | undefined;
        for (;;) {
          const page = await store.list({ ...(after === undefined ? {} : { after }), limit: 3 });
          seen.push(...page.map((binding) => binding.key));
          if (page.length < 3) break;
          after = page.at(-1)!.key;
        }
        expect(seen).toEqual(bindings.map((binding) => binding.key));
      }));

    it('keeps null and large timestamps exactly', () =>
      withStore(async (store) => {
        const binding = makeTestBinding({ lastMessageAt: null, target: '{"dm":"123456789012345678"}' });
        await store.insert(binding);
        expect(await store.get(binding.key)).toEqual(binding);
      }));

    const record = (overrides: Partial<BindingRecord> = {}): BindingRecord => ({
      key: `identity:telegram:${++counter}`,
      value: { person: 'psn_1', identities: ['telegram:1', 'discord:2'], at: 1_767_225_600_000, n: null },
      expiresAt: null,
      updatedAt: 1_767_225_600_000,
      ...overrides,
    });

    it('records: put, get, replace and delete a JSON value', () =>
      withStore(async (store) => {
        const first = record();
        expect(await store.getRecord(first.key, 0)).toBeNull();
        await store.putRecord(first);
        expect(await store.getRecord(first.key, 0)).toEqual(first);
        const second = { ...first, value: ['a', 2, true], updatedAt: first.updatedAt + 1 };
        await store.putRecord(second);
        expect(await store.getRecord(first.key, 0)).toEqual(second);
        expect(await store.deleteRecord(first.key)).toBe(true);
        expect(await store.deleteRecord(first.key)).toBe(false);
        expect(await store.getRecord(first.key, 0)).toBeNull();
      }));

    it('records: an expired record reads as absent and cannot be taken', () =>
      withStore(async (store) => {
        const code = record({ key: 'code:EXPIRES1', value: { identity: 'telegram:1' }, expiresAt: 2_000 });
        await store.putRecord(code);
        expect(await store.getRecord(code.key, 1_999)).toEqual(code);
        expect(await store.getRecord(code.key, 2_000)).toBeNull();
        expect(await store.takeRecord(code.key, 2_000)).toBeNull();
      }));

    it('records: take returns a record once, even to concurrent takers', () =>
      withStore(async (store) => {
        const code = record({ key: 'code:ONCEONLY', value: { identity: 'discord:9' }, expiresAt: 10_000 });
        await store.putRecord(code);
        const taken = await Promise.all(Array.from({ length: 6 }, () => store.takeRecord(code.key, 5_000)));
        expect(taken.filter((r) => r !== null)).toEqual([code]);
        expect(await store.getRecord(code.key, 5_000)).toBeNull();
      }));
  });
}
