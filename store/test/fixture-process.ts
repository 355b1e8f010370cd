import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/** A fixture script running in its own process, and a way to wait for a line it prints. */
export interface FixtureProcess {
  child: ChildProcess;
  /** Resolves the first match of `pattern` in what the fixture printed so far or prints next; rejects on timeout. */
  until(pattern: RegExp): Promise<RegExpMatchArray>;
  /** Sends `go`, then resolves the JSON line the fixture prints. */
  go<T>(): Promise<T>;
}

/**
 * Starts `script` (a path from the repository root) under tsx with the source conditions and `args`, recorded in
 * `children` so the test can kill what is left. The `ready` / `go` / JSON-line protocol is the fixtures' own.
 */
export function startFixture(
  script: string,
  args: readonly string[],
  children: ChildProcess[],
  timeoutMs: number,
): FixtureProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@limbic/source', script, ...args], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  let out = '';
  const waiters: (() => void)[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    out += String(chunk);
    for (const wake of waiters.splice(0)) wake();
  });
  const until = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`fixture timed out; output: ${out}`)), timeoutMs);
      const check = () => {
        const m = out.match(pattern);
        if (m) {
          clearTimeout(timer);
          done(m);
        } else waiters.push(check);
      };
      check();
    });
  return {
    child,
    until,
    async go<T>() {
      child.stdin.write('go\n');
      const [line = ''] = await until(/^\{.*\}$/m);
      return JSON.parse(line) as T;
    },
  };
}
