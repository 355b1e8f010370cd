import { type FakeTelegram, startFakeLlm, startFakeTelegram } from '@limbic/fake-platforms';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpExamples, startBotExample, stopExample, withGateway } from '../../example-process.js';

let telegram: FakeTelegram | undefined;

afterEach(async () => {
  cleanUpExamples();
  await telegram?.close();
  telegram = undefined;
});

/** The example as `npm start` runs it, on the fake Telegram when one runs. */
function startBot(env: NodeJS.ProcessEnv) {
  const platform = telegram && { TELEGRAM_BOT_TOKEN: telegram.token, TELEGRAM_API_ROOT: telegram.apiRoot };
  return startBotExample('telegram-bot', platform, env);
}

describe('examples/telegram-bot', () => {
  it('starts against a fake Telegram, answers a message with the character’s feeling, and stops on SIGTERM', async () => {
    telegram = await startFakeTelegram();
    const example = startBot({});
    await example.waitFor(/is running \(embedded on sqlite .*limbic\.db/);
    telegram.sendText({ chatId: 77, userId: 77, text: 'Thank you, you are wonderful!' });
    const [reply] = await telegram.waitForSent(1, 30_000);
    expect(reply).toMatchObject({ chat_id: 77 });
    expect(reply!.text).toMatch(/^Hi, I am Mira! \S.+/);
    expect(await stopExample(example)).toBe(0);
  }, 60_000);

  it('with LIMBIC_LLM_URL the model appraises each message and writes the reply', async () => {
    const llm = await startFakeLlm();
    try {
      telegram = await startFakeTelegram();
      const example = startBot({ LIMBIC_LLM_URL: llm.baseURL, LIMBIC_LLM_MODEL: 'fake-model' });
      await example.waitFor(/is running \(embedded on sqlite .*\(text turns: LLM fake-model/);
      telegram.sendText({ chatId: 79, userId: 79, text: 'Thank you, you are wonderful!' });
      const [reply] = await telegram.waitForSent(1, 30_000);
      expect(reply!.text).toBe('LLM reply');
      const [appraisal, chat] = llm.calls;
      expect(appraisal?.user).toContain('<event>\nThank you, you are wonderful!\n</event>');
      expect(chat?.system).toMatch(/grateful|gratitude/i);
      expect(await stopExample(example)).toBe(0);
    } finally {
      await llm.close();
    }
  }, 60_000);

  it('with --remote it runs the character on a gateway process', async () => {
    const apiKey = 'svc_test_telegramexample0123456789';
    await withGateway(apiKey, async (gateway) => {
      telegram = await startFakeTelegram();
      const example = startBot({ LIMBIC_URL: gateway.url, LIMBIC_API_KEY: apiKey });
      await example.waitFor(/is running \(remote http:\/\/127\.0\.0\.1:\d+ \(bindings: sqlite /);
      telegram.sendText({ chatId: 78, userId: 78, text: 'Hello, nice to meet you!' });
      const [reply] = await telegram.waitForSent(1, 30_000);
      expect(reply!.text).toMatch(/^Hi, I am Mira! /);
      expect(await gateway.sessionCount()).toBe(1);
      expect(await stopExample(example)).toBe(0);
    });
  }, 90_000);

  it('says which setting is missing instead of starting', async () => {
    const example = startBot({ TELEGRAM_BOT_TOKEN: '' });
    expect(await example.exited).toBe(2);
    expect(example.output()).toMatch(/Set TELEGRAM_BOT_TOKEN/);
  }, 60_000);
});
