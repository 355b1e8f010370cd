import { once } from 'node:events';
import { embeddedBackend, type LimbicTurn } from '@limbic/bot-kit';
import {
  createManualTime,
  createMemoryBindingStore,
  createSeededRandom,
  createSessionService,
  type ManualTime,
} from '@limbic/core';
import { attachLimbic } from '@limbic/discord';
import {
  type FakeDiscord,
  type FakeTelegram,
  startFakeDiscord,
  startFakeTelegram,
} from '@limbic/fake-platforms';
import { type LimbicFlavor, limbic } from '@limbic/telegram';
import { Client, Events, GatewayIntentBits, Partials } from 'discord.js';
import { Bot, type Context } from 'grammy';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * One person across platforms, end to end: a real grammY bot on the fake Telegram and a real discord.js client on
 * the fake Discord, one character on one embedded engine (a manual clock). The person links their Telegram and
 * Discord accounts with `/limbic link`; a turn on Discord then moves the relationship Telegram sees.
 */
const TELEGRAM_USER = 111;
const DISCORD_USER = { id: '200000000000000021', username: 'ada' };
const THANKS = 'Thank you so much, you really helped me today!';

let time: ManualTime;
let telegram: FakeTelegram;
let discord: FakeDiscord;
const cleanups: (() => Promise<void>)[] = [];

beforeEach(async () => {
  time = createManualTime(Date.UTC(2026, 10, 26, 9));
  telegram = await startFakeTelegram();
  discord = await startFakeDiscord({ now: () => time.clock.now() });
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await telegram.close();
  await discord.close();
});

async function twoBotsOneCharacter() {
  const service = createSessionService({ clock: time.clock, random: createSeededRandom(26) });
  const engine = {
    backend: embeddedBackend({ service, timers: time.timers }),
    bindings: createMemoryBindingStore(),
  };
  const shared = {
    engine,
    persona: { preset: 'cheerful_companion' as const },
    clock: time.clock,
    timers: time.timers,
  };

  type TelegramContext = Context & LimbicFlavor;
  const bot = new Bot<TelegramContext>(telegram.token, {
    client: { apiRoot: telegram.apiRoot },
    botInfo: telegram.botInfo,
  });
  const onTelegram = limbic<TelegramContext>({ api: bot.api, registerCommands: false, ...shared });
  bot.use(onTelegram);
  const telegramTurns: LimbicTurn[] = [];
  bot.on('message:text', (ctx) => {
    telegramTurns.push(ctx.limbic!);
  });
  cleanups.push(() => onTelegram.close());

  const client = new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.DirectMessages, GatewayIntentBits.MessageContent],
    partials: [Partials.Channel],
    rest: { api: discord.url },
    waitGuildTimeout: 500,
  });
  cleanups.push(() => client.destroy());
  const onDiscord = attachLimbic(client, { registerCommand: false, ...shared });
  cleanups.push(() => onDiscord.close());
  const ready = once(client, Events.ClientReady);
  await client.login(discord.token);
  await ready;
  await onTelegram.start();
  await onDiscord.start();

  /** A private Telegram message from the person; resolves with what the bot sent back, if anything. */
  async function onTelegramSay(text: string): Promise<string | undefined> {
    time.clock.advance(60_000);
    const before = telegram.sent.length;
    await bot.handleUpdate(
      telegram.sendText({
        chatId: TELEGRAM_USER,
        userId: TELEGRAM_USER,
        text,
        firstName: 'Ada',
        date: Math.floor(time.clock.now() / 1000),
      }),
    );
    return telegram.sent[before]?.text;
  }

  /** A Discord DM from the person; resolves with the turn, or with the bot's answer to a command. */
  async function onDiscordSay(text: string): Promise<LimbicTurn | string> {
    time.clock.advance(60_000);
    const sentBefore = discord.sent.length;
    const message = discord.dispatchDirectMessage({
      userId: DISCORD_USER.id,
      username: DISCORD_USER.username,
      content: text,
    });
    if (text.startsWith('/')) return (await discord.waitForSent(sentBefore + 1))[sentBefore]!.content;
    const received = await new Promise<LimbicTurn>((resolve) => {
      const off = onDiscord.onTurn((turn, incoming) => {
        if (incoming.id !== message.id) return;
        off();
        resolve(turn);
      });
    });
    return received;
  }

  return { onTelegramSay, onDiscordSay, telegramTurns, service };
}

/** The trust and familiarity `/limbic status` reports, in percent. */
function relationshipIn(status: string | undefined): { trust: number; familiarity: number } {
  const match = /trust (\d+)%, familiarity (\d+)%/.exec(status ?? '');
  if (!match) throw new Error(`no relationship in ${JSON.stringify(status)}`);
  return { trust: Number(match[1]), familiarity: Number(match[2]) };
}

describe('one person on Telegram and Discord', () => {
  it('after /limbic link, a turn on Discord moves the relationship Telegram sees', async () => {
    const bots = await twoBotsOneCharacter();
    for (let i = 0; i < 3; i++) await bots.onTelegramSay(THANKS);
    const onTelegram = bots.telegramTurns[0]!.sessionId;

    // Before linking, Discord is a conversation of its own: Telegram's relationship does not move.
    const separate = (await bots.onDiscordSay(THANKS)) as LimbicTurn;
    expect(separate.sessionId).not.toBe(onTelegram);
    const before = relationshipIn(await bots.onTelegramSay('/limbic status'));

    const codeAnswer = await bots.onTelegramSay('/limbic link');
    const code = /Your code: ([A-Z0-9]+)\./.exec(codeAnswer ?? '')?.[1];
    expect(code, codeAnswer).toBeDefined();
    expect(await bots.onDiscordSay(`/limbic link ${code}`)).toBe(
      'Linked: I know you as one person on discord and telegram.',
    );
    expect(relationshipIn(await bots.onTelegramSay('/limbic status'))).toEqual(before);

    // Five friendly turns on Discord, in the Telegram conversation's session.
    for (let i = 0; i < 5; i++) {
      const turn = (await bots.onDiscordSay(THANKS)) as LimbicTurn;
      expect(turn.sessionId).toBe(onTelegram);
    }
    const status = await bots.onTelegramSay('/limbic status');
    expect(status).toMatch(/Linked with you on discord\./);
    const after = relationshipIn(status);
    expect(after.familiarity).toBeGreaterThan(before.familiarity);
    expect(after.trust).toBeGreaterThan(before.trust);
    // The next Telegram turn continues from there: 3 + 5 + 1 turns in one session.
    await bots.onTelegramSay('and hello from here again');
    const last = bots.telegramTurns.at(-1)!;
    expect(last.sessionId).toBe(onTelegram);
    expect((await bots.service.getState('local', onTelegram)).turns).toBe(9);

    // Unlinked, Discord goes back to the conversation it had before.
    expect(await bots.onDiscordSay('/limbic unlink')).toMatch(/on its own again/);
    expect(((await bots.onDiscordSay('hi')) as LimbicTurn).sessionId).toBe(separate.sessionId);
  });
});
