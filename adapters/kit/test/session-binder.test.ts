import { LimbicError } from '@limbic/core';
import { describe, expect, it } from 'vitest';
import { type Conversation, createLimbicRuntime, embeddedBackend } from '../src/index.js';
import { createSessionBinder } from '../src/session-binder.js';
import { scriptedOutbound, sharedState } from './fixtures.js';

const alice: Conversation = { platform: 'test', chatId: 'dm', private: true, target: 'dm', userId: 'alice' };
const room: Conversation = {
  platform: 'test',
  chatId: 'room',
  private: false,
  target: 'room',
  userId: 'bob',
  userName: 'Bob',
  isAdmin: () => Promise.resolve(true),
};

/** A runtime on fresh engine state, with the binder's parts for tests that call it directly. */
function setup() {
  const state = sharedState();
  const backend = embeddedBackend({ service: state.service, timers: state.time.timers });
  const runtime = createLimbicRuntime({
    backend,
    bindings: state.bindings,
    persona: { preset: 'cheerful_companion' },
    outbound: scriptedOutbound().outbound,
    clock: state.time.clock,
    timers: state.time.timers,
  });
  /** Deletes the conversation's session on the engine's side; resolves its id. */
  const deleteSessionOf = async (conversation: Conversation) => {
    const binding = await state.bindings.get(await runtime.keyOf(conversation));
    await state.service.deleteSession('local', binding!.sessionId);
    return binding!.sessionId;
  };
  return { ...state, backend, runtime, deleteSessionOf };
}

describe('session binder: a session deleted on the engine side', () => {
  it.each([
    ['private', alice],
    ['group', room],
  ])('is replaced on the next message (%s chat)', async (_, conversation) => {
    const t = setup();
    await t.runtime.handleMessage(conversation, { text: 'hi', timestamp: 1_000 });
    const deleted = await t.deleteSessionOf(conversation);
    const turn = (await t.runtime.handleMessage(conversation, { text: 'hello again', timestamp: 61_000 }))!;
    expect(turn.sessionId).not.toBe(deleted);
    expect(turn).toMatchObject({ isNewSession: true, elapsedSeconds: undefined });
    const binding = await t.bindings.get(await t.runtime.keyOf(conversation));
    expect(binding).toMatchObject({ sessionId: turn.sessionId, lastMessageAt: 61_000 });
    expect((await t.service.getState('local', turn.sessionId)).turns).toBe(1);
    await t.runtime.close();
  });

  it.each([
    ['private', alice, /^Writing first: on\./],
    ['group', room, /^In this chat: on;/],
  ])('is replaced by a command (%s chat)', async (_, conversation, status) => {
    const t = setup();
    await t.runtime.handleMessage(conversation, { text: 'hi', timestamp: 1_000 });
    const deleted = await t.deleteSessionOf(conversation);
    expect(await t.runtime.handleCommand(conversation, { action: 'status' })).toMatch(status);
    const binding = (await t.bindings.get(await t.runtime.keyOf(conversation)))!;
    expect(binding.sessionId).not.toBe(deleted);
    expect(await t.bindings.getBySession(deleted)).toBeNull();
    // The command's session is the one the next message continues.
    const turn = (await t.runtime.handleMessage(conversation, { text: 'still there?', timestamp: 2_000 }))!;
    expect(turn).toMatchObject({ sessionId: binding.sessionId, isNewSession: false });
    await t.runtime.close();
  });

  it('recovers once, only from NOT_FOUND, and keeps the binding’s creation time', async () => {
    const t = setup();
    const binder = createSessionBinder({
      backend: t.backend,
      bindings: t.bindings,
      clock: t.time.clock,
      persona: { preset: 'cheerful_companion' },
      groupPreferences: {},
    });
    const first = await binder.bindingOf('test:dm:alice', alice);
    expect(first.isNew).toBe(true);
    t.time.clock.advance(60_000);
    const seen: string[] = [];
    const used = await binder.use('test:dm:alice', alice, async (binding) => {
      seen.push(binding.sessionId);
      if (seen.length === 1) throw new LimbicError('NOT_FOUND', 'gone');
      return 'done';
    });
    expect(used.value).toBe('done');
    expect(used.isNew).toBe(true);
    expect(seen).toEqual([first.binding.sessionId, used.binding.sessionId]);
    expect(used.binding).toMatchObject({ createdAt: first.binding.createdAt, lastMessageAt: null });
    expect(await t.bindings.get('test:dm:alice')).toEqual(used.binding);
    const failure = new LimbicError('INTERNAL_ERROR', 'boom');
    await expect(binder.use('test:dm:alice', alice, () => Promise.reject(failure))).rejects.toBe(failure);
    expect((await t.bindings.get('test:dm:alice'))?.sessionId).toBe(used.binding.sessionId);
    await t.runtime.close();
  });
});
