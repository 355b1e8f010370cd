import { type FakeDiscord, fakeAppraisal, startFakeDiscord, startFakeLlm } from '@limbic/fake-platforms';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpExamples, startBotExample, stopExample } from '../../example-process.js';

const ADA = { userId: '200000000000000001', username: 'ada' };
let discord: FakeDiscord | undefined;

afterEach(async () => {
  cleanUpExamples();
  await discord?.close();
  discord = undefined;
});

describe('examples/discord-bot holds a conversation', () => {
  it('sends the model the previous exchanges of a DM, at most LIMBIC_HISTORY of them', async () => {
    let replies = 0;
    const llm = await startFakeLlm({
      answer: (kind) => (kind === 'appraisal' ? fakeAppraisal : `Reply ${++replies}`),
    });
    try {
      discord = await startFakeDiscord();
      const example = startBotExample(
        'discord-bot',
        { DISCORD_TOKEN: discord.token, DISCORD_API: discord.url },
        {
          DISCORD_CHANNELS: '',
          LIMBIC_LLM_URL: llm.baseURL,
          LIMBIC_LLM_MODEL: 'fake-model',
          LIMBIC_HISTORY: '1',
        },
      );
      await example.waitFor(/is running/);
      const chats = () => llm.calls.filter((call) => !call.system.includes('for an emotion engine'));
      let sent = 0;
      const say = async (content: string) => {
        discord!.dispatchDirectMessage({ ...ADA, content });
        return (await discord!.waitForSent(++sent, 30_000)).at(-1)!.content;
      };
      expect(await say('I am Ada.')).toBe('Reply 1');
      expect(await say('I play chess.')).toBe('Reply 2');
      expect(chats().at(-1)!.messages.slice(1)).toEqual([
        { role: 'user', content: 'I am Ada.' },
        { role: 'assistant', content: 'Reply 1' },
        { role: 'user', content: 'I play chess.' },
      ]);
      expect(await say('Who am I?')).toBe('Reply 3');
      expect(chats().at(-1)!.messages.slice(1)).toEqual([
        { role: 'user', content: 'I play chess.' },
        { role: 'assistant', content: 'Reply 2' },
        { role: 'user', content: 'Who am I?' },
      ]);
      expect(await stopExample(example)).toBe(0);
    } finally {
      await llm.close();
    }
  }, 60_000);
});
