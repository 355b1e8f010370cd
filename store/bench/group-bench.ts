/**
 * Group benchmark (`npm run bench`, or `npm run bench:groups`): what a turn costs in a group session that knows 2, 50
 * or 1,000 participants, on the in-memory store and on SQLite (the embedded default, `synchronous = FULL`), against a
 * baseline measured in the same run: the same turns in a one-person session (no `from`). Rounds rotate through the
 * subjects so machine noise hits all alike; the figures that matter are each subject's median µs per turn and its
 * median ratio to the baseline of the same store and round. docs/groups.md quotes them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createManualClock,
  createMemoryStore,
  createSeededRandom,
  createSessionService,
  type ManualClock,
  type SessionService,
  type SessionStore,
} from '@limbic/core';
import { createSqliteStore } from '../src/sqlite-store.js';
import { appraisals } from './appraisals.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const ms = Number(process.env.BENCH_MS ?? 1000);
const sizes = [0, 2, 50, 1000] as const;

interface Subject {
  store: string;
  /** Participants the session knows; 0 is the baseline (turns without `from`). */
  size: number;
  service: SessionService;
  clock: ManualClock;
  sessionId: string;
  micros: number[];
}

const names = ['Ada', 'Bob', 'Chen', 'Dana', 'Eli', 'Fay', 'Gus', 'Hana'];
const participant = (i: number) => ({ id: `user-${i}`, name: `${names[i % names.length]} ${i}` });

async function subject(store: string, backend: SessionStore, size: number): Promise<Subject> {
  const clock = createManualClock();
  const service = createSessionService({ store: backend, clock, random: createSeededRandom(1) });
  const { sessionId } = await service.createSession('bench', { preset: 'cheerful_companion' });
  // Everyone says something once, a second apart, so the session knows `size` people.
  for (let i = 0; i < size; i++) {
    clock.advance(1000);
    await service.appraisalTurn('bench', {
      sessionId,
      appraisal: appraisals[i % appraisals.length]!,
      from: participant(i),
    });
  }
  return { store, size, service, clock, sessionId, micros: [] };
}

let sink = 0;

/** µs per turn over `ms`: speakers rotate through the known participants, each addressing the character. */
async function round(s: Subject): Promise<number> {
  let n = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let k = 0; k < 16; k++, n++) {
      s.clock.advance(2000);
      const turn = {
        sessionId: s.sessionId,
        appraisal: appraisals[n % appraisals.length]!,
        context: 'Someone said hello.',
        ...(s.size === 0 ? {} : { from: participant((n * 7) % s.size), to: 'character' as const }),
      };
      const r = await s.service.appraisalTurn('bench', turn);
      sink += r.emotion_intensity;
    }
    now = performance.now();
  }
  return ((now - start) * 1000) / n;
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? Number.NaN;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'limbic-group-bench-'));
  try {
    const subjects: Subject[] = [];
    for (const size of sizes) subjects.push(await subject('memory', createMemoryStore(), size));
    for (const size of sizes) {
      const file = join(dir, `groups-${size}.db`);
      subjects.push(await subject('sqlite', createSqliteStore({ file, synchronous: 'FULL' }), size));
    }
    for (const s of subjects) await round(s);
    for (let i = 0; i < rounds; i++) {
      // Rotate the starting subject so no one always runs first.
      for (let k = 0; k < subjects.length; k++) {
        const s = subjects[(i + k) % subjects.length]!;
        s.micros.push(await round(s));
      }
    }
    const lines = [
      'Limbic groups: appraisal turns in sessions that know 2, 50 and 1,000 participants (prompt_data included)',
      `rounds: ${rounds} × ${ms} ms, rotating; baseline: the same turns in a one-person session on the same store; node ${process.version}`,
    ];
    for (const store of ['memory', 'sqlite']) {
      const base = subjects.find((s) => s.store === store && s.size === 0)!;
      const baseBytes = JSON.stringify((await base.service.store.get(base.sessionId))!.state).length;
      lines.push(
        `${store}: one-person baseline ${median(base.micros).toFixed(1)} µs/turn, state ${(baseBytes / 1024).toFixed(1)} KiB`,
      );
      for (const s of subjects.filter((x) => x.store === store && x.size > 0)) {
        const ratios = s.micros.map((x, i) => x / base.micros[i]!);
        const bytes = JSON.stringify((await s.service.store.get(s.sessionId))!.state).length;
        lines.push(
          `  ${String(s.size).padStart(5)} participants: ${median(s.micros).toFixed(1).padStart(7)} µs/turn, ` +
            `${median(ratios).toFixed(2)} × baseline (rounds ${ratios.map((x) => x.toFixed(2)).join(' ')}), ` +
            `state ${(bytes / 1024).toFixed(1)} KiB`,
        );
      }
    }
    console.log(lines.join('\n'));
    for (const s of subjects) s.service.stopWatching();
    if (sink === Number.POSITIVE_INFINITY) console.log(sink);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
