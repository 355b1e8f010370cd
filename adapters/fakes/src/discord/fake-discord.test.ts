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
});
