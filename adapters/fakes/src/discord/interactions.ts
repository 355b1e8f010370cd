import { randomUUID } from 'node:crypto';
import { commandsKey } from './application-commands.js';
import { type GuildState, permissionsOf, toMember } from './guilds.js';
import { createMessage, mentionsIn } from './payloads.js';
import type {
  DiscordChannel,
  DiscordCommandOption,
  DiscordInteraction,
  DiscordMessage,
  DiscordUser,
} from './types.js';
import type { DiscordWorld, InteractionState } from './world.js';

// Interaction and message constants from the Discord API docs (Receiving and Responding; Message flags).
const APPLICATION_COMMAND = 2;
const CHAT_INPUT = 1;
const USER_OPTION = 6;
const MENTIONABLE_OPTION = 9;
/** The EPHEMERAL message flag: only the invoking user sees the message. */
export const EPHEMERAL = 1 << 6;
/** The LOADING message flag: a deferred response's "is thinking…" placeholder. */
export const LOADING = 1 << 7;
// What Discord allows a bot to upload in an interaction response without boosts: 10 MiB.
const ATTACHMENT_SIZE_LIMIT = 10_485_760;

/** What the fake resolved about a slash command before dispatching it. */
export interface CommandContext {
  channel: DiscordChannel;
  guild: GuildState | undefined;
  user: DiscordUser;
  name: string;
  options: DiscordCommandOption[] | undefined;
  /** The invoking member's permissions; for DMs the bitfield Discord sends for a user. */
  permissions: string;
  locale: string;
}

/**
 * Builds the INTERACTION_CREATE payload of a slash command (type 2, APPLICATION_COMMAND) and remembers the
 * interaction, so its callback and webhook routes work: everything discord.js reads to build a
 * `ChatInputCommandInteraction`.
 */
export function createCommandInteraction(world: DiscordWorld, context: CommandContext): DiscordInteraction {
  const { channel, guild, user, name, options } = context;
  const id = world.snowflake();
  const token = Buffer.from(`interaction:${id}:${randomUUID()}`).toString('base64url');
  const applicationId = world.bot.id;
  const guildId = guild?.config.id;
  const command = registeredCommand(world, applicationId, name, guildId);
  const data: DiscordInteraction['data'] = { id: command?.id ?? world.snowflake(), name, type: CHAT_INPUT };
  if (options) data.options = options;
  if (command?.guildId !== undefined) data.guild_id = command.guildId;
  const resolved = resolveUsers(world, options, guild);
  if (resolved) data.resolved = resolved;
  const interaction: DiscordInteraction = {
    id,
    application_id: applicationId,
    type: APPLICATION_COMMAND,
    token,
    version: 1,
    data,
    channel_id: channel.id,
    channel: { ...channel, permissions: context.permissions },
    app_permissions: guild ? permissionsOf(guild, world.bot.id) : context.permissions,
    locale: context.locale,
    entitlements: [],
    // A guild-installed app; Discord gives "0" for the guild when the command comes from the bot's DM.
    authorizing_integration_owners: { '0': guildId ?? '0' },
    context: guild ? 0 : 1,
    attachment_size_limit: ATTACHMENT_SIZE_LIMIT,
  };
  if (guild) {
    interaction.guild_id = guild.config.id;
    interaction.guild = { id: guild.config.id, locale: 'en-US', features: [] };
    interaction.guild_locale = 'en-US';
    interaction.member = {
      ...toMember(guild, user.id, world.joinedAt),
      user,
      permissions: context.permissions,
    };
  } else {
    interaction.user = user;
  }
  const state: InteractionState = {
    id,
    token,
    applicationId,
    channelId: channel.id,
    guildId,
    user,
    commandName: name,
    acknowledged: false,
    originalMessageId: undefined,
    messages: new Map(),
  };
  world.interactions.set(id, state);
  return interaction;
}

function registeredCommand(
  world: DiscordWorld,
  applicationId: string,
  name: string,
  guildId: string | undefined,
): { id: string; guildId: string | undefined } | undefined {
  const scopes = guildId === undefined ? [undefined] : [guildId, undefined];
  for (const scope of scopes) {
    const found = world.commands
      .get(commandsKey(applicationId, scope))
      ?.find((command) => command.name === name);
    if (typeof found?.id === 'string') return { id: found.id, guildId: scope };
  }
  return undefined;
}

// User and mentionable options carry their users (and guild members) in `resolved`, as on Discord.
function resolveUsers(
  world: DiscordWorld,
  options: DiscordCommandOption[] | undefined,
  guild: GuildState | undefined,
): Record<string, unknown> | undefined {
  const users: Record<string, DiscordUser> = {};
  const members: Record<string, unknown> = {};
  for (const option of options ?? []) {
    if (option.type !== USER_OPTION && option.type !== MENTIONABLE_OPTION) continue;
    const user = world.users.get(String(option.value));
    if (!user) continue;
    users[user.id] = user;
    if (guild)
      members[user.id] = {
        ...toMember(guild, user.id, world.joinedAt),
        permissions: permissionsOf(guild, user.id),
      };
  }
  if (Object.keys(users).length === 0) return undefined;
  return guild ? { users, members } : { users };
}

/**
 * A message the bot sends through an interaction: the original response (type 20, CHAT_INPUT_COMMAND) or a
 * follow-up, authored by the bot through the application's webhook, with the interaction's metadata.
 */
export function createResponseMessage(
  world: DiscordWorld,
  interaction: InteractionState,
  body: Record<string, unknown>,
  followUp: boolean,
): DiscordMessage {
  const at = world.now();
  const content = typeof body.content === 'string' ? body.content : '';
  const message = createMessage({
    id: world.snowflake(at),
    channel_id: interaction.channelId,
    author: world.bot,
    content,
    timestamp: new Date(at).toISOString(),
    mentions: mentionsIn(content, (id) => world.users.get(id)),
    embeds: Array.isArray(body.embeds) ? body.embeds : [],
    type: followUp ? 0 : 20,
    flags: typeof body.flags === 'number' ? body.flags : 0,
    webhook_id: interaction.applicationId,
    application_id: interaction.applicationId,
    interaction_metadata: {
      id: interaction.id,
      type: APPLICATION_COMMAND,
      name: interaction.commandName,
      command_type: CHAT_INPUT,
      user: interaction.user,
      authorizing_integration_owners: { '0': interaction.guildId ?? '0' },
      ...(followUp ? { original_response_message_id: interaction.originalMessageId } : {}),
    },
    interaction: {
      id: interaction.id,
      type: APPLICATION_COMMAND,
      name: interaction.commandName,
      user: interaction.user,
    },
  });
  if (interaction.guildId !== undefined) message.guild_id = interaction.guildId;
  return message;
}
