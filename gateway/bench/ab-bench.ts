/**
 * A/B benchmark of two builds of the gateway (`npm run bench:ab -- <baseline gateway/dist/main.js>`): the REST
 * appraisal turn and the REST text turn of this checkout's gateway (B) against another build (A, e.g. main before a
 * change, built in a worktree), both at their default settings on the in-memory store (`BENCH_STORE=sqlite`: the
 * default durable store), pinned to the same core and loaded in the same time window (../shared/research/perf.md,
 * concurrent mode), so the machine's noise hits both alike (BENCH_B_MAIN: another build as B). The same build twice with different settings measures a
 * setting's cost: `BENCH_A_ENV=LOG_LEVEL=warn npm run bench:ab -- gateway/dist/main.js` (and BENCH_B_ENV). Prints,
 * per turn kind, each round and the medians of the B/A ratios.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  benchAppraisal,
  benchKey,
  benchMessage,
  createSessions,
  measureRounds,
  startGateway,
} from './bench-gateway.js';
import { httpLoad, type LoadOptions } from './load.js';
import { report } from './measure.js';
import { gatewayMain, type Server, serversPinned, stopServers } from './servers.js';

const baseline = process.argv[2] ?? process.env.BENCH_BASELINE;
/** B: this checkout's build, or another one (BENCH_B_MAIN), to compare two builds that are both elsewhere. */
const candidate = process.env.BENCH_B_MAIN ?? gatewayMain;
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** `memory` (the transport's cost) or `sqlite` (the default store, durable: reads and commits included). */
const store = process.env.BENCH_STORE ?? 'memory';
/** `K=V,K=V` from an environment variable, as an environment (BENCH_A_ENV / BENCH_B_ENV: one side's settings). */
function extraEnv(name: string): Record<string, string> {
  const pairs = (process.env[name] ?? '').split(',').filter(Boolean);
  return Object.fromEntries(
    pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
}

/** A build at its default settings (and `extra`) on the benchmark's store, with one session. */
async function gateway(main: string, data: string, extra: Record<string, string>) {
  const server = await startGateway(main, store, data, extra);
  const [sessionId = ''] = await createSessions(server.port, 1);
  return { server, sessionId };
}

/** Loads both builds with `options`: a warm-up, then the measured rounds. */
function compare(a: Awaited<ReturnType<typeof gateway>>, b: typeof a, options: LoadOptions) {
  const run = (side: typeof a) => (duration: number) =>
    httpLoad(side.server.port, side.sessionId, duration, options);
  return measureRounds(a.server, b.server, run(a), run(b), rounds, seconds);
}

async function main(): Promise<void> {
  if (!baseline || !existsSync(baseline)) {
    console.error('usage: npm run bench:ab -- <path to the baseline build’s gateway/dist/main.js>');
    process.exitCode = 2;
    return;
  }
  const dirs = [mkdtempSync(join(tmpdir(), 'limbic-ab-a-')), mkdtempSync(join(tmpdir(), 'limbic-ab-b-'))];
  const servers: Server[] = [];
  try {
    const a = await gateway(baseline, dirs[0] ?? '', extraEnv('BENCH_A_ENV'));
    servers.push(a.server);
    const b = await gateway(candidate, dirs[1] ?? '', extraEnv('BENCH_B_ENV'));
    servers.push(b.server);
    console.log(
      `Gateway A/B: A ${baseline}, B ${candidate}; ${store} store, node ${process.version}, ${rounds} rounds × ${seconds} s, ${connections} connections each, servers ${serversPinned ? 'pinned together on CPU 1' : 'unpinned'}`,
    );
    const labels: [string, string] = ['A', 'B'];
    const base = { key: benchKey, appraisal: benchAppraisal, connections };
    report('REST POST /v1/turn/appraisal', await compare(a, b, base), 'B/A > 100 %: B is faster', labels);
    report(
      'REST POST /v1/turn (text)',
      await compare(a, b, { ...base, message: benchMessage }),
      'B/A > 100 %: B is faster',
      labels,
    );
  } finally {
    await stopServers(servers);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
