import { afterEach, describe, expect, it } from 'vitest';
import {
  type Conversation,
  createLimbicRuntime,
  type DeliveryEvent,
  embeddedBackend,
  type LimbicRuntime,
  type LimbicRuntimeOptions,
} from '../src/index.js';
import { scriptedOutbound, sharedState } from './fixtures.js';

const minute = 60_000;
const day = 86_400_000;
const INSULT = 'You are a worthless idiot and I hate you.';
const THANKS = 'Thank you so much, you really helped me today!';

/** A group chat on the platform `chat`: the people write in chat `room`; `admin` may change its settings. */
function inRoom(platform: string, userId: string, userName: string, admin = false): Conversation {
  return {
    platform,
    chatId: 'room',
    private: false,
    target: 'room',
    userId,
    userName,
    botId: 'bot',
    isAdmin: () => Promise.resolve(admin),
  };
}

/** The private chat of a person on a platform. */
function direct(platform: string, userId: string): Conversation {
  return { platform, chatId: `dm-${userId}`, private: true, target: `dm-${userId}`, userId };
}

const runtimes: LimbicRuntime[] = [];
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.close();
});

/** A runtime for `platform` on the shared engine state (several platforms may share one). */
function setup(platform: string, shared = sharedState(), overrides: Partial<LimbicRuntimeOptions> = {}) {
  const outbound = scriptedOutbound();
  outbound.bind(shared.time);
  const events: DeliveryEvent[] = [];
  const runtime = createLimbicRuntime({
    backend: embeddedBackend({ service: shared.service, timers: shared.time.timers }),
    bindings: shared.bindings,
    platform,
    persona: { preset: 'cheerful_companion', identity: { name: 'Mika' } },
    outbound: outbound.outbound,
    clock: shared.time.clock,
    timers: shared.time.timers,
    onDelivery: (event) => events.push(event),
    ...overrides,
  });
  runtimes.push(runtime);
  const say = async (
    conversation: Conversation,
    text: string,
    to?: Parameters<LimbicRuntime['handleMessage']>[1]['to'],
  ) => {
    shared.time.clock.advance(minute);
    return runtime.handleMessage(conversation, { text, timestamp: shared.time.clock.now(), to });
  };
  return { ...shared, shared, runtime, outbound, events, say };
}

const alice = inRoom('chat', 'a1', 'Alice');
const bob = inRoom('chat', 'b2', 'Bob');
const carol = inRoom('chat', 'c3', 'Carol', true);

describe('runtime in a group: one session, a relationship per person', () => {
  it('maps a chat to one session; each sender is a participant with their own trust', async () => {
    const t = setup('chat');
    const insult = (await t.say(bob, INSULT, 'character'))!;
    const thanks = (await t.say(alice, THANKS, 'character'))!;
    expect(thanks.sessionId).toBe(insult.sessionId);
    expect(thanks.group).toBe(true);
    expect(thanks.participant).toEqual({ id: 'chat:a1', name: 'Alice' });
    expect(thanks.elapsedSeconds).toBe(60);
    expect(await t.bindings.get('chat:room@bot')).toMatchObject({
      sessionId: thanks.sessionId,
      target: 'room',
    });
    const { participants } = await t.runtime.backend.listParticipants(thanks.sessionId);
    const trust = Object.fromEntries(participants.map((p) => [p.name, p.interpersonal.trust]));
    expect(trust.Bob).toBeLessThan(0.5);
    expect(trust.Alice).toBeGreaterThan(0.5);
    // A private chat with Alice is another session.
    const privately = (await t.say(direct('chat', 'a1'), 'hi'))!;
    expect(privately.sessionId).not.toBe(thanks.sessionId);
    expect(privately.participant).toBeNull();
  });

  it('answers when addressed, stays out of chatter, and lets the operator hook decide', async () => {
    const decided: string[] = [];
    const t = setup('chat', sharedState(), {
      shouldReply: (turn) => {
        decided.push(turn.reply.reason);
        return turn.promptData.context.speaker?.name === 'Carol' ? true : undefined;
      },
    });
    const chatter = (await t.say(alice, 'did you see the bus was late again', {
      userId: 'b2',
      name: 'Bob',
    }))!;
    expect(chatter.reply).toMatchObject({ should: false, reason: 'addressed_to_other' });
    expect(chatter.result.to).toEqual({ id: 'chat:b2', name: 'Bob' });
    const room = (await t.say(bob, 'I think I will take the train tomorrow'))!;
    expect(room.reply.should).toBe(false);
    const mention = (await t.say(bob, 'what do you think?', 'character'))!;
    expect(mention.reply).toMatchObject({ should: true, reason: 'addressed' });
    const operator = (await t.say(carol, 'nice weather today'))!;
    expect(operator.reply).toMatchObject({ should: true, reason: 'operator' });
    expect(decided).toEqual(['addressed_to_other', 'not_addressed', 'addressed', 'not_addressed']);
    // A private chat always answers, whatever the hook.
    expect((await t.say(direct('chat', 'b2'), 'hm'))!.reply).toMatchObject({
      should: true,
      reason: 'direct',
    });
  });

  it('ignores other bots by default; when listening, answers at most maxExchanges of them in a row', async () => {
    const otherBot = { ...inRoom('chat', 'bot-9', 'Beep'), isBot: true };
    const ignoring = setup('chat');
    expect(await ignoring.say(otherBot, 'hello Mika!', 'character')).toBeNull();

    const listening = setup('chat', sharedState(), { bots: { listen: true, maxExchanges: 2 } });
    const answers: boolean[] = [];
    for (let i = 0; i < 5; i++)
      answers.push((await listening.say(otherBot, `Mika, ping ${i}`, 'character'))!.reply.should);
    expect(answers).toEqual([true, true, false, false, false]);
    const last = (await listening.say(otherBot, 'Mika, ping again', 'character'))!;
    expect(last.reply.reason).toBe('bot_limit');
    // A person writing ends the run: the character may answer a bot again.
    await listening.say(alice, 'hi Mika', 'character');
    expect((await listening.say(otherBot, 'Mika, ping', 'character'))!.reply.should).toBe(true);
  });
});

describe('runtime in a group: settings by admins', () => {
  it('lets admins silence the character in a chat and bring it back; others are refused', async () => {
    const t = setup('chat');
    await t.say(alice, 'hello Mika', 'character');
    expect(await t.runtime.handleCommand(alice, { action: 'off' })).toMatch(/Only an admin/);
    expect(await t.runtime.handleCommand(carol, { action: 'off' })).toMatch(/stay out of this chat/);
    expect(await t.say(alice, 'Mika, are you there?', 'character')).toBeNull();
    expect(await t.runtime.handleCommand(alice, { action: 'status' })).toMatch(/^In this chat: off;/);
    expect(await t.runtime.handleCommand(carol, { action: 'on' })).toMatch(/part of this chat again/);
    expect((await t.say(alice, 'Mika, are you there?', 'character'))!.reply.should).toBe(true);
  });

  it('reports how the character stands with whoever asks', async () => {
    const t = setup('chat');
    await t.say(bob, INSULT, 'character');
    await t.say(alice, THANKS, 'character');
    const forBob = await t.runtime.handleCommand(bob, { action: 'status' });
    const forAlice = await t.runtime.handleCommand(alice, { action: 'status' });
    expect(forBob).toMatch(/I know 2 people here/);
    const trustOf = (text: string) => Number(/trust (\d+)%/.exec(text)![1]);
    expect(trustOf(forBob)).toBeLessThan(50);
    expect(trustOf(forAlice)).toBeGreaterThan(50);
    expect(await t.runtime.handleCommand(carol, { action: 'status' })).toMatch(/We have not talked yet/);
    expect(await t.runtime.handleCommand(alice, { action: 'link', code: null })).toMatch(/private chat/);
  });

  it('writes to a group only after an admin opted in, once, addressed to the person it is closest to', async () => {
    const t = setup('chat');
    await t.runtime.start();
    let sessionId = '';
    for (let i = 0; i < 30; i++) {
      sessionId = (await t.say(alice, THANKS, 'character'))!.sessionId;
      await t.say(bob, 'whatever');
    }
    await t.time.advance(5 * day);
    await t.runtime.delivery.idle();
    expect(t.outbound.sent).toEqual([]);
    expect(await t.service.pendingActions('local', sessionId)).toEqual([]);

    expect(await t.runtime.handleCommand(bob, { action: 'proactive', enabled: true })).toMatch(
      /Only an admin/,
    );
    expect(await t.runtime.handleCommand(carol, { action: 'proactive', enabled: true })).toMatch(
      /at most once every 24 h/,
    );
    expect(await t.service.getPreferences('local', sessionId)).toMatchObject({
      enabled: true,
      cooldown_hours: 24,
    });
    for (let i = 0; i < 30; i++) {
      await t.say(alice, THANKS, 'character');
      await t.say(bob, 'whatever');
    }
    await t.time.advance(5 * day);
    await t.runtime.delivery.idle();
    // Each action raised went out once, addressed to Alice, at most one a day (the group's cooldown).
    const sent = t.events.filter((e) => e.type === 'sent');
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(t.outbound.sent).toHaveLength(sent.length);
    expect(new Set(sent.map((e) => e.action.id)).size).toBe(sent.length);
    for (const message of t.outbound.sent) {
      expect(message).toMatchObject({ target: 'room', mention: { userId: 'a1', name: 'Alice' } });
    }
    expect(sent.map((e) => e.action.participant)).toEqual(sent.map(() => ({ id: 'chat:a1', name: 'Alice' })));
    const times = sent.map((e) => e.action.createdAt);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(day);
    expect(await t.service.pendingActions('local', sessionId)).toEqual([]);
  });
});

describe('runtime in a group: a person’s opt-out', () => {
  it('never sends what was raised for a person who muted since: skipped as withdrawn, and the next goes to Bob', async () => {
    const t = setup('chat');
    let sessionId = '';
    for (let i = 0; i < 30; i++) {
      sessionId = (await t.say(alice, THANKS, 'character'))!.sessionId;
      if (i % 2 === 0) await t.say(bob, THANKS, 'character');
    }
    await t.runtime.handleCommand(carol, { action: 'proactive', enabled: true });
    // Raised while the bot is not delivering (not started): an action for Alice, pending.
    t.time.clock.advance(4 * day);
    const [forAlice] = await t.service.pendingActions('local', sessionId);
    expect(forAlice?.participant).toEqual({ id: 'chat:a1', name: 'Alice' });
    expect(await t.runtime.handleCommand(alice, { action: 'mute' })).toMatch(/never write first to you/);
    // A report of it that arrives late (a WebSocket redelivery, say) is not sent: the engine withdrew it.
    t.runtime.delivery.enqueue(sessionId, forAlice!);
    await t.runtime.delivery.idle();
    expect(t.outbound.sent).toEqual([]);
    expect(t.events).toContainEqual(expect.objectContaining({ type: 'skipped', reason: 'withdrawn' }));
    // Alice's opt-out holds whatever comes next; Bob is written to.
    await t.runtime.start();
    await t.time.advance(5 * day);
    await t.runtime.delivery.idle();
    expect(t.outbound.sent.length).toBeGreaterThan(0);
    for (const message of t.outbound.sent) expect(message.mention).toEqual({ userId: 'b2', name: 'Bob' });
  });
});

describe('one person across platforms', () => {
  it('links two identities with a one-time code: one private session, relationship and history on both', async () => {
    const shared = sharedState();
    const tg = setup('telegram', shared);
    const dc = setup('discord', shared);
    const onTelegram = direct('telegram', '111');
    const onDiscord = direct('discord', '222');
    const first = (await tg.say(onTelegram, THANKS))!;
    const separate = (await dc.say(onDiscord, 'hello'))!;
    expect(separate.sessionId).not.toBe(first.sessionId);

    const answer = await tg.runtime.handleCommand(onTelegram, { action: 'link', code: null });
    const code = /code: ([A-Z0-9]+)/.exec(answer)![1]!;
    expect(await tg.runtime.handleCommand(onTelegram, { action: 'link', code })).toMatch(/other platform/);
    expect(await dc.runtime.handleCommand(onDiscord, { action: 'link', code: 'NOPE1234' })).toMatch(
      /unknown/,
    );
    expect(await dc.runtime.handleCommand(onDiscord, { action: 'link', code: code.toLowerCase() })).toBe(
      'Linked: I know you as one person on discord and telegram.',
    );
    // The code is used up.
    expect(await dc.runtime.handleCommand(direct('discord', '333'), { action: 'link', code })).toMatch(
      /unknown/,
    );

    const before = (await tg.service.getState('local', first.sessionId)).interpersonal;
    const onDiscordNow = (await dc.say(onDiscord, THANKS))!;
    expect(onDiscordNow.sessionId).toBe(first.sessionId);
    const after = (await tg.service.getState('local', first.sessionId)).interpersonal;
    expect(after.trust).toBeGreaterThan(before.trust);
    expect(after.familiarity).toBeGreaterThan(before.familiarity);
    // Telegram sees the same relationship: the next turn there continues it.
    const back = (await tg.say(onTelegram, 'and hi from here'))!;
    expect(back.sessionId).toBe(first.sessionId);
    expect(back.result.interpersonal.familiarity).toBeGreaterThan(after.familiarity);
    expect(await tg.runtime.handleCommand(onTelegram, { action: 'status' })).toMatch(
      /Linked with you on discord\./,
    );

    // Unlinking Discord gives it back the conversation it had before; Telegram keeps the shared one.
    expect(await dc.runtime.handleCommand(onDiscord, { action: 'unlink' })).toMatch(/on its own again/);
    expect(await dc.runtime.handleCommand(onDiscord, { action: 'unlink' })).toMatch(/not linked/);
    expect((await dc.say(onDiscord, 'hey'))!.sessionId).toBe(separate.sessionId);
    expect((await tg.say(onTelegram, 'hey'))!.sessionId).toBe(first.sessionId);
  });

  it('sends a linked person proactive messages on the platform they last wrote on, through that adapter', async () => {
    const shared = sharedState();
    const tg = setup('telegram', shared);
    const dc = setup('discord', shared);
    await tg.runtime.start();
    await dc.runtime.start();
    const onTelegram = direct('telegram', '111');
    const onDiscord = direct('discord', '222');
    await tg.say(onTelegram, 'hi');
    const code = /code: ([A-Z0-9]+)/.exec(
      await tg.runtime.handleCommand(onTelegram, { action: 'link', code: null }),
    )![1]!;
    await dc.runtime.handleCommand(onDiscord, { action: 'link', code });
    let sessionId = '';
    for (let i = 0; i < 40; i++) sessionId = (await dc.say(onDiscord, THANKS))!.sessionId;
    expect(await tg.bindings.getBySession(sessionId)).toMatchObject({ target: 'discord:dm-222' });
    await shared.time.advance(3 * day);
    await tg.runtime.delivery.idle();
    await dc.runtime.delivery.idle();
    expect(tg.outbound.sent).toEqual([]);
    expect(dc.outbound.sent.length).toBeGreaterThan(0);
    expect(dc.outbound.sent.every((m) => m.target === 'dm-222')).toBe(true);
    expect(await shared.service.pendingActions('local', sessionId)).toEqual([]);
  });
});
