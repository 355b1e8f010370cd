import { expect } from 'vitest';
import type { SessionRecord, SessionStore } from './session-store.js';

/**
 * The part of the session-store contract about relationship-health history (`record.activity`,
 * docs/relationship-health.md): kept whole through create, replace and lists.
 */
export function describeActivityContract(
  it: (name: string, fn: () => Promise<void>) => void,
  withStore: (fn: (store: SessionStore) => Promise<void>) => Promise<void>,
  makeRecord: (overrides?: Partial<SessionRecord>) => SessionRecord,
): void {
  it('keeps a record’s activity history through a write and a read, and in lists', () =>
    withStore(async (store) => {
      const day = {
        day: 20_500,
        messages: 2,
        hostile: 0,
        distress: 1,
        rapport: 0.61,
        trust: 0.55,
        familiarity: 0.1,
      };
      const hours = Array.from({ length: 24 }, (_, h) => (h === 3 ? 2 : 0));
      const record = makeRecord({
        owner: 'owner-activity',
        activity: {
          person: { days: [{ ...day, hours }], signals: {} },
          participants: [
            { id: 'ana', days: [{ ...day, hours }], signals: { repeated_distress: 1_800_000_000_000 } },
          ],
        },
      });
      await store.create(record);
      expect(await store.get(record.id)).toEqual(record);
      const v2 = { ...record, version: 2, activity: { person: { days: [], signals: {} } } };
      expect(await store.replace(v2, 1)).toBe(true);
      expect(await store.get(record.id)).toEqual(v2);
      const listed = await store.list('owner-activity', { limit: 10, memory: false });
      expect(listed[0]?.activity).toEqual(v2.activity);
    }));
}
