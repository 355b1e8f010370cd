import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { createInterface } from 'node:readline';
import { demoLlmModel } from '../openai/demo-answer.js';
import type { ConsolePlatform } from './console-line.js';
import type { FakesConsole } from './fakes-console.js';

/**
 * The environment of a bot the console runs: `env` with the settings that point the example bots (and the bot kit's
 * `botSettingsFromEnv`) at the fakes of `platform`, the fake LLM unless `env` names an LLM already, and the demo
 * clock unless `env` sets it.
 */
export function botEnv(
  fakes: Pick<FakesConsole, 'telegram' | 'discord' | 'llm' | 'discordChannelId'>,
  platform: ConsolePlatform,
  env: NodeJS.ProcessEnv,
): NodeJS.ProcessEnv {
  const target =
    platform === 'telegram'
      ? { TELEGRAM_API_ROOT: fakes.telegram.apiRoot, TELEGRAM_BOT_TOKEN: fakes.telegram.token }
      : {
          DISCORD_API: fakes.discord.url,
          DISCORD_TOKEN: fakes.discord.token,
          DISCORD_CHANNELS: fakes.discordChannelId,
        };
  const llm =
    fakes.llm && !env.LIMBIC_LLM_URL
      ? { LIMBIC_LLM_URL: fakes.llm.baseURL, LIMBIC_LLM_MODEL: demoLlmModel }
      : {};
  return { ...env, ...target, ...llm, LIMBIC_DEMO_CLOCK: env.LIMBIC_DEMO_CLOCK || '1' };
}

/** Options of {@link runBot}. */
export interface RunBotOptions {
  /** The program and its arguments. */
  command: readonly string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Hears each line the bot prints, stdout and stderr alike. */
  onLine: (line: string) => void;
  /** After {@link RunningBot.stop}'s SIGTERM, how long the bot has before SIGKILL, ms. Default 5000. */
  killAfterMs?: number;
}

/** A bot process the console started. */
export interface RunningBot {
  /** Resolves with its exit code once it has exited and its output is read: 128 + n after signal n, 127 unstarted. */
  readonly exited: Promise<number>;
  /**
   * Asks it to stop (SIGTERM to it and the programs it started; SIGKILL if they linger) and resolves its exit code:
   * 0 when it ended by the SIGTERM.
   */
  stop(): Promise<number>;
  /** Kills it and the programs it started at once (SIGKILL), for a second Ctrl-C. */
  kill(): void;
}

const posix = process.platform !== 'win32';

/**
 * Starts the bot command with its output read line by line. On POSIX it leads a process group of its own, so
 * stopping it reaches the programs it started (`npm start` runs a shell that runs tsx that runs node).
 */
export function runBot(options: RunBotOptions): RunningBot {
  const [program = '', ...args] = options.command;
  const child = spawn(program, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: posix,
    // npm, npx and the like are .cmd scripts on Windows, which only a shell runs.
    shell: !posix,
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on('line', options.onLine);
  }
  let ended = false;
  const exited = new Promise<number>((resolve) => {
    child.once('error', (error) => {
      options.onLine(`could not start ${program}: ${error.message}`);
      resolve(127);
    });
    child.once('close', (code, signal) => {
      ended = true;
      resolve(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0));
    });
  });
  const signal = (name: NodeJS.Signals, group: boolean) => {
    if (child.pid === undefined) return;
    // The group may outlive its leader (a shell that exited before the program it started).
    if (!(posix && group) && (child.exitCode !== null || child.signalCode !== null)) return;
    try {
      if (posix && group) process.kill(-child.pid, name);
      else child.kill(name);
    } catch {
      // Already gone.
    }
  };
  // A console that ends without stopping it (an uncaught error) takes it along.
  const killOnExit = () => signal('SIGKILL', true);
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));
  let stopping: Promise<number> | undefined;
  return {
    exited,
    kill: () => signal('SIGKILL', true),
    stop() {
      stopping ??= (async () => {
        if (ended) return exited;
        // To the whole group, as Ctrl-C in a terminal does: npm and tsx expect their child to get it too.
        signal('SIGTERM', true);
        const timer = setTimeout(() => signal('SIGKILL', true), options.killAfterMs ?? 5000);
        const code = await exited;
        clearTimeout(timer);
        // npm and shells report a program that ended by the SIGTERM it was sent as 143: stopped as asked.
        return code === 128 + constants.signals.SIGTERM ? 0 : code;
      })();
      return stopping;
    },
  };
}
