/**
 * The repository's deploy/Caddyfile, run by a real Caddy in front of a real gateway on 127.0.0.1: REST, both
 * WebSocket upgrades and the failed-authentication limit per client behind the proxy (LIMBIC_TRUST_PROXY). Clients
 * connect from different loopback addresses (127.0.0.2, 127.0.0.3), which Caddy writes into X-Forwarded-For.
 * Skipped, saying why, where Caddy is not installed (Debian: apt-get install caddy).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { within } from './graphql-client.js';
import { startTestGateway, type TestGateway } from './harness.js';
import { createSession, openClient } from './ws-client.js';

const caddyfile = fileURLToPath(new URL('../../deploy/Caddyfile', import.meta.url));

function caddyMissing(): string | undefined {
  try {
    execFileSync('caddy', ['version'], { stdio: 'ignore' });
    return undefined;
  } catch {
    return 'caddy is not installed (Debian: apt-get install caddy)';
  }
}
const skipReason = caddyMissing();
if (skipReason) console.log(`reverse proxy test skipped: ${skipReason}`);

const badKey = 'svc_test_notarealkeynotarealkey00';

let t: TestGateway;
let caddy: ChildProcess | undefined;
let home: string;
let proxy: string;

/** A port of this machine that nothing listens on (the OS picked it; Caddy binds it next). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** GET through the proxy from the loopback address `from`; resolves with the status. */
function get(from: string, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${proxy}${path}`, { localAddress: from, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  if (skipReason) return;
  t = await startTestGateway({ failedAuthPerMinute: 2, trustProxy: ['127.0.0.1'] });
  const port = await freePort();
  proxy = `http://127.0.0.1:${port}`;
  home = mkdtempSync(join(tmpdir(), 'limbic-caddy-'));
  const started = spawn('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_DATA_HOME: home,
      XDG_CONFIG_HOME: home,
      PROXY_ADDRESS: `http://:${port}`,
      PROXY_BIND: '127.0.0.1',
      PROXY_UPSTREAMS: new URL(t.url).host,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  caddy = started;
  let log = '';
  await within(
    new Promise<void>((resolve, reject) => {
      started.stderr?.on('data', (chunk: Buffer) => {
        log += String(chunk);
        if (log.includes('serving initial configuration')) resolve();
      });
      started.once('exit', (code) => reject(new Error(`caddy exited with ${code}: ${log}`)));
    }),
    'Caddy to start',
    10_000,
  );
});

afterAll(async () => {
  if (caddy && caddy.exitCode === null) {
    const exited = new Promise((resolve) => caddy?.once('exit', resolve));
    caddy.kill('SIGTERM');
    await exited;
  }
  await t?.close();
  if (home) rmSync(home, { recursive: true, force: true });
});

describe.skipIf(skipReason !== undefined)('deploy/Caddyfile in front of the gateway', () => {
  it('passes REST through, and the WebSocket upgrades of /v1/ws and graphql-ws', async () => {
    expect(await get('127.0.0.3', '/v1/health')).toBe(200);
    const sessionId = await createSession(t, t.keys.pro);
    const socket = await openClient(`${proxy.replace('http', 'ws')}/v1/ws/${sessionId}?token=${t.keys.pro}`, {
      localAddress: '127.0.0.3',
    });
    expect((await socket.next()).type).toBe('connected');
    socket.send({ type: 'get_state', request_id: 'through-caddy' });
    expect(await socket.next()).toMatchObject({ type: 'state', request_id: 'through-caddy' });
    await socket.close();
    const ack = await within(
      new Promise<string>((resolve) => {
        const ws = new WebSocket(`${proxy.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', {
          localAddress: '127.0.0.3',
        });
        ws.on('open', () =>
          ws.send(
            JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${t.keys.pro}` } }),
          ),
        );
        ws.on('message', (data) => {
          resolve(JSON.parse(String(data)).type);
          ws.close(1000);
        });
        ws.on('error', () => {});
      }),
      'the graphql-ws connection_ack',
    );
    expect(ack).toBe('connection_ack');
  });

  it('limits failed authentications per client behind it, and a client cannot pick its address', async () => {
    // The client writes its own X-Forwarded-For each time: Caddy replaces it with the real address.
    for (let i = 0; i < 2; i++) {
      const spoofed = { authorization: `Bearer ${badKey}`, 'x-forwarded-for': `203.0.113.${i + 1}` };
      expect(await get('127.0.0.2', '/v1/presets', spoofed)).toBe(401);
    }
    const third = { authorization: `Bearer ${badKey}`, 'x-forwarded-for': '203.0.113.3' };
    expect(await get('127.0.0.2', '/v1/presets', third)).toBe(429);
    expect(await get('127.0.0.2', '/v1/presets', { authorization: `Bearer ${t.keys.pro}` })).toBe(429);
    const sessionId = await createSession(t, t.keys.pro);
    const blocked = await openClient(
      `${proxy.replace('http', 'ws')}/v1/ws/${sessionId}?token=${t.keys.pro}`,
      {
        localAddress: '127.0.0.2',
      },
    );
    expect((await blocked.waitClose()).code).toBe(4429);
    // Another client behind the same proxy is not affected.
    expect(await get('127.0.0.4', '/v1/presets', { authorization: `Bearer ${badKey}` })).toBe(401);
    expect(await get('127.0.0.4', '/v1/presets', { authorization: `Bearer ${t.keys.pro}` })).toBe(200);
  });
});
