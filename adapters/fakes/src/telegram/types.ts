/** A Telegram user as the fake reports it (a subset of the Bot API `User`). */
export interface TelegramUser {
  id: number;
  is_bot: boolean;
  first_name: string;
  last_name?: string;
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
  last_name?: string;
  username?: string;
}

/** A basic group chat. */
export interface TelegramGroupChat {
  id: number;
  type: 'group';
  title: string;
}

/** A supergroup chat; real Telegram gives supergroups ids like `-1001234567890`. */
export interface TelegramSupergroupChat {
  id: number;
  type: 'supergroup';
  title: string;
  username?: string;
}

/** The chats the fake knows about. */
export type TelegramChat = TelegramPrivateChat | TelegramGroupChat | TelegramSupergroupChat;

/** A `bot_command` entity, which `bot.command()` needs to match. */
export interface TelegramCommandEntity {
  type: 'bot_command';
  offset: number;
  length: number;
}

/** The common fields of every message entity: offsets and lengths count UTF-16 code units, like JS strings. */
interface TelegramEntityRange {
  offset: number;
  length: number;
}

/**
 * A message entity (the Bot API `MessageEntity`, without the newest kinds). The fake detects `bot_command`
 * and `mention`; clients may send any kind, such as `text_mention`, with `sendMessage`.
 */
export type TelegramMessageEntity =
  | (TelegramEntityRange & {
      type:
        | 'mention'
        | 'hashtag'
        | 'cashtag'
        | 'bot_command'
        | 'url'
        | 'email'
        | 'phone_number'
        | 'bold'
        | 'italic'
        | 'underline'
        | 'strikethrough'
        | 'spoiler'
        | 'blockquote'
        | 'expandable_blockquote'
        | 'code';
    })
  | (TelegramEntityRange & { type: 'pre'; language?: string })
  | (TelegramEntityRange & { type: 'text_link'; url: string })
  | (TelegramEntityRange & { type: 'text_mention'; user: TelegramUser })
  | (TelegramEntityRange & { type: 'custom_emoji'; custom_emoji_id: string });

/** A text message (a subset of the Bot API `Message`). */
export interface TelegramTextMessage {
  message_id: number;
  date: number;
  chat: TelegramChat;
  from: TelegramUser;
  text: string;
  entities?: TelegramMessageEntity[];
  /** The message this one replies to; as on Telegram, that one carries no `reply_to_message` of its own. */
  reply_to_message?: TelegramReplyMessage;
}

/**
 * A message as the `reply_to_message` of another. Telegram does not nest replies further: the property is absent
 * at runtime, and typed `never` as grammY's `ReplyMessage` requires.
 */
export type TelegramReplyMessage = Omit<TelegramTextMessage, 'reply_to_message'> & {
  reply_to_message: never;
};

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
  /** Defaults to `private`; group and supergroup ids are negative on Telegram, but any id is accepted. */
  chatType?: 'private' | 'group' | 'supergroup';
  firstName?: string;
  lastName?: string;
  username?: string;
  /** Title of a group or supergroup; defaults to `Test group <chatId>`. */
  chatTitle?: string;
  /**
   * The sender is a bot. Telegram never shows a bot other bots' messages, so `getUpdates` withholds the update
   * unless the fake was started with `deliverBotMessages: true`.
   */
  isBot?: boolean;
  /**
   * The id of a message in the same chat this one replies to (a user's, or one the bot sent); the update then
   * carries the whole original as `reply_to_message`. An unknown id throws.
   */
  replyToMessageId?: number;
}

/** The statuses `FakeTelegram.setChatMember` can give a user in a chat. */
export type TelegramChatMemberStatus = 'creator' | 'administrator' | 'member' | 'left';

/** The chat owner (the Bot API `ChatMemberOwner`). */
export interface TelegramChatMemberOwner {
  status: 'creator';
  user: TelegramUser;
  is_anonymous: boolean;
}

/** A chat administrator and their rights (the Bot API `ChatMemberAdministrator`). */
export interface TelegramChatMemberAdministrator {
  status: 'administrator';
  user: TelegramUser;
  can_be_edited: boolean;
  is_anonymous: boolean;
  can_manage_chat: boolean;
  can_delete_messages: boolean;
  can_manage_video_chats: boolean;
  can_restrict_members: boolean;
  can_promote_members: boolean;
  can_change_info: boolean;
  can_invite_users: boolean;
  can_post_stories: boolean;
  can_edit_stories: boolean;
  can_delete_stories: boolean;
  can_pin_messages: boolean;
  can_manage_topics: boolean;
  can_send_welcome_messages: boolean;
}

/** A member without special rights (`ChatMemberMember`) or a user who left (`ChatMemberLeft`). */
export interface TelegramChatMemberPlain {
  status: 'member' | 'left';
  user: TelegramUser;
}

/** What `getChatMember` and `getChatAdministrators` return (the Bot API `ChatMember`, the statuses the fake models). */
export type TelegramChatMember =
  | TelegramChatMemberOwner
  | TelegramChatMemberAdministrator
  | TelegramChatMemberPlain;

/** A command in the bot's menu (the Bot API `BotCommand`). */
export interface TelegramBotCommand {
  /** 1–32 lowercase letters, digits and underscores, without the `/`. */
  command: string;
  /** 1–256 characters. */
  description: string;
}

/** Whom a list of bot commands is for (the Bot API `BotCommandScope`); no scope means `default`. */
export type TelegramBotCommandScope =
  | { type: 'default' | 'all_private_chats' | 'all_group_chats' | 'all_chat_administrators' }
  | { type: 'chat' | 'chat_administrators'; chat_id: number | string }
  | { type: 'chat_member'; chat_id: number | string; user_id: number };
