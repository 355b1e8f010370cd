import type { Api } from 'grammy';
import type { BotCommand, BotCommandScope } from 'grammy/types';

/** What the `/limbic` entry of Telegram's command menu says, per audience (1-256 characters each). */
export interface CommandMenuDescriptions {
  /** In private chats (`all_private_chats`). */
  privateChats: string;
  /** In groups and supergroups, for members (`all_group_chats`). */
  groupChats: string;
  /** In groups and supergroups, for their admins (`all_chat_administrators`). */
  administrators: string;
}

/** The English descriptions of `/limbic` in the command menu. */
export const defaultCommandMenuDescriptions: CommandMenuDescriptions = {
  privateChats:
    'on | off | status | link | unlink | forget | quiet 22:00-08:00 Europe/Madrid: whether and when I write first, how I feel, your other accounts, erase what I remember',
  groupChats:
    'status | forget | mute | unmute | quiet 22:00-08:00 Europe/Madrid: how I feel and how I stand with you, erase what I hold about you, whether and when I write first to you',
  administrators:
    'on | off | proactive on|off | status | forget | mute | quiet: take part here, write first, how I feel, erase what I hold about you, your own opt-out and quiet hours',
};

/** Options of {@link registerLimbicCommands}. */
export interface RegisterCommandsOptions {
  /**
   * The command's name, without the `/`.
   * @defaultValue `'limbic'`
   */
  command?: string;
  /**
   * The menu texts.
   * @defaultValue the English `defaultCommandMenuDescriptions`
   */
  descriptions?: Partial<CommandMenuDescriptions>;
}

/** The scopes without a chat, the ones `/limbic` is registered in or falls back to. */
type Scope = Exclude<BotCommandScope['type'], 'chat' | 'chat_administrators' | 'chat_member'>;

/**
 * The scopes `/limbic` is registered in, and the lists Telegram shows there while a scope has no list of its own
 * (the Bot API's order: an admin sees `all_chat_administrators`, else `all_group_chats`, else `default`).
 */
const audiences: readonly {
  scope: Scope;
  fallbacks: readonly Scope[];
  text: keyof CommandMenuDescriptions;
}[] = [
  { scope: 'all_private_chats', fallbacks: ['default'], text: 'privateChats' },
  { scope: 'all_group_chats', fallbacks: ['default'], text: 'groupChats' },
  { scope: 'all_chat_administrators', fallbacks: ['all_group_chats', 'default'], text: 'administrators' },
];

/** `commands` with `entry` in place of the command of the same name, or appended. */
function upsert(commands: readonly BotCommand[], entry: BotCommand): BotCommand[] {
  const index = commands.findIndex((c) => c.command.toLowerCase() === entry.command);
  if (index === -1) return [...commands, entry];
  return commands.map((c, i) => (i === index ? entry : c));
}

const same = (a: readonly BotCommand[], b: readonly BotCommand[]) =>
  a.length === b.length &&
  a.every((c, i) => c.command === b[i]!.command && c.description === b[i]!.description);

/**
 * Puts `/limbic` into Telegram's command menu (`setMyCommands`), for private chats, group members and group admins,
 * without dropping the bot's other commands: each scope's list (without a language) is read, its `limbic` entry
 * replaced or appended, and written back only when it changed. A scope with no list of its own starts from the list
 * its people saw until now (the group list or the default one), because a list of its own hides the broader ones.
 * Lists for specific languages are left alone. Rejects with the Bot API's error.
 * @example
 * await bot.api.setMyCommands([{ command: 'start', description: 'Say hello' }]);
 * await registerLimbicCommands(bot.api); // private chats: /start and /limbic; groups: /start and /limbic status
 */
export async function registerLimbicCommands(api: Api, options: RegisterCommandsOptions = {}): Promise<void> {
  const command = (options.command ?? 'limbic').toLowerCase();
  const descriptions = { ...defaultCommandMenuDescriptions, ...options.descriptions };
  // Every list as it was, before any is written: the admins' list may start from the groups' one.
  const before = new Map<Scope, BotCommand[]>();
  for (const scope of [
    'default',
    'all_private_chats',
    'all_group_chats',
    'all_chat_administrators',
  ] as const) {
    before.set(scope, await api.getMyCommands({ scope: { type: scope } }));
  }
  for (const { scope, fallbacks, text } of audiences) {
    const own = before.get(scope) ?? [];
    const shown = [own, ...fallbacks.map((s) => before.get(s) ?? [])].find((list) => list.length > 0) ?? [];
    const next = upsert(shown, { command, description: descriptions[text] });
    if (!same(own, next)) await api.setMyCommands(next, { scope: { type: scope } });
  }
}
