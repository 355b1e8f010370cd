import type { Binding, BindingRecord, BindingStore } from './binding-store.js';

/**
 * Creates the in-memory {@link BindingStore}: for tests and throwaway bots; nothing survives a restart.
 * @example
 * const bindings = createMemoryBindingStore();
 */
export function createMemoryBindingStore(): BindingStore {
  const byKey = new Map<string, Binding>();
  const bySession = new Map<string, string>();
  const records = new Map<string, BindingRecord>();
  const live = (key: string, now: number) => {
    const record = records.get(key);
    return record && (record.expiresAt === null || record.expiresAt > now) ? record : null;
  };
  return {
    kind: 'memory',
    get: (key) => Promise.resolve(byKey.get(key) ?? null),
    getBySession(sessionId) {
      const key = bySession.get(sessionId);
      return Promise.resolve(key === undefined ? null : (byKey.get(key) ?? null));
    },
    insert(binding) {
      const existing = byKey.get(binding.key);
      if (existing) return Promise.resolve(existing);
      byKey.set(binding.key, binding);
      bySession.set(binding.sessionId, binding.key);
      return Promise.resolve(binding);
    },
    update(binding) {
      const existing = byKey.get(binding.key);
      if (existing) {
        if (existing.sessionId !== binding.sessionId) bySession.delete(existing.sessionId);
        byKey.set(binding.key, binding);
        bySession.set(binding.sessionId, binding.key);
      }
      return Promise.resolve();
    },
    delete(key) {
      const existing = byKey.get(key);
      if (!existing) return Promise.resolve(false);
      byKey.delete(key);
      bySession.delete(existing.sessionId);
      return Promise.resolve(true);
    },
    list({ after, limit }) {
      const keys = [...byKey.keys()].filter((key) => after === undefined || key > after).sort();
      return Promise.resolve(keys.slice(0, limit).map((key) => byKey.get(key)!));
    },
    getRecord: (key, now) => Promise.resolve(live(key, now)),
    putRecord(record) {
      for (const [key, old] of records) {
        if (old.expiresAt !== null && old.expiresAt <= record.updatedAt) records.delete(key);
      }
      records.set(record.key, structuredClone(record));
      return Promise.resolve();
    },
    takeRecord(key, now) {
      const record = live(key, now);
      records.delete(key);
      return Promise.resolve(record);
    },
    deleteRecord: (key) => Promise.resolve(records.delete(key)),
    close: () => Promise.resolve(),
  };
}
