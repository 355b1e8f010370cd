import {
  type Clock,
  createManualTime,
  createMemoryBindingStore,
  createMemoryStore,
  createSeededRandom,
} from '@limbic/core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  botSettingsFromEnv,
  type Conversation,
  createLimbicRuntime,
  embeddedBackend,
  type LimbicRuntime,
} from '../src/index.js';
import { scriptedOutbound } from './fixtures.js';

const alice: Conversation = {
  chatId: 'chat-1',
  target: 'chat-1',
  private: true,
  platform: 'test',
  userId: 'alice',
};

const runtimes: LimbicRuntime[] = [];
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.close();
});

/**
 * A bot on a manual wall clock whose engine clock runs `timeScale` times faster (as `createSystemClock(scale)` does
 * with the real wall clock), with feelings at `feelingTimeScale` when given.
 */
async function demoBot(timeScale: number, feelingTimeScale?: number) {
  const start = Date.UTC(2026, 10, 21, 9);
  const wall = createManualTime(start);
  const engineClock: Clock = { now: () => start + (wall.clock.now() - start) * timeScale };
  const backend = embeddedBackend({
    store: createMemoryStore(),
    clock: engineClock,
    timers: wall.timers,
    random: createSeededRandom(5),
    timeScale,
    ...(feelingTimeScale === undefined ? {} : { feelingTimeScale }),
  });
  const platform = scriptedOutbound();
  platform.bind(wall);
  const runtime = createLimbicRuntime({
    backend,
    bindings: createMemoryBindingStore(),
    persona: { preset: 'cheerful_companion' },
    outbound: platform.outbound,
    clock: wall.clock,
    timers: wall.timers,
  });
  runtimes.push(runtime);
  await runtime.start();
  const turn = await runtime.handleMessage(alice, {
    text: 'You ruined everything. I hate you and I never want to see you again!',
    timestamp: wall.clock.now(),
  });
  if (!turn) throw new Error('no turn');
  return { wall, runtime, platform, turn, start };
}

/** The feeling `/limbic status` names: label and intensity in percent. */
async function statusFeeling(runtime: LimbicRuntime) {
  const status = await runtime.handleCommand(alice, { action: 'status' });
  const match = /I feel (\w+) \(intensity (\d+)%\)/.exec(status);
  if (!match) throw new Error(`no feeling in: ${status}`);
  return { status, label: match[1], percent: Number(match[2]) };
}

describe('the demo clock (absence 3600×, feelings at their real pace)', () => {
  it('/limbic status a few seconds after a strong reply still shows that feeling', async () => {
    const demo = await demoBot(3600, 1);
    const felt = demo.turn.result;
    expect(felt.emotion_intensity).toBeGreaterThan(0.3);
    await demo.wall.advance(5_000);
    const now = await statusFeeling(demo.runtime);
    expect(now.label).toBe(felt.discrete_emotion);
    expect(now.percent).toBeGreaterThan(0.7 * 100 * felt.emotion_intensity);
    // The same five seconds on a plain 3600× clock are five hours of the character's time: the feeling is gone.
    const plain = await demoBot(3600);
    await plain.wall.advance(5_000);
    const faded = await statusFeeling(plain.runtime);
    expect(faded.percent).toBeLessThan(10);
  });

  it('a proactive message still arrives within a minute of silence', async () => {
    const demo = await demoBot(3600, 1);
    const status = await demo.runtime.handleCommand(alice, { action: 'status' });
    expect(status).toMatch(/If we do not talk, I would write first in .+ of my time \(\d+ s for you\)/);
    await demo.wall.advance(60_000);
    await demo.runtime.delivery.idle();
    expect(demo.platform.sent.length).toBe(1);
    expect(demo.platform.sent[0]?.at).toBeLessThanOrEqual(demo.start + 60_000);
  });
});

describe('botSettingsFromEnv: the demo clock', () => {
  const read = (env: NodeJS.ProcessEnv) => botSettingsFromEnv('BOT_TOKEN', { env, argv: [] }).engine;

  it('LIMBIC_DEMO_CLOCK=1 sets absence to 3600× and feelings to real time; explicit scales win', () => {
    expect(read({ BOT_TOKEN: 't', LIMBIC_DEMO_CLOCK: '1' })).toEqual({
      timeScale: 3600,
      feelingTimeScale: 1,
    });
    expect(read({ BOT_TOKEN: 't', LIMBIC_DEMO_CLOCK: '1', LIMBIC_FEELING_TIME_SCALE: '10' })).toEqual({
      timeScale: 3600,
      feelingTimeScale: 10,
    });
    expect(read({ BOT_TOKEN: 't', LIMBIC_TIME_SCALE: '60' })).toEqual({ timeScale: 60 });
  });

  it('names a bad feeling scale', () => {
    expect(() => read({ BOT_TOKEN: 't', LIMBIC_FEELING_TIME_SCALE: 'fast' })).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_ERROR',
        message: 'LIMBIC_FEELING_TIME_SCALE: must be a number above 0',
      }),
    );
  });
});
