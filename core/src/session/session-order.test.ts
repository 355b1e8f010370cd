import { describe, expect, it } from 'vitest';
import { createManualClock } from '../clock.js';
import { isLimbicError, type LimbicError } from '../errors.js';
import { createSeededRandom } from '../random.js';
import { createMemoryStore } from '../store/memory-store.js';
import { encodeCursor } from './cursor.js';
import { decodeSessionCursor, encodeSessionCursor, parseSessionOrder } from './session-order.js';
import { createSessionService } from './session-service.js';

async function failure(promise: Promise<unknown>): Promise<LimbicError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isLimbicError(error)) throw new Error(`expected a LimbicError, got ${String(error)}`);
  return error;
}

/** A service with `n` sessions of alice created a second apart, and their ids in creation order. */
async function withSessions(n: number) {
  const clock = createManualClock();
  const service = createSessionService({ store: createMemoryStore(), clock, random: createSeededRandom(3) });
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    clock.advance(1000);
    ids.push((await service.createSession('alice', { preset: 'cheerful_companion' })).sessionId);
  }
  return { service, ids };
}

/** Every page of a list, following cursors as they come, with the options of the first page. */
async function walk(
  service: Awaited<ReturnType<typeof withSessions>>['service'],
  first: { order?: unknown; limit: number },
  repeatOrder: boolean,
): Promise<string[]> {
  const seen: string[] = [];
  let page = await service.listSessions('alice', first);
  seen.push(...page.sessions.map((s) => s.sessionId));
  while (page.cursor) {
    const next = repeatOrder
      ? { ...first, cursor: page.cursor }
      : { limit: first.limit, cursor: page.cursor };
    page = await service.listSessions('alice', next);
    seen.push(...page.sessions.map((s) => s.sessionId));
  }
  return seen;
}

describe('session list order', () => {
  it('lists newest first by default and oldest first on request, across pages', async () => {
    const { service, ids } = await withSessions(7);
    expect(await walk(service, { limit: 3 }, false)).toEqual([...ids].reverse());
    expect(await walk(service, { limit: 3, order: 'newest' }, true)).toEqual([...ids].reverse());
    expect(await walk(service, { limit: 3, order: 'oldest' }, true)).toEqual(ids);
    // A cursor alone continues in the order it was issued for.
    expect(await walk(service, { limit: 3, order: 'oldest' }, false)).toEqual(ids);
  });

  it('refuses a cursor of one order asked for the other, naming cursor', async () => {
    const { service } = await withSessions(3);
    const newest = await service.listSessions('alice', { limit: 1 });
    const oldest = await service.listSessions('alice', { limit: 1, order: 'oldest' });
    for (const [cursor, order] of [
      [newest.cursor, 'oldest'],
      [oldest.cursor, 'newest'],
    ] as const) {
      const error = await failure(service.listSessions('alice', { cursor, order }));
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.issues.map((issue) => issue.path)).toEqual(['cursor']);
      expect(error.message).toContain(`not "${order}"`);
    }
  });

  it('continues a cursor issued before orders existed oldest first', async () => {
    const { service, ids } = await withSessions(4);
    const legacy = encodeCursor(ids[1]!);
    const page = await service.listSessions('alice', { cursor: legacy, limit: 5 });
    expect(page.sessions.map((s) => s.sessionId)).toEqual(ids.slice(2));
  });

  it('refuses an unknown order, naming order and the allowed values', async () => {
    const { service } = await withSessions(1);
    for (const order of ['desc', 'NEWEST', '', 1, ['newest']]) {
      const error = await failure(service.listSessions('alice', { order }));
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.issues[0]?.path).toBe('order');
      expect(error.message).toBe('Invalid order: order: must be one of "newest", "oldest"');
    }
    expect(parseSessionOrder(undefined)).toBeUndefined();
    expect(parseSessionOrder(null)).toBeUndefined();
  });

  it('round-trips cursors of both orders and refuses a tampered one', () => {
    for (const order of ['newest', 'oldest'] as const) {
      expect(decodeSessionCursor(encodeSessionCursor('ses_abc', order))).toEqual({ after: 'ses_abc', order });
    }
    expect(encodeSessionCursor('ses_abc', 'oldest')).toBe(encodeCursor('ses_abc'));
    for (const bad of [
      'c1..n',
      `${encodeCursor('ses_abc')}.x`,
      'garbage.n',
      `${encodeCursor('ses_abc')}.n.n`,
    ]) {
      expect(() => decodeSessionCursor(bad)).toThrow(/cursor/);
    }
  });
});
