import { once } from 'node:events';
import type { LimbicTurn } from '@limbic/bot-kit';
import { deliveryLog } from '@limbic/bot-kit/testing';
import type { ManualTime } from '@limbic/core';
import type { FakeDiscord } from '@limbic/fake-platforms';
import { Client, Events, GatewayIntentBits, type Message, Partials, type RESTOptions } from 'discord.js';
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
