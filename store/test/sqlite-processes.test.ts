import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../src/sqlite-store.js';
import { startFixture } from './fixture-process.js';

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
async function creator(
  file: string,
  prefix: string,
  count: number,
  max: number,
): Promise<() => Promise<Outcome>> {
  const args = [file, prefix, String(count), String(max)];
  const fixture = startFixture('store/test/fixtures/create-sessions.ts', args, children, 20_000);
  await fixture.until(/^ready$/m);
  return () => fixture.go<Outcome>();
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
