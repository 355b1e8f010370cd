import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeTelegram, startFakeTelegram } from './fake-telegram.js';

let telegram: FakeTelegram;

beforeEach(async () => {
  telegram = await startFakeTelegram();
});

afterEach(async () => {
  await telegram.close();
});

async function call(method: string, params: object = {}, token = telegram.token) {
  const response = await fetch(`${telegram.apiRoot}/bot${token}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('startFakeTelegram', () => {
  it('numbers updates from 1 and keeps them until a higher offset confirms them', async () => {
    telegram.sendText({ chatId: 1, userId: 1, text: 'a' });
    telegram.sendText({ chatId: 1, userId: 1, text: 'b' });

    const all = await call('getUpdates', { offset: 0 });
    const rest = await call('getUpdates', { offset: 2 });

    expect(all.body.result).toMatchObject([{ update_id: 1 }, { update_id: 2 }]);
    expect(rest.body.result).toMatchObject([{ update_id: 2, message: { text: 'b' } }]);
  });

  it('holds a long poll until an update arrives', async () => {
    const poll = call('getUpdates', { offset: 1, timeout: 30 });
    await telegram.waitForCall('getUpdates');

    const update = telegram.sendText({ chatId: 1, userId: 2, text: '/help me', firstName: 'Bo' });

    expect((await poll).body).toEqual({ ok: true, result: [update] });
    expect(update.message?.entities).toEqual([{ type: 'bot_command', offset: 0, length: 5 }]);
  });

  it('answers an expired long poll with no updates', async () => {
    expect((await call('getUpdates', { timeout: 0.01 })).body).toEqual({ ok: true, result: [] });
  });

  it('ends an older long poll with 409 when another one starts', async () => {
    const first = call('getUpdates', { timeout: 30 });
    await telegram.waitForCall('getUpdates');

    const second = call('getUpdates', { timeout: 0 });

    expect((await first).status).toBe(409);
    expect((await second).body).toEqual({ ok: true, result: [] });
  });

  it('rejects a wrong token with 401 and an unknown method with 404', async () => {
    expect(await call('getMe', {}, '1:nope')).toEqual({
      status: 401,
      body: { ok: false, error_code: 401, description: 'Unauthorized' },
    });
    expect(await call('fly')).toEqual({
      status: 404,
      body: { ok: false, error_code: 404, description: 'Not Found: method not found' },
    });
  });

  it('rejects an empty message with 400', async () => {
    const result = await call('sendMessage', { chat_id: 1, text: ' ' });

    expect(result.body).toEqual({
      ok: false,
      error_code: 400,
      description: 'Bad Request: message text is empty',
    });
    expect(telegram.sent).toEqual([]);
  });

  it('withholds messages from bots unless deliverBotMessages is on', async () => {
    const fromBot = telegram.sendText({
      chatId: -5,
      userId: 9,
      text: 'beep',
      chatType: 'group',
      isBot: true,
    });
    const fromUser = telegram.sendText({ chatId: -5, userId: 8, text: 'hi', chatType: 'group' });

    expect((await call('getUpdates')).body.result).toEqual([fromUser]);
    expect(telegram.withheld).toEqual([fromBot]);
    expect(fromBot.message?.from).toEqual({ id: 9, is_bot: true, first_name: 'Test' });

    const open = await startFakeTelegram({ deliverBotMessages: true });
    const delivered = open.sendText({ chatId: -5, userId: 9, text: 'beep', chatType: 'group', isBot: true });
    expect(open.updates).toEqual([delivered]);
    expect(open.withheld).toEqual([]);
    await open.close();
  });

  it('answers sendMessage with the whole message and lets a later message reply to it', async () => {
    telegram.sendText({ chatId: -100123, userId: 7, text: 'hi', chatType: 'supergroup', chatTitle: 'Den' });
    const entities = [
      { type: 'text_mention', offset: 0, length: 3, user: { id: 7, is_bot: false, first_name: 'Ada' } },
    ];

    const { body } = await call('sendMessage', { chat_id: -100123, text: 'Ada, hello', entities });
    const sent = body.result as { message_id: number };
    const reply = telegram.sendText({
      chatId: -100123,
      userId: 7,
      text: '@limbic_test_bot thanks',
      chatType: 'supergroup',
      chatTitle: 'Den',
      replyToMessageId: sent.message_id,
    });

    expect(body.result).toMatchObject({
      chat: { id: -100123, type: 'supergroup', title: 'Den' },
      from: { id: telegram.botInfo.id, is_bot: true, username: 'limbic_test_bot' },
      entities,
    });
    expect(reply.message?.reply_to_message).toEqual(body.result);
    expect(reply.message?.entities).toEqual([{ type: 'mention', offset: 0, length: 16 }]);
    expect(() => telegram.sendText({ chatId: -100123, userId: 7, text: 'x', replyToMessageId: 999 })).toThrow(
      'No message 999',
    );
    expect(
      (await call('sendMessage', { chat_id: -100123, text: 'x', reply_parameters: { message_id: 999 } }))
        .body,
    ).toMatchObject({ ok: false, description: 'Bad Request: message to be replied not found' });
  });

  it('reports chat members, administrators and the chat as set by setChatMember', async () => {
    telegram.sendText({ chatId: -7, userId: 1, text: 'hi', chatType: 'group', firstName: 'Ada' });
    telegram.setChatMember(-7, 1, 'creator');
    telegram.setChatMember(-7, 2, 'administrator');
    telegram.setChatMember(-7, 3, 'left');

    const statusOf = async (userId: number) =>
      ((await call('getChatMember', { chat_id: -7, user_id: userId })).body.result as { status: string })
        .status;
    const admins = (await call('getChatAdministrators', { chat_id: -7 })).body.result as {
      user: { id: number };
    }[];

    expect([
      await statusOf(1),
      await statusOf(2),
      await statusOf(3),
      await statusOf(telegram.botInfo.id),
    ]).toEqual(['creator', 'administrator', 'left', 'member']);
    expect(admins.map((admin) => admin.user.id)).toEqual([1, 2]);
    expect((await call('getChat', { chat_id: -7 })).body.result).toMatchObject({
      id: -7,
      type: 'group',
      title: 'Test group -7',
      accent_color_id: 0,
    });
    expect((await call('getChatMember', { chat_id: -7, user_id: 404 })).body.description).toBe(
      'Bad Request: user not found',
    );
    expect((await call('getChatMember', { chat_id: -8, user_id: 1 })).body.description).toBe(
      'Bad Request: chat not found',
    );
  });

  it('stores bot commands per scope and language, and validates them like Telegram', async () => {
    const admins = { type: 'chat_administrators', chat_id: -7 } as const;
    await call('setMyCommands', {
      commands: [{ command: '/mood ', description: ' How I feel ' }],
      scope: admins,
    });
    await call('setMyCommands', {
      commands: [{ command: 'stimmung', description: 'Wie' }],
      scope: admins,
      language_code: 'de',
    });

    expect(telegram.commandsFor(admins)).toEqual([{ command: 'mood', description: 'How I feel' }]);
    expect((await call('getMyCommands', { scope: admins, language_code: 'de' })).body.result).toEqual([
      { command: 'stimmung', description: 'Wie' },
    ]);
    expect((await call('getMyCommands')).body.result).toEqual([]);
    const refusal = async (command: string, description = 'd') =>
      (await call('setMyCommands', { commands: [{ command, description }] })).body.description;
    expect(await refusal('Mood')).toBe('Bad Request: BOT_COMMAND_INVALID');
    expect(await refusal('a'.repeat(33))).toBe('Bad Request: command length must not exceed 32');
    expect(await refusal('mood', ' ')).toBe('Bad Request: command description must be non-empty');
    expect(await refusal('mood', 'd'.repeat(257))).toBe(
      'Bad Request: command description length must not exceed 256',
    );

    await call('deleteMyCommands', { scope: admins });
    expect(telegram.commandsFor(admins)).toEqual([]);
  });

  it('rejects pending waits when closed', async () => {
    const waiting = telegram.waitForSent(1);
    const closing = telegram.close();

    await expect(waiting).rejects.toThrow('closed');
    await closing;
    telegram = await startFakeTelegram();
  });
});
