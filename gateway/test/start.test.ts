import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isGeneratedKey } from '../src/auth/api-key.js';
import { logFlushMs } from '../src/logger.js';
import {
  cleanUpGateways,
  tempDataDir as dataDir,
  spawnGateway as start,
  startGateway as startUp,
  stopGateway as stop,
} from './gateway-process.js';

const keyText = /svc_(?:live|test)_[0-9A-Za-z]{16,}/g;

afterEach(cleanUpGateways);

describe('start', { timeout: 60_000 }, () => {
  it('prints the URL and a sandbox key on a first start, serves, logs no key and stops on SIGTERM', async () => {
    const dir = dataDir();
    const gateway = await startUp({ LIMBIC_DATA: dir });
    const [, key = ''] = await gateway.waitFor(/sandbox key \(shown once, keep it\): (svc_test_\S+)/);
    expect(isGeneratedKey(key)).toBe(true);
    expect(gateway.output()).toContain(`data: ${dir}`);
    expect(gateway.output()).toContain(`store: sqlite ${join(dir, 'limbic.db')} (synchronous FULL)`);

    const health = await fetch(`${gateway.url}/v1/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', store: { kind: 'sqlite', reachable: true } });
    expect((await fetch(`${gateway.url}/v1/presets`)).status).toBe(401);
    const presets = await fetch(`${gateway.url}/v1/presets`, { headers: { authorization: `Bearer ${key}` } });
    expect(presets.status).toBe(200);
    expect(presets.headers.get('x-ratelimit-limit')).toBe('600');
    // A key in the query string must not reach the logs either.
    await fetch(`${gateway.url}/v1/presets?token=${key}`);
    const nowhere = await fetch(`${gateway.url}/v1/nowhere/${key}`);

    const startedAt = Date.now();
    await stop(gateway);
    expect(Date.now() - startedAt).toBeLessThan(5000);
    const output = gateway.output();
    expect(output.split(key)).toHaveLength(2);
    const afterBanner = output.slice(output.indexOf(key) + key.length);
    expect(afterBanner).not.toMatch(keyText);
    expect(afterBanner).toContain('token=[REDACTED]');
    // Not a terminal: JSON, one line per request, after the response.
    const requests = afterBanner
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.req !== undefined);
    // A line is written once its response has finished on the server, which can be just after the client already
    // read the response and sent the next request: compare the lines as a set.
    const byUrl = (a: unknown[], b: unknown[]) => JSON.stringify(a).localeCompare(JSON.stringify(b));
    expect(requests.map((line) => [line.msg, line.req, line.res]).sort(byUrl)).toEqual(
      [
        ['request completed', { method: 'GET', url: '/v1/health' }, { statusCode: 200 }],
        ['request completed', { method: 'GET', url: '/v1/presets' }, { statusCode: 401 }],
        ['request completed', { method: 'GET', url: '/v1/presets' }, { statusCode: 200 }],
        ['request completed', { method: 'GET', url: '/v1/presets?token=[REDACTED]' }, { statusCode: 401 }],
        ['request completed', { method: 'GET', url: '/v1/nowhere/svc_test_[REDACTED]' }, { statusCode: 404 }],
      ].sort(byUrl),
    );
    for (const line of requests) {
      expect(line).toMatchObject({ level: 30, reqId: expect.stringMatching(/^req_/) });
      expect(line.responseTime).toBeTypeOf('number');
    }
    expect(
      requests.find((line) => String((line.req as { url: string }).url).startsWith('/v1/nowhere'))?.reqId,
    ).toBe(nowhere.headers.get('request-id'));
    expect(readFileSync(join(dir, 'keys.json'), 'utf8')).not.toContain(key.slice(9));
  });

  it('writes buffered JSON log lines while running, within the flush interval, and the rest at exit', async () => {
    const gateway = await startUp({ LIMBIC_DATA: dataDir(), LIMBIC_STORE: 'memory' });
    expect((await fetch(`${gateway.url}/v1/health`)).status).toBe(200);
    // Not at once (the line waits in the buffer), but within the flush interval: no need to stop the gateway.
    await gateway.waitFor(/"url":"\/v1\/health"/, 5 * logFlushMs);
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) => fetch(`${gateway.url}/v1/health?n=${i}`)),
    );
    expect(burst.every((r) => r.status === 200)).toBe(true);
    await stop(gateway);
    for (let i = 0; i < 40; i++) expect(gateway.output()).toContain(`/v1/health?n=${i}"`);
  });

  it('logs one pretty line per request with LOG_FORMAT=pretty', async () => {
    const gateway = await startUp({ LIMBIC_DATA: dataDir(), LIMBIC_STORE: 'memory', LOG_FORMAT: 'pretty' });
    const health = await fetch(`${gateway.url}/v1/health?token=svc_test_0123456789abcdefgh`);
    const id = health.headers.get('request-id');
    const [line = ''] = await gateway.waitFor(/^.*INFO: GET \/v1\/health\?token=.*$/m);
    expect(line).toMatch(
      new RegExp(
        `^\\[\\d\\d:\\d\\d:\\d\\d\\.\\d{3}\\] INFO: GET /v1/health\\?token=\\[REDACTED\\] 200 \\d+\\.\\d ms \\(${id}\\)$`,
      ),
    );
    await stop(gateway);
    expect(gateway.output()).not.toContain('{"level"');
    expect(gateway.output()).toMatch(/INFO: shutting down \{"signal":"SIGTERM"\}/);
  });

  it('prints no key on a second start on the same data, but says one exists', async () => {
    const dir = dataDir();
    const first = await startUp({ LIMBIC_DATA: dir });
    const [, key = ''] = await first.waitFor(/sandbox key \(shown once, keep it\): (svc_test_\S+)/);
    await stop(first);

    const second = await startUp({ LIMBIC_DATA: dir });
    expect(second.output()).toMatch(
      /sandbox key: svc_test_[0-9A-Za-z]{4}…[0-9A-Za-z]{4} \(printed on first start/,
    );
    expect(second.output()).not.toMatch(keyText);
    const presets = await fetch(`${second.url}/v1/presets`, { headers: { authorization: `Bearer ${key}` } });
    expect(presets.status).toBe(200);
    await stop(second);
  });

  it('prints an admin token and the dashboard URL on a first start only; the token signs in', async () => {
    const signedIn = async (url: string, token: string) => {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: '{ operator { signedIn } }' }),
      });
      return ((await res.json()) as { data?: { operator?: { signedIn: boolean } } }).data?.operator?.signedIn;
    };
    const dir = dataDir();
    const first = await startUp({ LIMBIC_DATA: dir });
    const [, token = ''] = await first.waitFor(/admin token \(shown once, keep it\): (limbic_admin_\S+)/);
    expect(token).toMatch(/^limbic_admin_[0-9A-Za-z]{32}$/);
    expect(first.output()).toContain(`dashboard: ${first.url}/dashboard`);
    expect(first.output()).toContain(`sign in to the dashboard at ${first.url}/dashboard with it`);
    expect(await signedIn(first.url, token)).toBe(true);
    await stop(first);
    expect(first.output().split(token)).toHaveLength(2);
    expect(readFileSync(join(dir, 'admin.json'), 'utf8')).not.toContain(token.slice(13));

    const second = await startUp({ LIMBIC_DATA: dir });
    expect(second.output()).toMatch(
      /admin token: configured \(printed on first start; make a new one with: npm run keys -- admin-token\)/,
    );
    expect(second.output()).not.toContain('limbic_admin_');
    expect(await signedIn(second.url, token)).toBe(true);
    expect(await signedIn(second.url, 'limbic_admin_00000000000000000000000000000000')).toBeUndefined();
    await stop(second);
  });

  it('uses LIMBIC_ADMIN_TOKEN without printing it or writing admin.json', async () => {
    const dir = dataDir();
    const token = 'operator-token-from-the-environment';
    const gateway = await startUp({ LIMBIC_DATA: dir, LIMBIC_ADMIN_TOKEN: token });
    expect(gateway.output()).toContain('admin token: from LIMBIC_ADMIN_TOKEN');
    const res = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: '{ operator { signedIn } }' }),
    });
    expect(await res.json()).toEqual({ data: { operator: { signedIn: true } } });
    await stop(gateway);
    expect(gateway.output()).not.toContain(token);
    expect(existsSync(join(dir, 'admin.json'))).toBe(false);
  });

  it('provisions LIMBIC_API_KEYS, with their plans, and then makes no sandbox key', async () => {
    const dir = dataDir();
    const enterprise = 'svc_live_ENTERPRISEkey0123456789';
    const free = 'svc_test_free0123456789ab';
    const gateway = await startUp({
      LIMBIC_DATA: dir,
      LIMBIC_API_KEYS: `${enterprise}:enterprise,${free}:free`,
    });
    expect(gateway.output()).toContain('API keys: 2 usable');
    expect(gateway.output()).not.toContain('sandbox key');
    const asEnterprise = await fetch(`${gateway.url}/v1/presets`, {
      headers: { authorization: `Bearer ${enterprise}` },
    });
    expect(asEnterprise.status).toBe(200);
    expect(asEnterprise.headers.get('x-ratelimit-limit')).toBeNull();
    const asFree = await fetch(`${gateway.url}/v1/presets`, { headers: { authorization: `Bearer ${free}` } });
    expect(asFree.status).toBe(200);
    expect(asFree.headers.get('x-ratelimit-limit')).toBe('60');
    await stop(gateway);
    expect(gateway.output()).not.toMatch(keyText);
    const stored = readFileSync(join(dir, 'keys.json'), 'utf8');
    expect(stored).not.toContain(enterprise.slice(9));
    expect(stored).not.toContain(free.slice(9));
  });

  it('exits with code 2 naming every invalid variable', async () => {
    const gateway = start({ LIMBIC_DATA: dataDir(), PORT: 'abc', LOG_LEVEL: 'loud' });
    expect(await gateway.exited()).toBe(2);
    expect(gateway.output()).toMatch(/PORT: must be a number in \[0, 65535\] \(got "abc"\)/);
    expect(gateway.output()).toMatch(/LOG_LEVEL: must be one of/);
  });

  it('exits with code 2 and names LIMBIC_API_KEYS without printing the bad key', async () => {
    const gateway = start({ LIMBIC_DATA: dataDir(), LIMBIC_API_KEYS: 'svc_prod_0123456789abcdefgh:pro' });
    expect(await gateway.exited()).toBe(2);
    expect(gateway.output()).toContain('LIMBIC_API_KEYS[0]');
    expect(gateway.output()).not.toContain('0123456789abcdefgh');
  });

  it('exits with code 2 when LIMBIC_KEY_SECRET is not the secret the stored keys were made with', async () => {
    const dir = dataDir();
    const first = await startUp({ LIMBIC_DATA: dir });
    await stop(first);
    const second = start({ LIMBIC_DATA: dir, LIMBIC_KEY_SECRET: 'a-different-secret-value' });
    expect(await second.exited()).toBe(2);
    expect(second.output()).toMatch(/LIMBIC_KEY_SECRET: does not match/);
  });

  it('runs on the memory store when LIMBIC_STORE=memory, and exits with code 2 for an unknown store', async () => {
    const memory = await startUp({ LIMBIC_DATA: dataDir(), LIMBIC_STORE: 'memory' });
    expect(memory.output()).toContain('store: memory (nothing survives a restart)');
    expect(await (await fetch(`${memory.url}/v1/health`)).json()).toMatchObject({
      store: { kind: 'memory' },
    });
    await stop(memory);
    const bad = start({ LIMBIC_DATA: dataDir(), LIMBIC_STORE: 'postgres' });
    expect(await bad.exited()).toBe(2);
    expect(bad.output()).toMatch(/LIMBIC_STORE: must be one of memory, sqlite, mongodb/);
  });

  it('exits with code 1 and names the file when the SQLite store cannot be opened', async () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'limbic.db'), 'not a database '.repeat(400));
    const gateway = start({ LIMBIC_DATA: dir });
    expect(await gateway.exited()).toBe(1);
    expect(gateway.output()).toContain(`Cannot open the session store (sqlite ${join(dir, 'limbic.db')}`);
    expect(gateway.output()).toMatch(/not a database/);
  });

  it('exits with code 1 and a clear message when the port is taken', async () => {
    const server = createServer();
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const gateway = start({ LIMBIC_DATA: dataDir(), PORT: String(port) });
      expect(await gateway.exited()).toBe(1);
      expect(gateway.output()).toContain(`Cannot start the gateway on 127.0.0.1:${port}`);
      expect(gateway.output()).toContain('EADDRINUSE');
    } finally {
      server.close();
    }
  });
});
