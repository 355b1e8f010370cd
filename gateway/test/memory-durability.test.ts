import { join } from 'node:path';
import type { MemoryEpisode } from '@limbic/core';
import { createSqliteStore } from '@limbic/store/sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpGateways, type Started, startGateway, stopGateway, tempDataDir } from './gateway-process.js';

// The acceptance test of durable memory (issue 24): episodes of turns answered 200 survive a SIGKILL of the real
// start command in the middle of a stream of turns, and a clean restart; the restarted gateway recalls them. SQLite
// with synchronous FULL (the default): the episode rows are written in the turn's compare-and-set transaction.

const key = 'svc_live_memorydurab0123456789abcdef';

// Messages the offline reader finds salient enough to remember (each turn checks `memory.encoded` anyway).
const messages = [
  'My dog Rex died. We used to walk in the park every morning.',
  'I got the job I wanted so badly!',
  'My grandmother is in hospital, I am so scared.',
  'You are useless and stupid, I hate talking to you.',
  'My sister lied to me about the money and I feel betrayed.',
  'We won the championship final last night, I cried with joy!',
  'I failed my driving test again, I feel like such a loser.',
  'My best friend Lena is moving to Canada and I will miss her terribly.',
  'Someone stole my bike outside the library today.',
  'I proposed to Maria on the beach and she said yes!',
  'The doctor said the tumour is benign, what a relief!',
  'I finally finished my thesis about volcanoes!',
];

afterEach(cleanUpGateways);

interface Told {
  id: string;
  message: string;
  speaker: string;
}

// biome-ignore lint/suspicious/noExplicitAny: test code reads arbitrary JSON.
async function call(url: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** One text turn by `speaker`; the id of the episode it became, or null. */
async function say(url: string, sessionId: string, message: string, speaker: string): Promise<string | null> {
  const body = await call(url, 'POST', '/v1/turn', {
    sessionId,
    message,
    from: { id: speaker, name: speaker },
  });
  return body.memory.encoded;
}

/** The session's episodes as the file holds them, read by a store of its own (the gateway is stopped). */
async function storedEpisodes(dataDir: string, sessionId: string): Promise<readonly MemoryEpisode[]> {
  const store = createSqliteStore({ file: join(dataDir, 'limbic.db') });
  try {
    return (await store.get(sessionId))?.memory?.episodes ?? [];
  } finally {
    await store.close();
  }
}

/** Expects each told episode in `episodes`, with its text and speaker. */
function expectKept(episodes: readonly MemoryEpisode[], told: Told[]): void {
  const byId = new Map(episodes.map((e) => [e.id, e]));
  for (const t of told) expect(byId.get(t.id), t.id).toMatchObject({ text: t.message, speaker: t.speaker });
}

/** Each told episode is recalled by a turn of its speaker that shares its words. */
async function expectRecalled(url: string, sessionId: string, told: Told[]): Promise<void> {
  for (const t of told) {
    const body = await call(url, 'POST', '/v1/turn', {
      sessionId,
      message: `I keep coming back to this: ${t.message}`,
      from: { id: t.speaker, name: t.speaker },
    });
    expect(body.memory.recalled.map((r: { id: string }) => r.id)).toContain(t.id);
  }
}

async function start(dataDir: string): Promise<Started & { url: string }> {
  return startGateway({
    LIMBIC_STORE: 'sqlite',
    LIMBIC_DATA: dataDir,
    LIMBIC_API_KEYS: `${key}:enterprise`,
    LOG_LEVEL: 'warn',
  });
}

describe('durable memory (sqlite)', { timeout: 90_000 }, () => {
  it('keeps every episode of a turn answered 200 through a SIGKILL mid-stream, and recalls them after it', async () => {
    const dataDir = tempDataDir();
    const first = await start(dataDir);
    const { sessionId } = await call(first.url, 'POST', '/v1/persona', { preset: 'cheerful_companion' });
    const told: Told[] = [];
    let sent = 0;
    let acked = 0;
    let killed = false;
    // Eight clients, one turn in flight each; speakers change so that retellings are new episodes, not rehearsals.
    async function client(): Promise<void> {
      while (!killed) {
        const n = sent++;
        const message = messages[n % messages.length]!;
        const speaker = `p${Math.floor(n / messages.length) % 40}`;
        let encoded: string | null;
        try {
          encoded = await say(first.url, sessionId, message, speaker);
        } catch (error) {
          if (killed) return;
          throw error;
        }
        acked += 1;
        if (encoded !== null) told.push({ id: encoded, message, speaker });
        if (acked === 80 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    }
    await Promise.all(Array.from({ length: 8 }, client));
    expect(await first.exited(10_000)).toBeNull();
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(told.length).toBeGreaterThan(20);

    expectKept(await storedEpisodes(dataDir, sessionId), told);
    const second = await start(dataDir);
    // The last episodes acknowledged before the kill, and the first one.
    await expectRecalled(second.url, sessionId, [told[0]!, ...told.slice(-3)]);
    await stopGateway(second);
  });

  it('keeps memories through a clean restart, and recalls them after it', async () => {
    const dataDir = tempDataDir();
    const first = await start(dataDir);
    const { sessionId } = await call(first.url, 'POST', '/v1/persona', { preset: 'empathetic_listener' });
    const told: Told[] = [];
    for (const [i, message] of messages.slice(0, 6).entries()) {
      const speaker = i % 2 === 0 ? 'sam' : 'ana';
      const id = await say(first.url, sessionId, message, speaker);
      if (id !== null) told.push({ id, message, speaker });
    }
    expect(told.length).toBeGreaterThanOrEqual(4);
    await stopGateway(first);

    const kept = await storedEpisodes(dataDir, sessionId);
    expect(kept.map((e) => e.id)).toEqual(told.map((t) => t.id));
    expectKept(kept, told);
    const second = await start(dataDir);
    await expectRecalled(second.url, sessionId, told);
    await stopGateway(second);
  });
});
