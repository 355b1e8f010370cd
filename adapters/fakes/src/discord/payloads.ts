import type {
  DiscordDmChannel,
  DiscordGuildChannel,
  DiscordMessage,
  DiscordUser,
  FakeDiscordGuild,
} from './types.js';

/** A user payload; `bot` is present only for bots, as on Discord. */
export function createUser(id: string, username: string, bot = false): DiscordUser {
  const user: DiscordUser = { id, username, discriminator: '0', global_name: null, avatar: null };
  if (bot) user.bot = true;
  return user;
}

/** A guild text channel payload. */
export function createGuildChannel(
  guildId: string,
  channel: { id: string; name: string },
  position: number,
): DiscordGuildChannel {
  return {
    id: channel.id,
    type: 0,
    guild_id: guildId,
    name: channel.name,
    position,
    permission_overwrites: [],
    nsfw: false,
    topic: null,
    parent_id: null,
    rate_limit_per_user: 0,
    last_message_id: null,
  };
}

/** A DM channel payload with `recipient`. */
export function createDmChannel(id: string, recipient: DiscordUser): DiscordDmChannel {
  return { id, type: 1, recipients: [recipient], last_message_id: null, flags: 0 };
}

/** The users a message mentions with `<@id>` or `<@!id>`, among those `lookup` knows. */
export function mentionsIn(content: string, lookup: (id: string) => DiscordUser | undefined): DiscordUser[] {
  const mentioned = new Map<string, DiscordUser>();
  for (const match of content.matchAll(/<@!?(\d+)>/g)) {
    const user = match[1] === undefined ? undefined : lookup(match[1]);
    if (user) mentioned.set(user.id, user);
  }
  return [...mentioned.values()];
}

/**
 * Makes `message` a reply (type 19) to `referenced`, as Discord reports replies: a `message_reference` and the
 * whole `referenced_message` (without its own), and the replied-to author among the mentions when pinged.
 */
export function makeReply(message: DiscordMessage, referenced: DiscordMessage, ping: boolean): void {
  message.type = 19;
  message.message_reference = { type: 0, message_id: referenced.id, channel_id: referenced.channel_id };
  if (referenced.guild_id !== undefined) message.message_reference.guild_id = referenced.guild_id;
  const { referenced_message: _nested, ...original } = referenced;
  message.referenced_message = original;
  if (ping && !message.mentions.some((user) => user.id === referenced.author.id)) {
    message.mentions = [...message.mentions, referenced.author];
  }
}

/** A message payload with the defaults Discord fills in. */
export function createMessage(
  fields: Pick<DiscordMessage, 'id' | 'channel_id' | 'author' | 'content' | 'timestamp' | 'mentions'> &
    Partial<DiscordMessage>,
): DiscordMessage {
  return {
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mention_roles: [],
    attachments: [],
    embeds: [],
    pinned: false,
    type: 0,
    flags: 0,
    ...fields,
  };
}

/** The READY payload of a new gateway session; discord.js needs `user`, `guilds` and `application`. */
export function toReady(
  sessionId: string,
  bot: DiscordUser,
  guilds: readonly FakeDiscordGuild[],
  gatewayUrl: string,
): Record<string, unknown> {
  return {
    v: 10,
    user: { ...bot, verified: true, mfa_enabled: false, flags: 0 },
    guilds: guilds.map((guild) => ({ id: guild.id, unavailable: true })),
    session_id: sessionId,
    resume_gateway_url: gatewayUrl,
    application: { id: bot.id, flags: 0 },
    shard: [0, 1],
    private_channels: [],
    relationships: [],
    presences: [],
    guild_join_requests: [],
    geo_ordered_rtc_regions: [],
    user_settings: {},
  };
}
