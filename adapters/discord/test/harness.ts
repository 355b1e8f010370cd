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
import {
  type FakeDiscord,
  type FakeDiscordGuild,
  type FakeDiscordOptions,
  startFakeDiscord,
} from '@limbic/fake-platforms';
import {
  Client,
  Events,
  GatewayIntentBits,
  HTTPError,
  type Message,
  Partials,
  type RESTOptions,
} from 'discord.js';
import { afterEach, beforeEach, expect } from 'vitest';
import { attachLimbic, type DiscordLimbicOptions, type LimbicDiscord } from '../src/index.js';

/** Options of {@link createHarness}: the integration's options, plus discord.js REST options (e.g. `retries: 0`). */
export interface SetupOptions extends Partial<DiscordLimbicOptions> {
  rest?: Partial<RESTOptions>;
  /** Call `character.start()` before the client logs in (it registers the slash command once the client is ready). */
  startBeforeLogin?: boolean;
}

/** A real discord.js client logged in to the fake Discord, with Limbic attached and what it did. */
export interface Harness {
  client: Client<true>;
  character: LimbicDiscord;
  log: ReturnType<typeof deliveryLog>;
  turns: { turn: LimbicTurn; message: Message }[];
  /** Every message the client received, whether Limbic took it or not. */
  received: Message[];
  /** Resolves with the turn of a dispatched message; rejects when Limbic reported an error instead. */
  turnOf(messageId: string): Promise<LimbicTurn>;
  /** Resolves with the first turn that satisfies `predicate`, once there is one. */
  turnWhere(predicate: (turn: LimbicTurn, message: Message) => boolean): Promise<LimbicTurn>;
  /** Resolves once the client received the message with this id. */
  receivedOf(messageId: string): Promise<Message>;
  /** Dispatches a DM from `user` at the fake's time (the manual clock) and waits for its turn. */
  dm(user: { id: string; username: string }, text: string): Promise<LimbicTurn>;
}

/** The ids of the test guild and its channels #general and #random. */
export const GUILD = '300000000000000001';
export const GENERAL = '300000000000000002';
export const RANDOM = '300000000000000003';

/** The test guild, `name`, with #general and #random, and what else `extra` gives it (threads, owner, admins). */
export function testGuild(name: string, extra: Partial<FakeDiscordGuild> = {}): FakeDiscordGuild {
  return {
    id: GUILD,
    name,
    channels: [
      { id: GENERAL, name: 'general' },
      { id: RANDOM, name: 'random' },
    ],
    ...extra,
  };
}

/**
 * Before each test: a manual clock for the bot and a fake Discord on it (with `options`), handed to `started`. After
 * each test: the cleanups the test registered, last first (see {@link createHarness}), then the fake closes. Resolves
 * the cleanups list.
 */
export function useFakeDiscord(
  started: (time: ManualTime, discord: FakeDiscord) => void,
  options: Omit<FakeDiscordOptions, 'now'> = {},
): (() => Promise<void>)[] {
  const cleanups: (() => Promise<void>)[] = [];
  let discord: FakeDiscord | undefined;
  beforeEach(async () => {
    const time = createManualTime(Date.UTC(2026, 10, 21, 9));
    discord = await startFakeDiscord({ ...options, now: () => time.clock.now() });
    started(time, discord);
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await discord?.close();
  });
  return cleanups;
}

/** An embedded engine on the bot's manual clock (seeded, so runs repeat), with its bindings in memory. */
export function embeddedEngine(time: ManualTime): DiscordLimbicOptions['engine'] {
  const service = createSessionService({ clock: time.clock, random: createSeededRandom(9) });
  return { backend: embeddedBackend({ service, timers: time.timers }), bindings: createMemoryBindingStore() };
}

/**
 * What both engine modes must show once a proactive DM to `userId` falls due with a 429 and a 500 armed on the
 * messages route (and the kit's retry starting at 5 s): discord.js waits out the 429 itself, the kit retries the 500
 * after 5 s on the manual clock, and the message goes out once, on the second attempt, nothing Discord accepted
 * repeated.
 */
export async function expectSentOnceAfterRetry(
  h: Harness,
  discord: FakeDiscord,
  time: ManualTime,
  userId: string,
): Promise<void> {
  const retrying = await h.log.waitFor((event) => event.type === 'retrying');
  expect(retrying).toMatchObject({ attempt: 1, delayMs: 5000, error: expect.any(HTTPError) });
  expect(discord.sent).toEqual([]);
  await time.advance(5000);
  const sent = await h.log.waitFor((event) => event.type === 'sent');
  await h.character.runtime.delivery.idle();

  expect(sent).toMatchObject({ attempts: 2, target: `dm:${userId}` });
  const text = sent.type === 'sent' ? sent.text : '';
  expect(discord.sent.filter((message) => message.content === text)).toHaveLength(1);
  expect(discord.sent).toHaveLength(h.log.events.filter((event) => event.type === 'sent').length);
  // The 429 and the 500 were each answered by one more request; nothing Discord accepted was repeated.
  const posts = discord.calls.filter(
    (call) => call.method === 'POST' && call.route === '/channels/:id/messages',
  );
  expect(posts.length - discord.sent.length).toBe(2);
}

/** The text of friendly messages. */
export const FRIENDLY = 'Thank you so much, you are wonderful and I love talking with you!';

/**
 * Logs a client in to `discord` with the intents and partials the integration documents, attaches Limbic with the
 * given engine and the manual time, and registers everything it opens in `cleanups` (closed in reverse order).
 */
export async function createHarness(
  discord: FakeDiscord,
  time: ManualTime,
  engine: DiscordLimbicOptions['engine'],
  cleanups: (() => Promise<void>)[],
  options: SetupOptions = {},
): Promise<Harness> {
  const { rest, startBeforeLogin = false, ...limbicOptions } = options;
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
    engine,
    persona: { preset: 'cheerful_companion' },
    clock: time.clock,
    timers: time.timers,
    onDelivery: log.record,
    onError: (error) => {
      errors.push(error);
      notify();
    },
    ...limbicOptions,
  });
  // Every processed message, whether the character should answer it or not.
  character.onTurn(
    (turn, message) => {
      turns.push({ turn, message });
      notify();
    },
    { all: true },
  );
  cleanups.push(() => character.close());

  if (startBeforeLogin) await character.start();
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
    turnWhere: (predicate) => until(() => turns.find((entry) => predicate(entry.turn, entry.message))?.turn),
    receivedOf: (id) => until(() => received.find((message) => message.id === id)),
    dm(user, text) {
      return turnOf(
        discord.dispatchDirectMessage({ userId: user.id, username: user.username, content: text }).id,
      );
    },
  };
}
