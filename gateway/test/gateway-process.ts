import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

/** The real start command, as a child process, with everything it printed so far. */
export interface Started {
  child: ChildProcess;
  /** stdout and stderr together, in arrival order. */
  output(): string;
  /** Resolves with the first match of `pattern` in the output, waiting for more output up to `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves with the exit code, waiting up to `timeoutMs`. */
  exited(timeoutMs?: number): Promise<number | null>;
}

const running: ChildProcess[] = [];
const dirs: string[] = [];

/** A new empty data directory, removed by {@link cleanUpGateways}. */
export function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'limbic-start-'));
  dirs.push(dir);
  return dir;
}

/**
 * Spawns the real start command (`node gateway/dist/main.js`, built by the test run's global setup) on 127.0.0.1:0
 * with `env` over a clean environment (no inherited Limbic variables).
 */
export function spawnGateway(env: NodeJS.ProcessEnv): Started {
  const base: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' };
  for (const name of [
    'LIMBIC_API_KEYS',
    'LIMBIC_KEY_SECRET',
    'LIMBIC_ADMIN_TOKEN',
    'LIMBIC_DATA',
    'LIMBIC_TIME_SCALE',
    'LIMBIC_STORE',
    'LIMBIC_SQLITE_FILE',
    'LIMBIC_SQLITE_SYNCHRONOUS',
    'MONGODB_URI',
    'LIMBIC_DB',
    'LOG_FORMAT',
    'LIMBIC_WEBHOOK_ALLOW_PRIVATE',
  ])
    delete base[name];
  const child = spawn(process.execPath, ['gateway/dist/main.js'], {
    cwd: root,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let text = '';
  const waiters = new Set<() => void>();
  const append = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const wake of waiters) wake();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exit = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  child.on('exit', () => {
    for (const wake of waiters) wake();
  });

  function bounded<T>(
    what: string,
    timeoutMs: number,
    wait: (settle: (value: T) => void) => void,
  ): Promise<T> {
    return new Promise<T>((resolvePromise, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}; output:\n${text}`)),
        timeoutMs,
      );
      wait((value) => {
        clearTimeout(timer);
        resolvePromise(value);
      });
    });
  }

  return {
    child,
    output: () => text,
    waitFor(pattern, timeoutMs = 15_000) {
      return bounded(String(pattern), timeoutMs, (settle) => {
        const check = () => {
          const match = text.match(pattern);
          if (match) {
            waiters.delete(check);
            settle(match);
          } else if (child.exitCode !== null) {
            waiters.delete(check);
          }
        };
        waiters.add(check);
        check();
      });
    },
    exited(timeoutMs = 15_000) {
      return bounded('the process to exit', timeoutMs, (settle) => void exit.then(settle));
    },
  };
}

/** Starts the gateway and waits for the whole banner; returns its base URL. */
export async function startGateway(env: NodeJS.ProcessEnv): Promise<Started & { url: string }> {
  const started = spawnGateway(env);
  const [, url = ''] = await started.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
  await started.waitFor(/(sandbox key|API keys).*\n\n/);
  return { ...started, url };
}

/**
 * Starts a gateway for remote-mode bot tests: the in-memory store, one enterprise key, and an engine clock
 * 100,000× faster than wall time, so an absence of days passes in seconds.
 */
export function startFastGateway(apiKey: string): Promise<Started & { url: string }> {
  return startGateway({
    LIMBIC_DATA: tempDataDir(),
    LIMBIC_STORE: 'memory',
    LIMBIC_API_KEYS: `${apiKey}:enterprise`,
    LIMBIC_TIME_SCALE: '100000',
  });
}

/** Sends SIGTERM and expects exit code 0 within 5 s. */
export async function stopGateway(started: Started): Promise<void> {
  started.child.kill('SIGTERM');
  expect(await started.exited(5000)).toBe(0);
}

/** Kills every process still running and removes the data directories: call it in afterEach. */
export function cleanUpGateways(): void {
  for (const child of running.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
