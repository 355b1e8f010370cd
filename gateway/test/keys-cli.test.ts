import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperatorAuth, ensureAdminToken } from '../src/auth/admin-token.js';
import { createFileKeyStore } from '../src/auth/key-store.js';
import { loadPepper } from '../src/auth/provision.js';
import { createGateway, type Gateway } from '../src/gateway.js';

const root = resolve(import.meta.dirname, '../..');
const keyText = /svc_(?:live|test)_[0-9A-Za-z]{38}/g;
const run = promisify(execFile);

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the keys CLI the way `npm run keys` does (compiled, built by the global setup), as a child process. */
async function keys(dataDir: string, ...args: string[]): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, LIMBIC_DATA: dataDir };
  delete env.LIMBIC_KEY_SECRET;
  try {
    const { stdout, stderr } = await run(process.execPath, ['gateway/dist/cli/keys.js', ...args], {
      cwd: root,
      env,
      timeout: 15_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof e.code !== 'number') throw error;
    return { code: e.code, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

function keyIn(result: CliResult): string {
  const found = result.stdout.match(keyText) ?? [];
  expect(found).toHaveLength(1);
  return found[0] ?? '';
}

function idIn(result: CliResult): string {
  return /\b(key_[0-9A-Za-z]{16})\b/.exec(result.stdout)?.[1] ?? '';
}

let dir: string;
let firstAdminToken: string;
let gateway: Gateway;
let url: string;
const logs: string[] = [];

/** Who a key is, per the running gateway: its principal, or the HTTP status when refused. */
async function whoami(key: string): Promise<{ status: number; owner?: string; keyId?: string }> {
  const response = await fetch(`${url}/test/whoami`, { headers: { authorization: `Bearer ${key}` } });
  if (response.status !== 200) return { status: response.status };
  return { status: 200, ...((await response.json()) as { owner: string; keyId: string }) };
}

/** Polls until `check` holds; the file store reloads at most once a second, so 3 s bound it well. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'limbic-keys-cli-'));
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const config = { dataDir: dir, keySecret: undefined };
  const pepper = loadPepper(config);
  firstAdminToken = ensureAdminToken(dir, pepper) ?? '';
  gateway = await createGateway({
    config: { port: 0, host: '127.0.0.1', failedAuthPerMinute: 10_000, ...config },
    keys: createFileKeyStore(dir),
    pepper,
    // As main.ts does: the operator token's hash lives in <data>/admin.json.
    operator: createOperatorAuth({ pepper, dataDir: dir }),
    logger: { level: 'info', stream },
  });
  // A route of our own keeps this test independent of the REST routes: every route gets the same auth hook.
  gateway.app.get('/test/whoami', async (request) => request.principal);
  url = await gateway.listen();
});

afterAll(async () => {
  await gateway?.close();
  rmSync(dir, { recursive: true, force: true });
  expect(logs.join('')).not.toMatch(keyText);
});

describe('keys CLI', { timeout: 60_000 }, () => {
  it('create prints a new key once, which the running gateway accepts within a second', async () => {
    const created = await keys(dir, 'create', '--plan', 'pro', '--env', 'live');
    expect(created.code).toBe(0);
    const key = keyIn(created);
    expect(key.startsWith('svc_live_')).toBe(true);
    expect(created.stdout).toMatch(/plan pro, env live, account acct_[0-9A-Za-z]+ \(new\)/);
    expect(readFileSync(join(dir, 'keys.json'), 'utf8')).not.toContain(key.slice(9));
    await eventually(async () => (await whoami(key)).status === 200);
    expect((await whoami(key)).keyId).toBe(idIn(created));
  });

  it('list shows ids, hints and status and never a key', async () => {
    const created = await keys(dir, 'create');
    const key = keyIn(created);
    const listed = await keys(dir, 'list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^ID +KEY +ENV +PLAN +ACCOUNT +STATUS +CREATED +LAST USED +EXPIRES$/m);
    expect(listed.stdout).toContain(idIn(created));
    expect(listed.stdout).toContain(`${key.slice(0, 13)}…${key.slice(-4)}`);
    expect(listed.stdout).not.toMatch(keyText);
    const json = await keys(dir, 'list', '--json');
    const views = JSON.parse(json.stdout) as { id: string; status: string; hash?: string }[];
    expect(views.find((v) => v.id === idIn(created))).toMatchObject({
      status: 'active',
      env: 'test',
      plan: 'free',
    });
    expect(json.stdout).not.toMatch(keyText);
    expect(views.every((v) => v.hash === undefined)).toBe(true);
  });

  it('revoke makes the gateway refuse the key with 401 within a reload', async () => {
    const key = keyIn(await keys(dir, 'create'));
    await eventually(async () => (await whoami(key)).status === 200);
    const id = (await whoami(key)).keyId ?? '';
    const revokedIds: string[] = [];
    gateway.context.onKeyRevoked.add((keyId) => revokedIds.push(keyId));
    const revoked = await keys(dir, 'revoke', id);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain(`Revoked ${id}`);
    await eventually(async () => (await whoami(key)).status === 401);
    await eventually(async () => revokedIds.includes(id));
    expect((await keys(dir, 'list', '--json')).stdout).toContain('"status": "revoked"');
  });

  it('revokes a leaked key given instead of its id, without echoing it', async () => {
    const key = keyIn(await keys(dir, 'create', '--env', 'live'));
    const revoked = await keys(dir, 'revoke', key);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).not.toMatch(keyText);
    await eventually(async () => (await whoami(key)).status === 401);
  });

  it('rotate gives a working key in the same account that sees the old key’s sessions; grace 0 ends the old one', async () => {
    const oldKey = keyIn(await keys(dir, 'create', '--plan', 'pro'));
    await eventually(async () => (await whoami(oldKey)).status === 200);
    const old = await whoami(oldKey);
    const session = await gateway.context.service.createSession(old.owner ?? '', {
      preset: 'cheerful_companion',
    });

    const rotated = await keys(dir, 'rotate', old.keyId ?? '', '--grace', '0');
    expect(rotated.code).toBe(0);
    expect(rotated.stdout).toContain(`The old key ${old.keyId} is revoked now.`);
    const newKey = keyIn(rotated);
    expect(newKey).not.toBe(oldKey);
    await eventually(async () => (await whoami(newKey)).status === 200);
    const now = await whoami(newKey);
    expect(now.owner).toBe(old.owner);
    expect(now.keyId).not.toBe(old.keyId);
    const page = await gateway.context.service.listSessions(now.owner ?? '');
    expect(page.sessions.map((s) => s.sessionId)).toContain(session.sessionId);
    await eventually(async () => (await whoami(oldKey)).status === 401);
  });

  it('rotate keeps the old key working for the default 24h grace', async () => {
    const created = await keys(dir, 'create', '--env', 'live');
    const oldKey = keyIn(created);
    const rotated = await keys(dir, 'rotate', idIn(created));
    expect(rotated.code).toBe(0);
    expect(rotated.stdout).toMatch(/keeps working until \d{4}-\d\d-\d\dT/);
    const newKey = keyIn(rotated);
    await eventually(async () => (await whoami(newKey)).status === 200);
    expect((await whoami(oldKey)).status).toBe(200);
    const views = JSON.parse((await keys(dir, 'list', '--json')).stdout) as { id: string; status: string }[];
    expect(views.find((v) => v.id === idIn(created))?.status).toBe('expiring');
  });

  it('admin-token prints a new operator token once; the running gateway takes it and refuses the old one', async () => {
    const signedIn = async (token: string) => {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: '{ operator { signedIn } }' }),
      });
      return res.status;
    };
    expect(await signedIn(firstAdminToken)).toBe(200);
    const made = await keys(dir, 'admin-token');
    expect(made.code).toBe(0);
    const tokens = made.stdout.match(/limbic_admin_[0-9A-Za-z]{32}/g) ?? [];
    expect(tokens).toHaveLength(1);
    const token = tokens[0] ?? '';
    expect(token).not.toBe(firstAdminToken);
    expect(made.stdout).toContain('shown only this once');
    expect(readFileSync(join(dir, 'admin.json'), 'utf8')).not.toContain(token.slice(13));
    await eventually(async () => (await signedIn(token)) === 200);
    expect(await signedIn(firstAdminToken)).toBe(401);
    expect(logs.join('')).not.toContain(token);
  });

  it('exits 2 naming the option and its rule for invalid input, and 1 for an unknown key', async () => {
    const bad = await keys(dir, 'create', '--plan', 'gold');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--plan must be one of free, pro, enterprise (got "gold")');
    expect(bad.stdout).toBe('');
    const unknown = await keys(dir, 'revoke', 'key_0000000000000000');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/No such key/);
  });

  it('--help prints the usage and exits 0', async () => {
    const help = await keys(dir, '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run keys -- <command> \[options\]/);
    expect(help.stdout).toContain('relative to the folder the command\n                 was started in');
  });
});
