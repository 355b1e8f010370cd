import { describe, expect, it } from 'vitest';
import {
  createProactiveScheduler,
  createSeededRandom,
  createSessionService,
  type ProactiveAction,
} from '../src/index.js';
import { createManualTime } from '../src/timers.js';
import { canonical } from './fixtures.js';

const hour = 3_600_000;

async function bondedService() {
  const time = createManualTime(Date.UTC(2026, 10, 21, 12));
  const service = createSessionService({ clock: time.clock, random: createSeededRandom(5) });
  const { sessionId } = await service.createSession('local', { preset: 'cheerful_companion' });
  for (let i = 0; i < 40; i++) {
    time.clock.advance(60_000);
    await service.appraisalTurn('local', { sessionId, appraisal: canonical.kindness });
  }
  await service.setPreferences('local', sessionId, { enabled: true });
  return { time, service, sessionId };
}

describe('createProactiveScheduler', () => {
  it('raises the absence action once, when it falls due, without polling', async () => {
    const { time, service, sessionId } = await bondedService();
    const raised: ProactiveAction[] = [];
    service.on('proactive', ({ action }) => raised.push(action));
    const scheduler = createProactiveScheduler({ service, clock: time.clock, timers: time.timers });
    scheduler.start();
    const due = await service.nextCheckAt();
    expect(due).not.toBeNull();
    await time.advance(due! - time.clock.now() - 1);
    expect(raised).toHaveLength(0);
    await time.advance(3 * 24 * hour);
    // Each time-driven action arose once, and not before the session was due.
    const types = raised.map((action) => action.type);
    expect(types.filter((type) => type === 'attachment_seeking')).toHaveLength(1);
    expect(new Set(types).size).toBe(types.length);
    expect(Math.min(...raised.map((action) => action.createdAt))).toBeGreaterThanOrEqual(due!);
    expect((await service.pendingActions('local', sessionId)).map((action) => action.id).sort()).toEqual(
      raised.map((action) => action.id).sort(),
    );
    // The sleeps in between were long: no per-minute polling.
    scheduler.stop();
    expect(time.pending).toBe(0);
  });

  it('divides waits by the time scale', async () => {
    const { time, service } = await bondedService();
    const waits: number[] = [];
    const scheduler = createProactiveScheduler({
      service,
      clock: time.clock,
      timeScale: 3600,
      timers: {
        setTimeout(fn, delayMs) {
          waits.push(delayMs);
          return time.timers.setTimeout(fn, delayMs);
        },
        clearTimeout: (handle) => time.timers.clearTimeout(handle),
      },
    });
    scheduler.start();
    await time.advance(0);
    const due = (await service.nextCheckAt())!;
    expect(waits.at(-1)).toBeCloseTo(Math.min(60_000, (due - time.clock.now()) / 3600), 6);
    scheduler.stop();
  });

  it('reports a failing store and keeps running', async () => {
    const { time, service } = await bondedService();
    const errors: unknown[] = [];
    const due = service.store.due.bind(service.store);
    let failures = 1;
    service.store.due = (at, limit) =>
      failures-- > 0 ? Promise.reject(new Error('disk gone')) : due(at, limit);
    const raised: ProactiveAction[] = [];
    service.on('proactive', ({ action }) => raised.push(action));
    const scheduler = createProactiveScheduler({
      service,
      clock: time.clock,
      timers: time.timers,
      onError: (error) => errors.push(error),
    });
    scheduler.start();
    await time.advance(3 * 24 * hour);
    expect(errors).toHaveLength(1);
    expect(raised.map((action) => action.type)).toContain('attachment_seeking');
    scheduler.stop();
  });

  it('reports how late each due check runs, in wall time', async () => {
    const { time, service } = await bondedService();
    const late: number[] = [];
    // Timers that fire 5 s after they are due, as on a loaded event loop.
    const scheduler = createProactiveScheduler({
      service,
      clock: time.clock,
      timers: {
        setTimeout: (fn, delayMs) => time.timers.setTimeout(fn, delayMs + 5_000),
        clearTimeout: (handle) => time.timers.clearTimeout(handle),
      },
      onCheck: (lateMs) => late.push(lateMs),
    });
    scheduler.start();
    await time.advance(3 * 24 * hour);
    scheduler.stop();
    expect(late.length).toBeGreaterThan(0);
    expect(new Set(late)).toEqual(new Set([5_000]));
  });

  it('reports a failing lateness hook and still runs the check', async () => {
    const { time, service } = await bondedService();
    const errors: unknown[] = [];
    const raised: ProactiveAction[] = [];
    service.on('proactive', ({ action }) => raised.push(action));
    const scheduler = createProactiveScheduler({
      service,
      clock: time.clock,
      timers: time.timers,
      onError: (error) => errors.push(error),
      onCheck: () => {
        throw new Error('metrics broke');
      },
    });
    scheduler.start();
    await time.advance(3 * 24 * hour);
    scheduler.stop();
    expect(errors.length).toBeGreaterThan(0);
    expect(raised.map((action) => action.type)).toContain('attachment_seeking');
  });
});
