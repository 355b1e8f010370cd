import { remoteBackend } from '@limbic/bot-kit';
import { createMemoryBindingStore, type ManualTime } from '@limbic/core';
import type { FakeDiscord } from '@limbic/fake-platforms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanUpGateways,
  type Started,
  startFastGateway,
  stopGateway,
} from '../../../gateway/test/gateway-process.js';
import {
  createHarness,
  expectSentOnceAfterRetry,
  FRIENDLY,
  type Harness,
  type SetupOptions,
  useFakeDiscord,
} from './harness.js';

/**
 * The same scenarios as discord.test.ts, in remote mode: a real gateway process (`npm start`'s entry) on the
 * in-memory store with its engine clock 100,000× faster than wall time, so an absence of days passes in seconds.
 * The bot's own clock (message timestamps, retry waits) stays manual.
 */
const apiKey = 'svc_test_remotediscord0123456789abc';
const ADA = { id: '200000000000000001', username: 'ada' };
const BOB = { id: '200000000000000002', username: 'bob' };

let gateway: Started & { url: string };
let time: ManualTime;
let discord: FakeDiscord;
const cleanups = useFakeDiscord((startedTime, started) => {
  time = startedTime;
  discord = started;
});

beforeAll(async () => {
  gateway = await startFastGateway(apiKey);
}, 60_000);
afterAll(async () => {
  await stopGateway(gateway);
  cleanUpGateways();
});

function setup(options: SetupOptions = {}): Promise<Harness> {
  const engine = {
    backend: remoteBackend({ url: gateway.url, apiKey, reconnect: { initialDelayMs: 50, maxDelayMs: 500 } }),
    bindings: createMemoryBindingStore(),
  };
  return createHarness(discord, time, engine, cleanups, options);
}

/** Friendly DMs a minute apart (by Discord's timestamps), as fast as the gateway answers. */
async function befriend(h: Harness, user: { id: string; username: string }, count = 20): Promise<void> {
  for (let i = 0; i < count; i++) {
    time.clock.advance(60_000);
    await h.dm(user, FRIENDLY);
  }
}

/** Messages the character wrote first: replies and command answers reference the message they answer. */
const proactiveTo = (channelId: string | undefined) =>
  discord.sent.filter(
    (message) => message.channel_id === channelId && message.message_reference === undefined,
  );

describe('@limbic/discord (remote, against a gateway process)', () => {
  it('turns a DM into a turn on the gateway; the handler sees prompt_data and elapsed time', async () => {
    const h = await setup();
    h.character.onTurn((turn, message) => message.reply(`(${turn.result.discrete_emotion}) got it`));

    const turn = await h.dm(ADA, 'You are the best, thank you for helping me!');
    const [reply] = await discord.waitForSent(1);
    time.clock.advance(90_000);
    const again = await h.dm(ADA, 'and again');

    expect(turn.isNewSession).toBe(true);
    expect(turn.sessionId).toMatch(/^ses_/);
    expect(turn.elapsedSeconds).toBeUndefined();
    expect(turn.promptData.formatted.context_block.length).toBeGreaterThan(20);
    expect(reply).toMatchObject({
      channel_id: discord.dmChannelOf(ADA.id),
      content: `(${turn.result.discrete_emotion}) got it`,
      message_reference: expect.objectContaining({ message_id: h.turns[0]!.message.id }),
    });
    expect(again).toMatchObject({ sessionId: turn.sessionId, isNewSession: false, elapsedSeconds: 90 });
    expect(h.turns[1]!.message.createdTimestamp - h.turns[0]!.message.createdTimestamp).toBe(90_000);
  });

  it('the gateway raises an action after the absence; it is sent as a DM once and acknowledged', async () => {
    const h = await setup();
    await h.character.start();
    await befriend(h, ADA);
    const sent = await h.log.waitFor((event) => event.type === 'sent');
    await h.character.runtime.delivery.idle();

    expect(sent).toMatchObject({ target: `dm:${ADA.id}` });
    const text = sent.type === 'sent' ? sent.text : '';
    const proactive = proactiveTo(discord.dmChannelOf(ADA.id));
    expect(proactive.filter((message) => message.content === text)).toHaveLength(1);
    expect(proactive).toHaveLength(h.log.events.filter((event) => event.type === 'sent').length);
    const pending = await h.character.runtime.backend.pendingActions(h.turns[0]!.turn.sessionId);
    expect(pending.map((action) => action.id)).not.toContain(sent.action.id);
  });

  it('lets discord.js wait out a 429 and retries a 500 with backoff, delivering once', async () => {
    const h = await setup({
      rest: { retries: 0 },
      retry: { initialDelayMs: 5000, factor: 2, maxDelayMs: 60_000 },
    });
    await h.character.start();
    await befriend(h, ADA);
    // Armed after befriending; the absence takes hours of engine time, so no action is out yet.
    discord.failNext('POST /channels/:id/messages', { status: 429, retryAfter: 0.05 });
    discord.failNext('POST /channels/:id/messages', { status: 500 });

    await expectSentOnceAfterRetry(h, discord, time, ADA.id);
  });

  it('an opted-out person gets nothing while a friend who did not opt out is written to', async () => {
    const h = await setup();
    await h.character.start();
    for (let i = 0; i < 20; i++) {
      time.clock.advance(60_000);
      await h.dm(ADA, FRIENDLY);
      await h.dm(BOB, FRIENDLY);
    }
    discord.dispatchDirectMessage({ userId: ADA.id, username: ADA.username, content: '/limbic off' });
    const [answer] = await discord.waitForSent(1);
    expect(answer).toMatchObject({
      channel_id: discord.dmChannelOf(ADA.id),
      content: expect.stringMatching(/not write to you first/),
    });

    const sent = await h.log.waitFor((event) => event.type === 'sent');
    await h.character.runtime.delivery.idle();

    expect(sent).toMatchObject({ target: `dm:${BOB.id}` });
    expect(proactiveTo(discord.dmChannelOf(BOB.id)).length).toBeGreaterThanOrEqual(1);
    expect(proactiveTo(discord.dmChannelOf(ADA.id))).toEqual([]);
    expect(h.log.events.filter((event) => event.type === 'sent' && event.target === `dm:${ADA.id}`)).toEqual(
      [],
    );
  });
});
