/**
 * Memory benchmark (`npm run bench:memory`, part of `npm run bench`).
 *
 * Recall: `recallEpisodes` on 1,000 realistic episodes (people, events and places told over five days, a third
 * rehearsed) with messages that share some of their words, µs per call (median and 95th percentile of single
 * calls): on the same list again (its cue index built); on a list a turn made from the one before (one episode added
 * to a full memory and the weakest dropped: the index derived, and built anew every 32 additions); and on a list
 * that is new (the index built in the call, as after loading a session). Target: a median of at most 50 µs.
 *
 * Turns: appraisal turns through the session service (in process, prompt_data included, each with a message that
 * shares words with the episodes) on a session holding 0, 1,000 and 2,000 episodes (the most a session may keep), on
 * the memory store and on SQLite with `synchronous = FULL`, each against a session whose memory is disabled on the
 * same store. Every round turns a fresh session of each kind, in an order rotated each round, so machine noise hits
 * all alike; the figure that matters is the median ratio to the memory-less session of the same round.
 *
 * List: a page of 100 sessions of 500 episodes each from a SQLite file, as complete records and without memory (as
 * the session service lists sessions).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createManualClock,
  createMemoryStore,
  createSeededRandom,
  createSessionService,
  cueWords,
  type MemoryEpisode,
  recallEpisodes,
  type SessionService,
  type SessionStore,
  updateEpisodes,
} from '@limbic/core';
import { createSqliteStore } from '../src/sqlite-store.js';
import { appraisals } from './appraisals.js';
import { benchEpisodes, benchMessages, largeMemory } from './bench-memory.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const turnsPerRound = Number(process.env.BENCH_TURNS ?? 300);
const recallCalls = Number(process.env.BENCH_CALLS ?? 20_000);
const sizes = [0, 1000, 2000];
const speakers = [{ id: 'sam', name: 'Sam' }, { id: 'ana', name: 'Ana' }, undefined];

/** Median and 95th percentile of a list of measurements. */
function percentiles(xs: number[]): { median: number; p95: number } {
  const sorted = [...xs].sort((a, b) => a - b);
  return { median: sorted[sorted.length >> 1]!, p95: sorted[Math.floor(sorted.length * 0.95)]! };
}

/** µs of each of `n` calls of `fn`, timed one by one, each after an untimed call of `before` if given. */
function timeCalls(n: number, fn: (i: number) => number, before?: (i: number) => void): number[] {
  const out: number[] = [];
  let sink = 0;
  for (let i = 0; i < n; i++) {
    before?.(i);
    const start = process.hrtime.bigint();
    sink += fn(i);
    out.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  if (sink < 0) console.log(sink);
  return out;
}

function recallSection(): string[] {
  const now = 1_800_000_000_000;
  const episodes = benchEpisodes(1000, now);
  const queries = benchMessages(64).map(cueWords);
  // A millisecond later each call, as each turn comes later: no call reuses strengths weighed by the one before.
  const cue = (i: number) => ({
    cues: queries[i % queries.length]!,
    speaker: 'sam',
    mood: 0.2,
    now: now + i,
  });
  let recalled = 0;
  timeCalls(2000, (i) => recallEpisodes(episodes, cue(i)).length);
  const same = percentiles(
    timeCalls(recallCalls, (i) => {
      const n = recallEpisodes(episodes, cue(i)).length;
      recalled += n;
      return n;
    }),
  );
  // Each list made from the one before as a turn makes it (one episode added to a memory full at 1,000).
  // Each list made from the one before as a turn makes it (one episode added to a memory full at 1,000), just
  // before the timed call.
  const added = benchEpisodes(recallCalls / 10, now, 9);
  let list: readonly MemoryEpisode[] = episodes;
  const derived = percentiles(
    timeCalls(
      added.length,
      (i) => recallEpisodes(list, cue(i)).length,
      (i) => {
        list = updateEpisodes(list, [], added[i]!, 1000, now);
      },
    ),
  );
  // A new list with the same episodes for each call: its index is built in the timed call.
  const lists = Array.from({ length: recallCalls / 10 }, () => episodes.slice());
  const changed = percentiles(timeCalls(lists.length, (i) => recallEpisodes(lists[i]!, cue(i)).length));
  const line = (name: string, p: { median: number; p95: number }) =>
    `  ${name.padEnd(34)} median ${p.median.toFixed(1).padStart(6)} µs   p95 ${p.p95.toFixed(1).padStart(6)} µs`;
  return [
    `recall: recallEpisodes on 1,000 episodes, ${recallCalls.toLocaleString('en')} calls, ${(recalled / recallCalls).toFixed(1)} recalled per call (target: median ≤ 50 µs)`,
    line('same list (cue index built)', same),
    line('list made by the turn before', derived),
    line('new list (index built)', changed),
  ];
}

interface Subject {
  name: string;
  /** µs per turn, one entry per round. */
  times: number[];
  ratios: number[];
  /** Starts a fresh session of this kind; resolves with its id. */
  fresh: () => Promise<string>;
}

/** The subjects of one store: a memory-less session, then sessions holding each of `sizes` episodes. */
function subjectsOf(store: SessionStore, service: SessionService, now: () => number): Subject[] {
  const owner = 'bench';
  async function session(episodes: number | null): Promise<string> {
    const { sessionId } = await service.createSession(owner, { preset: 'cheerful_companion' });
    if (episodes === null) {
      await service.memories.setSettings(owner, sessionId, { enabled: false });
      return sessionId;
    }
    const record = (await store.get(sessionId))!;
    // A long session's state: its turn count is past the ids of the episodes it holds.
    const state = { ...record.state, turns: 5000 };
    const memory = { settings: largeMemory, episodes: benchEpisodes(episodes, now()) };
    await store.replace({ ...record, version: record.version + 1, state, memory }, record.version);
    return sessionId;
  }
  return [
    { name: 'memory disabled', times: [], ratios: [], fresh: () => session(null) },
    ...sizes.map((n) => ({
      name: `${n.toLocaleString('en')} episodes`,
      times: [],
      ratios: [],
      fresh: () => session(n),
    })),
  ];
}

async function turnSection(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'limbic-memory-bench-'));
  const messages = benchMessages(97, 7);
  const stores: { name: string; store: SessionStore }[] = [
    { name: 'memory', store: createMemoryStore() },
    { name: 'sqlite FULL', store: createSqliteStore({ file: join(dir, 'memory.db'), synchronous: 'FULL' }) },
  ];
  const lines = [
    `turns: appraisal turns with a message (${turnsPerRound} per session and round, ${rounds} rounds, a fresh session each round, order rotated)`,
  ];
  for (const { name, store } of stores) {
    const clock = createManualClock();
    const service = createSessionService({ store, clock, random: createSeededRandom(1) });
    const subjects = subjectsOf(store, service, () => clock.now());
    let n = 0;
    const measure = async (s: Subject): Promise<number> => {
      const sessionId = await s.fresh();
      const start = performance.now();
      for (let k = 0; k < turnsPerRound; k++, n++) {
        clock.advance(30_000);
        const from = speakers[n % speakers.length];
        await service.appraisalTurn('bench', {
          sessionId,
          appraisal: appraisals[n % appraisals.length]!,
          context: messages[n % messages.length]!,
          ...(from ? { from } : {}),
        });
      }
      return ((performance.now() - start) * 1000) / turnsPerRound;
    };
    for (const s of subjects) await measure(s);
    for (let i = 0; i < rounds; i++) {
      const order = subjects.map((_, j) => subjects[(i + j) % subjects.length]!);
      const times = new Map<Subject, number>();
      for (const s of order) times.set(s, await measure(s));
      const control = times.get(subjects[0]!)!;
      for (const s of subjects) {
        s.times.push(times.get(s)!);
        s.ratios.push(times.get(s)! / control);
      }
    }
    lines.push(`  ${name} store`);
    for (const s of subjects) {
      lines.push(
        `    ${s.name.padEnd(16)} ${percentiles(s.times).median.toFixed(0).padStart(6)} µs/turn (median)   ` +
          `vs memory disabled: ${percentiles(s.ratios).median.toFixed(2)}×   rounds: ${s.times.map((t) => t.toFixed(0)).join(' ')}`,
      );
    }
    service.stopWatching();
    await store.close();
  }
  rmSync(dir, { recursive: true, force: true });
  return lines;
}

/** A page of 100 sessions of 500 episodes each (the default bound) read from a SQLite file, ms. */
async function listSection(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'limbic-memory-list-'));
  const file = join(dir, 'list.db');
  const writer = createSqliteStore({ file, synchronous: 'NORMAL' });
  const service = createSessionService({ store: writer, clock: createManualClock(), watchStore: false });
  for (let i = 0; i < 100; i++) {
    const { sessionId } = await service.createSession('bench', { preset: 'cheerful_companion' });
    const record = (await writer.get(sessionId))!;
    const memory = { settings: largeMemory, episodes: benchEpisodes(500, record.createdAt, i) };
    await writer.replace({ ...record, version: 2, memory }, 1);
  }
  await writer.close();
  // A store of its own, so no list it reads is known from the writes.
  const reader = createSqliteStore({ file });
  const time = async (memory: boolean) => {
    const ms: number[] = [];
    for (let k = 0; k < 9; k++) {
      const start = performance.now();
      await reader.list('bench', { limit: 100, memory });
      ms.push(performance.now() - start);
    }
    return percentiles(ms).median.toFixed(1).padStart(6);
  };
  const lines = [
    'list: a page of 100 sessions holding 500 episodes each, from SQLite (median of 9)',
    `  complete records   ${await time(true)} ms`,
    `  without memory     ${await time(false)} ms   (as the session service lists sessions)`,
  ];
  await reader.close();
  rmSync(dir, { recursive: true, force: true });
  return lines;
}

async function main(): Promise<void> {
  const lines = [
    `Limbic memory: recall and turn cost with episodes; node ${process.version}`,
    ...recallSection(),
  ];
  lines.push(...(await turnSection()), ...(await listSection()));
  console.log(lines.join('\n'));
}

await main();
