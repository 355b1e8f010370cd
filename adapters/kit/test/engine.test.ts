import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createManualTime, createMemoryStore } from '@limbic/core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type Conversation,
  createLimbicRuntime,
  type Engine,
  type Outbound,
  openEngine,
} from '../src/index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'limbic-engine-'));
  dirs.push(dir);
  return dir;
}

const conversation: Conversation = {
  chatId: '1',
  target: '1',
  private: true,
  platform: 'test',
  userId: '1',
};
const outbound: Outbound = { send: async () => {}, classify: () => 'retry' };

function runtimeOn(engine: Engine) {
  const time = createManualTime(Date.UTC(2026, 10, 21));
  return createLimbicRuntime({
    ...engine,
    persona: { preset: 'cheerful_companion' },
    outbound,
    clock: time.clock,
    timers: time.timers,
  });
}

describe('openEngine', () => {
  it('embedded by default on SQLite: the person keeps their session and its history across a restart', async () => {
    const dataDir = tempDir();
    const first = await openEngine({ dataDir });
    expect(first.description).toMatch(/^embedded on sqlite .*limbic\.db/);
    expect(first.bindings.kind).toBe('sqlite');
    const before = runtimeOn(first);
    const a = await before.handleMessage(conversation, { text: 'Hello!', timestamp: 1_000_000 });
    await before.handleMessage(conversation, { text: 'Thanks, that was kind.', timestamp: 1_060_000 });
    await before.close();

    const second = await openEngine({ dataDir });
    const after = runtimeOn(second);
    const c = await after.handleMessage(conversation, { text: 'Back again', timestamp: 1_180_000 });
    expect(c).toMatchObject({ sessionId: a!.sessionId, isNewSession: false, elapsedSeconds: 120 });
    expect((await second.backend.getSession(a!.sessionId)).state.turns).toBe(3);
    await after.close();
  });

  it('memory, or a store of your own with in-memory bindings', async () => {
    const memory = await openEngine({ store: 'memory' });
    expect(memory.description).toMatch(/^embedded on memory/);
    expect(memory.bindings.kind).toBe('memory');
    await memory.backend.close();
    const own = await openEngine({ store: createMemoryStore() });
    expect(own.description).toBe('embedded on memory');
    await own.backend.close();
  });

  it('remote: the gateway holds the sessions; the bot keeps its bindings in a SQLite file', async () => {
    const dataDir = tempDir();
    const engine = await openEngine({
      mode: 'remote',
      url: 'http://127.0.0.1:9',
      apiKey: 'svc_test_x',
      dataDir,
    });
    expect(engine.backend.mode).toBe('remote');
    expect(engine.description).toMatch(/^remote http:\/\/127\.0\.0\.1:9 \(bindings: sqlite .*limbic-bot\.db/);
    await engine.bindings.insert({
      key: 'k',
      owner: engine.backend.owner,
      sessionId: 'ses_1',
      target: 't',
      lastMessageAt: null,
      createdAt: 1,
      updatedAt: 1,
    });
    await engine.bindings.close();
    const reopened = await openEngine({
      mode: 'remote',
      url: 'http://127.0.0.1:9',
      apiKey: 'svc_test_x',
      dataDir,
    });
    expect(await reopened.bindings.get('k')).toMatchObject({ sessionId: 'ses_1' });
    await reopened.bindings.close();
  });
});
