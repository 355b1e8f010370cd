import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type FakeTelegram, startFakeTelegram } from '@limbic/fake-platforms';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cleanUpGateways,
  startGateway,
  stopGateway,
  tempDataDir,
} from '../../../gateway/test/gateway-process.js';

const root = resolve(import.meta.dirname, '../../..');
let telegram: FakeTelegram | undefined;
let child: ChildProcess | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await telegram?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  child = undefined;
  telegram = undefined;
  dataDir = undefined;
});

/** Starts the example as `npm start` would (tsx on src/main.ts; `--remote` when LIMBIC_URL is set) and collects its output. */
function startExample(env: NodeJS.ProcessEnv) {
  const proc = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--conditions=@limbic/source',
      'examples/telegram-bot/src/main.ts',
      ...(env.LIMBIC_URL ? ['--remote'] : []),
    ],
    { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child = proc;
  let output = '';
  const waiters = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const wake of waiters) wake();
  };
  proc.stdout.on('data', append);
  proc.stderr.on('data', append);
  const exited = new Promise<number | null>((done) => proc.on('exit', (code) => done(code)));
  return {
    exited,
    output: () => output,
    waitFor(pattern: RegExp, timeoutMs = 30_000): Promise<void> {
      return new Promise((resolvePromise, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`timed out waiting for ${pattern}:\n${output}`)),
          timeoutMs,
        );
        const check = () => {
          if (!pattern.test(output)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolvePromise();
        };
        waiters.add(check);
        check();
      });
    },
  };
}

describe('examples/telegram-bot', () => {
  it('starts against a fake Telegram, answers a message with the character’s feeling, and stops on SIGTERM', async () => {
    telegram = await startFakeTelegram();
    dataDir = mkdtempSync(join(tmpdir(), 'limbic-telegram-example-'));
    const example = startExample({
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      LIMBIC_DATA: dataDir,
      LLM_BASE_URL: '',
    });
    await example.waitFor(/is running \(embedded on sqlite .*limbic\.db/);
    telegram.sendText({ chatId: 77, userId: 77, text: 'Thank you, you are wonderful!' });
    const [reply] = await telegram.waitForSent(1, 30_000);
    expect(reply).toMatchObject({ chat_id: 77 });
    expect(reply!.text).toMatch(/^\((\w+) (\w+)\) Nice to meet you!$/);
    child!.kill('SIGTERM');
    expect(await example.exited).toBe(0);
  }, 60_000);

  it('with --remote it runs the character on a gateway process', async () => {
    const apiKey = 'svc_test_telegramexample0123456789';
    const gateway = await startGateway({
      LIMBIC_DATA: tempDataDir(),
      LIMBIC_STORE: 'memory',
      LIMBIC_API_KEYS: `${apiKey}:pro`,
    });
    try {
      telegram = await startFakeTelegram();
      dataDir = mkdtempSync(join(tmpdir(), 'limbic-telegram-example-'));
      const example = startExample({
        TELEGRAM_BOT_TOKEN: telegram.token,
        TELEGRAM_API_ROOT: telegram.apiRoot,
        LIMBIC_DATA: dataDir,
        LIMBIC_URL: gateway.url,
        LIMBIC_API_KEY: apiKey,
        LLM_BASE_URL: '',
      });
      await example.waitFor(/is running \(remote http:\/\/127\.0\.0\.1:\d+ \(bindings: sqlite /);
      telegram.sendText({ chatId: 78, userId: 78, text: 'Hello, nice to meet you!' });
      const [reply] = await telegram.waitForSent(1, 30_000);
      expect(reply!.text).toMatch(/Nice to meet you!$/);
      const sessions = await fetch(`${gateway.url}/v1/persona`, {
        headers: { authorization: `Bearer ${apiKey}` },
      });
      expect(((await sessions.json()) as { sessions: unknown[] }).sessions).toHaveLength(1);
      child!.kill('SIGTERM');
      expect(await example.exited).toBe(0);
    } finally {
      await stopGateway(gateway);
      cleanUpGateways();
    }
  }, 90_000);

  it('says which setting is missing instead of starting', async () => {
    const example = startExample({ TELEGRAM_BOT_TOKEN: '' });
    expect(await example.exited).toBe(2);
    expect(example.output()).toMatch(/Set TELEGRAM_BOT_TOKEN/);
  }, 60_000);
});
