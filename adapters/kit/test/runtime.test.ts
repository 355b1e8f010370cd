import type { ProactiveAction } from '@limbic/core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type Conversation,
  createLimbicRuntime,
  type DeliveryEvent,
  embeddedBackend,
  type LimbicRuntime,
  type LimbicRuntimeOptions,
  parseLimbicCommand,
} from '../src/index.js';
import { scriptedOutbound, sharedState } from './fixtures.js';

const hour = 3_600_000;
const day = 24 * hour;

const alice: Conversation = {
  chatId: 'chat-1',
  target: 'chat-1',
  private: true,
  platform: 'test',
  userId: 'alice',
};

/** The binding key of alice's private chat. */
const aliceKey = 'test:chat-1:alice';

const runtimes: LimbicRuntime[] = [];
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.close();
});

function setup(overrides: Partial<LimbicRuntimeOptions> = {}, shared?: ReturnType<typeof sharedState>) {
  const state = shared ?? sharedState();
  const platform = scriptedOutbound();
  platform.bind(state.time);
  const events: DeliveryEvent[] = [];
  const backend = embeddedBackend({ service: state.service, timers: state.time.timers });
  const runtime = createLimbicRuntime({
    backend,
    bindings: state.bindings,
    persona: { preset: 'cheerful_companion' },
    outbound: platform.outbound,
    clock: state.time.clock,
    timers: state.time.timers,
    onDelivery: (event) => events.push(event),
    ...overrides,
  });
  runtimes.push(runtime);
  return { ...state, runtime, platform, events, backend };
}

/** Forty friendly messages a minute apart, as platform timestamps. */
async function befriend(t: ReturnType<typeof setup>, conversation = alice): Promise<string> {
  let sessionId = '';
  for (let i = 0; i < 40; i++) {
    t.time.clock.advance(60_000);
    const turn = await t.runtime.handleMessage(conversation, {
      text: 'Thank you so much, you are wonderful and I love talking with you!',
      timestamp: t.time.clock.now(),
    });
    sessionId = turn!.sessionId;
  }
  return sessionId;
}

describe('parseLimbicCommand', () => {
  it.each([
    ['/limbic off', { action: 'off' }],
    ['/limbic ON', { action: 'on' }],
    ['/limbic@MyBot status', { action: 'status' }],
    ['/limbic', { action: 'help' }],
    ['/limbic sideways', { action: 'help' }],
    ['  /limbic   off  ', { action: 'off' }],
    ['/limbic proactive on', { action: 'proactive', enabled: true }],
    ['/limbic@MyBot proactive OFF', { action: 'proactive', enabled: false }],
    ['/limbic proactive', { action: 'proactive', enabled: null }],
    ['/limbic proactive maybe', { action: 'help' }],
    ['/limbic link', { action: 'link', code: null }],
    ['/limbic link k7p2-qx9m', { action: 'link', code: 'k7p2-qx9m' }],
    ['/limbic unlink', { action: 'unlink' }],
    ['/limbic off now', { action: 'help' }],
    ['/limbic mute', { action: 'mute' }],
    ['/limbic@MyBot UNMUTE', { action: 'unmute' }],
    ['/limbic mute please', { action: 'help' }],
    [
      '/limbic quiet 22:00-08:00 Europe/Madrid',
      { action: 'quiet', quiet: { start: '22:00', end: '08:00' }, timeZone: 'Europe/Madrid' },
    ],
    ['/limbic quiet 7:30-9:05', { action: 'quiet', quiet: { start: '07:30', end: '09:05' }, timeZone: null }],
    ['/limbic quiet off', { action: 'quiet', quiet: null, timeZone: null }],
    ['/limbic quiet 22:00-08:00 Mars/Base', { action: 'quiet_invalid', text: 'Mars/Base' }],
    ['/limbic quiet 25:00-08:00', { action: 'quiet_invalid', text: '25:00-08:00' }],
    ['/limbic quiet 08:00-08:00', { action: 'quiet_invalid', text: '08:00-08:00' }],
    ['/limbic quiet', { action: 'help' }],
  ])('%s → %j', (text, expected) => {
    expect(parseLimbicCommand(text, 'MyBot')).toEqual(expected);
  });

  it.each(['hello', '/start', '/limbicx on', '/limbic@OtherBot off', 'say /limbic off'])(
    '%s is not ours',
    (text) => {
      expect(parseLimbicCommand(text, 'MyBot')).toBeNull();
    },
  );
});

describe('runtime: sessions per person', () => {
  it('creates a session on first contact and reuses it, with elapsed time from the platform timestamps', async () => {
    const t = setup();
    await t.runtime.start();
    const first = (await t.runtime.handleMessage(alice, { text: 'Hello there!', timestamp: 1_000_000 }))!;
    expect(first.isNewSession).toBe(true);
    expect(first.elapsedSeconds).toBeUndefined();
    expect(first.promptData).toBe(first.result.prompt_data);
    const second = (await t.runtime.handleMessage(alice, { text: 'How are you?', timestamp: 1_090_000 }))!;
    expect(second.sessionId).toBe(first.sessionId);
    expect(second.isNewSession).toBe(false);
    expect(second.elapsedSeconds).toBe(90);
    const binding = await t.bindings.get(aliceKey);
    expect(binding).toMatchObject({ sessionId: first.sessionId, target: 'chat-1', lastMessageAt: 1_090_000 });
    expect((await t.service.getState('local', first.sessionId)).turns).toBe(2);
    // A message delivered late (an older timestamp) never counts negative time.
    const late = await t.runtime.handleMessage(alice, { text: 'ok', timestamp: 1_050_000 });
    expect(late!.elapsedSeconds).toBe(0);
    expect(late!.reply).toMatchObject({ should: true, reason: 'direct' });
    expect(late!.group).toBe(false);
    expect(late!.participant).toBeNull();
  });

  it('gives each person and conversation their own session; private chats may write first, groups not', async () => {
    const t = setup();
    const group: Conversation = { ...alice, chatId: 'group-1', target: 'group-1', private: false };
    const bob: Conversation = { ...alice, chatId: 'chat-2', target: 'chat-2', userId: 'bob' };
    const a = (await t.runtime.handleMessage(alice, { text: 'hi', timestamp: 1 }))!;
    const g = (await t.runtime.handleMessage(group, { text: 'hi', timestamp: 1 }))!;
    const b = (await t.runtime.handleMessage(bob, { text: 'hi', timestamp: 1 }))!;
    expect(new Set([a.sessionId, g.sessionId, b.sessionId]).size).toBe(3);
    expect((await t.service.getPreferences('local', a.sessionId)).enabled).toBe(true);
    expect((await t.service.getPreferences('local', g.sessionId)).enabled).toBe(false);
  });

  it('concurrent first messages of one person create one session', async () => {
    const t = setup();
    const turns = await Promise.all(
      Array.from({ length: 5 }, (_, i) => t.runtime.handleMessage(alice, { text: `hi ${i}`, timestamp: i })),
    );
    expect(new Set(turns.map((turn) => turn!.sessionId)).size).toBe(1);
    expect(turns.filter((turn) => turn!.isNewSession)).toHaveLength(1);
    expect(await t.store.count('local')).toBe(1);
  });

  it('a session deleted on the engine side is replaced by a new one', async () => {
    const t = setup();
    const first = (await t.runtime.handleMessage(alice, { text: 'hi', timestamp: 1 }))!;
    await t.service.deleteSession('local', first.sessionId);
    const next = (await t.runtime.handleMessage(alice, { text: 'hello again', timestamp: 2 }))!;
    expect(next.sessionId).not.toBe(first.sessionId);
    expect(next.isNewSession).toBe(true);
    expect((await t.bindings.get(aliceKey))?.sessionId).toBe(next.sessionId);
    expect(await t.bindings.getBySession(first.sessionId)).toBeNull();
  });

  it('uses a persona function per conversation and the configured triggers', async () => {
    const t = setup({
      persona: (conversation) => ({
        preset: 'anxious_helper',
        identity: { name: `Friend of ${conversation.userId}` },
      }),
      preferences: { cooldown_hours: 12 },
    });
    const turn = (await t.runtime.handleMessage(alice, { text: 'hi', timestamp: 1 }))!;
    const details = await t.service.getSession('local', turn.sessionId);
    expect(details.persona.identity.name).toBe('Friend of alice');
    expect(details.preferences).toMatchObject({ enabled: true, cooldown_hours: 12 });
  });
});

describe('runtime: /limbic commands', () => {
  it('off disables and clears pending actions, on enables, status reports', async () => {
    const t = setup();
    const sessionId = await befriend(t);
    expect(await t.runtime.handleCommand(alice, { action: 'status' })).toMatch(
      /^Writing first: on\. I feel \w+/,
    );
    // Raise an action without delivering it (the runtime is not started), then opt out.
    t.time.clock.advance(3 * day);
    expect((await t.service.pendingActions('local', sessionId)).length).toBeGreaterThan(0);
    expect(await t.runtime.handleCommand(alice, { action: 'off' })).toMatch(/not write to you first/);
    expect(await t.service.pendingActions('local', sessionId)).toEqual([]);
    expect((await t.service.getPreferences('local', sessionId)).enabled).toBe(false);
    expect(await t.runtime.handleCommand(alice, { action: 'status' })).toMatch(/^Writing first: off\./);
    expect(await t.runtime.handleCommand(alice, { action: 'on' })).toMatch(/may write to you first/);
    expect((await t.service.getPreferences('local', sessionId)).enabled).toBe(true);
    expect(await t.runtime.handleCommand(alice, { action: 'help' })).toMatch(/\/limbic on/);
  });

  it('a command before any message creates the session with the choice applied', async () => {
    const t = setup();
    await t.runtime.handleCommand(alice, { action: 'off' });
    const binding = await t.bindings.get(aliceKey);
    expect((await t.service.getPreferences('local', binding!.sessionId)).enabled).toBe(false);
  });
});

describe('runtime: proactive delivery', () => {
  it('sends a time-driven action once after a long absence and acknowledges it after the platform accepted it', async () => {
    const t = setup();
    await t.runtime.start();
    const sessionId = await befriend(t);
    await t.time.advance(3 * day);
    await t.runtime.delivery.idle();
    const sent = t.platform.sent;
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((message) => message.target === 'chat-1')).toBe(true);
    const sentEvents = t.events.filter((event) => event.type === 'sent');
    expect(sentEvents.map((event) => event.action.type)).toContain('attachment_seeking');
    expect(new Set(sentEvents.map((event) => event.action.id)).size).toBe(sentEvents.length);
    expect(await t.service.pendingActions('local', sessionId)).toEqual([]);
  });

  it('waits out a 429 and retries a 5xx with backoff, without duplicates', async () => {
    const t = setup({ retry: { initialDelayMs: 2000, factor: 2, maxDelayMs: 60_000 } });
    await t.runtime.start();
    const sessionId = await befriend(t);
    t.platform.failures.push({ status: 429, retryAfter: 30 }, { status: 502 }, { status: 502 });
    const absence = (await t.service.nextCheckAt())! - t.time.clock.now();
    await t.time.advance(absence);
    const action = (await t.service.pendingActions('local', sessionId))[0]!;
    expect(t.platform.sent).toHaveLength(0);
    await t.time.advance(29_000);
    expect(t.platform.sent).toHaveLength(0);
    // 30 s for the rate limit, then 2 s and 4 s of backoff.
    await t.time.advance(1000 + 2000 + 4000);
    await t.runtime.delivery.idle();
    const first = t.platform.sent.filter((message) => message.text === action.message);
    expect(first).toHaveLength(1);
    expect(first[0]!.at - action.createdAt).toBe(36_000);
    const retries = t.events.filter((event) => event.type === 'retrying');
    expect(retries.map((event) => event.type === 'retrying' && event.delayMs)).toEqual([30_000, 2000, 4000]);
    // Redelivery of the same action (a WebSocket replay) changes nothing.
    t.runtime.delivery.enqueue(sessionId, action);
    await t.runtime.delivery.idle();
    expect(t.platform.sent.filter((message) => message.text === action.message)).toHaveLength(1);
  });

  it('a permanent failure drops the action: acknowledged, never retried', async () => {
    const t = setup();
    await t.runtime.start();
    const sessionId = await befriend(t);
    t.platform.failures.push({ status: 403 });
    await t.time.advance((await t.service.nextCheckAt())! - t.time.clock.now());
    await t.runtime.delivery.idle();
    expect(t.platform.sent).toHaveLength(0);
    expect(t.events.filter((event) => event.type === 'dropped')).toHaveLength(1);
    expect(await t.service.pendingActions('local', sessionId)).toEqual([]);
  });

  it('the compose hook rewrites with the state, or vetoes', async () => {
    const seen: string[] = [];
    const t = setup({
      compose: ({ action, session, binding }) => {
        seen.push(`${action.type}:${session.state.discrete_emotion}:${binding.target}`);
        return action.type === 'attachment_seeking'
          ? `Hey ${binding.key.split(':')[2]}, I missed you!`
          : null;
      },
    });
    await t.runtime.start();
    await befriend(t);
    await t.time.advance(3 * day);
    await t.runtime.delivery.idle();
    expect(t.platform.sent.map((message) => message.text)).toEqual(['Hey alice, I missed you!']);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]).toMatch(/^attachment_seeking:\w+:chat-1$/);
    const vetoed = t.events.filter((event) => event.type === 'skipped' && event.reason === 'vetoed');
    expect(vetoed.length).toBe(seen.length - 1);
  });

  it('an opted-out person gets nothing', async () => {
    const t = setup();
    await t.runtime.start();
    const sessionId = await befriend(t);
    await t.runtime.handleCommand(alice, { action: 'off' });
    await t.time.advance(7 * day);
    await t.runtime.delivery.idle();
    expect(t.platform.sent).toHaveLength(0);
    expect(await t.service.pendingActions('local', sessionId)).toEqual([]);
  });

  it('paces messages per target and in all', async () => {
    const t = setup({ pacing: { perTargetMs: 1000, globalPerSecond: 2 } });
    await t.runtime.start();
    const sessionId = await befriend(t);
    const base = { type: 'emotional_overflow', priority: 'high', metadata: {} } as const;
    const now = t.time.clock.now();
    const actions: ProactiveAction[] = [1, 2, 3].map((i) => ({
      ...base,
      id: `act_test_${i}`,
      message: `message ${i}`,
      createdAt: now,
    }));
    // These ids are unknown to the engine, so their acknowledgement fails with NOT_FOUND, which counts as done.
    for (const action of actions) t.runtime.delivery.enqueue(sessionId, action);
    await t.time.advance(5000);
    await t.runtime.delivery.idle();
    expect(t.platform.sent.map((message) => message.at - now)).toEqual([0, 1000, 2000]);
  });

  it('an action older than maxAgeMs is acknowledged without being sent', async () => {
    const t = setup({ maxAgeMs: hour });
    const sessionId = await befriend(t);
    // Raised while the bot was down; delivered (or not) at the next start.
    t.time.clock.advance(3 * day);
    const pending = await t.service.pendingActions('local', sessionId);
    expect(pending.length).toBeGreaterThan(0);
    t.time.clock.advance(2 * hour);
    await t.runtime.start();
    await t.runtime.delivery.idle();
    expect(t.platform.sent).toHaveLength(0);
    expect(t.events.filter((event) => event.type === 'skipped' && event.reason === 'expired').length).toBe(
      pending.length,
    );
    expect(await t.service.pendingActions('local', sessionId)).toEqual([]);
  });

  it('stops retrying an action once it is older than maxAgeMs, and acknowledges it', async () => {
    const t = setup({
      maxAgeMs: 10 * 60_000,
      retry: { initialDelayMs: 60_000, factor: 1, maxDelayMs: 60_000 },
    });
    await t.runtime.start();
    const sessionId = await befriend(t);
    for (let i = 0; i < 50; i++) t.platform.failures.push({ status: 503 });
    await t.time.advance((await t.service.nextCheckAt())! - t.time.clock.now());
    await t.time.advance(20 * 60_000);
    await t.runtime.delivery.idle();
    expect(t.platform.sent).toHaveLength(0);
    const retries = t.events.filter((event) => event.type === 'retrying');
    expect(retries.length).toBeGreaterThanOrEqual(9);
    expect(retries.length).toBeLessThanOrEqual(11);
    expect(
      t.events.filter((event) => event.type === 'skipped' && event.reason === 'expired').length,
    ).toBeGreaterThan(0);
    expect(await t.service.pendingActions('local', sessionId)).toEqual([]);
  });

  it('a closed runtime refuses messages; a failed start can be retried', async () => {
    const t = setup();
    const list = t.bindings.list.bind(t.bindings);
    let failures = 1;
    t.bindings.list = (options) =>
      failures-- > 0 ? Promise.reject(new Error('bindings unreadable')) : list(options);
    await expect(t.runtime.start()).rejects.toThrow(/bindings unreadable/);
    await t.runtime.start();
    await t.runtime.close();
    await expect(t.runtime.handleMessage(alice, { text: 'hi', timestamp: 1 })).rejects.toThrow(/closed/);
    await expect(t.runtime.handleCommand(alice, { action: 'status' })).rejects.toThrow(/closed/);
  });

  it('delivers actions that were pending before a restart', async () => {
    const shared = sharedState();
    const before = setup({}, shared);
    const sessionId = await befriend(before);
    shared.time.clock.advance(3 * day);
    const pending = await shared.service.pendingActions('local', sessionId);
    expect(pending.length).toBeGreaterThan(0);
    // A new runtime on the same stores (a restarted bot) delivers them at start.
    const after = setup({}, shared);
    await after.runtime.start();
    await after.runtime.delivery.idle();
    expect(after.platform.sent.map((message) => message.text)).toEqual(
      pending.map((action) => action.message),
    );
    expect(await shared.service.pendingActions('local', sessionId)).toEqual([]);
  });
});
