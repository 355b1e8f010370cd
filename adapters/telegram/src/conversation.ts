import type { Conversation, MessageTarget } from '@limbic/bot-kit';
import type { Api } from 'grammy';
import type { Chat, Message, User, UserFromGetMe } from 'grammy/types';

/** A person's display name on Telegram: the first name, and the last name when they set one. */
export function displayName(user: Pick<User, 'first_name' | 'last_name'>): string {
  return user.last_name ? `${user.first_name} ${user.last_name}` : user.first_name;
}

/** The name of a chat that speaks in a group (a channel, or the group itself for an anonymous admin). */
function chatName(chat: Chat): string {
  if ('title' in chat && chat.title) return chat.title;
  if ('first_name' in chat && chat.first_name) return displayName(chat);
  return chat.username ?? String(chat.id);
}

/**
 * The Limbic conversation of a message: the chat (one session per person in a private chat, one per chat and bot in
 * a group) and who wrote it. The sender is `from`, except for a message sent on behalf of a chat (`sender_chat`: an
 * anonymous admin writing as the group, a channel writing in its discussion group), where `from` is only Telegram's
 * placeholder bot: the chat is then the speaker (not a bot), and an anonymous admin of the group counts as an admin.
 * Otherwise `isAdmin` asks `getChatMember` (only for group settings).
 * @example
 * const conversation = telegramConversation(ctx.api, ctx.me, ctx.message);
 * // { platform: 'telegram', chatId: '-1001', private: false, userId: '7', userName: 'Alice Smith', ... }
 */
export function telegramConversation(api: Api, me: UserFromGetMe, message: Message): Conversation {
  const { chat, from, sender_chat: senderChat } = message;
  const base = {
    platform: 'telegram',
    chatId: String(chat.id),
    private: chat.type === 'private',
    target: String(chat.id),
    botId: String(me.id),
  };
  if (senderChat) {
    return {
      ...base,
      userId: String(senderChat.id),
      userName: chatName(senderChat),
      isBot: false,
      isAdmin: () => Promise.resolve(senderChat.id === chat.id),
    };
  }
  // Telegram fills `from` for every message in a private chat, group or supergroup; channel posts are other updates.
  const user = from ?? { id: chat.id, is_bot: false, first_name: chatName(chat) };
  return {
    ...base,
    userId: String(user.id),
    userName: displayName(user),
    isBot: user.is_bot,
    async isAdmin() {
      const member = await api.getChatMember(chat.id, user.id);
      return member.status === 'creator' || member.status === 'administrator';
    },
  };
}

/**
 * Whether a message's `reply_to_message` is only the start of the forum topic it was written in: in a topic every
 * message carries the topic's creation message as `reply_to_message`, which is no reply to anyone.
 */
function isTopicStart(message: Message, replied: Message): boolean {
  if (replied.forum_topic_created !== undefined) return true;
  return message.is_topic_message === true && replied.message_id === message.message_thread_id;
}

/**
 * Whom a message was aimed at, as Telegram shows it: `'character'` for a mention of the bot's `@username` (any case),
 * a `text_mention` of the bot or a reply to one of its messages; another person for a reply to their message or a
 * `text_mention` of them; undefined otherwise (the engine infers it from the text and who is present). A plain
 * `@username` of someone else stays undefined: the Bot API does not resolve usernames to users.
 * @example
 * messageTarget(ctx.message, ctx.me); // 'character' | { userId: '42', name: 'Bob' } | undefined
 */
export function messageTarget(message: Message, me: UserFromGetMe): MessageTarget | undefined {
  const text = message.text ?? message.caption ?? '';
  const entities = message.entities ?? message.caption_entities ?? [];
  const handle = `@${me.username}`.toLowerCase();
  const senderId = message.from?.id;
  let person: MessageTarget | undefined;
  for (const entity of entities) {
    if (entity.type === 'mention') {
      const mentioned = text.slice(entity.offset, entity.offset + entity.length);
      if (mentioned.toLowerCase() === handle) return 'character';
    } else if (entity.type === 'text_mention') {
      if (entity.user.id === me.id) return 'character';
      if (entity.user.id !== senderId && person === undefined) {
        person = { userId: String(entity.user.id), name: displayName(entity.user) };
      }
    }
  }
  const replied = message.reply_to_message;
  if (replied && !isTopicStart(message, replied)) {
    if (replied.from?.id === me.id) return 'character';
    // A reply to a person (not to oneself, nor to a message sent on behalf of a chat) is aimed at them.
    if (replied.from && replied.from.id !== senderId && !replied.sender_chat) {
      return { userId: String(replied.from.id), name: displayName(replied.from) };
    }
  }
  return person;
}
