import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createManualClock,
  createSeededRandom,
  createSessionService,
  type SessionEvents,
  type SessionService,
} from '@limbic/core';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStore, type SqliteStore } from '../src/sqlite-store.js';

// Two session services on one SQLite file, as two gateways would be: a tick or an override on one is an ordinary
// write, seen by the other through the store's watch, and never lost under a concurrent turn.

const dir = mkdtempSync(join(tmpdir(), 'limbic-sqlite-controls-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const kindness = {
  goal_relevance: 1,
  goal_congruence: 0.9,
  expectedness: 0.5,
  controllability: 0.5,
  agency: -1,
  norm_compatibility: 0.8,
};

/** Resolves with the first event the service emits that passes `test` (bounded, event-driven). */
function next<T>(subscribe: (listener: (event: T) => void) => () => void, test: (event: T) => boolean) {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error('no matching event within 5 s'));
    }, 5000);
    const stop = subscribe((event) => {
      if (!test(event)) return;
      clearTimeout(timer);
      stop();
      resolve(event);
    });
  });
}

describe('tick and override on a store shared by two processes', () => {
  it('reach the other service as remote changes, the action pushed once, and race turns without losing either', async () => {
    const file = join(dir, 'shared.db');
    const stores: SqliteStore[] = [
      createSqliteStore({ file, watchIntervalMs: 10 }),
      createSqliteStore({ file, watchIntervalMs: 10 }),
    ];
    const clock = createManualClock();
    const [a, b] = stores.map((store, i) =>
      createSessionService({ store, clock, random: createSeededRandom(i + 1) }),
    ) as [SessionService, SessionService];
    try {
      const { sessionId } = await a.createSession('local', { preset: 'cheerful_companion' });
      await a.setPreferences('local', sessionId, { enabled: true });
      // Half an hour of kindness on A; B has seen A's last turn before the tick, so the next remote change it
      // reports is the tick.
      const seen = next<SessionEvents['state'][0]>(
        (l) => b.on('state', l),
        (e) => e.cause === 'remote' && e.snapshot.turns === 30,
      );
      for (let i = 0; i < 30; i++) {
        clock.advance(60_000);
        await a.appraisalTurn('local', { sessionId, appraisal: kindness });
      }
      await seen;
      const pushed: string[] = [];
      b.on('proactive', (e) => pushed.push(e.action.id));
      const remote = next<SessionEvents['state'][0]>(
        (l) => b.on('state', l),
        (e) => e.sessionId === sessionId && e.cause === 'remote',
      );
      const action = next<SessionEvents['proactive'][0]>(
        (l) => b.on('proactive', l),
        (e) => e.sessionId === sessionId,
      );
      const tick = await a.controls.tick('local', sessionId, { seconds: 48 * 3600 });
      expect(tick.actions.map((x) => x.type)).toEqual(['attachment_seeking']);
      expect((await remote).snapshot).toEqual(tick.state);
      expect((await action).action.id).toBe(tick.actions[0]!.id);

      // A tick on one service and a turn on the other at once: both land (compare-and-set, retried on a conflict).
      const before = (await stores[0]!.get(sessionId))!;
      clock.advance(60_000);
      const [ticked, turned] = await Promise.all([
        a.controls.tick('local', sessionId, { seconds: 3600 }),
        b.appraisalTurn('local', { sessionId, appraisal: kindness }),
      ]);
      const after = (await stores[1]!.get(sessionId))!;
      expect(after.version).toBe(before.version + 2);
      expect(after.state.turns).toBe(before.state.turns + 1);
      expect(ticked.seconds).toBe(3600);
      expect(turned.new_emotion.V).toBeGreaterThan(0);

      const overridden = await b.controls.override('local', sessionId, { mood: { V: -0.4 } }, 'key_b');
      expect((await a.getSession('local', sessionId)).last_override).toEqual(overridden.override);
      expect(pushed).toEqual([tick.actions[0]!.id]);
    } finally {
      a.stopWatching();
      b.stopWatching();
      await Promise.all(stores.map((s) => s.close()));
    }
  });
});
