import type { ConsolePlatform } from './console-line.js';

/** What the `limbic-fakes` command line asks for. */
export interface ConsoleArgs {
  /** The platform the bot command is pointed at and typed lines go to (`--telegram`, the default, or `--discord`). */
  platform: ConsolePlatform;
  /** Start the fake LLM (not with `--no-llm`). */
  llm: boolean;
  /** The bot command after `--` with its arguments; empty: the console alone. */
  command: string[];
  /** `--help`: print {@link consoleUsage} and stop. */
  help: boolean;
}

/** The `limbic-fakes --help` text. */
export const consoleUsage = `Usage: limbic-fakes [--telegram|--discord] [--no-llm] [-- <command> [args…]]

Starts a fake Telegram Bot API, a fake Discord and a fake OpenAI-compatible LLM on 127.0.0.1, and a console where
each line you type is a message to the bot.

  --telegram   point the command at the fake Telegram and type to it (the default)
  --discord    point the command at the fake Discord and type to it
  --no-llm     no fake LLM (the bot answers offline, or with the LLM of your LIMBIC_LLM_URL)
  -- <command> run the bot with the fakes' settings in its environment (TELEGRAM_API_ROOT and TELEGRAM_BOT_TOKEN,
               or DISCORD_API, DISCORD_TOKEN and DISCORD_CHANNELS; LIMBIC_LLM_URL and LIMBIC_LLM_MODEL unless set;
               LIMBIC_DEMO_CLOCK=1 unless set), print its output as [bot] lines, and stop when it exits

Ports: FAKE_TELEGRAM_PORT (8781), FAKE_DISCORD_PORT (8782), FAKE_LLM_PORT (8783); 0 picks a free one.`;

/**
 * Reads the `limbic-fakes` arguments (`process.argv.slice(2)`): the flags, then everything after the first `--` as
 * the bot command, untouched.
 * @throws Error naming the argument that is wrong.
 */
export function parseConsoleArgs(argv: readonly string[]): ConsoleArgs {
  const split = argv.indexOf('--');
  const flags = split === -1 ? argv : argv.slice(0, split);
  const command = split === -1 ? [] : argv.slice(split + 1);
  const args: ConsoleArgs = { platform: 'telegram', llm: true, command: [...command], help: false };
  const platforms = new Set<ConsolePlatform>();
  for (const flag of flags) {
    if (flag === '--telegram' || flag === '--discord')
      platforms.add(flag === '--telegram' ? 'telegram' : 'discord');
    else if (flag === '--no-llm') args.llm = false;
    else if (flag === '--help' || flag === '-h') args.help = true;
    else throw new Error(`unknown argument ${JSON.stringify(flag)} (a bot command goes after --)`);
  }
  if (platforms.size > 1) throw new Error('--telegram and --discord: choose one');
  args.platform = [...platforms][0] ?? 'telegram';
  if (split !== -1 && command.length === 0)
    throw new Error('-- must be followed by the command that starts the bot');
  return args;
}
