import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileKeyStore } from '../auth/key-store.js';
import { type KeysIo, runKeys } from './run-keys.js';

let cwd: string;
beforeEach(() => {
  cwd = mkdtempSync(join(tmpdir(), 'limbic-run-keys-'));
});
afterEach(() => rmSync(cwd, { recursive: true, force: true }));

function io(env: NodeJS.ProcessEnv = {}): KeysIo & { out: string; err: string } {
  const result = {
    env,
    cwd,
    out: '',
    err: '',
    stdout: (text: string) => {
      result.out += text;
    },
    stderr: (text: string) => {
      result.err += text;
    },
  };
  return result;
}

describe('runKeys', () => {
  it('uses ./data in the working directory by default', async () => {
    const run = io();
    expect(await runKeys(['create'], run)).toBe(0);
    expect(await createFileKeyStore(join(cwd, 'data')).list()).toHaveLength(1);
  });

  it('uses LIMBIC_DATA relative to the working directory, and --data over it', async () => {
    expect(await runKeys(['create'], io({ LIMBIC_DATA: 'env-dir' }))).toBe(0);
    expect(await runKeys(['create', '--data', 'flag-dir'], io({ LIMBIC_DATA: 'env-dir' }))).toBe(0);
    expect(await createFileKeyStore(join(cwd, 'env-dir')).list()).toHaveLength(1);
    expect(await createFileKeyStore(join(cwd, 'flag-dir')).list()).toHaveLength(1);
  });

  it('through an npm script, resolves against the folder npm was started in (INIT_CWD), as the gateway does', async () => {
    // `npm run keys` at the repository root runs in gateway/; npm says where it was started.
    const root = join(cwd, 'root');
    const run = io({ INIT_CWD: root, LIMBIC_DATA: 'mine' });
    expect(await runKeys(['create'], run)).toBe(0);
    expect(run.out).toContain(`in ${join(root, 'mine')}:`);
    expect(await createFileKeyStore(join(root, 'mine')).list()).toHaveLength(1);
    expect(existsSync(join(cwd, 'mine'))).toBe(false);
  });

  it('lists without creating the data directory or a secret', async () => {
    const run = io();
    expect(await runKeys(['list'], run)).toBe(0);
    expect(run.out).toBe(`No keys in ${join(cwd, 'data')}. Create one: npm run keys -- create\n`);
    expect(existsSync(join(cwd, 'data'))).toBe(false);
  });

  it('adds a key to an existing account, and prints the JSON view with --json', async () => {
    const first = io();
    await runKeys(['create', '--json'], first);
    const created = JSON.parse(first.out) as { key: string; account: string; hash?: string };
    expect(created.hash).toBeUndefined();
    const second = io();
    expect(await runKeys(['create', '--env', 'live', '--account', created.account], second)).toBe(0);
    expect(second.out).toContain(`account ${created.account}.`);
    expect(second.out).not.toContain('(new)');
  });

  it('exits 2 naming LIMBIC_KEY_SECRET when it does not match the stored keys', async () => {
    await runKeys(['create'], io());
    const run = io({ LIMBIC_KEY_SECRET: 'not-the-secret-of-these-keys' });
    expect(await runKeys(['create'], run)).toBe(2);
    expect(run.err).toMatch(/LIMBIC_KEY_SECRET: does not match/);
    const short = io({ LIMBIC_KEY_SECRET: 'short' });
    expect(await runKeys(['list'], short)).toBe(2);
    expect(short.err).toContain('LIMBIC_KEY_SECRET: must be at least 16 characters');
  });

  it('exits 1 for a revoked key given to rotate', async () => {
    const created = io();
    await runKeys(['create', '--json'], created);
    const { id } = JSON.parse(created.out) as { id: string };
    expect(await runKeys(['revoke', id], io())).toBe(0);
    const run = io();
    expect(await runKeys(['rotate', id], run)).toBe(1);
    expect(run.err).toBe(`Key ${id} is revoked\n`);
  });
});
