import { isRecord } from '../http.js';
import type { MethodHandler } from './chat-methods.js';
import { detectEntities } from './entities.js';
import type { MessageLog } from './message-log.js';
import { createChat } from './payloads.js';
import { fail, ok } from './replies.js';
import type { TelegramChat, TelegramMessageEntity, TelegramTextMessage, TelegramUser } from './types.js';

// The Bot API limit on a message's text.
const MAX_TEXT_LENGTH = 4096;

/** What `sendMessage` needs from the fake. */
export interface SendMessageState {
  chats: ReadonlyMap<number, TelegramChat>;
  messages: MessageLog;
  /** The bot as a message sender. */
  bot: TelegramUser;
  /** Unix time in seconds. */
  seconds: () => number;
  /** Records an accepted message with every parameter the client sent. */
  record: (params: Record<string, unknown>, message: TelegramTextMessage) => void;
}

/**
 * `sendMessage`: validates like Telegram, answers with the whole Message (from the bot, in the chat as the fake
 * knows it, with `reply_to_message` for `reply_parameters`), and records it.
 */
export function createSendMessage(state: SendMessageState): MethodHandler {
  return (params, res) => {
    const { chat_id: chatId, text } = params;
    if (typeof chatId !== 'number' && typeof chatId !== 'string') {
      return fail(res, 400, 'Bad Request: chat_id is empty');
    }
    if (typeof text !== 'string' || text.trim() === '') {
      return fail(res, 400, 'Bad Request: message text is empty');
    }
    if (text.length > MAX_TEXT_LENGTH) return fail(res, 400, 'Bad Request: message is too long');
    const chat = state.chats.get(Number(chatId)) ?? createChat({ chatId: Number(chatId) });
    const replyId = replyIdOf(params);
    const replyTo = replyId === undefined ? undefined : state.messages.find(chat.id, replyId);
    if (replyId !== undefined && !replyTo && !allowsMissingReply(params)) {
      return fail(res, 400, 'Bad Request: message to be replied not found');
    }
    // Entities the client passed are kept as sent; otherwise Telegram detects commands and mentions.
    const entities = Array.isArray(params.entities)
      ? (params.entities as TelegramMessageEntity[])
      : detectEntities(text);
    const message = state.messages.create(chat, state.bot, text, state.seconds(), { entities, replyTo });
    state.record(params, message);
    ok(res, message);
  };
}

function replyIdOf(params: Record<string, unknown>): number | undefined {
  const reply = params.reply_parameters;
  if (isRecord(reply) && typeof reply.message_id === 'number') return reply.message_id;
  return typeof params.reply_to_message_id === 'number' ? params.reply_to_message_id : undefined;
}

function allowsMissingReply(params: Record<string, unknown>): boolean {
  const reply = params.reply_parameters;
  return (
    (isRecord(reply) && reply.allow_sending_without_reply === true) ||
    params.allow_sending_without_reply === true
  );
}
