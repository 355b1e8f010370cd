import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  isLimbicApiError,
  type LimbicApiError,
  type LimbicSocket,
  type MemoryPage,
  type MemorySettingsResult,
  type MemoryView,
} from '../src/index.js';
import { type ClientFixture, startClientFixture } from './helpers.js';

let f: ClientFixture;
const sockets: LimbicSocket[] = [];

beforeEach(async () => {
  f = await startClientFixture();
});
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.close()));
  await f.t.close();
});

const sam = { id: 'u-sam', name: 'Sam' };
const REX = 'My dog Rex died. I miss our walks in the park.';
const JOB = 'I got the job I wanted so badly, I am so happy!';
const LIED = 'My sister lied to me again and I am furious.';

async function failure(promise: Promise<unknown>): Promise<LimbicApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isLimbicApiError(error)) throw new Error(`expected a LimbicApiError, got ${String(error)}`);
  return error;
}

/** A session where Sam told of Rex (with a summary), then the one person of the chat of a job and a lie. */
async function remembering() {
  const { sessionId } = await f.client.createSession({ preset: 'cheerful_companion' });
  const ids: string[] = [];
  for (const [message, options] of [
    [REX, { from: sam, summary: 'Sam’s dog Rex died' }],
    [JOB, {}],
    [LIED, {}],
  ] as const) {
    f.t.clock.advance(60_000);
    const result = await f.client.turn(sessionId, message, options);
    expect(result.memory.encoded).toEqual(expect.any(String));
    ids.push(result.memory.encoded!);
  }
  return { sessionId, ids };
}

describe('client: memories', () => {
  it('lists memories newest first, filtered and page after page, typed as REST answers them', async () => {
    const { sessionId, ids } = await remembering();
    const page: MemoryPage = await f.client.listMemories(sessionId);
    expect(page.cursor).toBeNull();
    expect(page.memories.map((m) => m.id)).toEqual([...ids].reverse());
    const rex: MemoryView = page.memories[2]!;
    expect(rex).toMatchObject({ text: 'Sam’s dog Rex died', speaker: sam, participants: ['u-sam'] });
    expect(rex.strength).toBeGreaterThan(0.1);
    expect(rex.feeling.label).toBe('sadness');

    const first = await f.client.listMemories(sessionId, { limit: 2 });
    expect(first.memories).toHaveLength(2);
    const rest = await f.client.listMemories(sessionId, { limit: 2, cursor: first.cursor });
    expect(rest).toEqual({ memories: [rex], cursor: null });
    const all: string[] = [];
    for await (const m of f.client.memories(sessionId, { limit: 1 })) all.push(m.id);
    expect(all).toEqual([...ids].reverse());

    expect((await f.client.listMemories(sessionId, { participant: 'u-sam' })).memories).toEqual([rex]);
    expect((await f.client.listMemories(sessionId, { query: 'dog Rex' })).memories).toEqual([rex]);
    const filtered: string[] = [];
    for await (const m of f.client.memories(sessionId, { query: 'sister' })) filtered.push(m.id);
    expect(filtered).toEqual([ids[2]]);
  });

  it('forgets one memory, then all of them, and reads and replaces the settings', async () => {
    const { sessionId, ids } = await remembering();
    expect(await f.client.forgetMemory(sessionId, ids[0]!)).toEqual({ forgotten: true, id: ids[0] });
    const missing = await failure(f.client.forgetMemory(sessionId, ids[0]!));
    expect(missing).toMatchObject({ code: 'NOT_FOUND', status: 404 });

    const settings: MemorySettingsResult = await f.client.memorySettings(sessionId);
    expect(settings).toEqual({ sessionId, settings: { enabled: true, store_text: true, max_episodes: 500 } });
    const replaced = await f.client.setMemorySettings(sessionId, { store_text: false });
    expect(replaced.settings).toEqual({ enabled: true, store_text: false, max_episodes: 500 });
    expect((await f.client.listMemories(sessionId)).memories.map((m) => m.text)).toEqual([null, null]);

    expect(await f.client.forgetAllMemories(sessionId)).toEqual({ forgotten: true, sessionId, count: 2 });
    expect(await f.client.listMemories(sessionId)).toEqual({ memories: [], cursor: null });
  });

  it('rejects bad input with VALIDATION_ERROR and another key’s session with NOT_FOUND', async () => {
    const { sessionId, ids } = await remembering();
    const bad = await failure(f.client.listMemories(sessionId, { query: 'x'.repeat(201) }));
    expect(bad).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(bad.details?.map((d) => d.path)).toEqual(['q']);
    const settings = await failure(f.client.setMemorySettings(sessionId, { max_episodes: 0 }));
    expect(settings.details?.map((d) => d.path)).toEqual(['max_episodes']);
    await expect(f.client.forgetMemory(sessionId, '')).rejects.toThrow(TypeError);

    const other = f.clientWith({ apiKey: f.t.keys.other });
    for (const call of [
      () => other.listMemories(sessionId),
      () => other.forgetMemory(sessionId, ids[0]!),
      () => other.forgetAllMemories(sessionId),
      () => other.memorySettings(sessionId),
      () => other.setMemorySettings(sessionId, {}),
    ]) {
      expect(await failure(call())).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    }
    expect((await f.client.listMemories(sessionId)).memories).toHaveLength(3);
  });

  it('sends a turn’s summary over the socket too', async () => {
    const { sessionId } = await f.client.createSession({ preset: 'cheerful_companion' });
    const socket = f.client.connect(sessionId);
    sockets.push(socket);
    const told = await socket.turn(REX, { summary: 'Their dog Rex died' });
    const appraised = await socket.turnAppraisal({
      appraisal: {
        goal_relevance: 1,
        goal_congruence: -0.9,
        expectedness: 0.1,
        controllability: 0.1,
        agency: -1,
        norm_compatibility: -0.8,
      },
      context: 'Their friend betrayed them',
      summary: 'A friend betrayed them',
    });
    const texts = (await f.client.listMemories(sessionId)).memories.map((m) => [m.id, m.text]);
    expect(texts).toEqual([
      [appraised.memory.encoded, 'A friend betrayed them'],
      [told.memory.encoded, 'Their dog Rex died'],
    ]);
  });
});
