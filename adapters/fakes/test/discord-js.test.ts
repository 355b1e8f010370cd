import { once } from 'node:events';
import {
  ChannelType,
  Client,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  HTTPError,
  type Message,
  Partials,
  type RESTOptions,
} from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeDiscord, startFakeDiscord } from '../src/index.js';

const ADA = { id: '200000000000000001', username: 'ada' };
let discord: FakeDiscord;
const clients: Client[] = [];

beforeEach(async () => {
  discord = await startFakeDiscord();
});

afterEach(async () => {
  for (const client of clients.splice(0)) await client.destroy();
  await discord.close();
});

function createClient(rest: Partial<RESTOptions> = {}): Client {
  const client = new Client({
    intents: [
      GatewayIntentBits.Guilds,
      GatewayIntentBits.GuildMessages,
      GatewayIntentBits.MessageContent,
      GatewayIntentBits.DirectMessages,
    ],
    partials: [Partials.Channel],
    rest: { api: discord.url, ...rest },
    waitGuildTimeout: 500,
  });
  clients.push(client);
  return client;
}

async function startClient(rest: Partial<RESTOptions> = {}): Promise<Client<true>> {
  const client = createClient(rest);
  const ready = once(client, Events.ClientReady);
  await client.login(discord.token);
  await ready;
  if (!client.isReady()) throw new Error('client is not ready');
  return client;
}

function nextMessage(client: Client, accept: (message: Message) => boolean = () => true): Promise<Message> {
  return new Promise((resolve) => {
    const listener = (message: Message): void => {
      if (!accept(message)) return;
      client.off(Events.MessageCreate, listener);
      resolve(message);
    };
    client.on(Events.MessageCreate, listener);
  });
}

function fromUser(client: Client<true>): Promise<Message> {
  return nextMessage(client, (message) => message.author.id !== client.user.id);
}

function guildChannel(client: Client<true>) {
  const channel = client.channels.cache.get(discord.channelId);
  if (!channel?.isSendable()) throw new Error('the default channel is not cached as sendable');
  return channel;
}

describe('discord.js against the fake Discord', () => {
  it('fires ClientReady with the bot user, the application and the configured guild cached', async () => {
    const client = await startClient();

    expect(client.user.id).toBe(discord.botUser.id);
    expect(client.application.id).toBe(discord.botUser.id);
    expect(client.guilds.cache.get(discord.guildId)?.name).toBe('Limbic Test Guild');
    expect(client.channels.cache.get(discord.channelId)?.type).toBe(ChannelType.GuildText);
    expect(discord.gatewayStats).toEqual({ identifies: 1, resumes: 0, sockets: 1 });
  });

  it('delivers a guild message with its content, author, channel and snowflake time', async () => {
    const client = await startClient();
    const received = fromUser(client);

    const dispatched = discord.dispatchMessage({
      author: ADA,
      content: 'hello there',
      timestamp: Date.UTC(2026, 0, 2),
    });
    const message = await received;

    expect(message.id).toBe(dispatched.id);
    expect(message.content).toBe('hello there');
    expect(message.author).toMatchObject({ id: ADA.id, username: 'ada', bot: false });
    expect(message.channelId).toBe(discord.channelId);
    expect(message.guildId).toBe(discord.guildId);
    expect(message.member?.id).toBe(ADA.id);
    expect(message.createdTimestamp).toBe(Date.UTC(2026, 0, 2));
  });

  it('delivers a direct message through the Channel partial and replies in the DM', async () => {
    const client = await startClient();
    const received = fromUser(client);

    discord.dispatchDirectMessage({ userId: ADA.id, username: ADA.username, content: 'psst' });
    const message = await received;
    await message.reply('got it');

    expect(message.content).toBe('psst');
    expect(message.channel.type).toBe(ChannelType.DM);
    expect(message.channelId).toBe(discord.dmChannelOf(ADA.id));
    expect(message.guildId).toBeNull();
    expect(discord.sent).toEqual([
      expect.objectContaining({
        channel_id: discord.dmChannelOf(ADA.id),
        content: 'got it',
        message_reference: expect.objectContaining({ message_id: message.id }),
      }),
    ]);
  });

  it('records channel.send and echoes it back as the bot’s own message', async () => {
    const client = await startClient();
    const echoed = nextMessage(client, (message) => message.author.id === client.user.id);

    const sent = await guildChannel(client).send('hello from the bot');
    const echo = await echoed;

    expect(discord.sent).toEqual([
      expect.objectContaining({ id: sent.id, channel_id: discord.channelId, content: 'hello from the bot' }),
    ]);
    expect(sent.author.id).toBe(client.user.id);
    expect(echo.id).toBe(sent.id);
    expect(echo.author.bot).toBe(true);
  });

  it('opens a DM channel for user.send', async () => {
    const client = await startClient();
    const received = fromUser(client);
    discord.dispatchMessage({ author: ADA, content: 'dm me' });
    const message = await received;

    await message.author.send('private hello');

    const dmId = discord.dmChannelOf(ADA.id);
    expect(dmId).toBeDefined();
    expect(discord.sent).toEqual([expect.objectContaining({ channel_id: dmId, content: 'private hello' })]);
    expect(discord.calls.map((call) => `${call.method} ${call.route}`)).toContain('POST /users/@me/channels');
  });

  it('waits out a 429 and then sends exactly once', async () => {
    const client = await startClient();
    discord.failNext('POST /channels/:id/messages', { status: 429, retryAfter: 0.05 });

    await guildChannel(client).send('after the limit');

    expect(discord.sent.map((message) => message.content)).toEqual(['after the limit']);
    expect(discord.calls.filter((call) => call.route === '/channels/:id/messages')).toHaveLength(2);
  });

  it('throws HTTPError for a 500 when REST retries are off', async () => {
    const client = await startClient({ retries: 0 });
    discord.failNext('/channels/:id/messages', { status: 500 });

    await expect(guildChannel(client).send('doomed')).rejects.toBeInstanceOf(HTTPError);
    await guildChannel(client).send('fine');

    expect(discord.sent.map((message) => message.content)).toEqual(['fine']);
  });

  it('answers an unknown channel with DiscordAPIError 10003', async () => {
    const client = await startClient();

    const error = await client.channels.fetch('1').catch((reason: unknown) => reason);

    expect(error).toBeInstanceOf(DiscordAPIError);
    expect(error).toMatchObject({ status: 404, code: 10003 });
  });

  it('rejects login with a wrong token', async () => {
    const client = createClient();

    await expect(client.login('wrong-token')).rejects.toMatchObject({ code: 'TokenInvalid' });
  });

  it('resumes after a RECONNECT and replays what the client missed', async () => {
    const client = await startClient();
    const resumed = once(client, Events.ShardResume);
    const received = fromUser(client);

    discord.requestReconnect();
    await discord.waitFor(() => discord.gatewayStats.sockets === 0);
    discord.dispatchMessage({ author: ADA, content: 'while you were away' });
    await resumed;

    expect((await received).content).toBe('while you were away');
    expect(discord.gatewayStats).toEqual({ identifies: 1, resumes: 1, sockets: 1 });
  });

  it('closes the gateway socket on client.destroy()', async () => {
    const client = await startClient();

    await client.destroy();
    await discord.waitFor(() => discord.gatewayStats.sockets === 0);

    expect(client.isReady()).toBe(false);
  });
});
