import { embeddedBackend } from '@limbic/bot-kit';
import {
  createMemoryBindingStore,
  createSeededRandom,
  createSessionService,
  LimbicError,
} from '@limbic/core';
import type { FakeTelegram } from '@limbic/fake-platforms';
import { describe, expect, it } from 'vitest';
import type { TelegramLimbicOptions } from '../src/index.js';
import { befriend, createHarness, type Harness, isReplyOrCommandAnswer, useFakeTelegram } from './harness.js';

const day = 86_400_000;
const chatId = 4242;

let telegram: FakeTelegram;
const cleanups = useFakeTelegram((started) => {
  telegram = started;
});

function setup(options: Partial<TelegramLimbicOptions> = {}): Harness {
  const h = createHarness(
    telegram,
    (time) => ({
      backend: embeddedBackend({
        service: createSessionService({ clock: time.clock, random: createSeededRandom(9) }),
        timers: time.timers,
      }),
      bindings: createMemoryBindingStore(),
    }),
    options,
  );
  cleanups.push(() => h.character.close());
  return h;
}

/** Messages the character wrote first (not replies to the person). */
function proactiveMessages() {
  return telegram.sent.filter((message) => !isReplyOrCommandAnswer(message.text));
}

describe('@limbic/telegram (embedded)', () => {
  it('turns a long-polled text message into a turn; the handler sees prompt_data', async () => {
    const h = setup();
    await new Promise<void>((resolve, reject) => {
      const done = h.bot.start({ onStart: () => resolve() }).catch(reject);
      cleanups.push(async () => {
        if (h.bot.isRunning()) await h.bot.stop();
        await done;
      });
    });
    telegram.sendText({ chatId, userId: chatId, text: 'You are the best, thank you for helping me!' });
    const [reply] = await telegram.waitForSent(1);
    expect(reply).toMatchObject({ chat_id: chatId });
    expect(reply!.text).toMatch(/^\((\w+)\) got it$/);
    const turn = h.seen[0]!;
    expect(turn.isNewSession).toBe(true);
    expect(turn.promptData.formatted.context_block).toEqual(expect.any(String));
    expect(turn.promptData.formatted.context_block.length).toBeGreaterThan(20);
    expect(reply!.text).toBe(`(${turn.result.discrete_emotion}) got it`);
  });

  it('takes elapsed time from Telegram message dates', async () => {
    const h = setup();
    await h.say(chatId, 'hello');
    h.time.clock.advance(90_000);
    await h.say(chatId, 'hello again');
    expect(h.seen.map((turn) => turn?.elapsedSeconds)).toEqual([undefined, 90]);
    expect(h.seen[1]!.sessionId).toBe(h.seen[0]!.sessionId);
    // A group chat has a session of its own.
    await h.bot.handleUpdate(
      telegram.sendText({ chatId: -100, userId: 7, text: 'hi all', chatType: 'group', date: 1 }),
    );
    expect(h.seen[2]!.sessionId).not.toBe(h.seen[0]!.sessionId);
  });

  it('sends the proactive message once with sendMessage after an absence, and acknowledges it', async () => {
    const h = setup();
    await h.character.start();
    await befriend(h, chatId, 40);
    const before = telegram.sent.length;
    await h.time.advance(3 * day);
    await h.log.waitFor((event) => event.type === 'sent');
    await h.character.runtime.delivery.idle();
    const proactive = proactiveMessages();
    expect(proactive.length).toBeGreaterThanOrEqual(1);
    expect(telegram.sent.length - before).toBe(proactive.length);
    expect(proactive.every((message) => message.chat_id === String(chatId))).toBe(true);
    const sentEvents = h.log.events.filter((event) => event.type === 'sent');
    expect(sentEvents.map((event) => event.action.type)).toContain('attachment_seeking');
    expect(new Set(proactive.map((message) => message.text)).size).toBe(proactive.length);
    const sessionId = h.seen[0]!.sessionId;
    expect(await h.character.runtime.backend.pendingActions(sessionId)).toEqual([]);
  });

  it('waits out a 429 (retry_after) and retries a 500 with backoff, without duplicates', async () => {
    const h = setup({ retry: { initialDelayMs: 5000, factor: 2, maxDelayMs: 60_000 } });
    await h.character.start();
    await befriend(h, chatId, 40);
    telegram.failNext('sendMessage', { status: 429, retryAfter: 20 });
    telegram.failNext('sendMessage', { status: 500 });
    expect(await h.character.runtime.backend.pendingActions(h.seen[0]!.sessionId)).toEqual([]);
    // Move exactly to the moment the character falls due: the retries then happen within the action's useful age.
    const service = (h.character.runtime.backend as ReturnType<typeof embeddedBackend>).service;
    await h.time.advance((await service.nextCheckAt())! - h.time.clock.now());
    const limited = await h.log.waitFor((event) => event.type === 'retrying');
    expect(limited).toMatchObject({ delayMs: 20_000 });
    await h.time.advance(20_000);
    const backoff = await h.log.waitFor((event) => event.type === 'retrying' && event.delayMs === 5000);
    expect(backoff.type).toBe('retrying');
    await h.time.advance(5000);
    const sent = await h.log.waitFor((event) => event.type === 'sent');
    expect(sent).toMatchObject({ attempts: 3 });
    await h.character.runtime.delivery.idle();
    const texts = proactiveMessages().map((message) => message.text);
    expect(texts.filter((text) => text === (sent.type === 'sent' ? sent.text : ''))).toHaveLength(1);
    // Every sendMessage call that Telegram refused was retried; none that it accepted was repeated.
    const calls = telegram.calls.filter((call) => call.method === 'sendMessage');
    expect(calls.length - telegram.sent.length).toBe(2);
  });

  it('/limbic off stops proactive messages; status and on answer in the chat', async () => {
    const h = setup();
    await h.character.start();
    await befriend(h, chatId, 40);
    await h.say(chatId, '/limbic off');
    await h.say(chatId, '/limbic status');
    const replies = telegram.sent.slice(-2).map((message) => message.text);
    expect(replies[0]).toMatch(/not write to you first/);
    expect(replies[1]).toMatch(/^Writing first: off\./);
    // The command was handled by the plugin, not passed to the bot's text handler.
    expect(h.seen).toHaveLength(40);
    const before = telegram.sent.length;
    await h.time.advance(7 * day);
    await h.character.runtime.delivery.idle();
    expect(telegram.sent.length).toBe(before);
    await h.say(chatId, '/limbic on');
    expect(telegram.sent.at(-1)!.text).toMatch(/may write to you first/);
  });

  it('/limbic forget erases every memory of the private chat and says how many', async () => {
    const h = setup();
    await h.say(chatId, '/limbic forget');
    expect(telegram.sent.at(-1)!.text).toBe(
      'I held no memories of our conversations: there was nothing to forget.',
    );
    for (const text of [
      'My dog Rex died. I miss our walks in the park.',
      'My sister lied to me again, I am furious.',
    ]) {
      h.time.clock.advance(60_000);
      await h.say(chatId, text);
    }
    const { sessionId } = h.seen[1]!;
    const backend = h.character.runtime.backend;
    expect((await backend.listMemories(sessionId)).memories).toHaveLength(2);
    await h.say(chatId, '/limbic forget');
    expect(telegram.sent.at(-1)!.text).toBe('Done: I forgot 2 memories of our conversations.');
    expect((await backend.listMemories(sessionId)).memories).toEqual([]);
    // The commands were the plugin's: the bot's text handler saw the two messages only.
    expect(h.seen).toHaveLength(2);
  });

  it('answers /limbic addressed to it; other commands pass through without a turn', async () => {
    const h = setup();
    await h.say(chatId, `/limbic@${telegram.botInfo.username} status`);
    expect(telegram.sent.at(-1)!.text).toMatch(/^Writing first: on/);
    await h.say(chatId, '/limbic@SomeOtherBot off');
    await h.say(chatId, '/start');
    // Other bots' commands and other commands reach the bot's handlers, without a turn.
    expect(h.seen).toEqual([undefined, undefined]);
  });

  it('without onError an engine failure rejects the update (bot.catch); with it the update goes on without ctx.limbic', async () => {
    const down = () => Promise.reject(new LimbicError('STORE_UNAVAILABLE', 'the session store is down'));
    const failingEngine = () => ({
      backend: { ...embeddedBackend(), createSession: down, turn: down },
      bindings: createMemoryBindingStore(),
    });
    const failing = setup({ engine: failingEngine() });
    await expect(failing.say(chatId, 'hello?')).rejects.toThrow(/the session store is down/);
    expect(failing.seen).toEqual([]);

    const errors: unknown[] = [];
    const tolerant = setup({ engine: failingEngine(), onError: (error) => errors.push(error) });
    await tolerant.say(chatId, 'hello?');
    expect(errors).toEqual([expect.objectContaining({ code: 'STORE_UNAVAILABLE' })]);
    expect(tolerant.seen).toEqual([undefined]);
    expect(telegram.sent.at(-1)!.text).toBe('(unknown) got it');
  });
});
