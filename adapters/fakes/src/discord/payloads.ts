import type {
  DiscordDmChannel,
  DiscordGuildChannel,
  DiscordMessage,
  DiscordUser,
  FakeDiscordGuild,
} from './types.js';

// The permissions Discord gives @everyone in a new guild.
const EVERYONE_PERMISSIONS = '2248473465835073';

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

/** The guild member payload of a user, which Discord attaches to guild messages. */
export function createMember(joinedAt: string): Record<string, unknown> {
  return { roles: [], joined_at: joinedAt, deaf: false, mute: false, flags: 0, nick: null, avatar: null };
}

/** The GUILD_CREATE payload of a guild the bot is in; discord.js caches its channels and the bot's member. */
export function toGuildCreate(
  guild: FakeDiscordGuild,
  channels: DiscordGuildChannel[],
  bot: DiscordUser,
  joinedAt: string,
): Record<string, unknown> {
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    splash: null,
    discovery_splash: null,
    owner_id: guild.id,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles: [
      {
        id: guild.id,
        name: '@everyone',
        permissions: EVERYONE_PERMISSIONS,
        position: 0,
        color: 0,
        hoist: false,
        managed: false,
        mentionable: false,
        flags: 0,
      },
    ],
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: 0,
    system_channel_id: channels[0]?.id ?? null,
    premium_tier: 0,
    preferred_locale: 'en-US',
    nsfw_level: 0,
    joined_at: joinedAt,
    large: false,
    unavailable: false,
    member_count: 1,
    members: [{ ...createMember(joinedAt), user: bot }],
    channels,
    threads: [],
    presences: [],
    voice_states: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
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
