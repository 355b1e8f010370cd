#!/usr/bin/env node
/**
 * `limbic-fakes` (`npm run fakes` in the repository): the fake Telegram Bot API, the fake Discord and the fake LLM
 * on fixed local ports, with a console to talk to the bots connected to them; after `--`, a bot command run against
 * them (see {@link consoleUsage}). FAKE_TELEGRAM_PORT (default 8781), FAKE_DISCORD_PORT (8782) and FAKE_LLM_PORT
 * (8783) move them; 0 picks free ports.
 */
import { type ConsoleArgs, consoleUsage, parseConsoleArgs } from './console-args.js';
import { startFakesConsole } from './fakes-console.js';
import { botEnv, type RunningBot, runBot } from './run-bot.js';

function port(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65_535) {
    console.error(`${name}: must be a port number from 0 to 65535 (got ${JSON.stringify(raw)})`);
    process.exit(2);
  }
  return value;
}

let args: ConsoleArgs;
try {
  args = parseConsoleArgs(process.argv.slice(2));
} catch (error) {
  console.error(`limbic-fakes: ${(error as Error).message}\n\n${consoleUsage}`);
  process.exit(2);
}
if (args.help) {
  console.log(consoleUsage);
  process.exit(0);
}

const telegramPort = port('FAKE_TELEGRAM_PORT', 8781);
const discordPort = port('FAKE_DISCORD_PORT', 8782);
const llmPort = args.llm ? port('FAKE_LLM_PORT', 8783) : undefined;

try {
  let bot: RunningBot | undefined;
  let stopping = false;
  const fakes = await startFakesConsole({
    input: process.stdin,
    output: process.stdout,
    telegramPort,
    discordPort,
    ...(llmPort === undefined ? {} : { llmPort }),
    platform: args.platform,
    runsBot: args.command.length > 0,
    // With a bot to run, input that ends without a terminal (no one typing: a script, a service) leaves it running.
    closeOnEnd: args.command.length === 0 || process.stdin.isTTY === true,
    // The bot stops first, while the fakes still answer its last calls.
    beforeClose: async () => {
      stopping = true;
      await bot?.stop();
    },
  });
  if (args.command.length > 0) {
    const env = botEnv(fakes, args.platform, process.env);
    const set = Object.keys(env).filter((name) => env[name] !== process.env[name]);
    fakes.print(`[fakes] starting the bot with ${set.join(', ')}: ${args.command.join(' ')}`);
    bot = runBot({
      command: args.command,
      env,
      // Where the person typed the command: npm runs scripts in the package's folder and says so in INIT_CWD.
      cwd: process.env.INIT_CWD ?? process.cwd(),
      onLine: (line) => {
        if (line.trim() !== '') fakes.print(`[bot] ${line}`);
      },
    });
    void bot.exited.then((code) => {
      fakes.print(
        stopping ? '[fakes] the bot stopped' : `[fakes] the bot exited with code ${code}; stopping the fakes`,
      );
      void fakes.close();
    });
  }
  // The first signal stops the bot and the fakes in order; another one, while that takes long, kills the bot.
  let signals = 0;
  const onSignal = () => {
    if (signals++ > 0) bot?.kill();
    void fakes.close();
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  await fakes.closed;
  if (bot) process.exitCode = await bot.stop();
  // stdin, a pipe that is still open (:quit typed), would keep the process running.
  process.stdin.destroy();
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== 'EADDRINUSE') throw error;
  console.error(
    `A port is taken (${(error as Error).message}): set FAKE_TELEGRAM_PORT, FAKE_DISCORD_PORT and FAKE_LLM_PORT to free ports, or 0.`,
  );
  process.exit(1);
}
