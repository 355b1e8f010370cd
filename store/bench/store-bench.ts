/**
 * Store benchmark (`npm run bench`): appraisal turns per second through the session service (in process, prompt_data
 * included) on each session store, next to the in-memory store in the same run: SQLite with `synchronous = FULL`
 * (the default: every turn fsynced before it is acknowledged; its service watches the file's change log, as a
 * gateway's does), the same without the watch, and without the change log at all (its triggers dropped: the cost of
 * sharing a file between processes), SQLite with NORMAL (for information), and MongoDB when MONGODB_URI is set. Rounds rotate through the stores so machine noise hits all alike; the figure that
 * matters is each store's median ratio to the memory store measured in the same round.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createManualClock,
  createMemoryStore,
  createSeededRandom,
  createSessionService,
  type SessionService,
  type SessionStore,
} from '@limbic/core';
import Database from 'better-sqlite3';
import { describeStore } from '../src/open-store.js';
import { createSqliteStore } from '../src/sqlite-store.js';
import { appraisals } from './appraisals.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const ms = Number(process.env.BENCH_MS ?? 1000);
const mongoUri = process.env.MONGODB_URI;

/** Sessions turned concurrently in the parallel mode: like 32 clients of a gateway, one turn in flight each. */
const parallel = Number(process.env.BENCH_PARALLEL ?? 32);

type Mode = 'sequential' | 'parallel';

interface Subject {
  name: string;
  store: SessionStore;
  service: SessionService;
  advance: (ms: number) => void;
  sessionIds: string[];
  rates: Record<Mode, number[]>;
  ratios: Record<Mode, number[]>;
}

async function subject(name: string, store: SessionStore, watchStore = true): Promise<Subject> {
  const clock = createManualClock();
  const service = createSessionService({ store, clock, random: createSeededRandom(1), watchStore });
  const sessionIds: string[] = [];
  for (let i = 0; i < parallel; i++) {
    sessionIds.push((await service.createSession('bench', { preset: 'cheerful_companion' })).sessionId);
  }
  return {
    name,
    store,
    service,
    advance: (d) => clock.advance(d),
    sessionIds,
    rates: { sequential: [], parallel: [] },
    ratios: { sequential: [], parallel: [] },
  };
}

/**
 * A SQLite store whose change-log triggers are dropped and which nobody watches: the store as it was before several
 * processes could share a file, to measure what the log and its polling cost in the same run.
 */
function withoutChangeLog(file: string): SessionStore {
  const store = createSqliteStore({ file, synchronous: 'FULL' });
  const db = new Database(file);
  for (const op of ['insert', 'update', 'delete']) db.exec(`DROP TRIGGER sessions_changes_${op}`);
  db.close();
  return store;
}

let sink = 0;

/** Turns on one session, one after the other, for `ms`; resolves with the count. */
async function turns(s: Subject, sessionId: string, end: number): Promise<number> {
  let n = 0;
  while (performance.now() < end) {
    for (let k = 0; k < 16; k++, n++) {
      s.advance(500);
      const r = await s.service.appraisalTurn('bench', {
        sessionId,
        appraisal: appraisals[n % appraisals.length]!,
        context: 'The user said hello.',
      });
      sink += r.emotion_intensity;
    }
  }
  return n;
}

/** Turns per second: on one session (sequential), or on every session at once (parallel). */
async function round(s: Subject, mode: Mode): Promise<number> {
  const start = performance.now();
  const ids = mode === 'sequential' ? s.sessionIds.slice(0, 1) : s.sessionIds;
  const counts = await Promise.all(ids.map((id) => turns(s, id, start + ms)));
  return (counts.reduce((a, b) => a + b, 0) * 1000) / (performance.now() - start);
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? Number.NaN;
}

/** The MongoDB subject on a throwaway database, with a line naming the server; `drop` removes the database. */
async function mongoSubject(
  uri: string,
): Promise<{ subject: Subject; server: string; drop: () => Promise<void> }> {
  const { createMongoStore } = await import('../src/mongo-store.js');
  const dbName = `limbic_bench_${process.pid}`;
  const store = await createMongoStore({ uri, dbName });
  const info = await store.db.command({ buildInfo: 1 });
  const where = describeStore({
    store: 'mongodb',
    mongodbUri: uri,
    mongodbDb: dbName,
    mongodbWriteConcern: 'majority',
    dataDir: '',
    sqliteFile: '',
    sqliteSynchronous: 'FULL',
  });
  return {
    subject: await subject('mongodb', store),
    server: `${where}, MongoDB ${String(info.version)}, write concern majority`,
    drop: async () => {
      await store.db.dropDatabase();
    },
  };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'limbic-store-bench-'));
  const subjects: Subject[] = [
    await subject('memory', createMemoryStore()),
    await subject('sqlite FULL', createSqliteStore({ file: join(dir, 'full.db'), synchronous: 'FULL' })),
    await subject(
      'sqlite FULL, no watch',
      createSqliteStore({ file: join(dir, 'unwatched.db'), synchronous: 'FULL' }),
      false,
    ),
    await subject('sqlite FULL, no log', withoutChangeLog(join(dir, 'unlogged.db')), false),
    await subject(
      'sqlite NORMAL',
      createSqliteStore({ file: join(dir, 'normal.db'), synchronous: 'NORMAL' }),
    ),
  ];
  const probe = new Database(':memory:');
  const sqliteVersion = String(probe.prepare('SELECT sqlite_version()').pluck().get());
  probe.close();
  const servers = [`sqlite ${sqliteVersion}, WAL, files in ${dir}`];
  let dropMongo = async () => {};
  if (mongoUri) {
    const mongo = await mongoSubject(mongoUri);
    subjects.push(mongo.subject);
    servers.push(mongo.server);
    dropMongo = mongo.drop;
  } else {
    servers.push('mongodb: not run (MONGODB_URI is not set)');
  }

  for (const s of subjects) await round(s, 'parallel');
  for (let i = 0; i < rounds; i++) {
    for (const mode of ['sequential', 'parallel'] as const) {
      // Rotate the order each round, so no store always runs first or last.
      const order = subjects.map((_, j) => subjects[(i + j) % subjects.length]!);
      const rates = new Map<Subject, number>();
      for (const s of order) rates.set(s, await round(s, mode));
      const memory = rates.get(subjects[0]!)!;
      for (const s of subjects) {
        s.rates[mode].push(rates.get(s)!);
        s.ratios[mode].push(rates.get(s)! / memory);
      }
    }
  }

  const lines = [
    'Limbic stores: appraisal turns through the session service on each store (in process, prompt_data included)',
    `rounds: ${rounds} × ${ms} ms per store and mode, order rotated each round; node ${process.version}`,
    ...servers.map((s) => `server: ${s}`),
  ];
  for (const mode of ['sequential', 'parallel'] as const) {
    lines.push(
      mode === 'sequential'
        ? 'sequential: one session, each turn awaited before the next (the latency of one write)'
        : `parallel: ${parallel} sessions, one turn in flight on each (writes of one event-loop round commit together)`,
    );
    for (const s of subjects) {
      const rate = median(s.rates[mode]);
      lines.push(
        `  ${s.name.padEnd(22)} turns/s (median): ${Math.round(rate).toLocaleString('en').padStart(8)}   ` +
          `${(1e6 / rate).toFixed(1).padStart(6)} µs/turn   vs memory: ${(median(s.ratios[mode]) * 100).toFixed(1).padStart(5)} %   ` +
          `rounds: ${s.rates[mode].map((x) => Math.round(x)).join(' ')}`,
      );
    }
  }
  console.log(lines.join('\n'));
  await dropMongo();
  for (const s of subjects) await s.store.close();
  rmSync(dir, { recursive: true, force: true });
  if (sink === Number.POSITIVE_INFINITY) console.log(sink);
}

await main();
