import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [];
const dirs: string[] = [];

/** An example bot started as `npm start` would start it, with what it printed so far. */
export interface ExampleProcess {
  child: ChildProcess;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** stdout and stderr together, in arrival order. */
  output(): string;
  /** Resolves once the output matches `pattern`; rejects with the output after `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
}

/**
 * Starts `examples/<name>/src/main.ts` with tsx and the source condition (what its `npm start` runs), with `env` over
 * the test's environment and `args` after the script.
 */
export function startExample(name: string, env: NodeJS.ProcessEnv, args: string[] = []): ExampleProcess {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=@limbic/source', `examples/${name}/src/main.ts`, ...args],
    {
      cwd: root,
      env: { ...process.env, LIMBIC_LLM_URL: '', LIMBIC_LLM_MODEL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let output = '';
  const waiters = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const wake of waiters) wake();
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return {
    child,
    exited,
    output: () => output,
    waitFor(pattern, timeoutMs = 30_000) {
      return new Promise((resolvePromise, reject) => {
        const check = () => {
          if (!pattern.test(output)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolvePromise();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${pattern}:\n${output}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

/** A new empty data folder for an example, removed by {@link cleanUpExamples}. */
export function exampleDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'limbic-example-'));
  dirs.push(dir);
  return dir;
}

/** Kills examples still running and removes their data folders: call it in afterEach. */
export function cleanUpExamples(): void {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
