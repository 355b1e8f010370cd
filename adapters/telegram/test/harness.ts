import { deliveryLog } from '@limbic/bot-kit/testing';
import { createManualTime, type ManualTime } from '@limbic/core';
import {
  type FakeTelegram,
  type FakeTelegramOptions,
  startFakeTelegram,
  type TelegramTextInput,
  type TelegramTextMessage,
} from '@limbic/fake-platforms';
import { Bot, type Context } from 'grammy';
import { afterEach, beforeEach } from 'vitest';
import {
  type LimbicFlavor,
  type LimbicMiddleware,
  limbic,
  type TelegramLimbicOptions,
} from '../src/index.js';

export type MyContext = Context & LimbicFlavor;

/** A grammY bot with the plugin, on a fake Telegram, with a manual clock for the bot and what its handler saw. */
export interface Harness {
  bot: Bot<MyContext>;
  character: LimbicMiddleware<MyContext>;
  time: ManualTime;
  log: ReturnType<typeof deliveryLog>;
  /** `ctx.limbic` as the bot's text handler saw it, per message. */
  seen: MyContext['limbic'][];
  /** Sends a text from a person (private chat `chatId`) through grammY's update handling; waits for the handlers. */
  say(chatId: number, text: string): Promise<void>;
  /**
   * Sends a text message (any chat, any sender, dated by the manual clock unless `date` is given) through grammY's
   * update handling; waits for the handlers and resolves the message as Telegram delivered it.
   */
  send(input: TelegramTextInput): Promise<TelegramTextMessage>;
}

/**
 * Builds the bot: the plugin first, then a text handler that records `ctx.limbic` and replies `(<emotion>) got it`.
 * `engine` gets the bot's manual time, so an embedded engine can share its clock.
 */
export function createHarness(
  telegram: FakeTelegram,
  engine: (time: ManualTime) => TelegramLimbicOptions['engine'],
  options: Partial<TelegramLimbicOptions> = {},
): Harness {
  const time = createManualTime(Date.UTC(2026, 10, 21, 9));
  const log = deliveryLog();
  const bot = new Bot<MyContext>(telegram.token, {
    client: { apiRoot: telegram.apiRoot },
    botInfo: telegram.botInfo,
  });
  const character = limbic<MyContext>({
    api: bot.api,
    engine: engine(time),
    persona: { preset: 'cheerful_companion' },
    clock: time.clock,
    timers: time.timers,
    onDelivery: log.record,
    ...options,
  });
  const seen: MyContext['limbic'][] = [];
  bot.use(character);
  bot.on('message:text', async (ctx) => {
    seen.push(ctx.limbic);
    await ctx.reply(`(${ctx.limbic?.result.discrete_emotion ?? 'unknown'}) got it`);
  });
  return {
    bot,
    character,
    time,
    log,
    seen,
    async say(chatId, text) {
      await bot.handleUpdate(
        telegram.sendText({ chatId, userId: chatId, text, date: Math.floor(time.clock.now() / 1000) }),
      );
    },
    async send(input) {
      const update = telegram.sendText({ date: Math.floor(time.clock.now() / 1000), ...input });
      await bot.handleUpdate(update);
      return update.message!;
    },
  };
}

/**
 * Starts a fake Telegram (with `options`) before each test and hands it to `started`; after each test, runs the
 * cleanups the test registered (last first) and closes the fake. Resolves the cleanups list.
 */
export function useFakeTelegram(
  started: (telegram: FakeTelegram) => void,
  options?: FakeTelegramOptions,
): (() => Promise<void>)[] {
  const cleanups: (() => Promise<void>)[] = [];
  let telegram: FakeTelegram | undefined;
  beforeEach(async () => {
    telegram = await startFakeTelegram(options);
    started(telegram);
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await telegram?.close();
  });
  return cleanups;
}

/** The text of friendly messages. */
export const friendly = 'Thank you so much, you are wonderful and I love talking with you!';

/** `count` friendly messages a minute apart by the platform's dates. */
export async function befriend(h: Harness, chatId: number, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    h.time.clock.advance(60_000);
    await h.say(chatId, friendly);
  }
}

/** Whether a sent text is a reply of the test bot or a command answer, rather than a message the character wrote first. */
export function isReplyOrCommandAnswer(text: string): boolean {
  return text.startsWith('(') || text.startsWith('Okay') || text.startsWith('Writing');
}
