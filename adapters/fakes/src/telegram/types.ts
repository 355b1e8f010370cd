/** A Telegram user as the fake reports it (a subset of the Bot API `User`). */
export interface TelegramUser {
  id: number;
  is_bot: boolean;
  first_name: string;
  username?: string;
}

/** The fake bot's own user, as `getMe` returns it. */
export interface TelegramBotUser extends TelegramUser {
  is_bot: true;
  username: string;
  can_join_groups: boolean;
  can_read_all_group_messages: boolean;
  supports_inline_queries: boolean;
  can_connect_to_business: boolean;
  has_main_web_app: boolean;
  has_topics_enabled: boolean;
  allows_users_to_create_topics: boolean;
  can_manage_bots: boolean;
  supports_join_request_queries: boolean;
}

/** A private chat with one user. */
export interface TelegramPrivateChat {
  id: number;
  type: 'private';
  first_name: string;
  username?: string;
}

/** A basic group chat. */
export interface TelegramGroupChat {
  id: number;
  type: 'group';
  title: string;
}

/** The chats the fake knows about. */
export type TelegramChat = TelegramPrivateChat | TelegramGroupChat;

/** A `bot_command` entity, which `bot.command()` needs to match. */
export interface TelegramCommandEntity {
  type: 'bot_command';
  offset: number;
  length: number;
}

/** A text message (a subset of the Bot API `Message`). */
export interface TelegramTextMessage {
  message_id: number;
  date: number;
  chat: TelegramChat;
  from: TelegramUser;
  text: string;
  entities?: TelegramCommandEntity[];
}

/** An update as `getUpdates` delivers it; other update kinds can be pushed as extra fields. */
export interface TelegramUpdate {
  update_id: number;
  message?: TelegramTextMessage;
  [kind: string]: unknown;
}

/** One authenticated Bot API call the fake received. */
export interface TelegramCall {
  /** Method name as the client spelled it, e.g. `sendMessage`. */
  method: string;
  params: Record<string, unknown>;
  /** Milliseconds since the epoch, from the fake's clock. */
  at: number;
}

/** A `sendMessage` call the fake accepted: every parameter the client sent, plus the id it assigned. */
export interface TelegramSentMessage {
  chat_id: number | string;
  text: string;
  message_id: number;
  /** Milliseconds since the epoch, from the fake's clock. */
  at: number;
  [param: string]: unknown;
}

/** An incoming text message to enqueue with `FakeTelegram.sendText`. */
export interface TelegramTextInput {
  chatId: number;
  userId: number;
  text: string;
  /** Unix time in seconds, as in the Bot API; defaults to the fake's clock. */
  date?: number;
  chatType?: 'private' | 'group';
  firstName?: string;
  username?: string;
  /** Title of a group chat; defaults to `Test group <chatId>`. */
  chatTitle?: string;
}
