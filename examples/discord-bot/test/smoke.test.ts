import { type FakeDiscord, startFakeDiscord } from '@limbic/fake-platforms';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpExamples, startBotExample, stopExample, withGateway } from '../../example-process.js';

const ADA = { userId: '200000000000000001', username: 'ada' };
let discord: FakeDiscord | undefined;

afterEach(async () => {
  cleanUpExamples();
  await discord?.close();
  discord = undefined;
});

/** The example as `npm start` runs it, on the fake Discord when one runs, in no channel unless `env` names one. */
function startBot(env: NodeJS.ProcessEnv) {
  const platform = discord && { DISCORD_TOKEN: discord.token, DISCORD_API: discord.url };
  return startBotExample('discord-bot', platform, { DISCORD_CHANNELS: '', ...env });
}

describe('examples/discord-bot', () => {
  it('starts against a fake Discord, answers a DM with the character’s feeling, and stops on SIGTERM', async () => {
    discord = await startFakeDiscord();
    const example = startBot({});
    await example.waitFor(/is running \(embedded on sqlite .*limbic\.db/);
    const message = discord.dispatchDirectMessage({ ...ADA, content: 'Thank you, you are wonderful!' });
    const [reply] = await discord.waitForSent(1, 30_000);
    expect(reply).toMatchObject({
      channel_id: discord.dmChannelOf(ADA.userId),
      message_reference: expect.objectContaining({ message_id: message.id }),
    });
    expect(reply!.content).toMatch(/^Hi, I am Mira! \S.+/);
    expect(await stopExample(example)).toBe(0);
  }, 60_000);

  it('in a listed channel answers who addresses it, stays out of others’ chatter, and registers /limbic', async () => {
    discord = await startFakeDiscord();
    const channel = discord.channelId;
    const example = startBot({ DISCORD_CHANNELS: channel });
    await example.waitFor(/is running/);
    const registered = () => discord?.registeredCommands().some((command) => command.name === 'limbic');
    await discord.waitFor(() => registered() === true, 30_000);
    const bot = `<@${discord.botUser.id}>`;
    const alice = { id: '200000000000000011', username: 'alice' };
    const bob = { id: '200000000000000012', username: 'bob' };

    const hello = discord.dispatchMessage({
      channelId: channel,
      author: alice,
      content: `${bot} Thank you, you are wonderful!`,
    });
    const [first] = await discord.waitForSent(1, 30_000);
    // Bob answers Alice, not the character: it stays out.
    discord.dispatchMessage({
      channelId: channel,
      author: bob,
      content: 'I agree, it is great',
      replyTo: hello.id,
    });
    const asked = discord.dispatchMessage({
      channelId: channel,
      author: bob,
      content: `${bot} how are you?`,
    });
    const replies = await discord.waitForSent(2, 30_000);
    expect([first, replies[1]].map((reply) => reply!.message_reference)).toEqual([
      expect.objectContaining({ message_id: hello.id }),
      expect.objectContaining({ message_id: asked.id }),
    ]);

    const status = discord.dispatchCommand({
      channelId: channel,
      user: bob,
      name: 'limbic',
      options: [{ name: 'status', type: 1 } as never],
    });
    const answer = await discord.waitForInteractionResponse(status.id, 30_000);
    expect(answer).toMatchObject({ flags: 64, content: expect.stringMatching(/^In this chat: on;/) });
    expect(discord.sent).toHaveLength(2);
    expect(await stopExample(example)).toBe(0);
  }, 60_000);

  it('with --remote it runs the character on a gateway process', async () => {
    const apiKey = 'svc_test_discordexample0123456789ab';
    await withGateway(apiKey, async (gateway) => {
      discord = await startFakeDiscord();
      const example = startBot({ LIMBIC_URL: gateway.url, LIMBIC_API_KEY: apiKey });
      await example.waitFor(/is running \(remote http:\/\/127\.0\.0\.1:\d+ \(bindings: sqlite /);
      discord.dispatchDirectMessage({ ...ADA, content: 'Hello, nice to meet you!' });
      const [reply] = await discord.waitForSent(1, 30_000);
      expect(reply!.content).toMatch(/^Hi, I am Mira! /);
      expect(await gateway.sessionCount()).toBe(1);
      expect(await stopExample(example)).toBe(0);
    });
  }, 90_000);

  it('says which setting is missing instead of starting', async () => {
    const withoutToken = startBot({ DISCORD_TOKEN: '' });
    expect(await withoutToken.exited).toBe(2);
    expect(withoutToken.output()).toMatch(/Set DISCORD_TOKEN/);
    const withoutKey = startBot({
      DISCORD_TOKEN: 'token',
      LIMBIC_URL: 'http://127.0.0.1:9',
      LIMBIC_API_KEY: '',
    });
    expect(await withoutKey.exited).toBe(2);
    expect(withoutKey.output()).toMatch(/Set LIMBIC_API_KEY/);
  }, 60_000);
});
