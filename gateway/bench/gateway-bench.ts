/**
 * Gateway benchmark (`npm run bench:gateway`): the REST appraisal turn, the REST text turn and the WebSocket
 * turn_appraisal round trip of the Limbic gateway at its default settings (info logging, metrics on), on the
 * in-memory store and on the default SQLite store (FULL, 32 sessions), each next to a bare baseline in the same time
 * window: a plain node:http server and a plain `ws` server answering the same bytes the gateway sent for the same
 * request, captured before the run (bare-servers.ts). Both servers are pinned to the same core and loaded at once,
 * so machine noise hits both alike (../shared/research/perf.md: concurrent mode); the load generators run in this
 * process on the other core. Then one hot session on SQLite FULL (hot-session.ts: every connection on one session,
 * the gateway alone). Then memory: resident memory of the gateway per 1,000 idle WebSocket connections and per
 * 10,000 idle sessions. `BENCH_ONLY=hot` runs only the hot-session row.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import {
  benchAppraisal,
  benchHeaders,
  benchKey,
  benchMessage,
  createSessions,
  measureRounds,
  startGateway,
} from './bench-gateway.js';
import { benchHotSession } from './hot-session.js';
import { httpLoad, type LoadOptions, type LoadResult, wsLoad } from './load.js';
import { report } from './measure.js';
import { gatewayMain, rssMb, type Server, script, serversPinned, start, stopServers } from './servers.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const wsConnections = Number(process.env.BENCH_WS_CONNECTIONS ?? 16);
/** `hot`: only the hot-session row (one session, SQLite FULL), which takes under a minute. */
const only = process.env.BENCH_ONLY;
const key = benchKey;
const appraisal = benchAppraisal;
const message = benchMessage;
const httpOptions: LoadOptions = { key, appraisal, connections };
const textOptions: LoadOptions = { ...httpOptions, message };
const wsOptions: LoadOptions = { key, appraisal, connections: wsConnections };
const auth = benchHeaders;

/**
 * Captures the gateway's own answers to the load's requests (REST appraisal, REST text, the socket's turn_result)
 * into files for the same-bytes baselines, and returns their environment.
 */
async function captureAnswers(port: number, sessionId: string, dir: string): Promise<Record<string, string>> {
  const post = async (path: string, body: object) =>
    Buffer.from(
      await (
        await fetch(`http://127.0.0.1:${port}${path}`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify(body),
        })
      ).arrayBuffer(),
    );
  const appraisalAnswer = await post('/v1/turn/appraisal', {
    sessionId,
    appraisal,
    context: 'The user said hello.',
  });
  const textAnswer = await post('/v1/turn', { sessionId, message });
  const socket = new WebSocket(`ws://127.0.0.1:${port}/v1/ws/${sessionId}?token=${key}`);
  const frame = await new Promise<string>((resolve, reject) => {
    socket.on('message', (data) => {
      const text = String(data);
      if (text.startsWith('{"type":"connected"'))
        socket.send(JSON.stringify({ type: 'turn_appraisal', appraisal, context: 'The user said hello.' }));
      else resolve(text);
    });
    socket.once('error', reject);
  });
  socket.close();
  const files = { SAME_APPR: appraisalAnswer, SAME_TEXT: textAnswer, SAME_WS: Buffer.from(frame) };
  const env: Record<string, string> = {};
  for (const [name, bytes] of Object.entries(files)) {
    env[name] = join(dir, `${name.toLowerCase()}.json`);
    writeFileSync(env[name], bytes);
  }
  return env;
}

/** A warm-up, then the measured rounds of two servers under the same kind of load; the report. */
async function compare(
  title: string,
  target: string,
  a: Server,
  b: Server,
  runA: (duration: number) => Promise<LoadResult>,
  runB: (duration: number) => Promise<LoadResult>,
): Promise<void> {
  report(title, await measureRounds(a, b, runA, runB, rounds, seconds), target);
}

/** Only the hot-session row, on a gateway of its own. */
async function mainHot(): Promise<void> {
  const data = mkdtempSync(join(tmpdir(), 'limbic-bench-sqlite-'));
  const servers: Server[] = [];
  try {
    const durable = await startGateway(gatewayMain, 'sqlite', data);
    servers.push(durable);
    console.log(
      `Limbic gateway benchmark, hot session only: node ${process.version}, default settings, ${rounds} rounds × ${seconds} s, gateway ${serversPinned ? 'pinned on CPU 1' : 'unpinned'}`,
    );
    await benchHotSession(durable, httpOptions, rounds, seconds);
  } finally {
    await stopServers(servers);
    rmSync(data, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const data = mkdtempSync(join(tmpdir(), 'limbic-bench-'));
  const sqliteData = mkdtempSync(join(tmpdir(), 'limbic-bench-sqlite-'));
  const servers: Server[] = [];
  try {
    const gateway = await startGateway(gatewayMain, 'memory', data);
    servers.push(gateway);
    const [sessionId = ''] = await createSessions(gateway.port, 1);
    const same = await captureAnswers(gateway.port, sessionId, data);
    const bareHttp = await start(script('bare-servers.ts', 'http', '0'), same, /READY (\d+)/);
    servers.push(bareHttp);
    const bareWs = await start(script('bare-servers.ts', 'ws', '0'), same, /READY (\d+)/);
    servers.push(bareWs);
    console.log(
      `Limbic gateway benchmark: node ${process.version}, default settings (info logging, metrics), ${rounds} rounds × ${seconds} s, HTTP ${connections} connections, WS ${wsConnections} connections × 1 in flight, servers ${serversPinned ? 'pinned together on CPU 1' : 'unpinned'}; baselines answer the gateway's own bytes`,
    );
    const restTarget = 'issue 23: ≥ 50 % of the bare throughput';
    await compare(
      'REST POST /v1/turn/appraisal, in-memory store (bare same bytes vs Limbic)',
      restTarget,
      bareHttp,
      gateway,
      (d) => httpLoad(bareHttp.port, sessionId, d, httpOptions),
      (d) => httpLoad(gateway.port, sessionId, d, httpOptions),
    );
    await compare(
      'REST POST /v1/turn (text), in-memory store (bare same bytes vs Limbic)',
      'issue 23: ≥ 35 %',
      bareHttp,
      gateway,
      (d) => httpLoad(bareHttp.port, sessionId, d, textOptions),
      (d) => httpLoad(gateway.port, sessionId, d, textOptions),
    );
    const wsPath = `/v1/ws/${sessionId}?token=${key}`;
    await compare(
      'WebSocket turn_appraisal round trip, in-memory store (bare same bytes vs Limbic)',
      'issue 23: ≥ 50 %',
      bareWs,
      gateway,
      (d) => wsLoad(bareWs.port, '/', d, wsOptions),
      (d) => wsLoad(gateway.port, wsPath, d, wsOptions),
    );

    const durable = await startGateway(gatewayMain, 'sqlite', sqliteData);
    servers.push(durable);
    const sessions = await createSessions(durable.port, connections);
    await compare(
      `REST POST /v1/turn/appraisal, SQLite FULL, ${sessions.length} sessions (bare same bytes vs Limbic)`,
      'issue 23: ≥ 35 %',
      bareHttp,
      durable,
      (d) => httpLoad(bareHttp.port, sessions, d, httpOptions),
      (d) => httpLoad(durable.port, sessions, d, httpOptions),
    );
    await benchHotSession(durable, httpOptions, rounds, seconds);

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
    await stopServers(servers);
    rmSync(data, { recursive: true, force: true });
    rmSync(sqliteData, { recursive: true, force: true });
  }
}

await (only === 'hot' ? mainHot() : main());
