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

  it('rejects pending waits when closed', async () => {
    const waiting = telegram.waitForSent(1);
    const closing = telegram.close();

    await expect(waiting).rejects.toThrow('closed');
    await closing;
    telegram = await startFakeTelegram();
  });
});
