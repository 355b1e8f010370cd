import type {
  TelegramBotUser,
  TelegramChat,
  TelegramMessageEntity,
  TelegramReplyMessage,
  TelegramTextInput,
  TelegramTextMessage,
  TelegramUser,
} from './types.js';

/** The bot's `getMe` result; its id is the numeric prefix of the token, as on Telegram. */
export function createBotInfo(token: string, username = 'limbic_test_bot'): TelegramBotUser {
  const id = Number(token.split(':')[0]);
  return {
    id: Number.isSafeInteger(id) && id > 0 ? id : 7_000_000_001,
    is_bot: true,
    first_name: 'Limbic Test Bot',
    username,
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
  };
}

/** The user behind a text input. */
export function createUser(
  input: Pick<TelegramTextInput, 'userId' | 'firstName' | 'lastName' | 'username' | 'isBot'>,
): TelegramUser {
  const user: TelegramUser = {
    id: input.userId,
    is_bot: input.isBot ?? false,
    first_name: input.firstName ?? 'Test',
  };
  if (input.lastName !== undefined) user.last_name = input.lastName;
  if (input.username !== undefined) user.username = input.username;
  return user;
}

/** The bot as the sender of a message: a plain `User`, without `getMe`'s capability flags. */
export function toUser(bot: TelegramBotUser): TelegramUser {
  return { id: bot.id, is_bot: true, first_name: bot.first_name, username: bot.username };
}

/** The chat a text input arrives in: a private chat with the user, a basic group or a supergroup. */
export function createChat(
  input: Pick<TelegramTextInput, 'chatId' | 'chatType' | 'firstName' | 'lastName' | 'username' | 'chatTitle'>,
): TelegramChat {
  if (input.chatType === 'group' || input.chatType === 'supergroup') {
    return { id: input.chatId, type: input.chatType, title: input.chatTitle ?? `Test group ${input.chatId}` };
  }
  const chat: TelegramChat = { id: input.chatId, type: 'private', first_name: input.firstName ?? 'Test' };
  if (input.lastName !== undefined) chat.last_name = input.lastName;
  if (input.username !== undefined) chat.username = input.username;
  return chat;
}

/** What else a text message may carry. */
export interface TextMessageExtras {
  entities?: TelegramMessageEntity[];
  replyTo?: TelegramTextMessage | TelegramReplyMessage | undefined;
}

/** A text message as Telegram reports it in updates and `sendMessage` results; empty entities are left out. */
export function createTextMessage(
  messageId: number,
  date: number,
  chat: TelegramChat,
  from: TelegramUser,
  text: string,
  extras: TextMessageExtras = {},
): TelegramTextMessage {
  const message: TelegramTextMessage = { message_id: messageId, date, chat, from, text };
  if (extras.entities && extras.entities.length > 0) message.entities = extras.entities;
  if (extras.replyTo) {
    // Telegram does not nest replies: the replied-to message comes without its own reply_to_message.
    const { reply_to_message: _nested, ...original } = extras.replyTo;
    message.reply_to_message = original as TelegramReplyMessage;
  }
  return message;
}

/** The `getChat` result (the Bot API `ChatFullInfo`): the chat plus the fields every kind of chat has. */
export function toChatFullInfo(chat: TelegramChat): Record<string, unknown> {
  return {
    ...chat,
    accent_color_id: 0,
    max_reaction_count: 11,
    accepted_gift_types: {
      unlimited_gifts: false,
      limited_gifts: false,
      unique_gifts: false,
      premium_subscription: false,
      gifts_from_channels: false,
    },
  };
}
