import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type FakeDiscord, startFakeDiscord } from '@limbic/fake-platforms';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cleanUpGateways,
  startGateway,
  stopGateway,
  tempDataDir,
} from '../../../gateway/test/gateway-process.js';

const root = resolve(import.meta.dirname, '../../..');
const ADA = { userId: '200000000000000001', username: 'ada' };
let discord: FakeDiscord | undefined;
let child: ChildProcess | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await discord?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  child = undefined;
  discord = undefined;
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
      'examples/discord-bot/src/main.ts',
      ...(env.LIMBIC_URL ? ['--remote'] : []),
    ],
    {
      cwd: root,
      env: { ...process.env, DISCORD_CHANNELS: '', LLM_BASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
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

describe('examples/discord-bot', () => {
  it('starts against a fake Discord, answers a DM with the character’s feeling, and stops on SIGTERM', async () => {
    discord = await startFakeDiscord();
    dataDir = mkdtempSync(join(tmpdir(), 'limbic-discord-example-'));
    const example = startExample({
      DISCORD_TOKEN: discord.token,
      DISCORD_API: discord.url,
      LIMBIC_DATA: dataDir,
    });
    await example.waitFor(/is running \(embedded on sqlite .*limbic\.db/);
    const message = discord.dispatchDirectMessage({ ...ADA, content: 'Thank you, you are wonderful!' });
    const [reply] = await discord.waitForSent(1, 30_000);
    expect(reply).toMatchObject({
      channel_id: discord.dmChannelOf(ADA.userId),
      message_reference: expect.objectContaining({ message_id: message.id }),
    });
    expect(reply!.content).toMatch(/^\((\w+) (\w+)\) Nice to meet you!$/);
    child!.kill('SIGTERM');
    expect(await example.exited).toBe(0);
  }, 60_000);

  it('with --remote it runs the character on a gateway process', async () => {
    const apiKey = 'svc_test_discordexample0123456789ab';
    const gateway = await startGateway({
      LIMBIC_DATA: tempDataDir(),
      LIMBIC_STORE: 'memory',
      LIMBIC_API_KEYS: `${apiKey}:pro`,
    });
    try {
      discord = await startFakeDiscord();
      dataDir = mkdtempSync(join(tmpdir(), 'limbic-discord-example-'));
      const example = startExample({
        DISCORD_TOKEN: discord.token,
        DISCORD_API: discord.url,
        LIMBIC_DATA: dataDir,
        LIMBIC_URL: gateway.url,
        LIMBIC_API_KEY: apiKey,
      });
      await example.waitFor(/is running \(remote http:\/\/127\.0\.0\.1:\d+ \(bindings: sqlite /);
      discord.dispatchDirectMessage({ ...ADA, content: 'Hello, nice to meet you!' });
      const [reply] = await discord.waitForSent(1, 30_000);
      expect(reply!.content).toMatch(/Nice to meet you!$/);
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
    const withoutToken = startExample({ DISCORD_TOKEN: '' });
    expect(await withoutToken.exited).toBe(2);
    expect(withoutToken.output()).toMatch(/Set DISCORD_TOKEN/);
    const withoutKey = startExample({
      DISCORD_TOKEN: 'token',
      LIMBIC_URL: 'http://127.0.0.1:9',
      LIMBIC_API_KEY: '',
    });
    expect(await withoutKey.exited).toBe(2);
    expect(withoutKey.output()).toMatch(/Set LIMBIC_API_KEY/);
  }, 60_000);
});
