import { Bot, GrammyError } from 'grammy';
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
});
