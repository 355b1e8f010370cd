/**
 * Gateway benchmark (`npm run bench`): the REST appraisal turn and the WebSocket turn_appraisal round trip of the
 * Limbic gateway (in-memory store), each next to a bare baseline measured in the same time window (a plain node:http
 * server and a plain `ws` server answering a same-size JSON). Both servers are pinned to the same core and loaded at
 * once, so machine noise hits both alike (../shared/research/perf.md: concurrent mode, ±1.5 % instead of ±10-20 %);
 * the load generators run in this process on the other core. Then memory: resident memory of the gateway per 1,000
 * idle WebSocket connections and per 10,000 idle sessions.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import WebSocket from 'ws';

const here = dirname(fileURLToPath(import.meta.url));
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const wsConnections = Number(process.env.BENCH_WS_CONNECTIONS ?? 16);
const key = 'svc_test_benchbenchbenchbench0001';
const pinned = process.env.BENCH_PIN !== '0';
const appraisal = {
  goal_relevance: 0.9,
  goal_congruence: -0.8,
  expectedness: 0.3,
  controllability: 0.7,
  agency: -0.9,
  norm_compatibility: -0.7,
};

interface Server {
  proc: ChildProcess;
  port: number;
}

/** The gateway as production runs it: compiled JavaScript (`npm run bench` builds first). */
const gatewayMain = join(here, '../dist/main.js');

/** A TypeScript script of this folder, through tsx. */
function script(file: string, ...args: string[]): string[] {
  return ['--import', 'tsx', '--conditions=@limbic/source', join(here, file), ...args];
}

function start(args: string[], env: Record<string, string>, ready: RegExp): Promise<Server> {
  const node = [process.execPath, ...args];
  const [cmd, ...rest] = pinned ? ['taskset', '-c', '1', ...node] : node;
  const proc = spawn(cmd!, rest, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start: ${out}`)), 30_000);
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += String(chunk);
      const m = ready.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ proc, port: Number(m[1]) });
      }
    });
    proc.on('exit', (code) => reject(new Error(`${script} exited with ${code}: ${out}`)));
  });
}

function cpuTicks(pid: number): number {
  const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
  return Number(f[11]) + Number(f[12]);
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? 0) / 1024;
}

function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

function median(xs: number[]): number {
  return percentile(xs, 0.5);
}

interface Measure {
  rate: number;
  p99: number;
  usPerOp: number;
  errors: number;
}

function httpLoad(
  port: number,
  sessionId: string,
  duration: number,
): Promise<{ ok: number; errors: number; latencies: number[] }> {
  const latencies: number[] = [];
  let ok = 0;
  let errors = 0;
  return new Promise((resolve, reject) => {
    const inst = autocannon(
      {
        url: `http://127.0.0.1:${port}/v1/turn/appraisal`,
        method: 'POST',
        connections,
        duration,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ sessionId, appraisal, context: 'The user said hello.' }),
      },
      (err) => (err ? reject(err) : resolve({ ok, errors, latencies })),
    );
    inst.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      if (status === 200) {
        ok++;
        latencies.push(ms);
      } else errors++;
    });
  });
}

async function wsLoad(
  port: number,
  path: string,
  duration: number,
): Promise<{ ok: number; errors: number; latencies: number[] }> {
  const latencies: number[] = [];
  let ok = 0;
  let errors = 0;
  const end = performance.now() + duration * 1000;
  const sockets = await Promise.all(
    Array.from({ length: wsConnections }, () => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`);
      return new Promise<WebSocket>((resolve, reject) => {
        ws.once('message', () => resolve(ws));
        ws.once('error', reject);
      });
    }),
  );
  const frame = JSON.stringify({ type: 'turn_appraisal', appraisal, context: 'The user said hello.' });
  await Promise.all(
    sockets.map(
      (ws) =>
        new Promise<void>((resolve) => {
          let sent = performance.now();
          ws.on('message', (data) => {
            const text = String(data);
            if (text.startsWith('{"type":"turn_result"')) {
              ok++;
              latencies.push(performance.now() - sent);
            } else if (text.includes('"type":"error"')) errors++;
            else return;
            if (performance.now() >= end) {
              resolve();
              return;
            }
            sent = performance.now();
            ws.send(frame);
          });
          ws.send(frame);
        }),
    ),
  );
  for (const ws of sockets) ws.terminate();
  return { ok, errors, latencies };
}

async function concurrent(
  a: Server,
  b: Server,
  runA: () => Promise<{ ok: number; errors: number; latencies: number[] }>,
  runB: () => Promise<{ ok: number; errors: number; latencies: number[] }>,
): Promise<[Measure, Measure]> {
  const t0 = performance.now();
  const ca = cpuTicks(a.proc.pid!);
  const cb = cpuTicks(b.proc.pid!);
  const [ra, rb] = await Promise.all([runA(), runB()]);
  const secs = (performance.now() - t0) / 1000;
  const ticksA = cpuTicks(a.proc.pid!) - ca;
  const ticksB = cpuTicks(b.proc.pid!) - cb;
  const m = (r: { ok: number; errors: number; latencies: number[] }, ticks: number): Measure => ({
    rate: r.ok / secs,
    p99: percentile(r.latencies, 0.99),
    usPerOp: (ticks * 10_000) / Math.max(1, r.ok),
    errors: r.errors,
  });
  return [m(ra, ticksA), m(rb, ticksB)];
}

function report(title: string, results: [Measure, Measure][], targets: string): void {
  const ratio = results.map(([a, b]) => b.rate / a.rate);
  const cpu = results.map(([a, b]) => a.usPerOp / b.usPerOp);
  const p99 = results.map(([a, b]) => b.p99 / a.p99);
  const f = (x: number, d = 1) => x.toFixed(d);
  console.log(`\n${title}`);
  console.log('round   bare/s    limbic/s   bare µs/op  limbic µs/op  bare p99 ms  limbic p99 ms  errors');
  for (const [i, [a, b]] of results.entries()) {
    console.log(
      `${String(i + 1).padEnd(6)}  ${f(a.rate, 0).padStart(7)}  ${f(b.rate, 0).padStart(9)}   ${f(a.usPerOp).padStart(9)}   ${f(b.usPerOp).padStart(11)}   ${f(a.p99, 2).padStart(10)}   ${f(b.p99, 2).padStart(12)}  ${a.errors + b.errors}`,
    );
  }
  console.log(
    `median: throughput limbic/bare ${f(median(ratio) * 100)} %, CPU per op bare/limbic ${f(median(cpu) * 100)} %, p99 limbic/bare ${f(median(p99), 2)}×   (${targets})`,
  );
}

async function main(): Promise<void> {
  const data = mkdtempSync(join(tmpdir(), 'limbic-bench-'));
  const servers: Server[] = [];
  try {
    const gateway = await start(
      [gatewayMain],
      {
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        LIMBIC_DATA: data,
        LIMBIC_API_KEYS: `${key}:enterprise`,
        // Every simulated client connects from 127.0.0.1: lift the per-address cap (default 1024) for the run.
        LIMBIC_MAX_CONNECTIONS_PER_ADDRESS: '100000',
        // The in-memory store: these figures are the transport's; gateway/bench/store-bench.ts compares the stores.
        LIMBIC_STORE: 'memory',
      },
      /listening on http:\/\/127\.0\.0\.1:(\d+)/,
    );
    servers.push(gateway);
    const bareHttp = await start(script('bare-servers.ts', 'http', '0'), {}, /READY (\d+)/);
    servers.push(bareHttp);
    const bareWs = await start(script('bare-servers.ts', 'ws', '0'), {}, /READY (\d+)/);
    servers.push(bareWs);
    const created = await fetch(`http://127.0.0.1:${gateway.port}/v1/persona`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ preset: 'cheerful_companion' }),
    });
    const { sessionId } = (await created.json()) as { sessionId: string };
    console.log(
      `Limbic gateway benchmark: node ${process.version}, ${rounds} rounds × ${seconds} s, HTTP ${connections} connections, WS ${wsConnections} connections × 1 in flight, servers ${pinned ? 'pinned together on CPU 1' : 'unpinned'}`,
    );

    await concurrent(
      bareHttp,
      gateway,
      () => httpLoad(bareHttp.port, sessionId, 3),
      () => httpLoad(gateway.port, sessionId, 3),
    );
    const http: [Measure, Measure][] = [];
    for (let i = 0; i < rounds; i++) {
      http.push(
        await concurrent(
          bareHttp,
          gateway,
          () => httpLoad(bareHttp.port, sessionId, seconds),
          () => httpLoad(gateway.port, sessionId, seconds),
        ),
      );
    }
    report(
      'REST POST /v1/turn/appraisal (bare node:http vs Limbic)',
      http,
      'targets: throughput ≥ 60 % or CPU/op ≥ 60 %, p99 ≤ 1.5×',
    );

    const wsPath = `/v1/ws/${sessionId}?token=${key}`;
    await concurrent(
      bareWs,
      gateway,
      () => wsLoad(bareWs.port, '/', 3),
      () => wsLoad(gateway.port, wsPath, 3),
    );
    const ws: [Measure, Measure][] = [];
    for (let i = 0; i < rounds; i++) {
      ws.push(
        await concurrent(
          bareWs,
          gateway,
          () => wsLoad(bareWs.port, '/', seconds),
          () => wsLoad(gateway.port, wsPath, seconds),
        ),
      );
    }
    report(
      'WebSocket turn_appraisal round trip (bare ws vs Limbic)',
      ws,
      'target: ≥ 60 % of the bare round trips',
    );

    const pid = gateway.proc.pid!;
    const idleBefore = rssMb(pid);
    const idle: WebSocket[] = [];
    for (let i = 0; i < 1000; i++) {
      const socket = new WebSocket(`ws://127.0.0.1:${gateway.port}${wsPath}`);
      idle.push(socket);
      await new Promise((resolve, reject) => {
        socket.once('message', resolve);
        socket.once('error', reject);
      });
    }
    const idleAfter = rssMb(pid);
    for (const socket of idle) socket.terminate();
    const sessionsBefore = rssMb(pid);
    for (let i = 0; i < 10_000; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, () =>
          fetch(`http://127.0.0.1:${gateway.port}/v1/persona`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
            body: JSON.stringify({ preset: 'cheerful_companion' }),
          }).then((r) => r.arrayBuffer()),
        ),
      );
    }
    const sessionsAfter = rssMb(pid);
    console.log('\nMemory (resident set of the gateway process)');
    console.log(
      `1,000 idle WebSocket connections: +${(idleAfter - idleBefore).toFixed(1)} MB (${idleBefore.toFixed(1)} → ${idleAfter.toFixed(1)} MB; target ≤ 20 MB)`,
    );
    console.log(
      `10,000 idle sessions (in-memory store): +${(sessionsAfter - sessionsBefore).toFixed(1)} MB (${sessionsBefore.toFixed(1)} → ${sessionsAfter.toFixed(1)} MB)`,
    );
  } finally {
    // Stop the servers first, then remove the data directory they may still write to.
    await Promise.all(
      servers.map(
        (s) =>
          new Promise<void>((resolve) => {
            if (s.proc.exitCode !== null) return resolve();
            s.proc.once('exit', () => resolve());
            s.proc.kill('SIGTERM');
          }),
      ),
    );
    rmSync(data, { recursive: true, force: true });
  }
}

await main();
