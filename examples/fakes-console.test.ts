import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpExamples, exampleDataDir, startExample, startScript } from './example-process.js';

afterEach(cleanUpExamples);

const root = resolve(import.meta.dirname, '..');

/**
 * `npm run fakes` as its script runs it, on free ports, with what it printed so far; `args` as after
 * `npm run fakes --`, `env` over the test's environment.
 */
function startConsole(args: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const fakes = startScript(
    'adapters/fakes/src/console/main.ts',
    // npm says where the command was typed in INIT_CWD; the bot command runs there.
    { FAKE_TELEGRAM_PORT: '0', FAKE_DISCORD_PORT: '0', FAKE_LLM_PORT: '0', INIT_CWD: root, ...env },
    args,
  );
  return {
    ...fakes,
    /** Types a line; returns where the output stood, for waiting on what follows. */
    type(line: string): number {
      const at = fakes.output().length;
      fakes.child.stdin.write(`${line}\n`);
      return at;
    },
  };
}

describe('npm run fakes', () => {
  it('starts both fake platforms; lines typed reach the example bots, and their replies and first messages are printed', async () => {
    const fakes = startConsole();
    const [, apiRoot, telegramToken] = await fakes.waitFor(/Fake Telegram Bot API\s+(\S+)\s+token (\S+)/);
    const [, discordApi, discordToken, channel] = await fakes.waitFor(
      /Fake Discord\s+(\S+)\s+token (\S+)\s+channel #general (\d+)/,
    );

    // The Telegram example as its README says, the engine clock sped up so Mira soon writes first.
    const telegramBot = startExample('telegram-bot', {
      TELEGRAM_API_ROOT: apiRoot,
      TELEGRAM_BOT_TOKEN: telegramToken,
      LIMBIC_DATA: exampleDataDir(),
      LIMBIC_TIME_SCALE: '100000',
    });
    await fakes.waitFor(/\[telegram\] a bot is polling for updates/);
    let at = fakes.type('Thank you, you are wonderful!');
    await fakes.waitFor(/\[telegram\] bot → you \(private\): Hi, I am \w+! .+\n/, at);
    // Nobody writes back: after hours of the character's time (seconds here), it reaches out by itself.
    await fakes.waitFor(/(\[telegram\] bot → you \(private\): [^\n]+\n[\s\S]*){2}/, at);
    await telegramBot.waitFor(/proactive \w+ sent to 1001/);

    const discordBot = startExample('discord-bot', {
      DISCORD_API: discordApi,
      DISCORD_TOKEN: discordToken,
      DISCORD_CHANNELS: channel,
      LIMBIC_DATA: exampleDataDir(),
    });
    await fakes.waitFor(/\[discord\] a bot logged in to the gateway/);
    await discordBot.waitFor(/is running/);
    at = fakes.type(':d Hello, nice to meet you!');
    await fakes.waitFor(/\[discord\] bot → you \(DM\): Hi, I am \w+! .+\n/, at);
    // Someone else, in the guild channel the bot listens to.
    fakes.type(':discord');
    fakes.type(':group');
    fakes.type(':as ada');
    at = fakes.type('You ruined everything.');
    await fakes.waitFor(/\[discord\] bot → #general: Hi, I am \w+! .+\n/, at);

    fakes.type(':quit');
    expect(await fakes.exited).toBe(0);
  }, 90_000);

  it('says which port setting is wrong instead of starting', async () => {
    const fakes = startScript('adapters/fakes/src/console/main.ts', { FAKE_TELEGRAM_PORT: 'eighty' });
    let stderr = '';
    fakes.child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    expect(await fakes.exited).toBe(2);
    expect(stderr).toMatch(/FAKE_TELEGRAM_PORT: must be a port number from 0 to 65535/);
  }, 30_000);
});

/** A bot command that runs an example's main.ts as `npm start` does, with tsx and the source condition. */
const exampleCommand = (name: string) => [
  process.execPath,
  '--import',
  'tsx',
  '--conditions=@limbic/source',
  `examples/${name}/src/main.ts`,
];

/** A bot command that runs `source` with Node. */
const nodeCommand = (source: string) => [process.execPath, '-e', source];

describe('npm run fakes -- … -- <bot command> (npm run demo)', () => {
  it('runs the Telegram example with the fake LLM: it answers in its feeling, remembers the previous message and writes first', async () => {
    const fakes = startConsole(['--telegram', '--', ...exampleCommand('telegram-bot')], {
      LIMBIC_DATA: exampleDataDir(),
      // Empty counts as unset: the runner gives the bot the fake LLM.
      LIMBIC_LLM_URL: '',
      // Faster than the demo clock's 3600, so the first message comes in seconds; feelings keep the demo's pace.
      LIMBIC_TIME_SCALE: '100000',
    });
    await fakes.waitFor(/\[bot\] @limbic_fake_bot is running \(.*text turns: LLM limbic-fake/);
    await fakes.waitFor(/\[telegram\] a bot is polling for updates/);

    let at = fakes.type('Thank you, you are wonderful!');
    await fakes.waitFor(/\[llm\] chat request with 0 earlier messages\n/, at);
    await fakes.waitFor(
      /\[telegram\] bot → you \(private\): I feel [^,\n]+, hearing you say “Thank you, you are wonderful!”\.\n/,
      at,
    );
    // The second request carries the first exchange, and the reply shows it.
    at = fakes.type('I passed my exam today.');
    await fakes.waitFor(/\[llm\] chat request with 2 earlier messages\n/, at);
    await fakes.waitFor(
      /\[telegram\] bot → you \(private\): I feel [^.\n]+\. Earlier you said “Thank you, you are wonderful!”, and now “I passed my exam today\.”: I remember\.\n/,
      at,
    );
    // Nobody writes back: she reaches out, in words the fake LLM wrote from her name and feeling.
    await fakes.waitFor(/\[telegram\] bot → you \(private\): Hey, it's Mira\. I feel [^\n]+\n/, at);
    await fakes.waitFor(/\[bot\] proactive \w+ sent to 1001\n/, at);

    // :quit stops the bot while the fakes still answer, then the fakes; a clean stop is exit code 0.
    at = fakes.type(':quit');
    expect(await fakes.exited).toBe(0);
    expect(fakes.output().slice(at)).toContain('[fakes] the bot stopped\n');
    expect(fakes.output()).not.toMatch(/bot error|HttpError|limbic:/);
  }, 90_000);

  it('gives the bot the fakes of the chosen platform, prints its output and ends with its exit code', async () => {
    const printEnv = nodeCommand(
      `const names = ['TELEGRAM_API_ROOT', 'TELEGRAM_BOT_TOKEN', 'DISCORD_API', 'DISCORD_TOKEN', 'DISCORD_CHANNELS', 'LIMBIC_LLM_URL', 'LIMBIC_LLM_MODEL', 'LIMBIC_DEMO_CLOCK'];
      console.log(JSON.stringify(Object.fromEntries(names.map((name) => [name, process.env[name] ?? null]))));
      console.error('on stderr too');
      process.exitCode = 3;`,
    );
    const discord = startConsole(['--discord', '--no-llm', '--', ...printEnv], { LIMBIC_LLM_URL: '' });
    const [, discordApi, discordToken, channel] = await discord.waitFor(
      /Fake Discord\s+(\S+)\s+token (\S+)\s+channel #general (\d+)/,
    );
    const [, discordEnv] = await discord.waitFor(/\[bot\] (\{.*\})\n/);
    expect(JSON.parse(discordEnv ?? '')).toEqual({
      TELEGRAM_API_ROOT: null,
      TELEGRAM_BOT_TOKEN: null,
      DISCORD_API: discordApi,
      DISCORD_TOKEN: discordToken,
      DISCORD_CHANNELS: channel,
      LIMBIC_LLM_URL: '',
      LIMBIC_LLM_MODEL: null,
      LIMBIC_DEMO_CLOCK: '1',
    });
    expect(discord.output()).not.toContain('Fake LLM');
    // The console starts the bot itself, so its banner does not say how to.
    expect(discord.output()).not.toContain('cd examples/');
    expect(discord.output()).toContain(
      '[fakes] starting the bot with DISCORD_API, DISCORD_TOKEN, DISCORD_CHANNELS, LIMBIC_DEMO_CLOCK: ',
    );
    await discord.waitFor(/\[bot\] on stderr too\n/);
    // The bot exited by itself: the console stops although its input is still open, with the bot's code.
    expect(await discord.exited).toBe(3);
    expect(discord.output()).toContain('[fakes] the bot exited with code 3; stopping the fakes\n');

    // Telegram is the default; an LLM and a clock the person chose are kept.
    const telegram = startConsole(['--', ...printEnv], {
      LIMBIC_LLM_URL: 'http://127.0.0.1:9/v1',
      LIMBIC_LLM_MODEL: 'mine',
      LIMBIC_DEMO_CLOCK: '0',
    });
    const [, apiRoot, telegramToken] = await telegram.waitFor(/Fake Telegram Bot API\s+(\S+)\s+token (\S+)/);
    const [, telegramEnv] = await telegram.waitFor(/\[bot\] (\{.*\})\n/);
    expect(JSON.parse(telegramEnv ?? '')).toMatchObject({
      TELEGRAM_API_ROOT: apiRoot,
      TELEGRAM_BOT_TOKEN: telegramToken,
      DISCORD_API: null,
      LIMBIC_LLM_URL: 'http://127.0.0.1:9/v1',
      LIMBIC_LLM_MODEL: 'mine',
      LIMBIC_DEMO_CLOCK: '0',
    });
    expect(await telegram.exited).toBe(3);
  }, 60_000);

  it('on SIGTERM stops the bot first, then itself, with exit code 0 when the bot stops cleanly', async () => {
    const fakes = startConsole([
      '--',
      ...nodeCommand(
        `process.on('SIGTERM', () => { console.log('stopping'); process.exitCode = 0; clearInterval(timer); });
        const timer = setInterval(() => {}, 1000);
        console.log('ready');`,
      ),
    ]);
    await fakes.waitFor(/\[bot\] ready\n/);
    fakes.child.kill('SIGTERM');
    expect(await fakes.exited).toBe(0);
    expect(fakes.output()).toMatch(/\[bot\] stopping\n[\s\S]*\[fakes\] the bot stopped\n/);
  }, 30_000);

  it('kills a bot that ignores SIGTERM on a second signal, and exits with its code', async () => {
    const fakes = startConsole([
      '--',
      ...nodeCommand(
        `process.on('SIGTERM', () => console.log('not stopping'));
        setInterval(() => {}, 1000);
        console.log('ready');`,
      ),
    ]);
    await fakes.waitFor(/\[bot\] ready\n/);
    fakes.child.kill('SIGTERM');
    await fakes.waitFor(/\[bot\] not stopping\n/);
    fakes.child.kill('SIGTERM');
    expect(await fakes.exited).toBe(128 + 9);
    expect(fakes.output()).toContain('[fakes] the bot stopped\n');
  }, 30_000);

  it('says what is wrong with its arguments', async () => {
    const fakes = startConsole(['--discord', '--telegram']);
    expect(await fakes.exited).toBe(2);
    expect(fakes.output()).toMatch(
      /limbic-fakes: --telegram and --discord: choose one\n\nUsage: limbic-fakes/,
    );
  }, 30_000);
});
