import { isRecord } from '../http.js';
import type { TelegramBotCommand, TelegramBotCommandScope } from './types.js';

const SCOPES_WITHOUT_CHAT = new Set([
  'default',
  'all_private_chats',
  'all_group_chats',
  'all_chat_administrators',
]);
const SCOPES_WITH_CHAT = new Set(['chat', 'chat_administrators', 'chat_member']);
// Limits from the Bot API docs (BotCommand, setMyCommands); the messages are the ones Telegram answers with.
const MAX_COMMANDS = 100;
const MAX_COMMAND_LENGTH = 32;
const MAX_DESCRIPTION_LENGTH = 256;

/** A refused request: Telegram's error text, without the `Bad Request: ` prefix. */
export interface CommandsError {
  error: string;
}

type Checked<T> = T | CommandsError;

function isError<T extends object>(value: Checked<T>): value is CommandsError {
  return 'error' in value;
}

/**
 * The bot's command lists, one per (scope, language) as Telegram keeps them: `getMyCommands` reads exactly the
 * list set for its scope and language, with no fallback to broader ones.
 */
export class BotCommands {
  readonly #lists = new Map<string, TelegramBotCommand[]>();

  /** `setMyCommands`: validates like Telegram and stores the trimmed commands; an empty list deletes. */
  set(params: Record<string, unknown>): CommandsError | undefined {
    const scope = scopeOf(params);
    if (isError(scope)) return scope;
    if (params.commands === undefined) return { error: 'parameter "commands" is required' };
    if (!Array.isArray(params.commands)) return { error: "can't parse commands JSON object" };
    if (params.commands.length > MAX_COMMANDS) return { error: 'BOT_COMMANDS_TOO_MUCH' };
    const commands: TelegramBotCommand[] = [];
    for (const raw of params.commands) {
      const command = toCommand(raw);
      if (isError(command)) return command;
      commands.push(command);
    }
    if (commands.length === 0) this.#lists.delete(scope.key);
    else this.#lists.set(scope.key, commands);
    return undefined;
  }

  /** `getMyCommands`: the list for exactly this scope and language, or `[]`. */
  get(params: Record<string, unknown>): Checked<{ commands: TelegramBotCommand[] }> {
    const scope = scopeOf(params);
    return isError(scope) ? scope : { commands: this.#lists.get(scope.key) ?? [] };
  }

  /** `deleteMyCommands`. */
  delete(params: Record<string, unknown>): CommandsError | undefined {
    const scope = scopeOf(params);
    if (isError(scope)) return scope;
    this.#lists.delete(scope.key);
    return undefined;
  }

  /** The list stored for a scope (default: `default`) and language (default: none). */
  listFor(scope?: TelegramBotCommandScope, languageCode = ''): readonly TelegramBotCommand[] {
    const checked = scopeOf({ scope, language_code: languageCode });
    return isError(checked) ? [] : (this.#lists.get(checked.key) ?? []);
  }
}

function scopeOf(params: Record<string, unknown>): Checked<{ key: string }> {
  const language = params.language_code ?? '';
  if (typeof language !== 'string' || !/^([a-z]{2})?$/.test(language)) {
    return { error: 'invalid language code specified' };
  }
  const scope = params.scope ?? { type: 'default' };
  if (!isRecord(scope) || typeof scope.type !== 'string') return { error: "can't parse BotCommandScope" };
  if (SCOPES_WITHOUT_CHAT.has(scope.type)) return { key: JSON.stringify([scope.type, language]) };
  if (!SCOPES_WITH_CHAT.has(scope.type)) return { error: 'unsupported bot command scope type' };
  if (typeof scope.chat_id !== 'number' && typeof scope.chat_id !== 'string')
    return { error: 'chat not found' };
  const chat = String(scope.chat_id);
  if (scope.type !== 'chat_member') return { key: JSON.stringify([scope.type, chat, language]) };
  if (typeof scope.user_id !== 'number') return { error: 'invalid user_id specified' };
  return { key: JSON.stringify([scope.type, chat, scope.user_id, language]) };
}

// Mirrors Telegram: the Bot API trims both fields and drops a leading `/` before checking lengths; the
// characters themselves are checked by Telegram's servers, which answer BOT_COMMAND_INVALID.
function toCommand(raw: unknown): Checked<TelegramBotCommand> {
  if (!isRecord(raw)) return { error: "can't parse BotCommand: expected an Object" };
  if (typeof raw.command !== 'string') return { error: `can't parse BotCommand: Can't find field "command"` };
  if (typeof raw.description !== 'string') {
    return { error: `can't parse BotCommand: Can't find field "description"` };
  }
  const command = raw.command.trim().replace(/^\//, '');
  const description = raw.description.trim();
  if (command === '') return { error: 'command must be non-empty' };
  if ([...command].length > MAX_COMMAND_LENGTH) {
    return { error: `command length must not exceed ${MAX_COMMAND_LENGTH}` };
  }
  if (description === '') return { error: 'command description must be non-empty' };
  if ([...description].length > MAX_DESCRIPTION_LENGTH) {
    return { error: `command description length must not exceed ${MAX_DESCRIPTION_LENGTH}` };
  }
  if (!/^[a-z0-9_]+$/.test(command)) return { error: 'BOT_COMMAND_INVALID' };
  return { command, description };
}
