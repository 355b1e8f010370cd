import { EVERYONE_PERMISSIONS, permissionsOf, toMember } from './guilds.js';
import { createCommandInteraction } from './interactions.js';
import { createMessage, createUser, makeReply, mentionsIn } from './payloads.js';
import type {
  DiscordChannel,
  DiscordCommandInput,
  DiscordInteraction,
  DiscordMessage,
  DiscordMessageInput,
  DiscordUser,
} from './types.js';
import type { DiscordWorld } from './world.js';

/**
 * The MESSAGE_CREATE payload of a message: on the gateway, guild messages carry the author's `member` and each
 * mentioned user's (webhook messages excepted), and every message its `channel_type`.
 */
export function toMessageCreate(world: DiscordWorld, message: DiscordMessage): Record<string, unknown> {
  const channel = world.channels.get(message.channel_id);
  const guild = message.guild_id === undefined ? undefined : world.guilds.get(message.guild_id);
  const members =
    guild && message.webhook_id === undefined
      ? {
          member: toMember(guild, message.author.id, world.joinedAt),
          mentions: message.mentions.map((user) => ({
            ...user,
            member: toMember(guild, user.id, world.joinedAt),
          })),
        }
      : {};
  return { ...message, ...members, channel_type: channel?.type ?? 0 };
}

/** Creates a message from a user or another bot, remembers it and dispatches MESSAGE_CREATE. */
export function dispatchUserMessage(
  world: DiscordWorld,
  channel: DiscordChannel,
  author: DiscordUser,
  input: Pick<DiscordMessageInput, 'content' | 'timestamp' | 'replyTo' | 'replyMention'>,
): DiscordMessage {
  world.users.set(author.id, author);
  const referenced = input.replyTo === undefined ? undefined : world.messages.get(input.replyTo);
  if (input.replyTo !== undefined && referenced?.channel_id !== channel.id) {
    throw new Error(`No message ${input.replyTo} in channel ${channel.id} to reply to`);
  }
  const at = input.timestamp === undefined ? world.now() : new Date(input.timestamp).getTime();
  const message = createMessage({
    id: world.snowflake(at),
    channel_id: channel.id,
    author,
    content: input.content,
    timestamp: new Date(at).toISOString(),
    mentions: mentionsIn(input.content, (id) => world.users.get(id)),
  });
  if (channel.type !== 1) message.guild_id = channel.guild_id;
  if (referenced) makeReply(message, referenced, input.replyMention ?? true);
  world.messages.set(message.id, message);
  channel.last_message_id = message.id;
  world.announce(message);
  return message;
}

/** Dispatches INTERACTION_CREATE for a slash command from a user, in a guild channel, a thread or a DM. */
export function dispatchCommand(
  world: DiscordWorld,
  input: DiscordCommandInput,
  defaultChannelId: string,
): DiscordInteraction {
  const channel = commandChannelOf(world, input, defaultChannelId);
  const user = createUser(input.user.id, input.user.username);
  world.users.set(user.id, user);
  const guild = channel.type === 1 ? undefined : world.guilds.get(channel.guild_id);
  const interaction = createCommandInteraction(world, {
    channel,
    guild,
    user,
    name: input.name,
    options: input.options,
    // In a DM Discord sends the invoker's DM permissions; the fake uses @everyone's.
    permissions: input.permissions ?? (guild ? permissionsOf(guild, user.id) : EVERYONE_PERMISSIONS),
    locale: input.locale ?? 'en-US',
  });
  world.dispatch('INTERACTION_CREATE', interaction);
  return interaction;
}

/** The channel a slash command comes from: the given one, the default one, or the DM with the user. */
function commandChannelOf(
  world: DiscordWorld,
  input: DiscordCommandInput,
  defaultChannelId: string,
): DiscordChannel {
  if (input.direct) {
    if (input.channelId !== undefined || input.guildId !== undefined) {
      throw new Error('A direct command takes neither channelId nor guildId');
    }
    return world.ensureDm(world.users.get(input.user.id) ?? createUser(input.user.id, input.user.username));
  }
  const channel = world.channels.get(input.channelId ?? defaultChannelId);
  if (!channel) throw new Error(`No channel ${input.channelId} in the fake Discord`);
  if (channel.type !== 1 && input.guildId !== undefined && input.guildId !== channel.guild_id) {
    throw new Error(`Channel ${channel.id} belongs to guild ${channel.guild_id}, not ${input.guildId}`);
  }
  return channel;
}
