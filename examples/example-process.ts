import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cleanUpGateways, startGateway, stopGateway, tempDataDir } from '../gateway/test/gateway-process.js';

const root = resolve(import.meta.dirname, '..');
const children: ChildProcessWithoutNullStreams[] = [];
const dirs: string[] = [];

/** A program of the repository started as its `npm` script would start it, with what it printed so far. */
export interface ExampleProcess {
  child: ChildProcessWithoutNullStreams;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** stdout and stderr together, in arrival order. */
  output(): string;
  /**
   * Resolves with the match once the output from offset `from` on matches `pattern`; rejects with the output after
   * `timeoutMs`.
   */
  waitFor(pattern: RegExp, from?: number, timeoutMs?: number): Promise<RegExpMatchArray>;
}

/**
 * Starts a TypeScript program of the repository (`script`, relative to its root) with tsx and the source condition,
 * with `env` over the test's environment and `args` after the script; killed by {@link cleanUpExamples}.
 */
export function startScript(script: string, env: NodeJS.ProcessEnv, args: string[] = []): ExampleProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@limbic/source', script, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
  });
  children.push(child);
  return watchProcess(child);
}

/** Follows what a started program prints (stdout and stderr), for {@link ExampleProcess.waitFor}. */
export function watchProcess(child: ChildProcessWithoutNullStreams): ExampleProcess {
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
    waitFor(pattern, from = 0, timeoutMs = 30_000) {
      return new Promise((resolvePromise, reject) => {
        const check = () => {
          const match = output.slice(from).match(pattern);
          if (!match) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolvePromise(match);
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

/**
 * Starts `examples/<name>/src/main.ts` as its `npm start` runs it (no LLM unless `env` sets one), with `env` over the
 * test's environment and `args` after the script.
 */
export function startExample(name: string, env: NodeJS.ProcessEnv, args: string[] = []): ExampleProcess {
  return startScript(
    `examples/${name}/src/main.ts`,
    { LIMBIC_LLM_URL: '', LIMBIC_LLM_MODEL: '', ...env },
    args,
  );
}

/**
 * Starts the bot example `name` (`discord-bot`, `telegram-bot`) with `env` over `platform`, the settings of a fake
 * platform (when one runs) together with a data folder of its own; `--remote` when LIMBIC_URL is set.
 */
export function startBotExample(
  name: string,
  platform: NodeJS.ProcessEnv | undefined,
  env: NodeJS.ProcessEnv,
): ExampleProcess {
  const defaults = platform ? { ...platform, LIMBIC_DATA: exampleDataDir() } : {};
  return startExample(name, { ...defaults, ...env }, env.LIMBIC_URL ? ['--remote'] : []);
}

/** A new empty data folder for an example, removed by {@link cleanUpExamples}. */
export function exampleDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'limbic-example-'));
  dirs.push(dir);
  return dir;
}

/** Kills the programs still running and removes their data folders: call it in afterEach. */
export function cleanUpExamples(): void {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** An example stopped as Ctrl-C or a process manager stops it (SIGTERM); resolves its exit code. */
export function stopExample(example: ExampleProcess): Promise<number | null> {
  example.child.kill('SIGTERM');
  return example.exited;
}

/**
 * Runs `body` with a gateway process on a memory store that knows `apiKey` (plan `pro`), and stops the gateway after
 * it. `body` gets the gateway's URL and a count of the sessions the key holds there.
 */
export async function withGateway(
  apiKey: string,
  body: (gateway: { url: string; sessionCount: () => Promise<number> }) => Promise<void>,
): Promise<void> {
  const gateway = await startGateway({
    LIMBIC_DATA: tempDataDir(),
    LIMBIC_STORE: 'memory',
    LIMBIC_API_KEYS: `${apiKey}:pro`,
  });
  const sessionCount = async () => {
    const response = await fetch(`${gateway.url}/v1/persona`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    return ((await response.json()) as { sessions: unknown[] }).sessions.length;
  };
  try {
    await body({ url: gateway.url, sessionCount });
  } finally {
    await stopGateway(gateway);
    cleanUpGateways();
  }
}
