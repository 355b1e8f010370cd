/**
 * Gateway benchmark (`npm run bench`): the REST appraisal turn and the WebSocket turn_appraisal round trip of the
 * Limbic gateway (in-memory store), each next to a bare baseline measured in the same time window (a plain node:http
 * server and a plain `ws` server answering a same-size JSON). Both servers are pinned to the same core and loaded at
 * once, so machine noise hits both alike (../shared/research/perf.md: concurrent mode, ±1.5 % instead of ±10-20 %);
 * the load generators run in this process on the other core. Then memory: resident memory of the gateway per 1,000
 * idle WebSocket connections and per 10,000 idle sessions.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { httpLoad, type LoadOptions, wsLoad } from './load.js';
import { concurrent, type Measure, report } from './measure.js';
import { gatewayMain, rssMb, type Server, script, serversPinned, start, stopServers } from './servers.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const wsConnections = Number(process.env.BENCH_WS_CONNECTIONS ?? 16);
const key = 'svc_test_benchbenchbenchbench0001';
const appraisal = {
  goal_relevance: 0.9,
  goal_congruence: -0.8,
  expectedness: 0.3,
  controllability: 0.7,
  agency: -0.9,
  norm_compatibility: -0.7,
};
const httpOptions: LoadOptions = { key, appraisal, connections };
const wsOptions: LoadOptions = { key, appraisal, connections: wsConnections };

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
      `Limbic gateway benchmark: node ${process.version}, ${rounds} rounds × ${seconds} s, HTTP ${connections} connections, WS ${wsConnections} connections × 1 in flight, servers ${serversPinned ? 'pinned together on CPU 1' : 'unpinned'}`,
    );

    await concurrent(
      bareHttp,
      gateway,
      () => httpLoad(bareHttp.port, sessionId, 3, httpOptions),
      () => httpLoad(gateway.port, sessionId, 3, httpOptions),
    );
    const http: [Measure, Measure][] = [];
    for (let i = 0; i < rounds; i++) {
      http.push(
        await concurrent(
          bareHttp,
          gateway,
          () => httpLoad(bareHttp.port, sessionId, seconds, httpOptions),
          () => httpLoad(gateway.port, sessionId, seconds, httpOptions),
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
      () => wsLoad(bareWs.port, '/', 3, wsOptions),
      () => wsLoad(gateway.port, wsPath, 3, wsOptions),
    );
    const ws: [Measure, Measure][] = [];
    for (let i = 0; i < rounds; i++) {
      ws.push(
        await concurrent(
          bareWs,
          gateway,
          () => wsLoad(bareWs.port, '/', seconds, wsOptions),
          () => wsLoad(gateway.port, wsPath, seconds, wsOptions),
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
    await stopServers(servers);
    rmSync(data, { recursive: true, force: true });
  }
}

await main();
