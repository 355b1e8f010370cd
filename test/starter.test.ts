import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeTelegram, startFakeTelegram } from '@limbic/fake-platforms';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { watchProcess } from '../examples/example-process.js';
import { root, run, userEnv } from './outside-project.js';

/**
 * `npm run create-bot`: a bot project made outside the repository from the packed packages, the example's main.ts
 * run there as its user runs it (`npm start`: tsx, plain Node resolution, no `@limbic/source` condition) against a fake
 * Telegram, and its typecheck.
 */

const work = mkdtempSync(join(tmpdir(), 'limbic-starter-'));
const project = join(work, 'my-bot');
const generator = join(root, 'scripts/create-bot.mjs');
const running: ChildProcessWithoutNullStreams[] = [];
let created = '';
let telegram: FakeTelegram | undefined;

/** The generator's exit code and everything it printed. */
function createBot(args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [generator, ...args], { cwd: work, env: userEnv() }, (error, stdout, stderr) =>
      done({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

beforeAll(async () => {
  // --prefer-offline: the repository's own install filled the npm cache with what the project needs.
  const result = await createBot([project, '--prefer-offline']);
  created = result.output;
  expect(result.code, created).toBe(0);
}, 240_000);

afterAll(async () => {
  for (const child of running)
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
  await telegram?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('create-bot', { timeout: 60_000 }, () => {
  it('writes a project that installs the packed packages and runs the example’s main.ts unchanged', () => {
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
    expect(manifest.scripts).toMatchObject({ start: 'tsx src/main.ts', typecheck: 'tsc' });
    // `npm run demo`: the fakes' one command, from the packed @limbic/fake-platforms.
    expect(manifest.scripts.demo).toBe('limbic-fakes --telegram -- npm start');
    expect(manifest.devDependencies['@limbic/fake-platforms']).toBe(
      'file:vendor/limbic-fake-platforms-0.1.0.tgz',
    );
    expect(manifest.dependencies).toMatchObject({
      '@limbic/telegram': 'file:vendor/limbic-telegram-0.1.0.tgz',
      '@limbic/bot-kit': 'file:vendor/limbic-bot-kit-0.1.0.tgz',
      grammy: expect.stringMatching(/^\^1\./),
    });
    for (const file of Object.values<string>(manifest.dependencies).filter((spec) =>
      spec.startsWith('file:'),
    ))
      expect(existsSync(join(project, file.slice('file:'.length))), file).toBe(true);
    expect(readFileSync(join(project, 'src/main.ts'), 'utf8')).toBe(
      readFileSync(join(root, 'examples/telegram-bot/src/main.ts'), 'utf8'),
    );
    expect(readFileSync(join(project, '.gitignore'), 'utf8')).toMatch(/^data\/$/m);
    expect(readFileSync(join(project, 'README.md'), 'utf8')).toContain('TELEGRAM_BOT_TOKEN=… npm start');
    // Installed from the tarballs, with better-sqlite3 from the repository's build instead of a compile: a compile
    // leaves its object files in build/.
    expect(existsSync(join(project, 'node_modules/@limbic/telegram/dist/index.js'))).toBe(true);
    expect(created).toMatch(/better-sqlite3 [\d.]+: offering this clone's build/);
    expect(existsSync(join(project, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'))).toBe(
      true,
    );
    expect(existsSync(join(project, 'node_modules/better-sqlite3/build/Release/obj.target'))).toBe(false);
    // None of the repository's overrides is needed: nothing the bot installs wants a newer Node.
    expect(created).not.toMatch(/EBADENGINE/);
    expect(created).toMatch(/Next:\n {2}cd /);
  });

  it('npm start runs the bot against a fake Telegram and the character answers', async () => {
    telegram = await startFakeTelegram();
    const child = spawn('npm', ['start'], {
      cwd: project,
      env: userEnv({
        TELEGRAM_BOT_TOKEN: telegram.token,
        TELEGRAM_API_ROOT: telegram.apiRoot,
        LIMBIC_DATA: join(work, 'data'),
      }),
      // Its own process group: npm, the shell, tsx and the bot stop together.
      detached: true,
    });
    running.push(child);
    const bot = watchProcess(child);
    await bot.waitFor(/is running \(embedded on sqlite .*limbic\.db/, 0, 45_000);
    telegram.sendText({ chatId: 91, userId: 91, text: 'Thank you, you are wonderful!' });
    const [reply] = await telegram.waitForSent(1, 30_000);
    expect(reply).toMatchObject({ chat_id: 91 });
    expect(reply!.text).toMatch(/^Hi, I am Mira! \S.+/);
    expect(existsSync(join(work, 'data/limbic.db'))).toBe(true);
    // Ctrl-C in a terminal: SIGINT to the whole group. npm stops by the signal; the bot closes, and then nothing of the
    // group is left running.
    process.kill(-child.pid!, 'SIGINT');
    await bot.exited;
    expect(child.signalCode).toBe('SIGINT');
    await vi.waitFor(
      () => expect(() => process.kill(-child.pid!, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' })),
      { timeout: 15_000, interval: 50 },
    );
    expect(bot.output()).not.toMatch(/bot error|limbic:/);
  });

  it('npm run demo runs the bot with fake Telegram and a fake LLM in one command: it answers and remembers', async () => {
    const child = spawn('npm', ['run', 'demo'], {
      cwd: project,
      env: userEnv({
        LIMBIC_DATA: join(work, 'demo-data'),
        FAKE_TELEGRAM_PORT: '0',
        FAKE_DISCORD_PORT: '0',
        FAKE_LLM_PORT: '0',
      }),
      detached: true,
    });
    running.push(child);
    const demo = watchProcess(child);
    const type = (line: string) => {
      const at = demo.output().length;
      child.stdin.write(`${line}\n`);
      return at;
    };
    await demo.waitFor(/\[bot\] @limbic_fake_bot is running \(.*text turns: LLM limbic-fake/, 0, 45_000);
    await demo.waitFor(/\[telegram\] a bot is polling for updates/);
    let at = type('Thank you, you are wonderful!');
    await demo.waitFor(
      /\[telegram\] bot → you \(private\): I feel [^,\n]+, hearing you say “Thank you, you are wonderful!”\.\n/,
      at,
    );
    at = type('I passed my exam today.');
    await demo.waitFor(/\[llm\] chat request with 2 earlier messages\n/, at);
    await demo.waitFor(
      /\[telegram\] bot → you \(private\): I feel [^.\n]+\. Earlier you said “Thank you, you are wonderful!”/,
      at,
    );
    type(':quit');
    expect(await demo.exited).toBe(0);
    expect(demo.output()).not.toMatch(/bot error|HttpError|limbic:/);
  });

  it('npm run typecheck passes on the installed types', async () => {
    const output = await run('npm', ['run', 'typecheck'], project);
    expect(output).toContain('> tsc');
  });

  it('refuses a folder that is not empty or inside the clone, and makes a Discord bot with --discord', async () => {
    const refused = await createBot([project]);
    expect(refused.code).toBe(2);
    expect(refused.output).toContain(`${project} is not empty.`);
    const inClone = await createBot([join(root, 'examples/my-bot')]);
    expect(inClone.code).toBe(2);
    expect(inClone.output).toContain('is inside the Limbic clone');
    expect(existsSync(join(root, 'examples/my-bot'))).toBe(false);

    const discord = join(work, 'discord-bot');
    const made = await createBot([discord, '--discord', '--no-install']);
    expect(made.code, made.output).toBe(0);
    const manifest = JSON.parse(readFileSync(join(discord, 'package.json'), 'utf8'));
    expect(Object.keys(manifest.dependencies)).toContain('discord.js');
    expect(manifest.dependencies['@limbic/discord']).toBe('file:vendor/limbic-discord-0.1.0.tgz');
    expect(manifest.dependencies).not.toHaveProperty('grammy');
    expect(readFileSync(join(discord, 'src/main.ts'), 'utf8')).toBe(
      readFileSync(join(root, 'examples/discord-bot/src/main.ts'), 'utf8'),
    );
    expect(existsSync(join(discord, 'node_modules'))).toBe(false);
    expect(made.output).toMatch(/Next:\n {2}cd discord-bot\n {2}npm install\n/);
  });
});
