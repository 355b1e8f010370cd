import { expect } from 'vitest';
import type { SessionRecord, SessionStore } from './session-store.js';

/**
 * The part of the session-store contract about list order (`ListOptions.order`): newest first walks ids downwards
 * from the cursor id, whether or not that id is still stored; oldest first stays the default.
 */
export function describeListOrderContract(
  it: (name: string, fn: () => Promise<void>) => void,
  withStore: (fn: (store: SessionStore) => Promise<void>) => Promise<void>,
  makeRecord: (overrides?: Partial<SessionRecord>) => SessionRecord,
): void {
  it('lists an owner’s records newest first (descending ids) with cursor paging', () =>
    withStore(async (store) => {
      for (const id of ['ses_a1', 'ses_a3', 'ses_a2', 'ses_a5', 'ses_a4'])
        await store.create(makeRecord({ id }));
      await store.create(makeRecord({ id: 'ses_a9', owner: 'owner-b' }));
      const page = async (after?: string) =>
        (await store.list('owner-a', { ...(after ? { after } : {}), limit: 2, order: 'newest' })).map(
          (r) => r.id,
        );
      expect(await page()).toEqual(['ses_a5', 'ses_a4']);
      expect(await page('ses_a4')).toEqual(['ses_a3', 'ses_a2']);
      expect(await page('ses_a2')).toEqual(['ses_a1']);
      expect(await page('ses_a1')).toEqual([]);
      // A cursor id that is no longer stored (a deleted session) still marks the place.
      expect(await page('ses_a35')).toEqual(['ses_a3', 'ses_a2']);
      expect(await store.list('owner-a', { after: 'ses_a35', limit: 2 })).toMatchObject([
        { id: 'ses_a4' },
        { id: 'ses_a5' },
      ]);
      expect((await store.list('owner-b', { limit: 10, order: 'newest' })).map((r) => r.id)).toEqual([
        'ses_a9',
      ]);
      expect((await store.list('owner-a', { limit: 2, order: 'oldest' })).map((r) => r.id)).toEqual([
        'ses_a1',
        'ses_a2',
      ]);
    }));
}
