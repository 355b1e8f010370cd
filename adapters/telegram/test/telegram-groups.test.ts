import { embeddedBackend, type LimbicTurn } from '@limbic/bot-kit';
import { createMemoryBindingStore, createSeededRandom, createSessionService } from '@limbic/core';
import type { FakeTelegram, TelegramSentMessage, TelegramTextInput } from '@limbic/fake-platforms';
import { describe, expect, it } from 'vitest';
import type { TelegramLimbicOptions } from '../src/index.js';
import { createHarness, type Harness, useFakeTelegram } from './harness.js';

/**
 * A supergroup with three people and the bot, on the real grammY `Bot` against the fake Telegram (real HTTP on
 * 127.0.0.1), with the engine embedded on the bot's manual clock. The harness's text handler answers every message it
 * is given (`(<emotion>) got it`), so what the plugin lets through is exactly what the bot says.
 */
const day = 86_400_000;
const GROUP = -1_001_234_567;
const INSULT = 'You are a worthless idiot and I hate you.';
const THANKS = 'Thank you so much, you really helped me today!';

const inGroup = { chatId: GROUP, chatType: 'supergroup', chatTitle: 'Bus stop' } as const;
const ALICE = { ...inGroup, userId: 11, firstName: 'Alice' } as const;
const BOB = { ...inGroup, userId: 12, firstName: 'Bob', lastName: 'Stone' } as const;
const CAROL = { ...inGroup, userId: 13, firstName: 'Carol', username: 'carol_c' } as const;
/** Another bot in the group, which answers everything our bot says there (with a mention of our bot). */
const CHATTY = {
  ...inGroup,
  userId: 9001,
  firstName: 'Chatty',
  username: 'chatty_other_bot',
  isBot: true,
} as const;

let telegram: FakeTelegram;
// Bots' messages are delivered (Telegram withholds them): the plugin must cope with them by itself.
const cleanups = useFakeTelegram(
  (started) => {
    telegram = started;
  },
  { deliverBotMessages: true },
);

interface GroupHarness extends Harness {
  /** Every turn the kit decided on (the `shouldReply` hook sees each group turn, answered or not). */
  turns: LimbicTurn[];
  service: ReturnType<typeof createSessionService>;
  /** `@limbic_test_bot`. */
  handle: string;
  /** What the bot sent to the group. */
  groupMessages(): TelegramSentMessage[];
}

function setup(options: Partial<TelegramLimbicOptions> = {}): GroupHarness {
  const turns: LimbicTurn[] = [];
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
    {
      persona: { preset: 'cheerful_companion', identity: { name: 'Mika' } },
      shouldReply: (turn) => {
        turns.push(turn);
        return undefined;
      },
      ...options,
    },
  );
  cleanups.push(() => h.character.close());
  return {
    ...h,
    turns,
    service,
    handle: `@${telegram.botInfo.username}`,
    groupMessages: () => telegram.sent.filter((m) => Number(m.chat_id) === GROUP),
  };
}

/** Sends a message a minute after the previous one. */
async function say(h: Harness, input: TelegramTextInput) {
  h.time.clock.advance(60_000);
  return h.send(input);
}

async function trustOf(h: GroupHarness, sessionId: string) {
  const { participants } = await h.character.runtime.backend.listParticipants(sessionId, { limit: 100 });
  return Object.fromEntries(participants.map((p) => [p.name, p.interpersonal.trust]));
}

/** Runs grammY's long polling on the fake until the test ends. */
async function poll(h: Harness): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const done = h.bot.start({ onStart: () => resolve() }).catch(reject);
    cleanups.push(async () => {
      if (h.bot.isRunning()) await h.bot.stop();
      await done;
    });
  });
}

describe('@limbic/telegram in a supergroup', () => {
  it('is one character for the chat, with a relationship per person; /limbic status differs per person', async () => {
    const h = setup();
    await say(h, { ...BOB, text: `${h.handle} ${INSULT}` });
    await say(h, { ...ALICE, text: `${h.handle} ${THANKS}` });
    await say(h, { ...CAROL, text: `${h.handle} hello, I am new here` });

    // One session for the chat; each sender is a participant with their display name.
    expect(h.turns).toHaveLength(3);
    const sessionId = h.turns[0]!.sessionId;
    expect(h.turns.map((t) => t.sessionId)).toEqual([sessionId, sessionId, sessionId]);
    expect(h.turns.map((t) => t.group)).toEqual([true, true, true]);
    expect(h.turns.map((t) => t.participant)).toEqual([
      { id: 'telegram:12', name: 'Bob Stone' },
      { id: 'telegram:11', name: 'Alice' },
      { id: 'telegram:13', name: 'Carol' },
    ]);
    // A mention of the bot aims the message at the character, and it answers each one.
    expect(h.turns.map((t) => t.result.to)).toEqual(['character', 'character', 'character']);
    expect(h.groupMessages()).toHaveLength(3);

    const trust = await trustOf(h, sessionId);
    expect(trust['Bob Stone']).toBeLessThan(0.5);
    expect(trust.Alice).toBeGreaterThan(0.5);

    const aliceAsks = await say(h, { ...ALICE, text: '/limbic status' });
    const bobAsks = await say(h, { ...BOB, text: `/limbic@${telegram.botInfo.username} status` });
    const [toAlice, toBob] = h.groupMessages().slice(-2);
    // Each answer quotes the command it answers, and speaks of the one who asked.
    expect(toAlice).toMatchObject({ reply_parameters: { message_id: aliceAsks.message_id } });
    expect(toBob).toMatchObject({ reply_parameters: { message_id: bobAsks.message_id } });
    expect(toAlice!.text).toMatch(/^In this chat: on; writing first: off; I know 3 people here\./);
    const trustIn = (text: string) => Number(/trust (\d+)%/.exec(text)![1]);
    expect(trustIn(toAlice!.text)).toBe(Math.round(trust.Alice! * 100));
    expect(trustIn(toBob!.text)).toBe(Math.round(trust['Bob Stone']! * 100));
    expect(trustIn(toBob!.text)).toBeLessThan(trustIn(toAlice!.text));
    // Commands are not turns.
    expect(h.turns).toHaveLength(3);
  });

  it('stays out of chatter between people; answers a mention once and a reply to its message once', async () => {
    const h = setup();
    await say(h, { ...ALICE, text: `${h.handle} good morning!` });
    await say(h, { ...BOB, text: `${h.handle} morning to you too` });
    const before = h.groupMessages().length;
    expect(before).toBe(2);

    const question = await say(h, { ...ALICE, text: 'did you see the bus was late again this morning' });
    await say(h, { ...BOB, text: 'yeah I waited twenty minutes', replyToMessageId: question.message_id });
    await say(h, { ...BOB, text: 'the bus company really should fix their schedule' });
    const chatter = h.turns.slice(-3);
    expect(chatter.map((t) => t.result.to)).toEqual([
      'everyone',
      { id: 'telegram:11', name: 'Alice' },
      'everyone',
    ]);
    for (const turn of chatter) expect(turn.reply.should, JSON.stringify(turn.reply)).toBe(false);
    expect(h.groupMessages()).toHaveLength(before);

    await say(h, { ...BOB, text: `what do you think about trains, ${h.handle}?` });
    expect(h.groupMessages()).toHaveLength(before + 1);
    expect(h.turns.at(-1)!.reply).toMatchObject({ should: true, reason: 'addressed' });

    const botSaid = h.groupMessages().at(-1)!;
    await say(h, { ...ALICE, text: 'haha, that is a good point', replyToMessageId: botSaid.message_id });
    expect(h.turns.at(-1)!.result.to).toBe('character');
    expect(h.groupMessages()).toHaveLength(before + 2);
  });

  it('aims a text_mention at that person, and does not take a forum topic for a reply to its creator', async () => {
    const h = setup();
    await say(h, { ...ALICE, text: `${h.handle} hi` });
    await say(h, { ...BOB, text: `${h.handle} hi` });
    await say(h, { ...CAROL, text: 'hi all' });
    const date = () => Math.floor(h.time.clock.now() / 1000);
    const chat = { id: GROUP, type: 'supergroup' as const, title: 'Bus stop' };
    const alice = { id: 11, is_bot: false, first_name: 'Alice' };
    const carol = { id: 13, is_bot: false, first_name: 'Carol' };

    // Alice picks Carol from the member list and calls her by a nickname: a text_mention over "Caz".
    h.time.clock.advance(60_000);
    const text = 'can you bring the tickets tomorrow Caz?';
    await h.bot.handleUpdate(
      telegram.pushUpdate({
        message: {
          message_id: 900,
          date: date(),
          chat,
          from: alice,
          text,
          entities: [{ type: 'text_mention', offset: text.indexOf('Caz'), length: 3, user: carol }],
        },
      }) as never,
    );
    expect(h.turns.at(-1)!.result.to).toEqual({ id: 'telegram:13', name: 'Carol' });
    expect(h.turns.at(-1)!.reply.should).toBe(false);

    // In a forum topic Carol opened, every message carries the topic's creation message as reply_to_message.
    h.time.clock.advance(60_000);
    const topicStart = {
      message_id: 500,
      date: date(),
      chat,
      from: carol,
      message_thread_id: 500,
      forum_topic_created: { name: 'Trips', icon_color: 7322096 },
    };
    await h.bot.handleUpdate(
      telegram.pushUpdate({
        message: {
          message_id: 901,
          date: date(),
          chat,
          from: alice,
          text: 'the weather is nice for a trip',
          message_thread_id: 500,
          is_topic_message: true,
          reply_to_message: topicStart,
        },
      }) as never,
    );
    expect(h.turns.at(-1)!.result.to).toBe('everyone');
  });

  it('ignores another bot by default: it answers the person once, and the bots never loop', async () => {
    const h = setup();
    const chatty = scriptOtherBot(h);
    await poll(h);
    telegram.sendText({ ...ALICE, text: `${h.handle} say hi to Chatty!` });
    await settled(chatty);
    // Our bot answered Alice; Chatty answered that with a mention of our bot, which was ignored: no turn, no reply.
    expect(h.groupMessages()).toHaveLength(1);
    expect(chatty.answered).toBe(1);
    expect(h.turns.map((t) => t.participant?.id)).toEqual(['telegram:11']);
  });

  it('with bots.listen, answers another bot at most maxExchanges times in a row, then the exchange ends', async () => {
    const h = setup({ bots: { listen: true, maxExchanges: 2 } });
    const chatty = scriptOtherBot(h);
    await poll(h);
    telegram.sendText({ ...ALICE, text: `${h.handle} say hi to Chatty!` });
    await settled(chatty);
    // Alice's message, then two of Chatty's: three answers; Chatty's third message goes unanswered.
    expect(h.groupMessages()).toHaveLength(3);
    expect(chatty.answered).toBe(3);
    expect(h.turns.map((t) => t.participant?.id)).toEqual([
      'telegram:11',
      'telegram:9001',
      'telegram:9001',
      'telegram:9001',
    ]);
    // A person writing again ends the run: the character answers them.
    telegram.sendText({ ...CAROL, text: `${h.handle} what was that about?` });
    await settled(chatty);
    expect(h.groupMessages().length).toBeGreaterThan(3);
  });

  it('with replies: "all" the handlers see every message, answered or not, and decide', async () => {
    const h = setup({ replies: 'all' });
    await say(h, { ...ALICE, text: `${h.handle} hi` });
    await say(h, { ...BOB, text: `${h.handle} hi` });
    await say(h, { ...BOB, text: 'Alice, are you coming tonight?' });
    await say(h, { ...CHATTY, text: `${h.handle} beep` });
    expect(h.seen.map((turn) => turn?.reply.should)).toEqual([true, true, false, undefined]);
  });

  it('writes first to the group only after an admin opted in, once, addressed to the person it is closest to', async () => {
    const h = setup();
    await h.character.start();
    for (let i = 0; i < 30; i++) {
      await say(h, { ...ALICE, text: `${h.handle} ${THANKS}` });
      await say(h, { ...BOB, text: 'whatever' });
    }
    const sessionId = h.turns[0]!.sessionId;
    const replies = h.groupMessages().length;
    // Days of silence: proactive messages are off in groups until an admin turns them on.
    await h.time.advance(6 * day);
    await h.character.runtime.delivery.idle();
    expect(h.groupMessages()).toHaveLength(replies);
    expect(h.log.events.filter((event) => event.type === 'sent')).toEqual([]);

    await say(h, { ...CAROL, text: '/limbic proactive on' });
    expect(h.groupMessages().at(-1)!.text).toBe('Only an admin of this chat can change that.');
    expect((await h.character.runtime.backend.getSession(sessionId)).preferences.enabled).toBe(false);
    telegram.setChatMember(GROUP, CAROL.userId, 'administrator');
    await say(h, { ...CAROL, text: '/limbic proactive on' });
    expect(h.groupMessages().at(-1)!.text).toMatch(/^Okay: I may write to this chat first/);

    for (let i = 0; i < 30; i++) {
      await say(h, { ...ALICE, text: `${h.handle} ${THANKS}` });
      await say(h, { ...BOB, text: 'whatever' });
    }
    // The need built up over the silent days may already have been written during the chat; what counts here is
    // the next check's message.
    const from = h.log.events.length;
    const before = h.groupMessages().length;
    await h.time.advance((await h.service.nextCheckAt())! - h.time.clock.now());
    const sent = await h.log.waitFor((event) => event.type === 'sent', from);
    await h.character.runtime.delivery.idle();
    expect(sent).toMatchObject({ target: String(GROUP) });
    const proactive = h.groupMessages().slice(before);
    expect(proactive).toHaveLength(1);
    const [message] = proactive;
    expect(message!.text.startsWith('Alice, ')).toBe(true);
    expect(message!.entities).toEqual([
      { type: 'text_mention', offset: 0, length: 5, user: { id: 11, is_bot: false, first_name: 'Alice' } },
    ]);
    expect(sent.action.participant).toEqual({ id: 'telegram:11', name: 'Alice' });
    expect(await h.character.runtime.backend.pendingActions(sessionId)).toEqual([]);
    // Nothing more for that action, however long the bot keeps running.
    await h.time.advance(day);
    await h.character.runtime.delivery.idle();
    const sends = h.log.events.filter((event) => event.type === 'sent' && event.action.id === sent.action.id);
    expect(sends).toHaveLength(1);
    // Later checks may write again, each a new action with its own message: one group message per action sent.
    const later = h.log.events.slice(from).filter((event) => event.type === 'sent');
    expect(new Set(later.map((event) => event.type === 'sent' && event.action.id)).size).toBe(later.length);
    expect(h.groupMessages().length - before).toBe(later.length);
  });

  it('falls silent in a chat whose admins said /limbic off (only admins may), and speaks again after /limbic on', async () => {
    const h = setup();
    await say(h, { ...ALICE, text: `${h.handle} hi` });
    await say(h, { ...BOB, text: '/limbic off' });
    expect(h.groupMessages().at(-1)!.text).toBe('Only an admin of this chat can change that.');
    telegram.setChatMember(GROUP, BOB.userId, 'creator');
    await say(h, { ...BOB, text: '/limbic off' });
    expect(h.groupMessages().at(-1)!.text).toMatch(/^Okay: I will stay out of this chat/);
    const silenced = h.groupMessages().length;
    await say(h, { ...ALICE, text: `${h.handle} are you there?` });
    expect(h.groupMessages()).toHaveLength(silenced);
    expect(h.seen).toHaveLength(1);
    await say(h, { ...BOB, text: '/limbic on' });
    await say(h, { ...ALICE, text: `${h.handle} are you there now?` });
    expect(h.groupMessages()).toHaveLength(silenced + 2);
  });

  it('takes an anonymous admin (a message sent as the group) for an admin, and for a person rather than a bot', async () => {
    const h = setup();
    // Telegram's placeholder sender of anonymous admins' messages; the real sender is the group itself.
    const anonymous = { id: 1_087_968_824, is_bot: true, first_name: 'Group', username: 'GroupAnonymousBot' };
    const chat = { id: GROUP, type: 'supergroup' as const, title: 'Bus stop' };
    const asGroup = (messageId: number, text: string) =>
      h.bot.handleUpdate(
        telegram.pushUpdate({
          message: {
            message_id: messageId,
            date: Math.floor(h.time.clock.now() / 1000),
            chat,
            from: anonymous,
            sender_chat: chat,
            text,
            ...(text.startsWith('/')
              ? { entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }] }
              : {}),
          },
        }) as never,
      );
    await asGroup(800, '/limbic proactive on');
    expect(h.groupMessages().at(-1)!.text).toMatch(/^Okay: I may write to this chat first/);
    h.time.clock.advance(60_000);
    await asGroup(801, `${h.handle} hello from the admins`);
    expect(h.turns.at(-1)!.participant).toEqual({ id: `telegram:${GROUP}`, name: 'Bus stop' });
    expect(h.groupMessages()).toHaveLength(2);
  });

  it('keeps private chats as they were: a session per person, every message answered', async () => {
    const h = setup();
    await say(h, { ...ALICE, text: `${h.handle} hi` });
    const privately = { chatId: 11, userId: 11, firstName: 'Alice' } as const;
    await say(h, { ...privately, text: 'did you see the bus was late again this morning' });
    await say(h, { ...privately, text: 'whatever' });
    const mine = telegram.sent.filter((m) => Number(m.chat_id) === 11);
    expect(mine).toHaveLength(2);
    expect(h.seen[1]).toMatchObject({ group: false, participant: null, reply: { should: true } });
    expect(h.seen[1]!.sessionId).not.toBe(h.seen[0]!.sessionId);
    expect(h.seen[2]!.sessionId).toBe(h.seen[1]!.sessionId);
  });

  it('/limbic forget erases what the character holds about the one who asks, and nobody else', async () => {
    const h = setup();
    await say(h, { ...ALICE, text: `${h.handle} My dog Rex died. I miss our walks in the park.` });
    await say(h, { ...BOB, text: `${h.handle} I got the job I wanted so badly, I am so happy!` });
    const sessionId = h.turns[0]!.sessionId;
    const backend = h.character.runtime.backend;
    const texts = async () => (await backend.listMemories(sessionId)).memories.map((m) => m.text);
    expect(await texts()).toHaveLength(2);
    await say(h, { ...ALICE, text: '/limbic forget' });
    expect(h.groupMessages().at(-1)!.text).toBe(
      'Done: I forgot you in this chat: how I felt about you, and 1 memory that involved you.',
    );
    expect(await texts()).toEqual([`${h.handle} I got the job I wanted so badly, I am so happy!`]);
    expect(Object.keys(await trustOf(h, sessionId))).toEqual(['Bob Stone']);
    // Not a turn: the command never reached the engine as a message.
    expect(h.turns).toHaveLength(2);
    await say(h, { ...CAROL, text: '/limbic forget' });
    expect(h.groupMessages().at(-1)!.text).toMatch(/^I did not know you in this chat/);
  });
});

describe('/limbic in the command menu', () => {
  it('is registered for private chats, groups and their admins at start(), keeping the bot’s other commands', async () => {
    const h = setup();
    await h.bot.api.setMyCommands([{ command: 'start', description: 'Say hello' }]);
    await h.bot.api.setMyCommands([{ command: 'help', description: 'What I can do' }], {
      scope: { type: 'all_private_chats' },
    });
    await h.character.start();
    const names = (type: 'default' | 'all_private_chats' | 'all_group_chats' | 'all_chat_administrators') =>
      telegram.commandsFor({ type }).map((c) => c.command);
    expect(names('default')).toEqual(['start']);
    // Private chats had a list of their own: /limbic joins it.
    expect(names('all_private_chats')).toEqual(['help', 'limbic']);
    // Groups and admins saw the default list: theirs start from it, so /start stays in their menus.
    expect(names('all_group_chats')).toEqual(['start', 'limbic']);
    expect(names('all_chat_administrators')).toEqual(['start', 'limbic']);
    const limbicIn = (type: 'all_private_chats' | 'all_group_chats' | 'all_chat_administrators') =>
      telegram.commandsFor({ type }).find((c) => c.command === 'limbic')!.description;
    expect(limbicIn('all_private_chats')).toMatch(/on \| off \| status \| link \| unlink/);
    expect(limbicIn('all_group_chats')).toMatch(/^status/);
    expect(limbicIn('all_chat_administrators')).toMatch(/on \| off \| proactive on\|off \| status/);

    // Another process (or a restart) with new descriptions replaces the entry instead of adding one.
    const writes = telegram.calls.filter((c) => c.method === 'setMyCommands').length;
    const again = setup({ commandDescriptions: { groupChats: 'status: how I am' } });
    await again.character.start();
    expect(names('all_group_chats')).toEqual(['start', 'limbic']);
    expect(limbicIn('all_group_chats')).toBe('status: how I am');
    expect(telegram.calls.filter((c) => c.method === 'setMyCommands').length).toBe(writes + 1);
    // Plain text keeps working next to the menu.
    await say(h, { ...ALICE, text: '/limbic' });
    expect(h.groupMessages().at(-1)!.text).toMatch(/^\/limbic status/);
  });

  it('is not registered with registerCommands: false; a failure to register is reported and start() goes on', async () => {
    const quiet = setup({ registerCommands: false });
    await quiet.character.start();
    expect(telegram.calls.filter((c) => c.method.endsWith('MyCommands'))).toEqual([]);

    const errors: [unknown, unknown][] = [];
    const failing = setup({ onError: (error, ctx) => errors.push([error, ctx]) });
    telegram.failNext('getMyCommands', { status: 500 });
    await failing.character.start();
    expect(errors).toEqual([[expect.objectContaining({ error_code: 500 }), undefined]]);
    expect(telegram.commandsFor({ type: 'all_private_chats' })).toEqual([]);
    // The character works without the menu, and the next start() tries again.
    await failing.say(77, 'hello');
    expect(telegram.sent.at(-1)!.text).toMatch(/got it$/);
    await failing.character.start();
    expect(telegram.commandsFor({ type: 'all_private_chats' }).map((c) => c.command)).toEqual(['limbic']);
  });
});

/**
 * The other bot: it answers every message our bot sends in the group, replying to it with a mention of our bot (so
 * the character is addressed). It gives up after 20 answers, so a loop fails the test instead of hanging it.
 */
function scriptOtherBot(h: GroupHarness) {
  const seen = new Set<number>();
  const state = { answered: 0 };
  const stop = telegram.onChange(() => {
    for (const message of h.groupMessages()) {
      if (seen.has(message.message_id) || state.answered >= 20) continue;
      seen.add(message.message_id);
      state.answered++;
      telegram.sendText({
        ...CHATTY,
        text: `${h.handle} beep boop, you said: ${message.text}`,
        replyToMessageId: message.message_id,
      });
    }
  });
  cleanups.push(async () => stop());
  return state;
}

/**
 * Resolves once the exchange is over: grammY polled past every update (so each was handled, and what the handlers
 * sent is in `sent`) and the other bot answered everything our bot said.
 */
async function settled(chatty: { answered: number }): Promise<void> {
  await telegram.waitFor(() => {
    const last = telegram.updates.at(-1)?.update_id ?? 0;
    const polledPast = telegram.calls.some(
      (c) => c.method === 'getUpdates' && typeof c.params.offset === 'number' && c.params.offset > last,
    );
    const groupSent = telegram.sent.filter((m) => Number(m.chat_id) === GROUP).length;
    return polledPast && chatty.answered >= Math.min(groupSent, 20);
  });
}
