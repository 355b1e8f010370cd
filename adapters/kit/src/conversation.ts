import type { Binding, ParticipantRef } from '@limbic/core';
import type { BackendTurn } from './backend.js';
import type { IdentityLinks } from './links.js';
import { personKeyPrefix, targetFor } from './routes.js';

/**
 * Where an incoming message comes from, as an adapter describes it: the platform, the chat, whether it is a private
 * chat, and who wrote it. The runtime derives the session from it: one per person in a private chat (one per linked
 * person across platforms), one per chat and character in a group.
 */
export interface Conversation {
  /** The platform name, e.g. `telegram`; the first part of every key and participant id. */
  platform: string;
  /** The chat: a Telegram chat id, a Discord channel, thread or DM channel id. */
  chatId: string;
  /** True for one-to-one chats (Telegram private chats, Discord DMs). */
  private: boolean;
  /** Where messages to this chat go, in the adapter's encoding. */
  target: string;
  /** The sender's id and display name on the platform. */
  userId: string;
  userName?: string;
  /** True when the sender is a bot (ignored unless `bots.listen`). */
  isBot?: boolean;
  /**
   * The bot's own user id on the platform: group sessions are per chat **and** character, so two characters in one
   * chat that share an engine keep apart.
   */
  botId?: string;
  /** Whether the sender may change the chat's settings (a group admin); asked only for group settings. */
  isAdmin?: () => Promise<boolean>;
}

/**
 * Whom an incoming message was aimed at, as the platform shows it: the character (a mention of the bot, a reply to
 * one of its messages), another person (a reply to or a mention of them), or undefined (the engine infers it).
 */
export type MessageTarget = 'character' | { userId: string; name?: string };

/** An incoming text message. */
export interface IncomingMessage {
  text: string;
  /** The platform's timestamp of the message, ms. */
  timestamp: number;
  /** Whom it was aimed at (groups); undefined: not said, the engine infers it. */
  to?: MessageTarget | undefined;
}

/** The participant id of a platform user in a group session: `<platform>:<user id>`. */
export function participantIdOf(platform: string, userId: string): string {
  return `${platform}:${userId}`;
}

/** The binding key of a group chat's session: per chat and character (the bot's id, when known). */
export function groupKeyOf(conversation: Pick<Conversation, 'platform' | 'chatId' | 'botId'>): string {
  const base = `${conversation.platform}:${conversation.chatId}`;
  return conversation.botId === undefined ? base : `${base}@${conversation.botId}`;
}

/** The sender's identity across the engine and identity links: their participant id (`telegram:42`). */
export function identityOf(conversation: Conversation): string {
  return participantIdOf(conversation.platform, conversation.userId);
}

/**
 * The session key of a conversation: the group's key in a group; in a private chat `person:…` for a linked person,
 * otherwise `<platform>:<chat>:<user>`.
 */
export async function conversationKeyOf(conversation: Conversation, links: IdentityLinks): Promise<string> {
  if (!conversation.private) return groupKeyOf(conversation);
  const person = await links.personOf(identityOf(conversation));
  if (person !== null) return `${personKeyPrefix}${person}`;
  return `${conversation.platform}:${conversation.chatId}:${conversation.userId}`;
}

/** A group turn's `from` (the sender) and `to` (whom the message was aimed at, when the platform shows it). */
export function partiesOf(
  conversation: Conversation,
  to: MessageTarget | undefined,
): Pick<BackendTurn, 'from' | 'to'> {
  const from: ParticipantRef = {
    id: identityOf(conversation),
    ...(conversation.userName ? { name: conversation.userName.slice(0, 128) } : {}),
  };
  if (to === undefined) return { from };
  if (to === 'character') return { from, to };
  const id = participantIdOf(conversation.platform, to.userId);
  return { from, to: { id, ...(to.name ? { name: to.name.slice(0, 128) } : {}) } };
}

/** Seconds from the conversation's previous message to one sent at `timestamp` (ms); undefined on first contact. */
export function elapsedSecondsOf(binding: Binding, timestamp: number): number | undefined {
  return binding.lastMessageAt === null ? undefined : Math.max(0, (timestamp - binding.lastMessageAt) / 1000);
}

/**
 * The binding after a message at `timestamp` (ms): the conversation's current target, and the latest message time
 * (a message delivered late never moves it back).
 */
export function afterMessage(
  binding: Binding,
  conversation: Conversation,
  timestamp: number,
  now: number,
): Binding {
  return {
    ...binding,
    target: targetFor(binding.key, conversation.platform, conversation.target),
    lastMessageAt: Math.max(timestamp, binding.lastMessageAt ?? timestamp),
    updatedAt: now,
  };
}
