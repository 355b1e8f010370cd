import { embeddedBackend } from '@limbic/bot-kit';
import { createMemoryBindingStore, createSeededRandom, createSessionService } from '@limbic/core';
import type { FakeTelegram, TelegramTextInput } from '@limbic/fake-platforms';
import { describe, expect, it } from 'vitest';
import { createHarness, type Harness, useFakeTelegram } from './harness.js';

/**
 * A person's outreach policy through `/limbic mute|unmute|quiet`, on the real grammY `Bot` against the fake Telegram
 * (real HTTP on 127.0.0.1), with the engine embedded on the bot's manual clock.
 */
const day = 86_400_000;
const GROUP = -1_001_234_568;
const THANKS = 'Thank you so much, you really helped me today!';
const inGroup = { chatId: GROUP, chatType: 'supergroup', chatTitle: 'Bus stop' } as const;
const ALICE = { ...inGroup, userId: 11, firstName: 'Alice' } as const;
const BOB = { ...inGroup, userId: 12, firstName: 'Bob' } as const;
const CAROL = { ...inGroup, userId: 13, firstName: 'Carol' } as const;
const PRIVATE = { chatId: 21, userId: 21, firstName: 'Dana' } as const;

let telegram: FakeTelegram;
const cleanups = useFakeTelegram((started) => {
  telegram = started;
});

function setup() {
  let service!: ReturnType<typeof createSessionService>;
  const h = createHarness(
    telegram,
    (time) => {
      service = createSessionService({ clock: time.clock, random: createSeededRandom(15) });
      return {
        backend: embeddedBackend({ service, timers: time.timers }),
        bindings: createMemoryBindingStore(),
      };
    },
    { persona: { preset: 'cheerful_companion', identity: { name: 'Mika' } } },
  );
  cleanups.push(() => h.character.close());
  const lastTo = (chatId: number) => telegram.sent.filter((m) => Number(m.chat_id) === chatId).at(-1)?.text;
  return { ...h, service, lastTo, handle: `@${telegram.botInfo.username}` };
}

async function say(h: Harness, input: TelegramTextInput) {
  h.time.clock.advance(60_000);
  return h.send(input);
}

describe('/limbic mute, unmute and quiet in a group', () => {
  it('writes first to Bob, never to Alice who muted it, though she is the one it is closest to', async () => {
    const h = setup();
    await h.character.start();
    for (let i = 0; i < 20; i++) {
      await say(h, { ...ALICE, text: `${h.handle} ${THANKS}` });
      if (i % 2 === 0) await say(h, { ...BOB, text: `${h.handle} ${THANKS}` });
    }
    const sessionId = h.seen[0]?.sessionId;
    expect(sessionId).toBeDefined();
    await say(h, { ...ALICE, text: '/limbic mute' });
    expect(h.lastTo(GROUP)).toBe(
      'Okay: I will never write first to you. Send /limbic unmute to allow it again.',
    );
    telegram.setChatMember(GROUP, CAROL.userId, 'administrator');
    await say(h, { ...CAROL, text: '/limbic proactive on' });

    const from = h.log.events.length;
    await h.time.advance((await h.service.nextCheckAt())! - h.time.clock.now());
    const sent = await h.log.waitFor((event) => event.type === 'sent', from);
    await h.character.runtime.delivery.idle();
    expect(sent.action.participant).toEqual({ id: 'telegram:12', name: 'Bob' });
    expect(h.lastTo(GROUP)!.startsWith('Bob, ')).toBe(true);
    // Days more: whatever is raised, none of it is for Alice.
    await h.time.advance(3 * day);
    await h.character.runtime.delivery.idle();
    const sentTo = h.log.events.flatMap((e) => (e.type === 'sent' ? [e.action.participant?.id] : []));
    expect(sentTo.length).toBeGreaterThan(0);
    expect(sentTo).not.toContain('telegram:11');

    await say(h, { ...ALICE, text: '/limbic unmute' });
    expect(h.lastTo(GROUP)).toMatch(/^Okay: I may write first to you again/);
    const { participants } = await h.character.runtime.backend.listParticipants(sessionId!);
    expect(participants.find((p) => p.id === 'telegram:11')?.policy?.muted ?? false).toBe(false);
  });

  it('keeps a person’s own quiet hours and zone in the group, and refuses what it cannot read', async () => {
    const h = setup();
    await say(h, { ...ALICE, text: `${h.handle} hi` });
    await say(h, { ...ALICE, text: '/limbic quiet 22:00-08:00 Asia/Tokyo' });
    expect(h.lastTo(GROUP)).toBe(
      'Okay: I will not write first to you between 22:00 and 08:00 (Asia/Tokyo). /limbic quiet off lifts it.',
    );
    await say(h, { ...ALICE, text: '/limbic quiet 7-9 Mars/Base' });
    expect(h.lastTo(GROUP)).toMatch(/^I could not read "7-9"/);
    await say(h, { ...ALICE, text: '/limbic mute' });
    const sessionId = h.seen[0]!.sessionId;
    const { participants } = await h.character.runtime.backend.listParticipants(sessionId);
    expect(participants.find((p) => p.id === 'telegram:11')?.policy).toEqual({
      time_zone: 'Asia/Tokyo',
      quiet_hours: { start: '22:00', end: '08:00' },
      muted: true,
    });
    await say(h, { ...ALICE, text: '/limbic quiet off' });
    expect(h.lastTo(GROUP)).toBe('Okay: no quiet hours of your own any more.');
  });
});

describe('/limbic mute, unmute and quiet in a private chat', () => {
  it('sets the session’s quiet hours and zone, and mute and unmute keep them', async () => {
    const h = setup();
    await say(h, { ...PRIVATE, text: 'hello there' });
    const sessionId = h.seen[0]!.sessionId;
    const prefs = async () => (await h.character.runtime.backend.getSession(sessionId)).preferences;
    await say(h, { ...PRIVATE, text: '/limbic quiet 23:30-7:15 Europe/Madrid' });
    expect(h.lastTo(PRIVATE.chatId)).toBe(
      'Okay: I will not write first between 23:30 and 07:15 (Europe/Madrid). /limbic quiet off lifts it.',
    );
    expect(await prefs()).toMatchObject({
      enabled: true,
      time_zone: 'Europe/Madrid',
      quiet_hours: { start: '23:30', end: '07:15' },
    });
    await say(h, { ...PRIVATE, text: '/limbic mute' });
    expect(await prefs()).toMatchObject({ enabled: false, quiet_hours: { start: '23:30', end: '07:15' } });
    await say(h, { ...PRIVATE, text: '/limbic unmute' });
    expect(await prefs()).toMatchObject({ enabled: true, time_zone: 'Europe/Madrid' });
    await say(h, { ...PRIVATE, text: '/limbic quiet off' });
    expect(await prefs()).toMatchObject({ quiet_hours: null, time_zone: 'Europe/Madrid' });
    await say(h, { ...PRIVATE, text: '/limbic' });
    expect(h.lastTo(PRIVATE.chatId)).toContain('/limbic quiet 22:00-08:00 Europe/Madrid');
  });
});
