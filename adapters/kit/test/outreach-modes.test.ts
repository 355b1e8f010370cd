import { createManualTime, createMemoryBindingStore } from '@limbic/core';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestGateway } from '../../../gateway/test/harness.js';
import {
  type Conversation,
  createLimbicRuntime,
  embeddedBackend,
  type LimbicBackend,
  remoteBackend,
} from '../src/index.js';
import { scriptedOutbound, sharedState } from './fixtures.js';

const alice: Conversation = { chatId: 'c1', target: 'c1', private: true, platform: 'test', userId: 'alice' };

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function embedded() {
  const { service, time } = sharedState();
  return { backend: embeddedBackend({ service, timers: time.timers }) as LimbicBackend, time };
}

async function remote() {
  const t = await startTestGateway();
  closers.push(() => t.close());
  return {
    backend: remoteBackend({ url: t.url, apiKey: t.keys.pro }) as LimbicBackend,
    time: createManualTime(t.clock.now()),
  };
}

describe.each([
  ['embedded', embedded],
  ['remote', remote],
])('/limbic status explains writing first (%s)', (_mode, engine) => {
  it('says when it would write, or why it would not', async () => {
    const { backend, time } = await engine();
    const bot = (preset: string, userId: string) => {
      const runtime = createLimbicRuntime({
        backend,
        bindings: createMemoryBindingStore(),
        persona: { preset },
        outbound: scriptedOutbound().outbound,
        clock: time.clock,
        timers: time.timers,
      });
      closers.push(() => runtime.close());
      return { runtime, me: { ...alice, userId, chatId: userId, target: userId } };
    };
    const cheerful = bot('cheerful_companion', 'a');
    await cheerful.runtime.handleMessage(cheerful.me, {
      text: 'Hi! How are you?',
      timestamp: time.clock.now(),
    });
    expect(await cheerful.runtime.handleCommand(cheerful.me, { action: 'status' })).toMatch(
      /If we do not talk, I would write first in \d+ (h|d)[^:]*: I will feel lonely by then\.$/,
    );
    const grumpy = bot('grumpy_veteran', 'b');
    await grumpy.runtime.handleMessage(grumpy.me, { text: 'Hi! How are you?', timestamp: time.clock.now() });
    expect(await grumpy.runtime.handleCommand(grumpy.me, { action: 'status' })).toMatch(
      /I would not write first now; holding me back: nothing draws me to: .+\.$/,
    );
  });
});
