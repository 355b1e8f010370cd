import { createManualTime, createMemoryBindingStore, type ManualTime } from '@limbic/core';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../../../gateway/test/harness.js';
import {
  type Conversation,
  createLimbicRuntime,
  embeddedBackend,
  type LimbicBackend,
  type LimbicRuntime,
  remoteBackend,
} from '../src/index.js';
import { scriptedOutbound, sharedState } from './fixtures.js';

const REX = 'My dog Rex died. I miss our walks in the park.';
const JOB = 'I got the job I wanted so badly, I am so happy!';
const LIED = 'My sister lied to me again and I am furious.';

const inRoom = (userId: string, userName: string): Conversation => ({
  platform: 'chat',
  chatId: 'room',
  private: false,
  target: 'room',
  userId,
  userName,
  botId: 'bot',
  isAdmin: () => Promise.resolve(false),
});
const direct = (userId: string): Conversation => ({
  platform: 'chat',
  chatId: `dm-${userId}`,
  private: true,
  target: `dm-${userId}`,
  userId,
});

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** An engine in either mode, the bot's time, and how to move both clocks on. */
interface Engine {
  backend: LimbicBackend;
  time: ManualTime;
  advance(ms: number): void;
}

async function embedded(): Promise<Engine> {
  const { service, time } = sharedState();
  const backend = embeddedBackend({ service, timers: time.timers });
  return { backend, time, advance: (ms) => time.clock.advance(ms) };
}

async function remote(): Promise<Engine> {
  const t: TestGateway = await startTestGateway();
  closers.push(() => t.close());
  // The bot's clock moves with the gateway's engine clock, so message timestamps and turns agree.
  const time = createManualTime(t.clock.now());
  const advance = (ms: number) => {
    t.clock.advance(ms);
    time.clock.advance(ms);
  };
  return { backend: remoteBackend({ url: t.url, apiKey: t.keys.pro }), time, advance };
}

async function setup(engine: () => Promise<Engine>) {
  const { backend, time, advance } = await engine();
  const bindings = createMemoryBindingStore();
  const outbound = scriptedOutbound();
  const runtime: LimbicRuntime = createLimbicRuntime({
    backend,
    bindings,
    persona: { preset: 'cheerful_companion', identity: { name: 'Mika' } },
    outbound: outbound.outbound,
    clock: time.clock,
    timers: time.timers,
  });
  closers.push(() => runtime.close());
  const say = async (conversation: Conversation, text: string) => {
    advance(60_000);
    const turn = await runtime.handleMessage(conversation, { text, timestamp: time.clock.now() });
    return turn!;
  };
  const remembered = async (sessionId: string) =>
    (await backend.listMemories(sessionId)).memories.map((m) => m.text);
  return { backend, bindings, runtime, say, remembered };
}

describe.each([
  ['embedded', embedded],
  ['remote', remote],
])('/limbic forget (%s)', (_mode, engine) => {
  it('in a private chat erases every memory of the chat, says how many, and the chat goes on', async () => {
    const t = await setup(engine);
    const alice = direct('a1');
    expect(await t.runtime.handleCommand(alice, { action: 'forget' })).toBe(
      'I held no memories of our conversations: there was nothing to forget.',
    );
    // Asking created nothing.
    expect(await t.bindings.get('chat:dm-a1:a1')).toBeNull();
    const { sessionId } = await t.say(alice, REX);
    await t.say(alice, JOB);
    expect(await t.remembered(sessionId)).toEqual([JOB, REX]);

    expect(await t.runtime.handleCommand(alice, { action: 'forget' })).toBe(
      'Done: I forgot 2 memories of our conversations.',
    );
    expect(await t.remembered(sessionId)).toEqual([]);
    const next = await t.say(alice, LIED);
    expect(next.sessionId).toBe(sessionId);
    expect(await t.remembered(sessionId)).toEqual([LIED]);
    expect(await t.runtime.handleCommand(alice, { action: 'forget' })).toBe(
      'Done: I forgot 1 memory of our conversations.',
    );
  });

  it('in a group forgets the one who asks: their memories and relationship, nobody else’s', async () => {
    const t = await setup(engine);
    const alice = inRoom('a1', 'Alice');
    const bob = inRoom('b2', 'Bob');
    const { sessionId } = await t.say(alice, REX);
    await t.say(bob, JOB);
    await t.say(alice, LIED);
    expect(await t.remembered(sessionId)).toEqual([LIED, JOB, REX]);

    expect(await t.runtime.handleCommand(alice, { action: 'forget' })).toBe(
      'Done: I forgot you in this chat: how I felt about you, and 2 memories that involved you.',
    );
    expect(await t.remembered(sessionId)).toEqual([JOB]);
    const participants = (await t.backend.listParticipants(sessionId)).participants.map((p) => p.id);
    expect(participants).toEqual(['chat:b2']);
    // Asked again, or by someone the chat's character never knew: nothing to forget.
    expect(await t.runtime.handleCommand(alice, { action: 'forget' })).toBe(
      'I did not know you in this chat: there was nothing to forget.',
    );
    expect(await t.runtime.handleCommand(inRoom('c3', 'Carol'), { action: 'forget' })).toMatch(
      /^I did not know you/,
    );
    expect(await t.remembered(sessionId)).toEqual([JOB]);
  });
});
