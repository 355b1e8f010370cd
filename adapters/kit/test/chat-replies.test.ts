import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMemoryBindingStore, createSeededRandom, isLimbicError, type LlmSettings } from '@limbic/core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ChatMessage,
  type Conversation,
  createChatReplies,
  createLimbicRuntime,
  embeddedBackend,
  historyKeyOf,
  historyLengthFromEnv,
  readHistory,
} from '../src/index.js';
import { scriptedOutbound, sharedState } from './fixtures.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A local OpenAI-compatible server that answers `Reply <n>` and records each request's messages. */
async function fakeModel(status = 200) {
  const requests: ChatMessage[][] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      requests.push((JSON.parse(body) as { messages: ChatMessage[] }).messages);
      response.statusCode = status;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ choices: [{ message: { content: `Reply ${requests.length}` } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  const llm: LlmSettings = { baseURL: `http://127.0.0.1:${port}/v1`, model: 'm' };
  return { llm, requests };
}

const room = (userId: string, userName: string): Conversation => ({
  platform: 'chat',
  chatId: 'room',
  private: false,
  target: 'room',
  userId,
  userName,
  botId: 'bot',
  isAdmin: () => Promise.resolve(false),
});
const direct: Conversation = { platform: 'chat', chatId: 'dm', private: true, target: 'dm', userId: 'u1' };

function setup() {
  const { service, time, bindings } = sharedState();
  const backend = embeddedBackend({ service, timers: time.timers });
  const runtime = createLimbicRuntime({
    backend,
    bindings,
    persona: { preset: 'cheerful_companion', identity: { name: 'Mika' } },
    outbound: scriptedOutbound().outbound,
    clock: time.clock,
    timers: time.timers,
  });
  closers.push(() => runtime.close());
  const turn = async (conversation: Conversation, text: string) => {
    time.clock.advance(60_000);
    return (await runtime.handleMessage(conversation, { text, timestamp: time.clock.now() }))!;
  };
  return { service, time, bindings, runtime, turn };
}

describe('createChatReplies', () => {
  it('sends prompt_data and the last N exchanges, oldest first, and keeps at most N', async () => {
    const t = setup();
    const model = await fakeModel();
    const chat = createChatReplies({
      llm: model.llm,
      store: t.bindings,
      historyLength: 2,
      clock: t.time.clock,
    });
    for (const text of ['one', 'two', 'three']) {
      const turn = await t.turn(direct, text);
      await chat.reply(text, turn);
    }
    const [system, ...rest] = model.requests[2]!;
    expect(system!.role).toBe('system');
    expect(system!.content).toMatch(/^You are Mika\.[\s\S]*\n\nEmotion: [\s\S]*\n\nStay in character/);
    expect(rest).toEqual([
      { role: 'user', content: 'one' },
      { role: 'assistant', content: 'Reply 1' },
      { role: 'user', content: 'two' },
      { role: 'assistant', content: 'Reply 2' },
      { role: 'user', content: 'three' },
    ]);
    const sessionId = (await t.bindings.get('chat:dm:u1'))!.sessionId;
    const stored = await readHistory(t.bindings, sessionId, t.time.clock.now());
    expect(stored.map((exchange) => [exchange.user, exchange.assistant])).toEqual([
      ['two', 'Reply 2'],
      ['three', 'Reply 3'],
    ]);
  });

  it('names the speakers in a group, and /limbic forget erases only the asker’s exchanges', async () => {
    const t = setup();
    const model = await fakeModel();
    const chat = createChatReplies({ llm: model.llm, store: t.bindings, clock: t.time.clock });
    const ada = room('a', 'Ada');
    const bo = room('b', 'Bo');
    await chat.reply('hi all', await t.turn(ada, 'hi all'));
    await chat.reply('hello', await t.turn(bo, 'hello'));
    expect(model.requests[1]!.slice(1)).toEqual([
      { role: 'user', content: 'Ada: hi all' },
      { role: 'assistant', content: 'Reply 1' },
      { role: 'user', content: 'Bo: hello' },
    ]);
    expect(await t.runtime.handleCommand(ada, { action: 'forget' })).toMatch(/^Done/);
    const turn = await t.turn(bo, 'still here?');
    expect(await chat.messagesFor('still here?', turn)).toEqual([
      expect.objectContaining({ role: 'system' }),
      { role: 'user', content: 'Bo: hello' },
      { role: 'assistant', content: 'Reply 2' },
      { role: 'user', content: 'Bo: still here?' },
    ]);
  });

  it('erases a private history with /limbic forget (even without memories) and when the session is replaced', async () => {
    const t = setup();
    const chat = createChatReplies({ store: t.bindings, clock: t.time.clock, random: createSeededRandom(2) });
    const first = await t.turn(direct, 'hello');
    await chat.reply('hello', first);
    expect(await t.bindings.getRecord(historyKeyOf(first.sessionId), t.time.clock.now())).not.toBeNull();
    expect(await t.runtime.handleCommand(direct, { action: 'forget' })).toMatch(/^Done/);
    expect(await t.bindings.getRecord(historyKeyOf(first.sessionId), t.time.clock.now())).toBeNull();

    await chat.reply('again', await t.turn(direct, 'again'));
    // Deleted on the engine's side: the next message makes a new session, and the old history goes.
    await t.service.deleteSession('local', first.sessionId);
    const next = await t.turn(direct, 'anyone?');
    expect(next.sessionId).not.toBe(first.sessionId);
    expect(await t.bindings.getRecord(historyKeyOf(first.sessionId), t.time.clock.now())).toBeNull();
  });

  it('forgets a conversation left for longer than historyTtlMs', async () => {
    const t = setup();
    const model = await fakeModel();
    const chat = createChatReplies({
      llm: model.llm,
      store: t.bindings,
      clock: t.time.clock,
      historyTtlMs: 3_600_000,
    });
    await chat.reply('hello', await t.turn(direct, 'hello'));
    t.time.clock.advance(3_600_001);
    const turn = await t.turn(direct, 'back');
    expect((await chat.messagesFor('back', turn)).slice(1)).toEqual([{ role: 'user', content: 'back' }]);
  });

  it('answers offline when the model fails and onLlmError is set, and throws without it', async () => {
    const t = setup();
    const model = await fakeModel(500);
    const errors: unknown[] = [];
    const turn = await t.turn(direct, 'hello');
    const lenient = createChatReplies({
      llm: model.llm,
      store: t.bindings,
      onLlmError: (e) => errors.push(e),
    });
    expect(await lenient.reply('hello', turn)).toMatch(/^Hi, I am Mika! /);
    expect(errors).toHaveLength(1);
    const strict = createChatReplies({ llm: model.llm, store: createMemoryBindingStore() });
    await expect(strict.reply('hello', turn)).rejects.toThrow(/the LLM answered 500/);
  });

  it('rejects a history length that is not a whole number from 0 to 1000, naming the setting', () => {
    const store = createMemoryBindingStore();
    for (const historyLength of [-1, 1.5, Number.NaN, 1001]) {
      try {
        createChatReplies({ store, historyLength });
        expect.unreachable();
      } catch (error) {
        expect(isLimbicError(error, 'VALIDATION_ERROR')).toBe(true);
        expect((error as Error).message).toMatch(/historyLength: must be a whole number/);
      }
    }
    expect(historyLengthFromEnv({})).toBeUndefined();
    expect(historyLengthFromEnv({ LIMBIC_HISTORY: '4' })).toBe(4);
    expect(() => historyLengthFromEnv({ LIMBIC_HISTORY: 'ten' })).toThrow(
      /LIMBIC_HISTORY: must be a whole number/,
    );
  });
});
