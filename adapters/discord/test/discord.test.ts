import { once } from 'node:events';
import { embeddedBackend, type LimbicTurn } from '@limbic/bot-kit';
import { deliveryLog } from '@limbic/bot-kit/testing';
import {
  createManualTime,
  createMemoryBindingStore,
  createSeededRandom,
  createSessionService,
  type ManualTime,
} from '@limbic/core';
import { type FakeDiscord, startFakeDiscord } from '@limbic/fake-platforms';
import {
  Client,
  Events,
  GatewayIntentBits,
  HTTPError,
  type Message,
  Partials,
  type RESTOptions,
} from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { attachLimbic, type DiscordLimbicOptions, type LimbicDiscord } from '../src/index.js';

const day = 86_400_000;
const ADA = { id: '200000000000000001', username: 'ada' };
const BOB = { id: '200000000000000002', username: 'bob' };
const GUILD = '300000000000000001';
const GENERAL = '300000000000000002';
const RANDOM = '300000000000000003';
const FRIENDLY = 'Thank you so much, you are wonderful and I love talking with you!';

let time: ManualTime;
let discord: FakeDiscord;
const cleanups: (() => Promise<void>)[] = [];

beforeEach(async () => {
  time = createManualTime(Date.UTC(2026, 10, 21, 9));
  discord = await startFakeDiscord({
    guilds: [
      {
        id: GUILD,
        name: 'Limbic Test Guild',
        channels: [
          { id: GENERAL, name: 'general' },
          { id: RANDOM, name: 'random' },
        ],
      },
    ],
    now: () => time.clock.now(),
  });
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await discord.close();
});

interface SetupOptions extends Partial<DiscordLimbicOptions> {
  rest?: Partial<RESTOptions>;
}

interface Harness {
  client: Client<true>;
  character: LimbicDiscord;
  log: ReturnType<typeof deliveryLog>;
  turns: { turn: LimbicTurn; message: Message }[];
  /** Every message the client received, whether Limbic took it or not. */
  received: Message[];
  /** Resolves with the turn of a dispatched message; rejects when Limbic reported an error instead. */
  turnOf(messageId: string): Promise<LimbicTurn>;
  /** Resolves once the client received the message with this id. */
  receivedOf(messageId: string): Promise<Message>;
  /** Dispatches a DM from Ada at the manual clock's time and waits for its turn. */
  dm(text: string): Promise<LimbicTurn>;
}

async function setup(options: SetupOptions = {}): Promise<Harness> {
  const { rest, ...limbicOptions } = options;
  const service = createSessionService({ clock: time.clock, random: createSeededRandom(9) });
  const log = deliveryLog();
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
  cleanups.push(() => client.destroy());
  const turns: Harness['turns'] = [];
  const received: Message[] = [];
  const errors: unknown[] = [];
  const waiters: (() => void)[] = [];
  const notify = () => {
    for (const waiter of waiters.splice(0)) waiter();
  };
  function until<T>(find: () => T | undefined): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = find();
        if (found !== undefined) return resolve(found);
        if (errors.length > 0) return reject(errors[0]);
        waiters.push(check);
      };
      check();
    });
  }
  client.on(Events.MessageCreate, (message) => {
    received.push(message);
    notify();
  });

  const character = attachLimbic(client, {
    engine: {
      backend: embeddedBackend({ service, timers: time.timers }),
      bindings: createMemoryBindingStore(),
    },
    persona: { preset: 'cheerful_companion' },
    channels: [GENERAL],
    clock: time.clock,
    timers: time.timers,
    onDelivery: log.record,
    onError: (error) => {
      errors.push(error);
      notify();
    },
    ...limbicOptions,
  });
  character.onTurn((turn, message) => {
    turns.push({ turn, message });
    notify();
  });
  let closed = false;
  const close = character.close.bind(character);
  character.close = async () => {
    if (closed) return;
    closed = true;
    await close();
  };
  cleanups.push(() => character.close());

  const ready = once(client, Events.ClientReady);
  await client.login(discord.token);
  await ready;
  if (!client.isReady()) throw new Error('the client is not ready');

  const turnOf = (id: string) => until(() => turns.find((entry) => entry.message.id === id)?.turn);
  return {
    client,
    character,
    log,
    turns,
    received,
    turnOf,
    receivedOf: (id) => until(() => received.find((message) => message.id === id)),
    dm(text) {
      const { id } = discord.dispatchDirectMessage({ ...dmFrom(ADA), content: text });
      return turnOf(id);
    },
  };
}

/** About 40 friendly messages a minute apart, by DM, with timestamps from the manual clock. */
async function befriend(h: Harness): Promise<void> {
  for (let i = 0; i < 40; i++) {
    time.clock.advance(60_000);
    await h.dm(FRIENDLY);
  }
}

const messagesRoute = () => discord.calls.filter((call) => call.route === '/channels/:id/messages');

describe('@limbic/discord (embedded, real discord.js against the fake Discord)', () => {
  it('turns a DM into a turn whose handler replies with message.reply', async () => {
    const h = await setup();
    h.character.onTurn((turn, message) =>
      message.reply(`(${turn.result.discrete_emotion}) ${turn.promptData.formatted.context_block.length}`),
    );

    const turn = await h.dm('You are the best, thank you for helping me!');
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
    expect(await h.character.runtime.bindings.get(`discord:${RANDOM}:${BOB.id}`)).toBeNull();
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

  it('sends proactive messages of guild conversations to their channel when proactive is on', async () => {
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
    const retrying = await h.log.waitFor((event) => event.type === 'retrying');
    expect(retrying).toMatchObject({ attempt: 1, delayMs: 5000, error: expect.any(HTTPError) });
    expect(discord.sent).toEqual([]);
    await time.advance(5000);
    const sent = await h.log.waitFor((event) => event.type === 'sent');
    await h.character.runtime.delivery.idle();

    expect(sent).toMatchObject({ attempts: 2, target: `dm:${ADA.id}` });
    const text = sent.type === 'sent' ? sent.text : '';
    expect(discord.sent.filter((message) => message.content === text)).toHaveLength(1);
    const sentEvents = h.log.events.filter((event) => event.type === 'sent');
    expect(discord.sent).toHaveLength(sentEvents.length);
    // The 429 and the 500 were each answered by one more request; nothing Discord accepted was repeated.
    expect(messagesRoute().length - discord.sent.length).toBe(2);
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
