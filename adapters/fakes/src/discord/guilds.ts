import { createGuildChannel } from './payloads.js';
import type {
  DiscordGuildChannel,
  DiscordThreadChannel,
  DiscordUser,
  FakeDiscordGuild,
  FakeDiscordThread,
} from './types.js';

/** The permissions Discord gives @everyone in a new guild. */
export const EVERYONE_PERMISSIONS = '2248473465835073';
/**
 * Every permission flag Discord documents (discord-api-types 0.38 `PermissionFlagsBits`), as Discord reports an
 * administrator's or the owner's permissions in interactions.
 */
export const ALL_PERMISSIONS = '8866461766385663';
const ADMINISTRATOR = 1n << 3n;

/** A configured guild with what the fake made up for it: the admin role's id. */
export interface GuildState {
  readonly config: FakeDiscordGuild;
  readonly adminRoleId: string;
  /** The guild owner; the guild's own id when none was configured, a user nobody is. */
  readonly ownerId: string;
}

/** The fake's state of a configured guild. */
export function createGuildState(config: FakeDiscordGuild, snowflake: () => string): GuildState {
  return { config, adminRoleId: snowflake(), ownerId: config.ownerId ?? config.id };
}

/** The role ids a user holds in the guild, besides @everyone (which Discord leaves out of member roles). */
export function rolesOf(guild: GuildState, userId: string): string[] {
  return guild.config.admins?.includes(userId) ? [guild.adminRoleId] : [];
}

/** A user's permissions in the guild as Discord computes them: all for the owner and admins, else @everyone's. */
export function permissionsOf(guild: GuildState, userId: string): string {
  const admin = userId === guild.ownerId || rolesOf(guild, userId).length > 0;
  return admin ? ALL_PERMISSIONS : EVERYONE_PERMISSIONS;
}

/** The guild member payload of a user, as Discord attaches it to guild messages (without `user`). */
export function toMember(guild: GuildState, userId: string, joinedAt: string): Record<string, unknown> {
  return {
    roles: rolesOf(guild, userId),
    joined_at: joinedAt,
    premium_since: null,
    deaf: false,
    mute: false,
    pending: false,
    flags: 0,
    nick: null,
    avatar: null,
    banner: null,
    communication_disabled_until: null,
  };
}

/** A public thread payload, with the metadata discord.js reads to build a `ThreadChannel`. */
export function createThread(
  guild: GuildState,
  thread: FakeDiscordThread,
  fallbackOwner: string,
  createdAt: string,
): DiscordThreadChannel {
  return {
    id: thread.id,
    type: 11,
    guild_id: guild.config.id,
    parent_id: thread.parentId,
    owner_id: thread.ownerId ?? guild.config.ownerId ?? fallbackOwner,
    name: thread.name,
    last_message_id: null,
    rate_limit_per_user: 0,
    message_count: 0,
    member_count: 1,
    total_message_sent: 0,
    flags: 0,
    thread_metadata: {
      archived: false,
      auto_archive_duration: 1440,
      archive_timestamp: createdAt,
      locked: false,
      create_timestamp: createdAt,
    },
  };
}

/** The guilds' text channels and threads by id; a thread whose parent is not one of its guild's channels throws. */
export function createGuildChannels(
  guilds: Iterable<GuildState>,
  botId: string,
  createdAt: string,
): Map<string, DiscordGuildChannel | DiscordThreadChannel> {
  const channels = new Map<string, DiscordGuildChannel | DiscordThreadChannel>();
  for (const guild of guilds) {
    guild.config.channels.forEach((channel, position) => {
      channels.set(channel.id, createGuildChannel(guild.config.id, channel, position));
    });
    for (const thread of guild.config.threads ?? []) {
      const parent = channels.get(thread.parentId);
      if (parent?.type !== 0 || parent.guild_id !== guild.config.id) {
        throw new Error(`Thread ${thread.id} needs a parent text channel of guild ${guild.config.id}`);
      }
      channels.set(thread.id, createThread(guild, thread, botId, createdAt));
    }
  }
  return channels;
}

function toRole(id: string, name: string, permissions: string, position: number): Record<string, unknown> {
  return {
    id,
    name,
    permissions,
    position,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    managed: false,
    mentionable: false,
    flags: 0,
  };
}

/**
 * The GUILD_CREATE payload of a guild the bot is in: its channels and threads, @everyone (id = guild id) and the
 * admin role, and the members discord.js needs for permissions: the bot, the owner and the admins.
 */
export function toGuildCreate(
  guild: GuildState,
  bot: DiscordUser,
  userOf: (id: string) => DiscordUser,
  joinedAt: string,
): Record<string, unknown> {
  const { config } = guild;
  const channels = config.channels.map((channel, position) =>
    createGuildChannel(config.id, channel, position),
  );
  const memberIds = [...new Set([bot.id, config.ownerId, ...(config.admins ?? [])])].filter(
    (id): id is string => id !== undefined,
  );
  const adminPermissions = (BigInt(EVERYONE_PERMISSIONS) | ADMINISTRATOR).toString();
  return {
    id: config.id,
    name: config.name,
    icon: null,
    splash: null,
    discovery_splash: null,
    owner_id: guild.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles: [
      toRole(config.id, '@everyone', EVERYONE_PERMISSIONS, 0),
      toRole(guild.adminRoleId, 'Admin', adminPermissions, 1),
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
    member_count: memberIds.length,
    members: memberIds.map((id) => ({ ...toMember(guild, id, joinedAt), user: userOf(id) })),
    channels,
    threads: (config.threads ?? []).map((thread) => createThread(guild, thread, bot.id, joinedAt)),
    presences: [],
    voice_states: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}
