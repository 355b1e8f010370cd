import type { Conversation, MessageTarget } from '@limbic/bot-kit';
import {
  type APIInteractionGuildMember,
  type Channel,
  type ChatInputCommandInteraction,
  type Client,
  type Guild,
  GuildMember,
  type Message,
  MessageType,
  PermissionFlagsBits,
  type User,
} from 'discord.js';
import { encodeTarget } from './outbound.js';

/** Where the character listens: guild channels (and their threads) by id, and whether DMs count. */
export interface Listening {
  channels: ReadonlySet<string>;
  directMessages: boolean;
}

/**
 * Whether the character listens in a channel: a DM (unless DMs are off), a listed guild channel, or a thread whose
 * parent channel is listed (or which is listed itself).
 */
export function listensIn(channel: Channel | null, listening: Listening): boolean {
  if (channel === null) return false;
  if (channel.isDMBased()) return listening.directMessages;
  if (listening.channels.has(channel.id)) return true;
  return channel.isThread() && channel.parentId !== null && listening.channels.has(channel.parentId);
}

/** A person's name as the chat shows it: the member's display name in a guild, else the global or user name. */
function nameOf(user: User, member: GuildMember | APIInteractionGuildMember | null | undefined): string {
  if (member instanceof GuildMember) return member.displayName;
  if (member?.nick) return member.nick;
  return user.globalName ?? user.username;
}

/** The display name of a user in a guild (from the member cache), else their global or user name. */
function nameIn(guild: Guild | null, user: User): string {
  return nameOf(user, guild?.members.cache.get(user.id));
}

/**
 * The Conversation of a message, or null when it is not for the character: the bot's own messages, system messages
 * (joins, pins…), and messages in channels it does not listen in. Other bots' messages are conversations with
 * `isBot` (the runtime ignores them unless `bots.listen`).
 */
export function conversationOfMessage(
  client: Client,
  message: Message,
  listening: Listening,
): Conversation | null {
  const botId = client.user?.id;
  if (message.system || message.author.id === botId) return null;
  if (!listensIn(message.channel, listening)) return null;
  const isDm = message.channel.isDMBased();
  return {
    platform: 'discord',
    chatId: message.channelId,
    private: isDm,
    target: isDm ? encodeTarget('dm', message.author.id) : encodeTarget('channel', message.channelId),
    userId: message.author.id,
    userName: nameOf(message.author, message.member),
    isBot: message.author.bot,
    ...(botId === undefined ? {} : { botId }),
    isAdmin: async () => {
      if (!message.inGuild()) return false;
      const member =
        message.member ?? (await message.guild.members.fetch(message.author.id).catch(() => null));
      return member?.permissions.has(PermissionFlagsBits.ManageGuild) ?? false;
    },
  };
}

/**
 * The Conversation of a `/limbic` slash command, or null when it comes from a channel the character does not
 * listen in. Admin rights come from the permissions Discord sends with the interaction.
 */
export async function conversationOfInteraction(
  client: Client,
  interaction: ChatInputCommandInteraction,
  listening: Listening,
): Promise<Conversation | null> {
  const botId = client.user?.id;
  const user = interaction.user;
  if (!interaction.inGuild()) {
    // Outside guilds the command is registered for the bot's DMs only.
    if (!listening.directMessages) return null;
    return {
      platform: 'discord',
      chatId: interaction.channelId,
      private: true,
      target: encodeTarget('dm', user.id),
      userId: user.id,
      userName: nameOf(user, null),
      isBot: user.bot,
      ...(botId === undefined ? {} : { botId }),
      isAdmin: async () => false,
    };
  }
  const channel =
    interaction.channel ?? (await client.channels.fetch(interaction.channelId).catch(() => null));
  if (!listensIn(channel, listening)) return null;
  return {
    platform: 'discord',
    chatId: interaction.channelId,
    private: false,
    target: encodeTarget('channel', interaction.channelId),
    userId: user.id,
    userName: nameOf(user, interaction.member),
    isBot: user.bot,
    ...(botId === undefined ? {} : { botId }),
    isAdmin: async () => interaction.memberPermissions.has(PermissionFlagsBits.ManageGuild),
  };
}

/** The author of the message `message` replies to: from the mention data, the channel's cache or a fetch. */
async function repliedAuthorOf(message: Message): Promise<User | undefined> {
  if (message.mentions.repliedUser) return message.mentions.repliedUser;
  const id = message.reference?.messageId;
  if (id === undefined) return undefined;
  const cached = message.channel.messages.cache.get(id);
  if (cached) return cached.author;
  try {
    return (await message.fetchReference()).author;
  } catch {
    // Deleted, or not readable: nobody known.
    return undefined;
  }
}

/** The ids of the users a message mentions, in the order they appear in its text (then any others). */
function mentionOrder(message: Message): string[] {
  const inText = [...message.content.matchAll(/<@!?(\d+)>/g)].map((match) => match[1]!);
  return [...new Set([...inText, ...message.mentions.users.keys()])].filter((id) =>
    message.mentions.users.has(id),
  );
}

/**
 * Whom a message was aimed at, as Discord shows it: `character` for a mention of the bot (its user or its managed
 * role; @everyone or @here alone do not count) or a reply to one of its messages; another person for a reply to
 * their message or a mention of them (the first person mentioned, another bot only when no person is); undefined
 * otherwise (the engine infers it from the text).
 */
export async function addresseeOf(client: Client, message: Message): Promise<MessageTarget | undefined> {
  const botId = client.user?.id;
  if (botId === undefined) return undefined;
  if (message.mentions.users.has(botId)) return 'character';
  const botRole = message.guild?.members.me?.roles.botRole;
  if (botRole && message.mentions.roles.has(botRole.id)) return 'character';
  const person = (user: User): MessageTarget => ({ userId: user.id, name: nameIn(message.guild, user) });
  if (message.type === MessageType.Reply) {
    const replied = await repliedAuthorOf(message);
    if (replied?.id === botId) return 'character';
    if (replied && replied.id !== message.author.id) return person(replied);
  }
  const mentioned = mentionOrder(message)
    .filter((id) => id !== message.author.id && id !== botId)
    .map((id) => message.mentions.users.get(id)!);
  const first = mentioned.find((user) => !user.bot) ?? mentioned[0];
  return first ? person(first) : undefined;
}
