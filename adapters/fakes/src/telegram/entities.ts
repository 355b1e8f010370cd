import type { TelegramCommandEntity, TelegramMessageEntity } from './types.js';

// Telegram's mention pattern (tdlib match_mentions): `@` not after a word character, 2–32 of [A-Za-z0-9_],
// not followed by a word character; find_mentions then drops those under 4 characters except a few bot names.
const MENTION = /(?<![\p{L}\p{N}_])@([A-Za-z0-9_]+)(?![\p{L}\p{N}_])/gu;
const SHORT_MENTIONS = new Set(['gif', 'vid', 'pic']);

/** The `bot_command` entity for text like `/start` or `/start@bot payload`, or `undefined` for other text. */
export function toCommandEntity(text: string): TelegramCommandEntity | undefined {
  const command = /^\/[^\s]+/.exec(text)?.[0];
  return command === undefined ? undefined : { type: 'bot_command', offset: 0, length: command.length };
}

/** The `mention` entities Telegram detects in plain text: `@username` with 4–32 characters after the `@`. */
export function findMentions(text: string): TelegramMessageEntity[] {
  const mentions: TelegramMessageEntity[] = [];
  for (const match of text.matchAll(MENTION)) {
    const name = match[1] ?? '';
    const long = name.length >= 4 && name.length <= 32;
    if (long || SHORT_MENTIONS.has(name.toLowerCase())) {
      mentions.push({ type: 'mention', offset: match.index, length: name.length + 1 });
    }
  }
  return mentions;
}

/**
 * The entities Telegram detects in a message's text: a leading `/command` (the fake's long-standing rule) and
 * `@username` mentions outside it, ordered by offset.
 */
export function detectEntities(text: string): TelegramMessageEntity[] {
  const command = toCommandEntity(text);
  const mentions = findMentions(text).filter((mention) => !command || mention.offset >= command.length);
  return command ? [command, ...mentions] : mentions;
}
