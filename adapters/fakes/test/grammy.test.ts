import { Bot, GrammyError } from 'grammy';
import type { Message } from 'grammy/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeTelegram, startFakeTelegram } from '../src/index.js';

let telegram: FakeTelegram;
const running: { bot: Bot; done: Promise<void> }[] = [];

beforeEach(async () => {
  telegram = await startFakeTelegram();
});

afterEach(async () => {
  for (const { bot, done } of running.splice(0)) {
    if (bot.isRunning()) await bot.stop();
    await done;
  }
  await telegram.close();
});

function createBot(): Bot {
  return new Bot(telegram.token, { client: { apiRoot: telegram.apiRoot } });
}

/** Starts long polling and resolves once grammY has begun to poll; `start()` itself resolves only after stop(). */
function startPolling(bot: Bot): Promise<void> {
  return new Promise((resolve, reject) => {
    running.push({ bot, done: bot.start({ onStart: () => resolve() }).catch(reject) });
  });
}

async function failureOf(promise: Promise<unknown>): Promise<GrammyError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof GrammyError)) throw new Error(`expected a GrammyError, got ${String(error)}`);
  return error;
}

describe('grammY against the fake Telegram', () => {
  it('delivers a /start command and a text to long-polling handlers, and ctx.reply reaches sent', async () => {
    const bot = createBot();
    bot.command('start', (ctx) => ctx.reply(`welcome ${ctx.from?.first_name}`));
    bot.on('message:text', (ctx) => ctx.reply(`echo: ${ctx.message.text}`));
    await startPolling(bot);

    telegram.sendText({ chatId: 100, userId: 100, text: '/start', firstName: 'Ada' });
    telegram.sendText({ chatId: 100, userId: 100, text: 'hello' });
    const sent = await telegram.waitForSent(2);

    expect(sent.map((message) => [message.chat_id, message.text])).toEqual([
      [100, 'welcome Ada'],
      [100, 'echo: hello'],
    ]);
    expect(telegram.calls.slice(0, 3).map((call) => call.method)).toEqual([
      'getMe',
      'deleteWebhook',
      'getUpdates',
    ]);
  });

  it('reports group chats with their type and the sender', async () => {
    const bot = createBot();
    bot.on('message:text', (ctx) => ctx.reply(`${ctx.chat.type} from ${ctx.from.id}`));
    await startPolling(bot);

    telegram.sendText({ chatId: -500, userId: 7, text: 'hi all', chatType: 'group' });

    const [reply] = await telegram.waitForSent(1);
    expect(reply).toMatchObject({ chat_id: -500, text: 'group from 7' });
  });

  it('sends proactively with bot.api.sendMessage and returns a realistic message', async () => {
    const bot = createBot();

    const message = await bot.api.sendMessage(42, '*hi*', { parse_mode: 'MarkdownV2' });

    expect(message).toMatchObject({
      chat: { id: 42, type: 'private' },
      text: '*hi*',
      from: { is_bot: true },
    });
    expect(message.message_id).toBeGreaterThan(0);
    expect(message.date).toBeGreaterThan(1_600_000_000);
    expect(telegram.sent).toEqual([
      expect.objectContaining({
        chat_id: 42,
        text: '*hi*',
        parse_mode: 'MarkdownV2',
        message_id: message.message_id,
      }),
    ]);
  });

  it('surfaces a scripted 429 as a GrammyError with retry_after, then accepts the next call', async () => {
    const bot = createBot();
    telegram.failNext('sendMessage', { status: 429, retryAfter: 7 });

    const error = await failureOf(bot.api.sendMessage(1, 'too fast'));
    await bot.api.sendMessage(1, 'later');

    expect(error.error_code).toBe(429);
    expect(error.parameters.retry_after).toBe(7);
    expect(error.description).toBe('Too Many Requests: retry after 7');
    expect(telegram.sent.map((message) => message.text)).toEqual(['later']);
  });

  it('surfaces a scripted 502 as a GrammyError', async () => {
    const bot = createBot();
    telegram.failNext('sendMessage', { status: 502 });

    const error = await failureOf(bot.api.sendMessage(1, 'x'));

    expect(error.error_code).toBe(502);
    expect(telegram.sent).toEqual([]);
  });

  it('ends bot.start() cleanly on stop(), answering its final getUpdates', async () => {
    const bot = createBot();
    bot.on('message:text', (ctx) => ctx.reply('ok'));
    await startPolling(bot);
    telegram.sendText({ chatId: 1, userId: 1, text: 'one' });
    await telegram.waitForSent(1);
    await telegram.waitForCall('getUpdates', 2);

    await bot.stop();
    await running.at(-1)?.done;

    const polls = telegram.calls.filter((call) => call.method === 'getUpdates');
    expect(polls.at(-1)?.params).toEqual({ offset: 2, limit: 1 });
    expect(bot.isRunning()).toBe(false);
  });

  it('rejects bot.start() with a 401 GrammyError for a wrong token', async () => {
    const bot = new Bot('123:wrong', { client: { apiRoot: telegram.apiRoot } });

    const error = await failureOf(bot.start());

    expect(error.error_code).toBe(401);
    expect(telegram.calls).toEqual([]);
  });

  it('runs middleware through bot.handleUpdate without polling or getMe', async () => {
    const bot = new Bot(telegram.token, { botInfo: telegram.botInfo, client: { apiRoot: telegram.apiRoot } });
    bot.command('start', (ctx) => ctx.reply(`hello ${ctx.match}`));

    await bot.handleUpdate(telegram.sendText({ chatId: 5, userId: 5, text: '/start limbic' }));

    expect(telegram.sent.map((message) => message.text)).toEqual(['hello limbic']);
    expect(telegram.calls.map((call) => call.method)).toEqual(['sendMessage']);
  });

  it('parses a supergroup message that mentions the bot and replies to the bot’s own message', async () => {
    const bot = createBot();
    const received: Message[] = [];
    bot.on('message:text', async (ctx) => {
      received.push(ctx.message);
      const mentions = ctx.entities('mention').map((entity) => entity.text);
      await ctx.reply(ctx.message.text === 'hello' ? 'hi there' : `you said ${mentions.join(' ')}`);
    });
    await startPolling(bot);
    const group = { chatId: -1001234, chatType: 'supergroup', chatTitle: 'Den' } as const;

    telegram.sendText({ ...group, userId: 7, firstName: 'Ada', text: 'hello' });
    const [greeting] = await telegram.waitForSent(1);
    telegram.sendText({
      ...group,
      userId: 7,
      firstName: 'Ada',
      text: `@${telegram.botInfo.username} thanks`,
      replyToMessageId: greeting!.message_id,
    });
    await telegram.waitForSent(2);

    const reply = received[1]!;
    expect(reply.chat).toEqual({ id: -1001234, type: 'supergroup', title: 'Den' });
    expect(reply.entities).toEqual([{ type: 'mention', offset: 0, length: 16 }]);
    expect(reply.reply_to_message?.message_id).toBe(greeting!.message_id);
    expect(reply.reply_to_message?.from?.id).toBe(bot.botInfo.id);
    expect(reply.reply_to_message?.text).toBe('hi there');
    expect(telegram.sent[1]?.text).toBe('you said @limbic_test_bot');
  });

  it('never delivers other bots’ messages, as Telegram; deliverBotMessages lets them through', async () => {
    const seen = async (fake: FakeTelegram, replies: number): Promise<string[]> => {
      const bot = new Bot(fake.token, { client: { apiRoot: fake.apiRoot } });
      const senders: string[] = [];
      bot.on('message:text', async (ctx) => {
        senders.push(`${ctx.from.is_bot ? 'bot' : 'user'} ${ctx.from.id}`);
        await ctx.reply('ok');
      });
      await startPolling(bot);
      fake.sendText({ chatId: -9, chatType: 'group', userId: 50, isBot: true, text: 'beep' });
      fake.sendText({ chatId: -9, chatType: 'group', userId: 51, text: 'hi' });
      // Updates are handled in order, so once the user's message was answered the bot's was skipped or handled.
      await fake.waitForSent(replies);
      return senders;
    };

    expect(await seen(telegram, 1)).toEqual(['user 51']);
    expect(telegram.withheld.map((update) => update.message?.text)).toEqual(['beep']);

    const open = await startFakeTelegram({ deliverBotMessages: true });
    try {
      expect(await seen(open, 2)).toEqual(['bot 50', 'user 51']);
    } finally {
      for (const { bot, done } of running.splice(0)) {
        if (bot.isRunning()) await bot.stop();
        await done;
      }
      await open.close();
    }
  });

  it('answers ctx.getChatMember with the statuses set by setChatMember', async () => {
    const bot = createBot();
    bot.on('message:text', async (ctx) => {
      const member = await ctx.getChatMember(ctx.from.id);
      const admins = await ctx.getChatAdministrators();
      await ctx.reply(`${member.status} of ${admins.length} admins`);
    });
    await startPolling(bot);
    telegram.setChatMember(-300, 1, 'creator');
    telegram.setChatMember(-300, 2, 'administrator');

    for (const userId of [1, 2, 3])
      telegram.sendText({ chatId: -300, chatType: 'group', userId, text: 'me?' });
    const sent = await telegram.waitForSent(3);

    expect(sent.map((message) => message.text)).toEqual([
      'creator of 2 admins',
      'administrator of 2 admins',
      'member of 2 admins',
    ]);
    expect((await bot.api.getChatMember(-300, bot.botInfo.id)).status).toBe('member');
  });

  it('stores commands per scope with setMyCommands and reads them back with getMyCommands', async () => {
    const bot = createBot();
    const scope = { type: 'chat_administrators', chat_id: -300 } as const;

    await bot.api.setMyCommands([{ command: 'limbic', description: 'Manage the character' }], { scope });
    await bot.api.setMyCommands([{ command: 'mood', description: 'How I feel' }], {
      scope: { type: 'all_chat_administrators' },
      language_code: 'en',
    });
    const error = await failureOf(bot.api.setMyCommands([{ command: 'Mood', description: 'caps' }]));

    expect(await bot.api.getMyCommands({ scope })).toEqual([
      { command: 'limbic', description: 'Manage the character' },
    ]);
    expect(telegram.commandsFor({ type: 'all_chat_administrators' }, 'en')).toEqual([
      { command: 'mood', description: 'How I feel' },
    ]);
    expect(await bot.api.getMyCommands({ scope: { type: 'all_chat_administrators' } })).toEqual([]);
    expect([error.error_code, error.description]).toEqual([400, 'Bad Request: BOT_COMMAND_INVALID']);
  });
});
