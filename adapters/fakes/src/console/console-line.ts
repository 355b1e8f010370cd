/** A platform the console talks to. */
export type ConsolePlatform = 'telegram' | 'discord';

/** What a line typed in the fakes console asks for. */
export type ConsoleCommand =
  | { kind: 'say'; text: string; platform?: ConsolePlatform }
  | { kind: 'switch'; platform: ConsolePlatform }
  | { kind: 'chat'; chat: 'private' | 'group' }
  | { kind: 'as'; name: string }
  | { kind: 'help' }
  | { kind: 'quit' }
  | { kind: 'none' }
  | { kind: 'unknown'; input: string };

const platforms: Record<string, ConsolePlatform> = {
  t: 'telegram',
  telegram: 'telegram',
  d: 'discord',
  discord: 'discord',
};

/** The console's help text, one command a line. */
export const consoleHelp = `Type a message and press Enter: it is sent as you, to the current platform and chat.
  :telegram, :t       talk on Telegram (the default)      :t <message>   send one message there
  :discord, :d        talk on Discord                     :d <message>   send one message there
  :private            a private chat / DM with the bot (the default)
  :group              the Telegram group / the Discord channel #general
  :as <name>          be another person (each person has their own relationship with the character)
  :help               this text
  :quit               stop both servers (or Ctrl-D, Ctrl-C)
Lines starting with / go to the bot as they are (/start, /limbic status, /limbic off).`;

/**
 * Reads one line of the fakes console: a message to send, or a command after `:` (`:discord`, `:group`,
 * `:as ada`…). Text starting with `/` is a message, so bot commands such as `/limbic status` reach the bot.
 */
export function parseConsoleLine(line: string): ConsoleCommand {
  const text = line.trim();
  if (text === '') return { kind: 'none' };
  if (!text.startsWith(':')) return { kind: 'say', text };
  const [word = '', ...rest] = text.slice(1).split(/\s+/);
  const argument = rest.join(' ');
  const name = word.toLowerCase();
  const platform = platforms[name];
  if (platform)
    return argument === '' ? { kind: 'switch', platform } : { kind: 'say', text: argument, platform };
  if ((name === 'private' || name === 'group') && argument === '') return { kind: 'chat', chat: name };
  if (name === 'as' && argument !== '') return { kind: 'as', name: argument };
  if ((name === 'help' || name === '?') && argument === '') return { kind: 'help' };
  if ((name === 'quit' || name === 'exit' || name === 'q') && argument === '') return { kind: 'quit' };
  return { kind: 'unknown', input: text };
}
