import type { TelegramChatMember, TelegramChatMemberStatus, TelegramUser } from './types.js';

/**
 * Who is what in which chat. A user the fake knows is a `member` of every chat until a test says otherwise
 * with `setChatMember`, and so is the bot itself.
 */
export class ChatMembers {
  readonly #statuses = new Map<number, Map<number, TelegramChatMemberStatus>>();

  /** Gives `userId` a status in `chatId`; a new `creator` replaces the previous one, as a chat has one owner. */
  set(chatId: number, userId: number, status: TelegramChatMemberStatus): void {
    const chat = this.#statuses.get(chatId) ?? new Map<number, TelegramChatMemberStatus>();
    if (status === 'creator') {
      for (const [id, previous] of chat) if (previous === 'creator') chat.set(id, 'member');
    }
    chat.set(userId, status);
    this.#statuses.set(chatId, chat);
  }

  /** The status of a user in a chat: what a test set, or `member`. */
  statusOf(chatId: number, userId: number): TelegramChatMemberStatus {
    return this.#statuses.get(chatId)?.get(userId) ?? 'member';
  }

  /** True once a test set any status in the chat, so the fake knows the chat even before a message. */
  hasChat(chatId: number): boolean {
    return this.#statuses.has(chatId);
  }

  /** True when a test set a status for this user in this chat. */
  has(chatId: number, userId: number): boolean {
    return this.#statuses.get(chatId)?.has(userId) ?? false;
  }

  /** The ids of the chat's creator (first) and administrators. */
  administratorsOf(chatId: number): number[] {
    const entries = [...(this.#statuses.get(chatId) ?? new Map<number, TelegramChatMemberStatus>())];
    const creators = entries.filter(([, status]) => status === 'creator');
    const admins = entries.filter(([, status]) => status === 'administrator');
    return [...creators, ...admins].map(([id]) => id);
  }
}

/** A `ChatMember` payload for a status, with an administrator's usual rights. */
export function toChatMember(status: TelegramChatMemberStatus, user: TelegramUser): TelegramChatMember {
  if (status === 'creator') return { status, user, is_anonymous: false };
  if (status === 'administrator') {
    return {
      status,
      user,
      // Only admins the bot promoted itself can be edited by it; the fake's admins were made by a test.
      can_be_edited: false,
      is_anonymous: false,
      can_manage_chat: true,
      can_delete_messages: true,
      can_manage_video_chats: true,
      can_restrict_members: true,
      can_promote_members: false,
      can_change_info: true,
      can_invite_users: true,
      can_post_stories: false,
      can_edit_stories: false,
      can_delete_stories: false,
      can_pin_messages: true,
      can_manage_topics: false,
      can_send_welcome_messages: false,
    };
  }
  return { status, user };
}
