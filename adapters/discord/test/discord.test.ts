import type { embeddedBackend } from '@limbic/bot-kit';
import type { ManualTime } from '@limbic/core';
import type { FakeDiscord } from '@limbic/fake-platforms';
import { Events } from 'discord.js';
import { describe, expect, it } from 'vitest';
import {
  createHarness,
  embeddedEngine,
  expectSentOnceAfterRetry,
  FRIENDLY,
  GENERAL,
  type Harness,
  RANDOM,
  type SetupOptions,
  testGuild,
  useFakeDiscord,
} from './harness.js';

const day = 86_400_000;
const ADA = { id: '200000000000000001', username: 'ada' };
const BOB = { id: '200000000000000002', username: 'bob' };

let time: ManualTime;
let discord: FakeDiscord;
const cleanups = useFakeDiscord(
  (startedTime, started) => {
    time = startedTime;
    discord = started;
  },
  { guilds: [testGuild('Limbic Test Guild')] },
);

function setup(options: SetupOptions = {}): Promise<Harness> {
  return createHarness(discord, time, embeddedEngine(time), cleanups, { channels: [GENERAL], ...options });
}

/** About 40 friendly messages a minute apart, by DM, with timestamps from the manual clock. */
async function befriend(h: Harness): Promise<void> {
  for (let i = 0; i < 40; i++) {
    time.clock.advance(60_000);
    await h.dm(ADA, FRIENDLY);
  }
}

describe('@limbic/discord (embedded, real discord.js against the fake Discord)', () => {
  it('turns a DM into a turn whose handler replies with message.reply', async () => {
    const h = await setup();
    h.character.onTurn((turn, message) =>
      message.reply(`(${turn.result.discrete_emotion}) ${turn.promptData.formatted.context_block.length}`),
    );

    const turn = await h.dm(ADA, 'You are the best, thank you for helping me!');
    const [reply] = await discord.waitForSent(1);

    expect(turn.isNewSession).toBe(true);
    expect(turn.elapsedSeconds).toBeUndefined();
    expect(turn.promptData.formatted.context_block.length).toBeGreaterThan(20);
    expect(reply).toMatchObject({
      channel_id: discord.dmChannelOf(ADA.id),
      content: `(${turn.result.discrete_emotion}) ${turn.promptData.formatted.context_block.length}`,
      message_reference: expect.objectContaining({ message_id: h.turns[0]!.message.id }),
    });
  });

  it('takes guild messages from enabled channels only and ignores its own echoed messages', async () => {
    const h = await setup();
    h.character.onTurn((_turn, message) => message.reply('heard you'));

    const general = discord.dispatchMessage({ channelId: GENERAL, author: BOB, content: 'hello everyone' });
    const turn = await h.turnOf(general.id);
    await discord.waitForSent(1);
    // The reply comes back over the gateway as the bot's own MESSAGE_CREATE.
    const echo = await h.receivedOf(discord.sent[0]!.id);
    expect(echo.author.id).toBe(h.client.user.id);
    const ignored = discord.dispatchMessage({ channelId: RANDOM, author: BOB, content: 'anyone here?' });
    await h.receivedOf(ignored.id);
    // A later message of the same person proves that the ones before it were handled (in gateway order).
    const later = discord.dispatchMessage({ channelId: GENERAL, author: BOB, content: 'me again' });
    await h.turnOf(later.id);

    expect(turn.isNewSession).toBe(true);
    expect(h.turns.map((entry) => entry.message.id)).toEqual([general.id, later.id]);
    // One session per channel (and bot): #general's, none for #random.
    expect(await h.character.runtime.bindings.get(`discord:${RANDOM}@${h.client.user.id}`)).toBeNull();
    expect(await h.character.runtime.bindings.get(`discord:${GENERAL}@${h.client.user.id}`)).toMatchObject({
      sessionId: turn.sessionId,
    });
    await discord.waitForSent(2);
    expect(discord.sent.map((message) => message.channel_id)).toEqual([GENERAL, GENERAL]);
  });

  it('takes elapsed time from Discord message timestamps', async () => {
    const h = await setup();
    const start = time.clock.now();

    const first = discord.dispatchDirectMessage({ ...dmFrom(ADA), content: 'hello', timestamp: start });
    await h.turnOf(first.id);
    // The engine's clock stands still: only the message timestamps tell the 90 s apart.
    const second = discord.dispatchDirectMessage({
      ...dmFrom(ADA),
      content: 'again',
      timestamp: start + 90_000,
    });
    await h.turnOf(second.id);
    const other = discord.dispatchMessage({ channelId: GENERAL, author: BOB, content: 'hi all' });
    await h.turnOf(other.id);

    expect(h.turns.map((entry) => entry.turn.elapsedSeconds)).toEqual([undefined, 90, undefined]);
    expect(h.turns[1]!.message.createdTimestamp).toBe(start + 90_000);
    expect(h.turns[1]!.turn.sessionId).toBe(h.turns[0]!.turn.sessionId);
    expect(h.turns[2]!.turn.sessionId).not.toBe(h.turns[0]!.turn.sessionId);
  });

  it('sends each proactive action once as a DM after an absence; guild conversations stay quiet', async () => {
    const h = await setup();
    await h.character.start();
    await befriend(h);
    for (let i = 0; i < 10; i++) {
      const message = discord.dispatchMessage({ channelId: GENERAL, author: BOB, content: FRIENDLY });
      await h.turnOf(message.id);
    }
    expect(discord.sent).toEqual([]);

    await time.advance(3 * day);
    await h.log.waitFor((event) => event.type === 'sent');
    await h.character.runtime.delivery.idle();

    const sentEvents = h.log.events.filter((event) => event.type === 'sent');
    expect(sentEvents.map((event) => event.action.type)).toContain('attachment_seeking');
    expect(new Set(sentEvents.map((event) => event.action.id)).size).toBe(sentEvents.length);
    expect(discord.sent.map((message) => message.content)).toEqual(sentEvents.map((event) => event.text));
    expect(discord.sent.every((message) => message.channel_id === discord.dmChannelOf(ADA.id))).toBe(true);
    expect(sentEvents.every((event) => event.target === `dm:${ADA.id}`)).toBe(true);
    const [adaTurn, bobTurn] = [h.turns[0]!.turn, h.turns.at(-1)!.turn];
    expect(await h.character.runtime.backend.pendingActions(adaTurn.sessionId)).toEqual([]);
    expect(await h.character.runtime.backend.pendingActions(bobTurn.sessionId)).toEqual([]);
    expect((await h.character.runtime.backend.getSession(bobTurn.sessionId)).preferences.enabled).toBe(false);
  });

  it('sends proactive messages of guild conversations to their channel, to the person, when proactive is on', async () => {
    const h = await setup({ proactive: true });
    await h.character.start();
    for (let i = 0; i < 40; i++) {
      time.clock.advance(60_000);
      await h.turnOf(discord.dispatchMessage({ channelId: GENERAL, author: BOB, content: FRIENDLY }).id);
    }

    await time.advance(3 * day);
    const sent = await h.log.waitFor((event) => event.type === 'sent');
    await h.character.runtime.delivery.idle();

    expect(sent).toMatchObject({ target: `channel:${GENERAL}` });
    expect(discord.sent.length).toBeGreaterThanOrEqual(1);
    expect(discord.sent.every((message) => message.channel_id === GENERAL)).toBe(true);
    // Addressed to Bob, the only person there, with a mention that pings nobody else.
    expect(discord.sent[0]).toMatchObject({
      content: expect.stringMatching(new RegExp(`^<@${BOB.id}> `)),
      allowed_mentions: { users: [BOB.id] },
    });
    expect(await h.character.runtime.backend.pendingActions(h.turns[0]!.turn.sessionId)).toEqual([]);
  });

  it('lets discord.js wait out a 429 and retries a 500 with backoff, delivering once', async () => {
    const h = await setup({
      rest: { retries: 0 },
      retry: { initialDelayMs: 5000, factor: 2, maxDelayMs: 60_000 },
    });
    await h.character.start();
    await befriend(h);
    discord.failNext('POST /channels/:id/messages', { status: 429, retryAfter: 0.05 });
    discord.failNext('POST /channels/:id/messages', { status: 500 });

    // Move exactly to the moment the character falls due: the retry then happens within the action's useful age.
    const service = (h.character.runtime.backend as ReturnType<typeof embeddedBackend>).service;
    await time.advance((await service.nextCheckAt())! - time.clock.now());
    await expectSentOnceAfterRetry(h, discord, time, ADA.id);
  });

  it('/limbic off stops proactive DMs; status and on answer in the DM', async () => {
    const h = await setup();
    await h.character.start();
    await befriend(h);
    const dmChannel = discord.dmChannelOf(ADA.id);

    discord.dispatchDirectMessage({ ...dmFrom(ADA), content: '/limbic off' });
    await discord.waitForSent(1);
    discord.dispatchDirectMessage({ ...dmFrom(ADA), content: '/limbic status' });
    await discord.waitForSent(2);
    expect(discord.sent.map((message) => message.content)).toEqual([
      expect.stringMatching(/not write to you first/),
      expect.stringMatching(/^Writing first: off\./),
    ]);
    expect(discord.sent.every((message) => message.channel_id === dmChannel)).toBe(true);
    // Commands are answered by Limbic, not passed to turn handlers.
    expect(h.turns).toHaveLength(40);

    await time.advance(7 * day);
    await h.character.runtime.delivery.idle();
    expect(discord.sent).toHaveLength(2);
    expect(h.log.events.filter((event) => event.type === 'sent')).toEqual([]);

    discord.dispatchDirectMessage({ ...dmFrom(ADA), content: '/limbic on' });
    const replies = await discord.waitForSent(3);
    expect(replies[2]!.content).toMatch(/may write to you first/);
  });

  it('process() returns null for messages not meant for Limbic; close() stops listening', async () => {
    const h = await setup();
    const ignored = discord.dispatchMessage({ channelId: RANDOM, author: BOB, content: 'not for you' });
    const blank = discord.dispatchDirectMessage({ ...dmFrom(ADA), content: '   ' });
    const bot = discord.dispatchMessage({
      channelId: GENERAL,
      author: { ...discord.botUser, bot: true },
      content: 'my own words',
    });
    const otherBot = discord.dispatchMessage({
      channelId: GENERAL,
      author: { id: '200000000000000009', username: 'helper', bot: true },
      content: 'beep',
    });
    for (const { id } of [ignored, blank, bot, otherBot]) {
      expect(await h.character.process(await h.receivedOf(id))).toBeNull();
    }
    const command = await h.receivedOf(
      discord.dispatchDirectMessage({ ...dmFrom(ADA), content: '/limbic' }).id,
    );
    expect(await h.character.process(command)).toBeNull();
    const hello = discord.dispatchDirectMessage({ ...dmFrom(ADA), content: 'hello' });
    const turn = await h.turnOf(hello.id);
    expect(turn.isNewSession).toBe(true);
    expect(h.turns).toHaveLength(1);

    const listeners = h.client.listenerCount(Events.MessageCreate);
    await h.character.close();
    expect(h.client.listenerCount(Events.MessageCreate)).toBe(listeners - 1);
    const after = discord.dispatchDirectMessage({ ...dmFrom(ADA), content: 'are you there?' });
    await h.receivedOf(after.id);
    expect(h.turns).toHaveLength(1);
  });
});

function dmFrom(user: { id: string; username: string }) {
  return { userId: user.id, username: user.username };
}
