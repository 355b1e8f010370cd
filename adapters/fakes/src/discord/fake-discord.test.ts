import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeDiscord, startFakeDiscord } from './fake-discord.js';

let discord: FakeDiscord;

beforeEach(async () => {
  discord = await startFakeDiscord({
    botUser: { id: '900000000000000001', username: 'limbic' },
    guilds: [{ id: '10', name: 'Den', channels: [{ id: '11', name: 'chat' }] }],
  });
});

afterEach(async () => {
  await discord.close();
});

async function request(method: string, path: string, body?: unknown, token = discord.token) {
  const response = await fetch(`${discord.url}/v10${path}`, {
    method,
    headers: { authorization: `Bot ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? (JSON.parse(text) as unknown) : undefined,
  };
}

describe('startFakeDiscord', () => {
  it('uses the configured bot, guild and channel', async () => {
    expect((await request('GET', '/users/@me')).body).toMatchObject({ id: '900000000000000001', bot: true });
    expect((await request('GET', '/channels/11')).body).toMatchObject({ id: '11', type: 0, guild_id: '10' });
    expect([discord.guildId, discord.channelId]).toEqual(['10', '11']);
  });

  it('requires the bot token except on GET /gateway', async () => {
    expect(await request('GET', '/users/@me', undefined, 'nope')).toMatchObject({
      status: 401,
      body: { message: '401: Unauthorized', code: 0 },
    });
    expect((await request('GET', '/gateway', undefined, 'nope')).body).toEqual({ url: discord.gatewayUrl });
  });

  it('rate-limits with the body and headers discord.js reads', async () => {
    discord.failNext(/^POST \/channels\/11\//, { status: 429, retryAfter: 2.5 });

    const limited = await request('POST', '/channels/11/messages', { content: 'x' });

    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'You are being rate limited.', retry_after: 2.5, global: false });
    expect(limited.headers.get('retry-after')).toBe('2.5');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('x-ratelimit-reset-after')).toBe('2.5');
    expect(discord.sent).toEqual([]);
  });

  it('fails as many times as asked, then recovers', async () => {
    discord.failNext('post /channels/:id/typing', { status: 503 }, 2);

    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await request('POST', '/channels/11/typing')).status);

    expect(statuses).toEqual([503, 503, 204]);
  });

  it('rejects empty and unknown-channel messages like Discord', async () => {
    expect((await request('POST', '/channels/11/messages', { content: '' })).body).toEqual({
      message: 'Cannot send an empty message',
      code: 50006,
    });
    expect((await request('POST', '/channels/404/messages', { content: 'x' })).body).toEqual({
      message: 'Unknown Channel',
      code: 10003,
    });
  });

  it('creates one DM channel per user and lists the bot’s mentions', async () => {
    const first = await request('POST', '/users/@me/channels', { recipient_id: '7' });
    const again = await request('POST', '/users/@me/channels', { recipient_id: '7' });
    const message = discord.dispatchDirectMessage({
      userId: '7',
      username: 'bo',
      content: 'hi <@900000000000000001>',
    });

    expect(first.body).toMatchObject({ type: 1, recipients: [{ id: '7' }] });
    expect(again.body).toEqual(first.body);
    expect(discord.dmChannelOf('7')).toBe(message.channel_id);
    expect(message.mentions.map((user) => user.id)).toEqual(['900000000000000001']);
  });

  it('stores application commands per scope', async () => {
    await request('PUT', '/applications/900000000000000001/commands', [
      { name: 'mood', description: 'Show' },
    ]);

    const listed = await request('GET', '/applications/900000000000000001/commands');

    expect(listed.body).toMatchObject([{ name: 'mood', application_id: '900000000000000001', type: 1 }]);
  });

  it('keeps a command’s id across bulk overwrites and refuses names Discord refuses', async () => {
    const path = '/applications/900000000000000001/guilds/10/commands';
    const first = await request('PUT', path, [{ name: 'mood', description: 'Show' }]);
    const again = await request('PUT', path, [{ name: 'mood', description: 'Show more' }]);
    const invalid = await request('PUT', path, [{ name: 'Mood', description: 'Show' }]);

    const [before] = first.body as { id: string; version: string }[];
    const [after] = again.body as { id: string; version: string; guild_id: string }[];
    expect(after?.id).toBe(before?.id);
    expect(after?.version).not.toBe(before?.version);
    expect(discord.registeredCommands('10')).toEqual([
      expect.objectContaining({ description: 'Show more', guild_id: '10' }),
    ]);
    expect(invalid.body).toMatchObject({
      code: 50035,
      errors: { 0: { name: { _errors: [{ code: 'APPLICATION_COMMAND_INVALID_NAME' }] } } },
    });
  });

  it('answers interaction callbacks without the bot token, once, and only with the interaction’s token', async () => {
    const interaction = discord.dispatchCommand({ user: { id: '7', username: 'bo' }, name: 'mood' });
    const path = `/interactions/${interaction.id}/${interaction.token}/callback`;

    const wrongToken = await request(
      'POST',
      `/interactions/${interaction.id}/nope/callback`,
      { type: 4 },
      'none',
    );
    const first = await request(
      'POST',
      `${path}?with_response=true`,
      { type: 4, data: { content: 'hi' } },
      'none',
    );
    const second = await request('POST', path, { type: 4, data: { content: 'again' } }, 'none');
    const original = await request(
      'GET',
      `/webhooks/${interaction.application_id}/${interaction.token}/messages/@original`,
      undefined,
      'none',
    );

    expect(wrongToken.body).toEqual({ message: 'Unknown interaction', code: 10062 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      interaction: { id: interaction.id, type: 2, response_message_ephemeral: false },
      resource: { type: 4, message: { content: 'hi', type: 20, channel_id: '11', guild_id: '10' } },
    });
    expect(second.body).toEqual({ message: 'Interaction has already been acknowledged.', code: 40060 });
    expect(original.body).toMatchObject({ content: 'hi', interaction_metadata: { id: interaction.id } });
    expect(discord.interactionResponses).toEqual([
      expect.objectContaining({
        interactionId: interaction.id,
        kind: 'callback',
        type: 4,
        content: 'hi',
        flags: 0,
      }),
    ]);
  });

  it('builds the interaction as Discord sends it: member with permissions in a guild, user in a DM', () => {
    const inGuild = discord.dispatchCommand({
      user: { id: '7', username: 'bo' },
      name: 'mood',
      options: [{ name: 'who', type: 6, value: '900000000000000001' }],
    });
    const inDm = discord.dispatchCommand({ direct: true, user: { id: '7', username: 'bo' }, name: 'mood' });

    expect(inGuild).toMatchObject({
      type: 2,
      version: 1,
      guild_id: '10',
      channel: { id: '11', type: 0 },
      member: { user: { id: '7' }, roles: [], permissions: expect.any(String) },
      data: { name: 'mood', type: 1, resolved: { users: { '900000000000000001': { username: 'limbic' } } } },
      context: 0,
      authorizing_integration_owners: { 0: '10' },
      entitlements: [],
    });
    expect(inDm).toMatchObject({ user: { id: '7' }, channel: { type: 1 }, context: 1 });
    expect(inDm.member).toBeUndefined();
    expect(() =>
      discord.dispatchCommand({
        direct: true,
        channelId: '11',
        user: { id: '7', username: 'bo' },
        name: 'x',
      }),
    ).toThrow();
  });

  it('refuses replies to unknown messages and threads outside their guild', async () => {
    expect(() =>
      discord.dispatchMessage({ author: { id: '7', username: 'bo' }, content: 'x', replyTo: '1' }),
    ).toThrow('No message 1');
    await expect(
      startFakeDiscord({
        guilds: [
          {
            id: '1',
            name: 'A',
            channels: [{ id: '2', name: 'a' }],
            threads: [{ id: '3', name: 't', parentId: '9' }],
          },
        ],
      }),
    ).rejects.toThrow('Thread 3 needs a parent text channel of guild 1');
  });
});
