import { remoteBackend } from '@limbic/bot-kit';
import { createMemoryBindingStore } from '@limbic/core';
import type { FakeTelegram } from '@limbic/fake-platforms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanUpGateways,
  type Started,
  startFastGateway,
  stopGateway,
} from '../../../gateway/test/gateway-process.js';
import type { TelegramLimbicOptions } from '../src/index.js';
import {
  befriend,
  createHarness,
  friendly,
  type Harness,
  isReplyOrCommandAnswer,
  useFakeTelegram,
} from './harness.js';

/**
 * The same scenarios as telegram.test.ts, in remote mode: a real gateway process (`npm start`'s entry) on the
 * in-memory store with its engine clock 100,000× faster than wall time, so an absence of days passes in seconds.
 * The bot's own clock (message dates, retry waits) stays manual.
 */
const apiKey = 'svc_test_remotetelegram0123456789ab';
let gateway: Started & { url: string };
let telegram: FakeTelegram;
const cleanups = useFakeTelegram((started) => {
  telegram = started;
});

beforeAll(async () => {
  gateway = await startFastGateway(apiKey);
}, 60_000);
afterAll(async () => {
  await stopGateway(gateway);
  cleanUpGateways();
});

function setup(options: Partial<TelegramLimbicOptions> = {}): Harness {
  const h = createHarness(
    telegram,
    () => ({
      backend: remoteBackend({
        url: gateway.url,
        apiKey,
        reconnect: { initialDelayMs: 50, maxDelayMs: 500 },
      }),
      bindings: createMemoryBindingStore(),
    }),
    options,
  );
  cleanups.push(() => h.character.close());
  return h;
}

describe('@limbic/telegram (remote, against a gateway process)', () => {
  it('turns a text message into a turn on the gateway; the handler sees prompt_data', async () => {
    const h = setup();
    await h.say(501, 'You are the best, thank you for helping me!');
    const turn = h.seen[0]!;
    expect(turn.isNewSession).toBe(true);
    expect(turn.sessionId).toMatch(/^ses_/);
    expect(turn.promptData.formatted.context_block.length).toBeGreaterThan(20);
    expect(telegram.sent.at(-1)!.text).toBe(`(${turn.result.discrete_emotion}) got it`);
    h.time.clock.advance(90_000);
    await h.say(501, 'and again');
    expect(h.seen[1]).toMatchObject({ sessionId: turn.sessionId, elapsedSeconds: 90 });
  });

  it('the gateway raises an action after the absence; it is sent once and acknowledged', async () => {
    const h = setup();
    await h.character.start();
    await befriend(h, 502, 20);
    const sent = await h.log.waitFor((event) => event.type === 'sent');
    await h.character.runtime.delivery.idle();
    expect(sent).toMatchObject({ target: '502' });
    const proactive = telegram.sent.filter((message) => !isReplyOrCommandAnswer(message.text));
    expect(
      proactive.filter((message) => message.text === (sent.type === 'sent' ? sent.text : '')),
    ).toHaveLength(1);
    const sessionId = h.seen[0]!.sessionId;
    const pending = await h.character.runtime.backend.pendingActions(sessionId);
    expect(pending.map((action) => action.id)).not.toContain(sent.action.id);
  });

  it('a 429 and a 500 from Telegram delay and retry the message without duplicates', async () => {
    const h = setup({ retry: { initialDelayMs: 5000, factor: 2, maxDelayMs: 60_000 } });
    await h.character.start();
    await befriend(h, 503, 20);
    // Armed after the replies went out; the absence takes hours of engine time, so no action is out yet.
    telegram.failNext('sendMessage', { status: 429, retryAfter: 20 }, 1);
    telegram.failNext('sendMessage', { status: 500 }, 1);
    const limited = await h.log.waitFor((event) => event.type === 'retrying');
    expect(limited).toMatchObject({ delayMs: 20_000 });
    await h.time.advance(20_000);
    const backoff = await h.log.waitFor((event) => event.type === 'retrying' && event.delayMs === 5000);
    expect(backoff).toMatchObject({ attempt: 2 });
    await h.time.advance(5000);
    const sent = await h.log.waitFor((event) => event.type === 'sent');
    await h.character.runtime.delivery.idle();
    const texts = telegram.sent.map((message) => message.text);
    expect(texts.filter((text) => text === (sent.type === 'sent' ? sent.text : ''))).toHaveLength(1);
    expect(sent).toMatchObject({ attempts: 3 });
  });

  it('an opted-out person gets nothing while a friend who did not opt out is written to', async () => {
    const h = setup();
    await h.character.start();
    const optedOut = 504;
    const control = 505;
    for (let i = 0; i < 20; i++) {
      h.time.clock.advance(60_000);
      await h.say(optedOut, friendly);
      await h.say(control, friendly);
    }
    await h.say(optedOut, '/limbic off');
    expect(telegram.sent.at(-1)!.text).toMatch(/not write to you first/);
    const sent = await h.log.waitFor((event) => event.type === 'sent');
    expect(sent).toMatchObject({ target: String(control) });
    await h.character.runtime.delivery.idle();
    const toOptedOut = telegram.sent.filter(
      (message) => message.chat_id === String(optedOut) && !isReplyOrCommandAnswer(message.text),
    );
    expect(toOptedOut).toEqual([]);
  });

  it('keeps quiet hours and a person’s opt-out in a group on the gateway, over REST', async () => {
    const h = setup();
    const group = { chatId: -1_009_000, chatType: 'supergroup', chatTitle: 'Remote room' } as const;
    await h.send({ ...group, userId: 601, firstName: 'Ana', text: `@${telegram.botInfo.username} hello` });
    await h.send({ ...group, userId: 601, firstName: 'Ana', text: '/limbic mute' });
    expect(telegram.sent.at(-1)!.text).toMatch(/^Okay: I will never write first to you/);
    await h.send({
      ...group,
      userId: 601,
      firstName: 'Ana',
      text: '/limbic quiet 23:00-07:00 Europe/Lisbon',
    });
    expect(telegram.sent.at(-1)!.text).toMatch(/between 23:00 and 07:00 \(Europe\/Lisbon\)/);
    const sessionId = h.seen[0]!.sessionId;
    const { participants } = await h.character.runtime.backend.listParticipants(sessionId);
    expect(participants.find((p) => p.id === 'telegram:601')?.policy).toEqual({
      time_zone: 'Europe/Lisbon',
      quiet_hours: { start: '23:00', end: '07:00' },
      muted: true,
    });
    await h.say(602, 'hello');
    await h.say(602, '/limbic quiet 22:00-08:00 America/Lima');
    const own = await h.character.runtime.backend.getSession(h.seen.at(-1)!.sessionId);
    expect(own.preferences).toMatchObject({
      time_zone: 'America/Lima',
      quiet_hours: { start: '22:00', end: '08:00' },
    });
  });
});
