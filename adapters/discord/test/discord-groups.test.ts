import { embeddedBackend, type LimbicTurn } from '@limbic/bot-kit';
import {
  createMemoryBindingStore,
  createSeededRandom,
  createSessionService,
  type ManualTime,
} from '@limbic/core';
import type { DiscordSentMessage, FakeDiscord } from '@limbic/fake-platforms';
import { describe, expect, it } from 'vitest';
import {
  createHarness,
  embeddedEngine,
  GENERAL,
  GUILD,
  type Harness,
  RANDOM,
  type SetupOptions,
  testGuild,
  useFakeDiscord,
} from './harness.js';

/**
 * Guild channels and threads with the real discord.js client against the fake Discord, on the embedded engine with a
 * manual clock: one character per channel, a relationship per person, the reply rule, other bots, proactive
 * messages in a channel and the `/limbic` slash command.
 */
const hour = 3_600_000;
const day = 24 * hour;
const ALICE = { id: '200000000000000011', username: 'Alice' };
const BOB = { id: '200000000000000012', username: 'Bob' };
const CAROL = { id: '200000000000000013', username: 'Carol' };
const OTHER_BOT = { id: '200000000000000019', username: 'Echo', bot: true };
const OWNER = '200000000000000010';
const THREAD = '300000000000000004';
const INSULT = 'You are a worthless idiot and I hate you.';
const THANKS = 'Thank you so much, you really helped me today!';

let time: ManualTime;
let discord: FakeDiscord;
const cleanups = useFakeDiscord(
  (startedTime, started) => {
    time = startedTime;
    discord = started;
  },
  {
    guilds: [
      testGuild('Den', {
        threads: [{ id: THREAD, name: 'plans', parentId: GENERAL }],
        ownerId: OWNER,
        admins: [ALICE.id],
      }),
    ],
  },
);

function setup(options: SetupOptions = {}): Promise<Harness> {
  return createHarness(discord, time, embeddedEngine(time), cleanups, { channels: [GENERAL], ...options });
}

/** The bot answers every message it should answer with a reply naming the reason. */
function replyWhenAdvised(h: Harness): void {
  h.character.onTurn((turn, message) =>
    message.reply(`(${turn.reply.reason}) hi ${message.author.username}`),
  );
}

const mention = () => `<@${discord.botUser.id}>`;
const repliesTo = (messageId: string) =>
  discord.sent.filter(
    (message) => (message.message_reference as { message_id?: string } | undefined)?.message_id === messageId,
  );
const waitForReply = async (messageId: string): Promise<DiscordSentMessage> => {
  await discord.waitFor(() => repliesTo(messageId).length > 0);
  return repliesTo(messageId)[0]!;
};

/** A message in a channel a minute after the previous one (by the manual clock), and its turn. */
async function say(
  h: Harness,
  author: { id: string; username: string; bot?: boolean },
  content: string,
  extra: { channelId?: string; replyTo?: string; replyMention?: boolean } = {},
): Promise<{ id: string; turn: LimbicTurn }> {
  time.clock.advance(60_000);
  const { id } = discord.dispatchMessage({ channelId: GENERAL, author, content, ...extra });
  return { id, turn: await h.turnOf(id) };
}

/**
 * The options of an interaction with a sub-command (`/limbic proactive state:on`): the fake's option type has no
 * nested options, so they are cast; the fake passes them on as given.
 */
function subcommand(name: string, options: { name: string; value: string }[] = []): never[] {
  return [
    { name, type: 1, ...(options.length > 0 ? { options: options.map((o) => ({ ...o, type: 3 })) } : {}) },
  ] as never[];
}

async function participants(h: Harness, sessionId: string) {
  const page = await h.character.runtime.backend.listParticipants(sessionId, { limit: 100 });
  return new Map(page.participants.map((p) => [p.id, p]));
}

describe('@limbic/discord in guild channels: one character, many people', () => {
  it('keeps one session per channel with a relationship per person', async () => {
    const h = await setup();
    replyWhenAdvised(h);

    const bob = await say(h, BOB, `${mention()} ${INSULT}`);
    const alice = await say(h, ALICE, `${mention()} ${THANKS}`);
    const carol = await say(h, CAROL, `hey ${mention()}, how are you?`);

    expect(new Set([bob.turn, alice.turn, carol.turn].map((turn) => turn.sessionId)).size).toBe(1);
    expect([bob.turn, alice.turn, carol.turn].map((turn) => turn.group)).toEqual([true, true, true]);
    expect(alice.turn.participant).toMatchObject({ id: `discord:${ALICE.id}`, name: 'Alice' });
    expect(alice.turn.result.to).toBe('character');
    const people = await participants(h, alice.turn.sessionId);
    expect([...people.keys()].sort()).toEqual([ALICE.id, BOB.id, CAROL.id].map((id) => `discord:${id}`));
    const trust = (user: { id: string }) => people.get(`discord:${user.id}`)!.interpersonal.trust;
    expect(trust(BOB)).toBeLessThan(0.5);
    expect(trust(ALICE)).toBeGreaterThan(0.5);
    // The session is the channel's and this character's.
    const binding = await h.character.runtime.bindings.get(`discord:${GENERAL}@${discord.botUser.id}`);
    expect(binding).toMatchObject({ sessionId: alice.turn.sessionId, target: `channel:${GENERAL}` });
    // Each mention got exactly one reply.
    for (const { id } of [bob, alice, carol]) await waitForReply(id);
    expect(discord.sent).toHaveLength(3);
    expect(discord.sent.map((message) => message.content)).toEqual([
      '(addressed) hi Bob',
      '(addressed) hi Alice',
      '(addressed) hi Carol',
    ]);
  });

  it('stays out of chatter between people, answers a mention and a reply to itself once; a thread is its own session', async () => {
    const h = await setup();
    replyWhenAdvised(h);
    const hello = await say(h, ALICE, `${mention()} hi!`);
    await waitForReply(hello.id);
    const bus = await say(h, BOB, 'did you see the bus was late again this morning');
    const waited = await say(h, ALICE, 'yeah I waited twenty minutes', { replyTo: bus.id });
    const train = await say(h, BOB, 'I think I will take the train tomorrow');
    const toBob = await say(h, CAROL, `<@${BOB.id}> trains are always late too`);

    expect(waited.turn.result.to).toEqual({ id: `discord:${BOB.id}`, name: 'Bob' });
    expect(toBob.turn.result.to).toEqual({ id: `discord:${BOB.id}`, name: 'Bob' });
    expect(train.turn.result.to).toBe('everyone');
    for (const { turn } of [bus, waited, train, toBob]) {
      expect(turn.reply.should, JSON.stringify(turn.reply)).toBe(false);
    }
    expect(waited.turn.reply.reason).toBe('addressed_to_other');

    const asked = await say(h, BOB, `${mention()} what do you think about trains?`);
    const answer = await waitForReply(asked.id);
    expect(asked.turn.reply).toMatchObject({ should: true, reason: 'addressed' });
    // A reply to the character's message, without pinging it, addresses it too.
    const followUp = await say(h, BOB, 'and buses?', { replyTo: answer.id, replyMention: false });
    await waitForReply(followUp.id);
    expect(followUp.turn.result.to).toBe('character');

    const inThread = await say(h, CAROL, `${mention()} planning the trip here`, { channelId: THREAD });
    const threadReply = await waitForReply(inThread.id);
    expect(threadReply.channel_id).toBe(THREAD);
    expect(inThread.turn.sessionId).not.toBe(hello.turn.sessionId);
    expect(inThread.turn.isNewSession).toBe(true);
    expect([...(await participants(h, inThread.turn.sessionId)).keys()]).toEqual([`discord:${CAROL.id}`]);

    // A message nobody should answer, as a barrier: every reply so far has been sent.
    await say(h, CAROL, 'ok');
    expect(
      discord.sent.map((message) => (message.message_reference as { message_id: string }).message_id),
    ).toEqual([hello.id, asked.id, followUp.id, inThread.id]);
  });

  it('finds whom a reply answers when Discord sent no replied user: from the cache, else by fetching it', async () => {
    const h = await setup();
    const bus = await say(h, BOB, 'did you see the bus was late again this morning');
    const reply = discord.dispatchMessage({
      channelId: GENERAL,
      author: ALICE,
      content: 'yeah I waited twenty minutes',
      replyTo: bus.id,
      replyMention: false,
    });
    const received = await h.receivedOf(reply.id);
    await h.turnOf(reply.id);
    received.mentions.repliedUser = null;
    const cached = await h.character.process(received);
    expect(cached?.result.to).toEqual({ id: `discord:${BOB.id}`, name: 'Bob' });
    received.channel.messages.cache.delete(bus.id);
    const fetches = () => discord.calls.filter((call) => call.route === '/channels/:id/messages/:message');
    expect(fetches()).toHaveLength(0);
    const fetched = await h.character.process(received);
    expect(fetched?.result.to).toEqual({ id: `discord:${BOB.id}`, name: 'Bob' });
    expect(fetches()).toHaveLength(1);
  });

  describe('another bot in the channel', () => {
    /** A bot that answers every message of ours in #general with a mention of us, up to `limit` times. */
    function scriptOtherBot(limit = 10): string[] {
      const answered: string[] = [];
      const seen = new Set<string>();
      const stop = discord.onChange(() => {
        for (const message of discord.sent) {
          if (message.channel_id !== GENERAL || seen.has(message.id)) continue;
          seen.add(message.id);
          if (answered.length >= limit) continue;
          setImmediate(() => {
            const beep = discord.dispatchMessage({
              channelId: GENERAL,
              author: OTHER_BOT,
              content: `${mention()} beep ${answered.length + 1}`,
              replyTo: message.id,
            });
            answered.push(beep.id);
          });
        }
      });
      cleanups.push(async () => stop());
      return answered;
    }

    it('is ignored by default: a person’s mention gets one reply and the other bot’s answer none', async () => {
      const h = await setup();
      replyWhenAdvised(h);
      const beeps = scriptOtherBot();
      const asked = await say(h, ALICE, `${mention()} say hi to Echo`);
      await waitForReply(asked.id);
      await discord.waitFor(() => beeps.length === 1);
      const beep = await h.receivedOf(beeps[0]!);
      expect(beep.author.bot).toBe(true);
      expect(await h.character.process(beep)).toBeNull();
      await say(h, CAROL, 'ok');
      expect(beeps).toHaveLength(1);
      expect(discord.sent).toHaveLength(1);
      expect(h.turns.map((entry) => entry.message.author.id)).toEqual([ALICE.id, CAROL.id]);
    });

    it('with bots.listen answers at most maxExchanges of its messages in a row, then the exchange ends', async () => {
      const h = await setup({ bots: { listen: true, maxExchanges: 2 } });
      replyWhenAdvised(h);
      const beeps = scriptOtherBot();
      const asked = await say(h, ALICE, `${mention()} say hi to Echo`);
      await waitForReply(asked.id);

      const stopped = await h.turnWhere((turn) => turn.reply.reason === 'bot_limit');
      expect(stopped.reply.should).toBe(false);
      await say(h, CAROL, 'ok');
      // Alice's mention and two of Echo's three messages got an answer; Echo had nothing left to answer.
      expect(beeps).toHaveLength(3);
      expect(beeps.map((id) => repliesTo(id).length)).toEqual([1, 1, 0]);
      expect(discord.sent).toHaveLength(3);
      const echoTurns = h.turns.filter((entry) => entry.message.author.id === OTHER_BOT.id);
      expect(echoTurns.map((entry) => entry.turn.reply.reason)).toEqual([
        'addressed',
        'addressed',
        'bot_limit',
      ]);
      expect(echoTurns[0]!.turn.participant).toMatchObject({ id: `discord:${OTHER_BOT.id}`, name: 'Echo' });

      // A person speaking ends the run: Echo may be answered again.
      const again = await say(h, ALICE, `${mention()} once more`);
      await waitForReply(again.id);
      await discord.waitFor(() => beeps.length === 4);
      await h.turnOf(beeps[3]!);
      await waitForReply(beeps[3]!);
    });
  });

  it('writes first in a channel only after an admin opted in, to the person it is closest to, once', async () => {
    const h = await setup();
    await h.character.start();
    const { sessionId } = (await say(h, ALICE, `${mention()} ${THANKS}`)).turn;
    for (let i = 0; i < 30; i++) {
      await say(h, ALICE, `${mention()} ${THANKS}`);
      await say(h, BOB, 'whatever');
    }
    await say(h, CAROL, 'hello all');

    // However long the silence, nothing is sent to the channel before the opt-in.
    await time.advance(5 * day);
    await h.character.runtime.delivery.idle();
    expect(discord.sent).toEqual([]);
    expect(h.log.events.filter((event) => event.type === 'sent')).toEqual([]);

    // A person who is not an admin cannot turn it on, as a slash command or as text.
    const refused = discord.dispatchCommand({
      channelId: GENERAL,
      user: BOB,
      name: 'limbic',
      options: subcommand('proactive', [{ name: 'state', value: 'on' }]),
    });
    expect(await discord.waitForInteractionResponse(refused.id)).toMatchObject({
      kind: 'callback',
      type: 4,
      flags: 64,
      content: 'Only an admin of this chat can change that.',
    });
    const refusedText = discord.dispatchMessage({
      channelId: GENERAL,
      author: BOB,
      content: '/limbic proactive on',
    });
    expect((await waitForReply(refusedText.id)).content).toBe('Only an admin of this chat can change that.');
    expect((await h.character.runtime.backend.getSession(sessionId)).preferences.enabled).toBe(false);

    // Alice is an admin.
    const allowed = discord.dispatchCommand({
      channelId: GENERAL,
      user: ALICE,
      name: 'limbic',
      options: subcommand('proactive', [{ name: 'state', value: 'on' }]),
    });
    expect(await discord.waitForInteractionResponse(allowed.id)).toMatchObject({
      flags: 64,
      content: expect.stringMatching(
        /^Okay: I may write to this chat first now and then \(at most once every 24 h\)/,
      ),
    });
    expect((await h.character.runtime.backend.getSession(sessionId)).preferences.enabled).toBe(true);
    // The text form works for her too (here, in the thread).
    const inThread = discord.dispatchMessage({
      channelId: THREAD,
      author: ALICE,
      content: '/limbic proactive on',
    });
    expect((await waitForReply(inThread.id)).content).toMatch(/^Okay: I may write to this chat first/);
    const commandAnswers = discord.sent.length;

    // A few more friendly words, then a long absence.
    for (let i = 0; i < 5; i++) await say(h, ALICE, `${mention()} ${THANKS}`);
    for (let waited = 0; waited < 5 * day; waited += hour) {
      await time.advance(hour);
      await h.character.runtime.delivery.idle();
      if (discord.sent.length > commandAnswers) break;
    }
    const sentEvents = h.log.events.filter((event) => event.type === 'sent');
    expect(sentEvents).toHaveLength(1);
    const [proactive] = discord.sent.slice(commandAnswers);
    expect(discord.sent.slice(commandAnswers)).toHaveLength(1);
    const event = sentEvents[0]!;
    expect(event).toMatchObject({ target: `channel:${GENERAL}` });
    expect(event.action.participant).toEqual({ id: `discord:${ALICE.id}`, name: 'Alice' });
    expect(proactive).toMatchObject({
      channel_id: GENERAL,
      content: `<@${ALICE.id}> ${event.type === 'sent' ? event.text : ''}`,
      allowed_mentions: { users: [ALICE.id] },
    });
    expect(proactive!.message_reference).toBeUndefined();

    // Nothing more for that action: acknowledged, and not sent again while the cooldown lasts.
    expect(
      (await h.character.runtime.backend.pendingActions(sessionId)).map((action) => action.id),
    ).not.toContain(event.action.id);
    await time.advance(12 * hour);
    await h.character.runtime.delivery.idle();
    expect(discord.sent.slice(commandAnswers)).toHaveLength(1);
  });

  describe('the /limbic slash command', () => {
    const limbicOf = (commands: readonly Record<string, unknown>[]) =>
      commands.find((command) => command.name === 'limbic') as
        | { options: { name: string; type: number; options?: Record<string, unknown>[] }[] }
        | undefined;

    it('is registered with its sub-commands and options next to the bot’s other commands', async () => {
      const h = await setup();
      await h.client.application.commands.create({ name: 'mood', description: 'How is the bot?' });
      await h.character.start();

      const global = discord.registeredCommands();
      expect(global.map((command) => command.name).sort()).toEqual(['limbic', 'mood']);
      const limbic = limbicOf(global)!;
      expect(limbic).toMatchObject({ type: 1, description: expect.any(String) });
      expect(limbic.options.map((option) => [option.name, option.type])).toEqual([
        ['on', 1],
        ['off', 1],
        ['status', 1],
        ['proactive', 1],
        ['mute', 1],
        ['unmute', 1],
        ['quiet', 1],
        ['link', 1],
        ['unlink', 1],
        ['forget', 1],
      ]);
      const optionsOf = (name: string) =>
        limbic.options.find((option) => option.name === name)!.options ?? [];
      expect(optionsOf('proactive')).toEqual([
        expect.objectContaining({
          name: 'state',
          type: 3,
          required: true,
          choices: [
            { name: 'on', value: 'on' },
            { name: 'off', value: 'off' },
          ],
        }),
      ]);
      expect(optionsOf('link')).toEqual([
        expect.objectContaining({ name: 'code', type: 3, required: false }),
      ]);
      for (const option of limbic.options)
        expect(String((option as { description?: string }).description).length).toBeGreaterThan(0);

      // Starting again (or a restart of the bot) leaves an unchanged command alone.
      const posts = () =>
        discord.calls.filter((call) => call.method === 'POST' && call.route.includes('/commands'));
      const before = posts().length;
      await h.character.start();
      const again = await setup();
      await again.character.start();
      expect(posts().length).toBe(before);
      expect(
        discord
          .registeredCommands()
          .map((command) => command.name)
          .sort(),
      ).toEqual(['limbic', 'mood']);
    });

    it('sets a person’s own quiet hours and opt-out in a channel, as a slash command and as text', async () => {
      const h = await setup();
      await h.character.start();
      const hello = await say(h, ALICE, `${mention()} hi`);
      const sessionId = hello.turn.sessionId;
      const quiet = discord.dispatchCommand({
        channelId: GENERAL,
        user: BOB,
        name: 'limbic',
        options: subcommand('quiet', [{ name: 'hours', value: '21:30-07:00 America/Bogota' }]),
      });
      expect(await discord.waitForInteractionResponse(quiet.id)).toMatchObject({
        flags: 64,
        content:
          'Okay: I will not write first to you between 21:30 and 07:00 (America/Bogota). /limbic quiet off lifts it.',
      });
      const muted = discord.dispatchMessage({ channelId: GENERAL, author: BOB, content: '/limbic mute' });
      expect((await waitForReply(muted.id)).content).toMatch(/^Okay: I will never write first to you/);
      expect((await participants(h, sessionId)).get(`discord:${BOB.id}`)?.policy).toEqual({
        time_zone: 'America/Bogota',
        quiet_hours: { start: '21:30', end: '07:00' },
        muted: true,
      });
      expect((await participants(h, sessionId)).get(`discord:${ALICE.id}`)?.policy).toBeUndefined();
    });

    it('registers once the client is ready when started before login, per guild with commandGuilds', async () => {
      const h = await setup({ startBeforeLogin: true, commandGuilds: [GUILD] });
      await discord.waitFor(() => limbicOf(discord.registeredCommands(GUILD)) !== undefined);
      expect(discord.registeredCommands()).toEqual([]);
      const status = discord.dispatchCommand({
        channelId: GENERAL,
        user: CAROL,
        name: 'limbic',
        options: subcommand('status'),
      });
      expect(await discord.waitForInteractionResponse(status.id)).toMatchObject({ flags: 64 });
      expect(h.client.isReady()).toBe(true);
    });

    it('reports a failed registration through onError without breaking start', async () => {
      const errors: unknown[] = [];
      discord.failNext('POST /applications/:app/commands', { status: 400 });
      const h = await setup({ onError: (error) => errors.push(error) });
      await h.character.start();
      expect(errors).toHaveLength(1);
      expect(String(errors[0])).toMatch(/400|Bad Request|error/i);
      const turn = await h.dm(ALICE, 'hello');
      expect(turn.reply.should).toBe(true);
    });

    it('defers an answer that takes over 2 s (by the injected timers) and edits it in when ready', async () => {
      const service = createSessionService({ clock: time.clock, random: createSeededRandom(9) });
      const backend = embeddedBackend({ service, timers: time.timers });
      // The engine answers the command's read only when the test lets it.
      let reached!: () => void;
      const reading = new Promise<void>((resolve) => {
        reached = resolve;
      });
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const getSession = backend.getSession.bind(backend);
      backend.getSession = async (sessionId) => {
        reached();
        await gate;
        return getSession(sessionId);
      };
      const h = await createHarness(
        discord,
        time,
        { backend, bindings: createMemoryBindingStore() },
        cleanups,
        { channels: [GENERAL] },
      );
      await h.character.start();
      const interaction = discord.dispatchCommand({
        channelId: GENERAL,
        user: CAROL,
        name: 'limbic',
        options: subcommand('status'),
      });
      await reading;
      expect(discord.interactionResponses).toEqual([]);
      await time.advance(2000);
      const deferred = await discord.waitForInteractionResponse(interaction.id);
      expect(deferred).toMatchObject({ kind: 'callback', type: 5, flags: 64 });
      release();
      await discord.waitFor(() => discord.interactionResponses.some((r) => r.kind === 'edit'));
      const edit = discord.interactionResponses.find((r) => r.kind === 'edit')!;
      expect(edit.content).toMatch(/^In this chat: on;/);
    });

    it('answers ephemerally: status in a channel, a link code in a DM, and where it does not listen', async () => {
      const h = await setup();
      await h.character.start();
      await say(h, CAROL, `${mention()} ${THANKS}`);
      const command = (input: { channelId?: string; direct?: boolean; user: typeof ALICE }, sub: string) =>
        discord.dispatchCommand({ ...input, name: 'limbic', options: subcommand(sub) });

      const status = await discord.waitForInteractionResponse(
        command({ channelId: GENERAL, user: CAROL }, 'status').id,
      );
      expect(status).toMatchObject({ kind: 'callback', type: 4, flags: 64 });
      expect(status.content).toMatch(
        /^In this chat: on; writing first: off; I know 1 person here\..*With you: rapport/,
      );

      const code = await discord.waitForInteractionResponse(
        command({ direct: true, user: CAROL }, 'link').id,
      );
      expect(code).toMatchObject({ flags: 64, content: expect.stringMatching(/^Your code: \w+\./) });
      const inChannel = await discord.waitForInteractionResponse(
        command({ channelId: GENERAL, user: CAROL }, 'link').id,
      );
      expect(inChannel).toMatchObject({
        flags: 64,
        content: expect.stringMatching(/^Link codes are personal/),
      });
      const dmStatus = await discord.waitForInteractionResponse(
        command({ direct: true, user: CAROL }, 'status').id,
      );
      expect(dmStatus).toMatchObject({ flags: 64, content: expect.stringMatching(/^Writing first: on\./) });

      // A thread under #general is a conversation of its own, where nobody has talked yet.
      const inThread = await discord.waitForInteractionResponse(
        command({ channelId: THREAD, user: CAROL }, 'status').id,
      );
      expect(inThread).toMatchObject({ flags: 64, content: expect.stringMatching(/I know 0 people here\./) });

      const elsewhere = await discord.waitForInteractionResponse(
        command({ channelId: RANDOM, user: CAROL }, 'status').id,
      );
      expect(elsewhere).toMatchObject({ flags: 64, content: 'I do not take part in this channel.' });
      // Nothing of this was posted in a channel, and no command became a turn.
      expect(discord.sent).toEqual([]);
      expect(h.turns).toHaveLength(1);
      // The DM conversation the slash command created is the one DMs use.
      const dm = await h.dm(CAROL, 'hi');
      expect(dm.isNewSession).toBe(false);
    });

    it('forget erases what the character holds about the one asking, in a channel and in a DM', async () => {
      const h = await setup();
      const rex = await say(h, ALICE, `${mention()} My dog Rex died. I miss our walks in the park.`);
      await say(h, BOB, `${mention()} I got the job I wanted so badly, I am so happy!`);
      const { sessionId } = rex.turn;
      const backend = h.character.runtime.backend;
      const remembered = async (id: string) => (await backend.listMemories(id)).memories.length;
      expect(await remembered(sessionId)).toBe(2);
      const forget = (input: { channelId?: string; direct?: boolean; user: typeof ALICE }) =>
        discord.dispatchCommand({ ...input, name: 'limbic', options: subcommand('forget') });

      const inChannel = await discord.waitForInteractionResponse(
        forget({ channelId: GENERAL, user: ALICE }).id,
      );
      expect(inChannel).toMatchObject({
        kind: 'callback',
        flags: 64,
        content: 'Done: I forgot you in this chat: how I felt about you, and 1 memory that involved you.',
      });
      expect((await backend.listMemories(sessionId)).memories.map((m) => m.speaker?.id)).toEqual([
        `discord:${BOB.id}`,
      ]);
      expect([...(await participants(h, sessionId)).keys()]).toEqual([`discord:${BOB.id}`]);

      // In a DM, every memory of the DM goes; the text form works too.
      time.clock.advance(60_000);
      const dm = await h.dm(ALICE, 'My sister lied to me again and I am furious.');
      expect(await remembered(dm.sessionId)).toBe(1);
      const inDm = await discord.waitForInteractionResponse(forget({ direct: true, user: ALICE }).id);
      expect(inDm).toMatchObject({ flags: 64, content: 'Done: I forgot 1 memory of our conversations.' });
      expect(await remembered(dm.sessionId)).toBe(0);
      const asText = discord.dispatchDirectMessage({
        userId: ALICE.id,
        username: ALICE.username,
        content: '/limbic forget',
      });
      await discord.waitFor(() => discord.sent.some((m) => m.content?.startsWith('I held no memories')));
      expect(asText.id).toEqual(expect.any(String));
      // The channel's other memories stayed, and no command became a turn.
      expect(await remembered(sessionId)).toBe(1);
      expect(h.turns).toHaveLength(3);
    });
  });

  it('answers every DM, without a mention, in a session of its own', async () => {
    const h = await setup();
    replyWhenAdvised(h);
    const inChannel = await say(h, ALICE, `${mention()} hi`);
    const first = await h.dm(ALICE, 'hello there');
    const second = await h.dm(ALICE, 'nice weather today');
    expect([first.reply, second.reply].map((reply) => reply.should)).toEqual([true, true]);
    expect([first.group, first.participant]).toEqual([false, null]);
    expect(first.sessionId).not.toBe(inChannel.turn.sessionId);
    expect(second.sessionId).toBe(first.sessionId);
    await discord.waitForSent(3);
    expect(
      discord.sent.filter((message) => message.channel_id === discord.dmChannelOf(ALICE.id)),
    ).toHaveLength(2);
  });
});
