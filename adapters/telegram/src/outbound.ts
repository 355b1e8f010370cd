import type { Mention, Outbound, Pacing } from '@limbic/bot-kit';
import { type Api, GrammyError, HttpError } from 'grammy';
import type { MessageEntity } from 'grammy/types';

/** Telegram's default pacing: 1 message per second per chat, 25 per second in all (the limit is 30). */
export const telegramPacing: Pacing = { perTargetMs: 1000, globalPerSecond: 25 };

/** How failures of `sendMessage` are treated: 429 waits `retry_after`, 5xx and network errors back off, 4xx drop. */
export function classifyTelegramError(error: unknown): ReturnType<Outbound['classify']> {
  if (error instanceof GrammyError) {
    if (error.error_code === 429) return { retryAfterMs: (error.parameters.retry_after ?? 1) * 1000 };
    return error.error_code >= 500 ? 'retry' : 'drop';
  }
  if (error instanceof HttpError) return 'retry';
  return 'retry';
}

/** The word that stands for the person when the session knows no name for them. */
const unnamed = 'Hey';

/**
 * A message addressed to someone in a group: `"<name>, <text>"` with a `text_mention` entity over the name, which
 * notifies them even when they have no `@username` (offsets in UTF-16 code units, as the Bot API counts them). The
 * name is cut to one line of at most 64 characters. A mention whose user id is not a Telegram user's (a channel or
 * an anonymous admin speaking as a chat) gets the name without an entity.
 * @example
 * withMention('I missed you all!', { userId: '42', name: 'Alice' });
 * // { text: 'Alice, I missed you all!', entities: [{ type: 'text_mention', offset: 0, length: 5, user: {...} }] }
 */
export function withMention(text: string, mention: Mention): { text: string; entities: MessageEntity[] } {
  const oneLine = (mention.name ?? '').replace(/\s+/g, ' ').trim();
  const name = [...oneLine].slice(0, 64).join('').trim() || unnamed;
  const id = Number(mention.userId);
  const entities: MessageEntity[] =
    Number.isSafeInteger(id) && id > 0
      ? [
          {
            type: 'text_mention',
            offset: 0,
            length: name.length,
            user: { id, is_bot: false, first_name: name },
          },
        ]
      : [];
  return { text: `${name}, ${text}`, entities };
}

/**
 * The kit's {@link Outbound} on a grammY `Api`: `sendMessage` to the chat, addressed with {@link withMention} when
 * the message is for one person in a group; failures classified by {@link classifyTelegramError}.
 */
export function telegramOutbound(api: Api): Outbound {
  return {
    async send(target, text, options) {
      if (!options?.mention) {
        await api.sendMessage(target, text);
        return;
      }
      const addressed = withMention(text, options.mention);
      await api.sendMessage(
        target,
        addressed.text,
        addressed.entities.length > 0 ? { entities: addressed.entities } : {},
      );
    },
    classify: classifyTelegramError,
  };
}
