import { afterEach, describe, expect, it } from 'vitest';
import {
  type Conversation,
  createLimbicRuntime,
  embeddedBackend,
  formatDuration,
  type LimbicRuntime,
  outreachSentence,
} from '../src/index.js';
import { scriptedOutbound, sharedState } from './fixtures.js';

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

/** A bot of `preset` on a manual clock that has had one friendly message from alice. */
async function bot(preset: string) {
  const state = sharedState();
  const runtime = createLimbicRuntime({
    backend: embeddedBackend({ service: state.service, timers: state.time.timers }),
    bindings: state.bindings,
    persona: { preset },
    outbound: scriptedOutbound().outbound,
    clock: state.time.clock,
    timers: state.time.timers,
  });
  runtimes.push(runtime);
  await runtime.handleMessage(alice, { text: 'Hi! How are you today?', timestamp: state.time.clock.now() });
  return { runtime, ...state };
}

describe('/limbic status: writing first, explained', () => {
  it('says when a cheerful companion would write, and why', async () => {
    const { runtime } = await bot('cheerful_companion');
    expect(await runtime.handleCommand(alice, { action: 'status' })).toMatch(
      /If we do not talk, I would write first in \d+ (h|d)[^:]*: I will feel lonely by then\.$/,
    );
  });

  it('says that grumpy_veteran has nothing that draws it to write', async () => {
    const { runtime } = await bot('grumpy_veteran');
    expect(await runtime.handleCommand(alice, { action: 'status' })).toMatch(
      /I would not write first now; holding me back: nothing draws me to: .+\.$/,
    );
  });

  it('says when writing first is off, and quiet hours with the time left', async () => {
    const { runtime, time } = await bot('anxious_helper');
    await runtime.handleCommand(alice, { action: 'off' });
    expect(await runtime.handleCommand(alice, { action: 'status' })).toMatch(
      /I would not write first now; holding me back: writing first is off\.$/,
    );
    await runtime.handleCommand(alice, { action: 'on' });
    // The clock is at 09:00 UTC.
    expect(new Date(time.clock.now()).getUTCHours()).toBe(9);
    await runtime.handleCommand(alice, {
      action: 'quiet',
      quiet: { start: '08:00', end: '12:00' },
      timeZone: 'UTC',
    });
    expect(await runtime.handleCommand(alice, { action: 'status' })).toMatch(
      /holding me back: quiet hours, 3 h left\./,
    );
  });
});

describe('outreachSentence', () => {
  it('gives engine time and, on a faster clock, the wall time it takes', () => {
    expect(
      outreachSentence({
        nextInMs: 2 * 3_600_000,
        holds: [{ reason: 'cooldown', forMs: 2 * 3_600_000 }],
        drive: 'attachment',
        timeScale: 3600,
      }),
    ).toBe(
      'If we do not talk, I would write first in 2 h of my time (2 s for you): I will miss you by then; ' +
        'holding me back: I wrote recently (cooldown), 2 h of my time (2 s for you) left.',
    );
  });

  it('formats durations from seconds to days', () => {
    expect([12_000, 45 * 60_000, 200 * 60_000, 52 * 3_600_000].map(formatDuration)).toEqual([
      '12 s',
      '45 min',
      '3 h 20 min',
      '2 d 4 h',
    ]);
  });
});
