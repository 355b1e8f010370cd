import { once } from 'node:events';
import {
  ApplicationCommandOptionType,
  ChannelType,
  type ChatInputApplicationCommandData,
  type ChatInputCommandInteraction,
  Client,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  HTTPError,
  type Interaction,
  type Message,
  MessageFlags,
  MessageType,
  Partials,
  PermissionFlagsBits,
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

describe('discord.js in a guild with roles, threads and slash commands', () => {
  const GUILD = '300000000000000001';
  const GENERAL = '300000000000000002';
  const THREAD = '300000000000000003';
  const OWNER = { id: '200000000000000010', username: 'olga' };
  const ADMIN = { id: '200000000000000011', username: 'adam' };
  const BOB = { id: '200000000000000012', username: 'bob' };

  beforeEach(async () => {
    await discord.close();
    discord = await startFakeDiscord({
      guilds: [
        {
          id: GUILD,
          name: 'Den',
          channels: [{ id: GENERAL, name: 'general' }],
          threads: [{ id: THREAD, name: 'plans', parentId: GENERAL }],
          ownerId: OWNER.id,
          admins: [ADMIN.id],
        },
      ],
    });
  });

  function nextInteraction(client: Client): Promise<ChatInputCommandInteraction> {
    return new Promise((resolve) => {
      const listener = (interaction: Interaction): void => {
        if (!interaction.isChatInputCommand()) return;
        client.off(Events.InteractionCreate, listener);
        resolve(interaction);
      };
      client.on(Events.InteractionCreate, listener);
    });
  }

  it('fills mentions from <@id>, the bot included, with the mentioned members', async () => {
    const client = await startClient();
    const received = fromUser(client);

    discord.dispatchMessage({ author: ADA, content: `hey <@${client.user.id}> and <@!${ADA.id}>` });
    const message = await received;

    expect(message.mentions.users.has(client.user.id)).toBe(true);
    expect([...message.mentions.users.keys()]).toEqual([client.user.id, ADA.id]);
    expect(message.mentions.members?.has(client.user.id)).toBe(true);
  });

  it('delivers a reply to the bot’s own message with its reference and the replied-to bot mentioned', async () => {
    const client = await startClient();
    const channel = client.channels.cache.get(GENERAL);
    if (!channel?.isSendable()) throw new Error('#general is not sendable');
    const own = await channel.send('who wants tea?');
    const received = fromUser(client);

    discord.dispatchMessage({ author: ADA, content: 'me!', replyTo: own.id });
    const message = await received;
    const referenced = await message.fetchReference();

    expect(message.type).toBe(MessageType.Reply);
    expect(message.reference?.messageId).toBe(own.id);
    expect(referenced.author.id).toBe(client.user.id);
    expect(referenced.content).toBe('who wants tea?');
    expect(message.mentions.repliedUser?.id).toBe(client.user.id);
  });

  it('caches the configured thread and delivers and sends messages in it', async () => {
    const client = await startClient();
    const received = fromUser(client);

    discord.dispatchMessage({ channelId: THREAD, author: BOB, content: 'in the thread' });
    const message = await received;
    await message.reply('answering in the thread');

    expect(message.channel.isThread()).toBe(true);
    expect(message.channel.type).toBe(ChannelType.PublicThread);
    expect(message.channel.isThread() && message.channel.parentId).toBe(GENERAL);
    expect(message.guildId).toBe(GUILD);
    expect(discord.sent).toEqual([
      expect.objectContaining({ channel_id: THREAD, content: 'answering in the thread' }),
    ]);
  });

  it('gives the owner and admins ManageGuild through message.member, and nobody else', async () => {
    const client = await startClient();
    const canManage: Record<string, boolean | undefined> = {};
    const done = new Promise<void>((resolve) => {
      client.on(Events.MessageCreate, (message) => {
        canManage[message.author.username] = message.member?.permissions.has(PermissionFlagsBits.ManageGuild);
        if (Object.keys(canManage).length === 3) resolve();
      });
    });

    for (const author of [OWNER, ADMIN, BOB]) discord.dispatchMessage({ author, content: 'may I?' });
    await done;

    expect(canManage).toEqual({ olga: true, adam: true, bob: false });
    expect(client.guilds.cache.get(GUILD)?.members.me?.permissions.has('ManageGuild')).toBe(false);
  });

  it('registers commands with client.application.commands.set and lists them in registeredCommands', async () => {
    const client = await startClient();
    const mood: ChatInputApplicationCommandData = {
      name: 'mood',
      description: 'How the character feels',
      options: [{ type: ApplicationCommandOptionType.String, name: 'topic', description: 'About what' }],
    };

    const global = await client.application.commands.set([mood]);
    const inGuild = await client.application.commands.set([{ ...mood, name: 'limbic' }], GUILD);

    expect([...global.values()].map((command) => [command.name, command.applicationId])).toEqual([
      ['mood', client.user.id],
    ]);
    expect(discord.registeredCommands()).toEqual([
      expect.objectContaining({ id: global.first()?.id, name: 'mood', version: expect.any(String), type: 1 }),
    ]);
    expect(discord.registeredCommands(GUILD).map((command) => command.id)).toEqual([inGuild.first()?.id]);
    await expect(
      client.application.commands.set([{ name: 'Mood', description: 'caps' }]),
    ).rejects.toMatchObject({
      code: 50035,
    });
  });

  it('answers a slash command with interaction.reply, recorded as an ephemeral type 4 response', async () => {
    const client = await startClient();
    const [registered] = [
      ...(await client.application.commands.set([{ name: 'mood', description: 'Feel' }])).values(),
    ];
    const arrived = nextInteraction(client);

    const dispatched = discord.dispatchCommand({
      channelId: GENERAL,
      user: ADMIN,
      name: 'mood',
      options: [{ name: 'topic', type: ApplicationCommandOptionType.String, value: 'rain' }],
    });
    const interaction = await arrived;
    await interaction.reply({
      content: `mood about ${interaction.options.getString('topic')}`,
      flags: MessageFlags.Ephemeral,
    });
    const response = await discord.waitForInteractionResponse(dispatched.id);

    expect(interaction.commandId).toBe(registered?.id);
    expect(interaction.channelId).toBe(GENERAL);
    expect(interaction.user.id).toBe(ADMIN.id);
    expect(interaction.memberPermissions?.has('ManageGuild')).toBe(true);
    expect(interaction.inCachedGuild()).toBe(true);
    expect(response).toMatchObject({ kind: 'callback', type: 4, content: 'mood about rain', flags: 64 });
  });

  it('records a deferral, its edit and a follow-up, and echoes the public answer as a message', async () => {
    const client = await startClient();
    const arrived = nextInteraction(client);
    const echoed = nextMessage(client, (message) => message.interactionMetadata !== null);

    const dispatched = discord.dispatchCommand({ channelId: THREAD, user: BOB, name: 'mood' });
    const interaction = await arrived;
    await interaction.deferReply();
    const edited = await interaction.editReply('calm');
    await interaction.followUp({ content: 'just for you', flags: MessageFlags.Ephemeral });

    expect(
      discord.interactionResponses.map((response) => [response.kind, response.type, response.content]),
    ).toEqual([
      ['callback', 5, ''],
      ['edit', null, 'calm'],
      ['followup', null, 'just for you'],
    ]);
    expect(edited.content).toBe('calm');
    expect(interaction.memberPermissions?.has('ManageGuild')).toBe(false);
    expect((await echoed).interactionMetadata?.id).toBe(dispatched.id);
  });

  it('dispatches a slash command from a DM with the user instead of a member', async () => {
    const client = await startClient();
    const arrived = nextInteraction(client);

    discord.dispatchCommand({ direct: true, user: BOB, name: 'mood' });
    const interaction = await arrived;
    await interaction.reply('hello in private');

    expect(interaction.guildId).toBeNull();
    expect(interaction.member).toBeNull();
    expect(interaction.user.id).toBe(BOB.id);
    expect(interaction.channel?.type).toBe(ChannelType.DM);
    expect(discord.interactionResponses).toEqual([
      expect.objectContaining({ type: 4, content: 'hello in private' }),
    ]);
  });
});
