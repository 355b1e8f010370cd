import { type FakeTelegram, fakeAppraisal, startFakeLlm, startFakeTelegram } from '@limbic/fake-platforms';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpExamples, exampleDataDir, startBotExample, stopExample } from '../../example-process.js';

let telegram: FakeTelegram | undefined;

afterEach(async () => {
  cleanUpExamples();
  await telegram?.close();
  telegram = undefined;
});

describe('examples/telegram-bot holds a conversation', () => {
  it('sends the model the previous exchanges, at most LIMBIC_HISTORY of them, across a restart, and forgets them with /limbic forget', async () => {
    let replies = 0;
    const llm = await startFakeLlm({
      answer: (kind) => (kind === 'appraisal' ? fakeAppraisal : `Reply ${++replies}`),
    });
    try {
      telegram = await startFakeTelegram();
      const env = {
        TELEGRAM_BOT_TOKEN: telegram.token,
        TELEGRAM_API_ROOT: telegram.apiRoot,
        LIMBIC_DATA: exampleDataDir(),
        LIMBIC_LLM_URL: llm.baseURL,
        LIMBIC_LLM_MODEL: 'fake-model',
        LIMBIC_HISTORY: '2',
      };
      /** The chat requests (the reply's, not the appraiser's) the fake LLM received. */
      const chats = () => llm.calls.filter((call) => !call.system.includes('for an emotion engine'));
      let example = startBotExample('telegram-bot', undefined, env);
      await example.waitFor(/is running/);
      let sent = 0;
      const say = async (text: string) => {
        telegram!.sendText({ chatId: 90, userId: 90, text });
        const all = await telegram!.waitForSent(++sent, 30_000);
        return all.at(-1)!.text;
      };
      expect(await say('My name is Ana.')).toBe('Reply 1');
      expect(await say('I love painting.')).toBe('Reply 2');
      // A restart keeps the history: it lives in the SQLite file beside the sessions.
      expect(await stopExample(example)).toBe(0);
      example = startBotExample('telegram-bot', undefined, env);
      await example.waitFor(/is running/);
      expect(await say('What is my name?')).toBe('Reply 3');
      const third = chats().at(-1)!.messages;
      expect(third[0]!.role).toBe('system');
      expect(third[0]!.content).toMatch(/^You are Mira\./);
      expect(third.slice(1)).toEqual([
        { role: 'user', content: 'My name is Ana.' },
        { role: 'assistant', content: 'Reply 1' },
        { role: 'user', content: 'I love painting.' },
        { role: 'assistant', content: 'Reply 2' },
        { role: 'user', content: 'What is my name?' },
      ]);
      // Bounded: with LIMBIC_HISTORY=2 the oldest exchange is no longer sent.
      expect(await say('And my hobby?')).toBe('Reply 4');
      expect(chats().at(-1)!.messages.slice(1)).toEqual([
        { role: 'user', content: 'I love painting.' },
        { role: 'assistant', content: 'Reply 2' },
        { role: 'user', content: 'What is my name?' },
        { role: 'assistant', content: 'Reply 3' },
        { role: 'user', content: 'And my hobby?' },
      ]);
      // Erased with the person's data: after /limbic forget the model sees only the new message.
      expect(await say('/limbic forget')).toMatch(/^Done: I forgot/);
      expect(await say('Do you remember me?')).toBe('Reply 5');
      expect(chats().at(-1)!.messages.slice(1)).toEqual([{ role: 'user', content: 'Do you remember me?' }]);
      expect(chats()).toHaveLength(5);
      expect(await stopExample(example)).toBe(0);
    } finally {
      await llm.close();
    }
  }, 90_000);
});
