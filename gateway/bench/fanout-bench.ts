/**
 * Subscription fan-out benchmark (`npm run bench`, issue #4): N subscribers on one session (N = 1, 100, 1,000) each
 * receive every state snapshot of a stream of turns, over GraphQL (`sessionState` on graphql-ws) and, in the same
 * run, over the plain WebSocket endpoint (`?events=state`). Reports deliveries per second (all subscribers together)
 * and the p99 delay from sending a turn to each subscriber receiving its snapshot. The gateway runs in a child
 * process pinned to CPU 1; subscribers and the turn sender run here on CPU 0.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';

const here = dirname(fileURLToPath(import.meta.url));
const key = 'svc_test_fanoutfanoutfanoutfan01';
const turnsPerRun = Number(process.env.BENCH_FANOUT_TURNS ?? 100);
const sizes = (process.env.BENCH_FANOUT_SIZES ?? '1,100,1000').split(',').map(Number);
const pinned = process.env.BENCH_PIN !== '0';
const transports = (process.env.BENCH_FANOUT_TRANSPORTS ?? 'websocket,graphql').split(',') as (
  | 'websocket'
  | 'graphql'
)[];
const appraisal = {
  goal_relevance: 0.6,
  goal_congruence: 0.4,
  expectedness: 0.5,
  controllability: 0.5,
  agency: -0.6,
  norm_compatibility: 0.2,
};

function startGateway(data: string): Promise<{ proc: ChildProcess; port: number }> {
  // The gateway as production runs it: compiled JavaScript (`npm run bench` builds first).
  const node = [process.execPath, join(here, '../dist/main.js')];
  const [cmd, ...args] = pinned ? ['taskset', '-c', '1', ...node] : node;
  const proc = spawn(cmd!, args, {
    env: {
      ...process.env,
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
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (c: Buffer) => {
      out += String(c);
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) resolve({ proc, port: Number(m[1]) });
    });
    proc.on('exit', (code) => reject(new Error(`gateway exited with ${code}: ${out}`)));
  });
}

function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

interface Subscriber {
  /** Resolves once the subscriber has seen its first snapshot (subscription live). */
  ready: Promise<void>;
  close(): void;
}

/** Sent-at times of turns by turn count, and every delivery delay observed. */
interface Tally {
  sentAt: Map<number, number>;
  delays: number[];
  delivered: number;
  expected: number;
  done: () => void;
}

function onSnapshot(tally: Tally, turns: number): void {
  const sent = tally.sentAt.get(turns);
  if (sent === undefined) return;
  tally.delays.push(performance.now() - sent);
  tally.delivered++;
  if (tally.delivered === tally.expected) tally.done();
}

function graphqlSubscriber(client: Client, sessionId: string, tally: Tally): Subscriber {
  let first: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    first = resolve;
  });
  const stop = client.subscribe<{ sessionState: { turns: number } }>(
    {
      query:
        'subscription S($id: ID!) { sessionState(sessionId: $id) { turns discrete_emotion emotion { V A D } } }',
      variables: { id: sessionId },
    },
    {
      next: (result) => {
        first();
        const turns = result.data?.sessionState.turns;
        if (turns !== undefined) onSnapshot(tally, turns);
      },
      error: (error) => console.error('subscription error', error),
      complete: () => {},
    },
  );
  return { ready, close: stop };
}

function wsSubscriber(port: number, sessionId: string, tally: Tally): Subscriber {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/v1/ws/${sessionId}?token=${key}&events=state`);
  const ready = new Promise<void>((resolve, reject) => {
    ws.on('message', (raw) => {
      const text = String(raw);
      if (text.startsWith('{"type":"connected"')) resolve();
      else if (text.startsWith('{"type":"state"'))
        onSnapshot(tally, (JSON.parse(text) as { data: { turns: number } }).data.turns);
    });
    ws.on('error', reject);
  });
  return { ready, close: () => ws.terminate() };
}

async function run(port: number, transport: 'graphql' | 'websocket', n: number): Promise<string> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${key}` };
  const created = await fetch(`http://127.0.0.1:${port}/v1/persona`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ preset: 'cheerful_companion' }),
  });
  const { sessionId } = (await created.json()) as { sessionId: string };
  const tally: Tally = {
    sentAt: new Map(),
    delays: [],
    delivered: 0,
    expected: n * turnsPerRun,
    done: () => {},
  };
  const finished = new Promise<void>((resolve) => {
    tally.done = resolve;
  });
  // Several subscriptions share one graphql-ws connection per 50 subscribers, as a page with many widgets would.
  const clients: Client[] = [];
  const subscribers: Subscriber[] = [];
  for (let i = 0; i < n; i++) {
    if (transport === 'graphql') {
      if (i % 50 === 0) {
        clients.push(
          createClient({
            url: `ws://127.0.0.1:${port}/graphql`,
            webSocketImpl: WebSocket,
            connectionParams: { authorization: `Bearer ${key}` },
            retryAttempts: 0,
            lazy: false,
          }),
        );
      }
      subscribers.push(graphqlSubscriber(clients[clients.length - 1]!, sessionId, tally));
    } else subscribers.push(wsSubscriber(port, sessionId, tally));
    if (i % 100 === 99) await Promise.all(subscribers.slice(-100).map((s) => s.ready));
  }
  await Promise.all(subscribers.map((s) => s.ready));
  const start = performance.now();
  for (let k = 1; k <= turnsPerRun; k++) {
    tally.sentAt.set(k, performance.now());
    const r = await fetch(`http://127.0.0.1:${port}/v1/turn/appraisal`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ sessionId, appraisal }),
    });
    await r.arrayBuffer();
  }
  await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, 60_000).unref())]);
  const secs = (performance.now() - start) / 1000;
  for (const s of subscribers) s.close();
  await Promise.all(clients.map((c) => c.dispose()));
  const missing = tally.expected - tally.delivered;
  return `${transport.padEnd(10)} ${String(n).padStart(5)}   ${Math.round(tally.delivered / secs)
    .toLocaleString('en')
    .padStart(
      9,
    )}   ${percentile(tally.delays, 0.5).toFixed(1).padStart(8)}   ${percentile(tally.delays, 0.99).toFixed(1).padStart(8)}   ${missing}`;
}

async function main(): Promise<void> {
  const data = mkdtempSync(join(tmpdir(), 'limbic-fanout-'));
  const gateway = await startGateway(data);
  try {
    console.log(
      `\nSubscription fan-out: ${turnsPerRun} turns on one session, every subscriber gets every snapshot (node ${process.version})`,
    );
    console.log('transport  subs   deliveries/s   p50 ms     p99 ms    missed');
    for (const n of sizes) {
      for (const transport of transports) console.log(await run(gateway.port, transport, n));
    }
  } finally {
    await new Promise<void>((resolve) => {
      gateway.proc.once('exit', () => resolve());
      gateway.proc.kill('SIGTERM');
    });
    rmSync(data, { recursive: true, force: true });
  }
}

await main();
