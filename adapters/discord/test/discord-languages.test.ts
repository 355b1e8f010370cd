import { localizedCommandTexts } from '@limbic/bot-kit';
import type { ManualTime } from '@limbic/core';
import type { FakeDiscord } from '@limbic/fake-platforms';
import { describe, expect, it } from 'vitest';
import { defaultSlashCommandTexts, localizedSlashCommandAnswers } from '../src/index.js';
import {
  createHarness,
  embeddedEngine,
  GENERAL,
  RANDOM,
  type SetupOptions,
  testGuild,
  useFakeDiscord,
} from './harness.js';

/**
 * The `/limbic` slash command of a character who speaks Japanese or Spanish, with the real discord.js client against
 * the fake Discord: the kit's answers and the adapter's own are in the persona's language.
 */
const ALICE = { id: '200000000000000011', username: 'Alice' };
const BOB = { id: '200000000000000012', username: 'Bob' };

let time: ManualTime;
let discord: FakeDiscord;
const cleanups = useFakeDiscord(
  (startedTime, started) => {
    time = startedTime;
    discord = started;
  },
  { guilds: [testGuild('Den', { admins: [ALICE.id] })] },
);

async function setup(language: string, options: SetupOptions = {}) {
  const h = await createHarness(discord, time, embeddedEngine(time), cleanups, {
    channels: [GENERAL],
    persona: { preset: 'cheerful_companion', identity: { language } },
    ...options,
  });
  await h.character.start();
  return h;
}

/** The ephemeral answer to `/limbic <sub>` from `user`, in a DM or in a channel. */
async function answer(
  input: { channelId?: string; direct?: boolean; user: typeof ALICE },
  sub: string,
  options: { name: string; value: string }[] = [],
): Promise<string | undefined> {
  const interaction = discord.dispatchCommand({
    ...input,
    name: 'limbic',
    options: [
      {
        name: sub,
        type: 1,
        ...(options.length > 0 ? { options: options.map((o) => ({ ...o, type: 3 })) } : {}),
      },
    ] as never[],
  });
  const response = await discord.waitForInteractionResponse(interaction.id);
  expect(response).toMatchObject({ flags: 64 });
  return response.content;
}

describe('the /limbic slash command in the character’s language', () => {
  it('answers in Japanese: in a DM, in a channel, and where it does not listen', async () => {
    await setup('ja');
    const ja = localizedCommandTexts.ja;
    expect(await answer({ direct: true, user: BOB }, 'off')).toBe(ja.off);
    expect(
      await answer({ direct: true, user: BOB }, 'quiet', [
        { name: 'hours', value: '23:00-07:00 Asia/Tokyo' },
      ]),
    ).toBe(ja.quietSet({ start: '23:00', end: '07:00' }, 'Asia/Tokyo', false));
    expect(await answer({ channelId: GENERAL, user: BOB }, 'off')).toBe(ja.adminOnly);
    expect(await answer({ channelId: GENERAL, user: ALICE }, 'off')).toBe(ja.groupOff);
    expect(await answer({ channelId: GENERAL, user: BOB }, 'link')).toBe(ja.linkPrivateOnly);
    expect(await answer({ channelId: RANDOM, user: BOB }, 'status')).toBe(
      localizedSlashCommandAnswers.ja.notListening,
    );
  });

  it('answers in Spanish, and keeps an answer the bot replaced', async () => {
    await setup('es-MX', { commandTexts: { notListening: 'Not here.' } });
    expect(await answer({ direct: true, user: BOB }, 'unlink')).toBe(localizedCommandTexts.es.notLinked);
    expect(await answer({ channelId: RANDOM, user: BOB }, 'status')).toBe('Not here.');
  });

  it('registers the menu in English (command menus are not localized)', async () => {
    await setup('ja');
    const limbic = discord.registeredCommands().find((command) => command.name === 'limbic');
    expect(limbic?.description).toBe(defaultSlashCommandTexts.description);
  });
});
