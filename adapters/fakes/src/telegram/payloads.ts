import type {
  TelegramBotUser,
  TelegramChat,
  TelegramCommandEntity,
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

/** The chat a text input arrives in: a private chat with the user, or a basic group. */
export function createChat(
  input: Pick<TelegramTextInput, 'chatId' | 'chatType' | 'firstName' | 'username' | 'chatTitle'>,
): TelegramChat {
  if (input.chatType === 'group') {
    return { id: input.chatId, type: 'group', title: input.chatTitle ?? `Test group ${input.chatId}` };
  }
  const chat: TelegramChat = { id: input.chatId, type: 'private', first_name: input.firstName ?? 'Test' };
  if (input.username !== undefined) chat.username = input.username;
  return chat;
}

/** A text message as Telegram reports it in updates and `sendMessage` results. */
export function createTextMessage(
  messageId: number,
  date: number,
  chat: TelegramChat,
  from: TelegramUser,
  text: string,
): TelegramTextMessage {
  return { message_id: messageId, date, chat, from, text };
}

/** The `bot_command` entity for text like `/start` or `/start@bot payload`, or `undefined` for other text. */
export function toCommandEntity(text: string): TelegramCommandEntity | undefined {
  const command = /^\/[^\s]+/.exec(text)?.[0];
  return command === undefined ? undefined : { type: 'bot_command', offset: 0, length: command.length };
}
