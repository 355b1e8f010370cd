import { expect } from 'vitest';
import type { OverrideState } from '../session/state-override.js';
import type { SessionRecord, SessionStore } from './session-store.js';

/** A full override state for store tests: two log entries with every kind of value, and a pending felt emotion. */
export function makeTestOverrides(): OverrideState {
  return {
    log: [
      {
        by: 'key_1',
        at: 1_767_225_600_000,
        values: { emotion: { V: -0.5, A: 0.8 }, body_budget: { stress: 0.7 } },
        note: 'the storm hits',
      },
      {
        by: 'local',
        at: 1_767_225_660_000,
        values: { mood: { D: 0.2 }, relationship: { participant: 'sam', familiarity: 0.4 } },
        note: null,
      },
    ],
    feltBefore: { V: 0.25, a: -0.125, D: 0.0625 },
  };
}

/**
 * The part of the session-store contract about operator overrides (`record.overrides`, docs/time-control.md):
 * kept whole through create and replace, and gone when a write leaves it out.
 */
export function describeOverrideContract(
  it: (name: string, fn: () => Promise<void>) => void,
  withStore: (fn: (store: SessionStore) => Promise<void>) => Promise<void>,
  makeRecord: (overrides?: Partial<SessionRecord>) => SessionRecord,
): void {
  it('keeps a record’s override log through create and replace, and drops it when a write leaves it out', () =>
    withStore(async (store) => {
      const record = makeRecord({ overrides: makeTestOverrides() });
      await store.create(record);
      expect((await store.get(record.id))?.overrides).toEqual(record.overrides);
      const cleared = { ...record, version: 2, overrides: { ...makeTestOverrides(), feltBefore: null } };
      expect(await store.replace(cleared, 1)).toBe(true);
      expect((await store.get(record.id))?.overrides).toEqual(cleared.overrides);
      const { overrides: _, ...without } = cleared;
      expect(await store.replace({ ...without, version: 3 }, 2)).toBe(true);
      const read = await store.get(record.id);
      expect(read?.version).toBe(3);
      expect(read && 'overrides' in read).toBe(false);
    }));
}
