import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../src/sqlite-store.js';

const root = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'limbic-sqlite-procs-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

interface Outcome {
  created: number;
  limited: number;
  failed: string[];
}

/** Starts the fixture; resolves once it printed `ready`, with a function that sends `go` and awaits its outcome. */
function creator(file: string, prefix: string, count: number, max: number): Promise<() => Promise<Outcome>> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--conditions=@limbic/source',
      'store/test/fixtures/create-sessions.ts',
      file,
      prefix,
      String(count),
      String(max),
    ],
    { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  children.push(child);
  let out = '';
  const waiters: (() => void)[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    out += String(chunk);
    for (const wake of waiters.splice(0)) wake();
  });
  const until = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`fixture timed out; output: ${out}`)), 20_000);
      const check = () => {
        const m = out.match(pattern);
        if (m) {
          clearTimeout(timer);
          done(m);
        } else waiters.push(check);
      };
      check();
    });
  return until(/^ready$/m).then(() => async () => {
    child.stdin.write('go\n');
    const [line = ''] = await until(/^\{.*\}$/m);
    return JSON.parse(line) as Outcome;
  });
}

describe('SQLite store shared by several processes', { timeout: 60_000 }, () => {
  it('holds a session quota exactly when four processes create at once', async () => {
    const file = join(dir, 'quota.db');
    // Created first, so the processes race on the quota and not on creating the file.
    await createSqliteStore({ file }).close();
    const ready = await Promise.all(['a', 'b', 'c', 'd'].map((prefix) => creator(file, prefix, 25, 30)));
    const outcomes = await Promise.all(ready.map((go) => go()));
    expect(outcomes.flatMap((o) => o.failed)).toEqual([]);
    expect(outcomes.reduce((sum, o) => sum + o.created, 0)).toBe(30);
    expect(outcomes.reduce((sum, o) => sum + o.limited, 0)).toBe(70);
    const store = createSqliteStore({ file });
    expect(await store.count('shared')).toBe(30);
    await store.close();
  });
});
