import { createTextMessage, type TextMessageExtras } from './payloads.js';
import type { TelegramChat, TelegramTextMessage, TelegramUser } from './types.js';

/** Every text message in every chat, users' and the bot's, so a reply can carry the message it answers. */
export class MessageLog {
  readonly #messages = new Map<string, TelegramTextMessage>();
  #nextId = 1;

  /** Creates a message with the next `message_id` and remembers it. */
  create(
    chat: TelegramChat,
    from: TelegramUser,
    text: string,
    date: number,
    extras: TextMessageExtras = {},
  ): TelegramTextMessage {
    const message = createTextMessage(this.#nextId++, date, chat, from, text, extras);
    this.#messages.set(key(chat.id, message.message_id), message);
    return message;
  }

  /** The message with this id in this chat, if there is one. */
  find(chatId: number, messageId: number): TelegramTextMessage | undefined {
    return this.#messages.get(key(chatId, messageId));
  }
}

function key(chatId: number, messageId: number): string {
  return `${chatId}:${messageId}`;
}
