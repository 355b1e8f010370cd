/** A Discord user as the fake reports it (a subset of the API `User`). */
export interface DiscordUser {
  id: string;
  username: string;
  discriminator: string;
  global_name: string | null;
  avatar: string | null;
  bot?: boolean;
}

/** A guild text channel (type 0). */
export interface DiscordGuildChannel {
  id: string;
  type: 0;
  guild_id: string;
  name: string;
  position: number;
  permission_overwrites: unknown[];
  nsfw: boolean;
  topic: string | null;
  parent_id: string | null;
  rate_limit_per_user: number;
  last_message_id: string | null;
}

/** A direct-message channel with one user (type 1). */
export interface DiscordDmChannel {
  id: string;
  type: 1;
  recipients: DiscordUser[];
  last_message_id: string | null;
  flags: number;
}

/** A public thread (type 11) under a guild text channel. */
export interface DiscordThreadChannel {
  id: string;
  type: 11;
  guild_id: string;
  parent_id: string;
  owner_id: string;
  name: string;
  last_message_id: string | null;
  rate_limit_per_user: number;
  message_count: number;
  member_count: number;
  total_message_sent: number;
  flags: number;
  thread_metadata: {
    archived: boolean;
    auto_archive_duration: number;
    archive_timestamp: string;
    locked: boolean;
    create_timestamp: string;
  };
}

/** The channels the fake knows about. */
export type DiscordChannel = DiscordGuildChannel | DiscordThreadChannel | DiscordDmChannel;

/** A message as the REST API returns it (a subset of the API `Message`). */
export interface DiscordMessage {
  id: string;
  channel_id: string;
  guild_id?: string;
  author: DiscordUser;
  content: string;
  timestamp: string;
  edited_timestamp: string | null;
  tts: boolean;
  mention_everyone: boolean;
  mentions: DiscordUser[];
  mention_roles: string[];
  attachments: unknown[];
  embeds: unknown[];
  pinned: boolean;
  /** 0 for a default message, 19 for a reply, 20 for the response to a slash command. */
  type: number;
  flags: number;
  nonce?: string | number;
  message_reference?: { type: number; message_id: string; channel_id: string; guild_id?: string };
  referenced_message?: DiscordMessage | null;
  /** For interaction responses: the application that sent it. */
  webhook_id?: string;
  application_id?: string;
  /** For interaction responses: the interaction they answer. */
  interaction_metadata?: Record<string, unknown>;
  interaction?: Record<string, unknown>;
}

/** A public thread of a configured guild. */
export interface FakeDiscordThread {
  id: string;
  name: string;
  /** The text channel the thread belongs to; it must be one of the guild's channels. */
  parentId: string;
  /** Who started the thread; defaults to the guild owner, or the bot. */
  ownerId?: string;
}

/** A guild and its text channels, as configured with {@link FakeDiscordOptions}. */
export interface FakeDiscordGuild {
  id: string;
  name: string;
  channels: { id: string; name: string }[];
  /** Public threads (type 11) in the guild's channels, sent in GUILD_CREATE so discord.js caches them. */
  threads?: FakeDiscordThread[];
  /** The owner's user id: discord.js gives the owner every permission. Defaults to the guild id, nobody. */
  ownerId?: string;
  /** Users with the guild's admin role, which has ADMINISTRATOR; everyone else has @everyone's permissions. */
  admins?: string[];
}

/** One authenticated REST request the fake received. */
export interface DiscordCall {
  method: string;
  /** The matched route template, such as `/channels/:id/messages`, or the raw path when none matched. */
  route: string;
  path: string;
  body: unknown;
  /** Milliseconds since the epoch, from the fake's clock. */
  at: number;
}

/** A message the fake accepted on `POST /channels/:id/messages`: the request body plus what the fake assigned. */
export interface DiscordSentMessage {
  id: string;
  channel_id: string;
  content: string;
  /** Milliseconds since the epoch, from the fake's clock. */
  at: number;
  [field: string]: unknown;
}

/** A guild message to dispatch with `FakeDiscord.dispatchMessage`. */
export interface DiscordMessageInput {
  /** Defaults to the first channel of the first guild. */
  channelId?: string;
  /** Defaults to the channel's guild; a mismatch throws. */
  guildId?: string;
  author: { id: string; username: string; bot?: boolean };
  /** `<@id>` and `<@!id>` of users the fake knows (the bot, authors so far) fill `mentions`. */
  content: string;
  /** When the message was sent; defaults to the fake's clock. Its snowflake id encodes this time. */
  timestamp?: Date | number;
  /**
   * The id of a message in the same channel this one replies to (a user's, or one the bot sent): the message
   * becomes type 19 with `message_reference` and `referenced_message`. An unknown id throws.
   */
  replyTo?: string;
  /** Whether a reply pings the replied-to author, putting them in `mentions`; Discord's client does by default. */
  replyMention?: boolean;
}

/** A direct message to dispatch with `FakeDiscord.dispatchDirectMessage`. */
export interface DiscordDirectMessageInput {
  userId: string;
  username: string;
  content: string;
  /** When the message was sent; defaults to the fake's clock. Its snowflake id encodes this time. */
  timestamp?: Date | number;
}

/** Options for {@link startFakeDiscord}. */
export interface FakeDiscordOptions {
  /** The bot token clients must use (`Authorization: Bot <token>` and IDENTIFY); defaults to a fake token. */
  token?: string;
  /** The bot user; its id is also the application id. Defaults to a generated id and `limbic-test-bot`. */
  botUser?: { id: string; username: string };
  /** Guilds the bot is in; defaults to one guild with one text channel, `general`. */
  guilds?: FakeDiscordGuild[];
  /** HELLO's heartbeat interval in milliseconds; Discord's usual 41 250 ms never fires in short tests. */
  heartbeatInterval?: number;
  /** Milliseconds since the epoch for ids, timestamps and logs; defaults to `Date.now`. */
  now?: () => number;
  /** The port on 127.0.0.1; default 0, an ephemeral one. */
  port?: number;
}

/** An option value of a slash command (`type` 3 string, 4 integer, 5 boolean, 6 user, 10 number…). */
export interface DiscordCommandOption {
  name: string;
  type: number;
  value: string | number | boolean;
}

/** A slash command to dispatch with `FakeDiscord.dispatchCommand`. */
export interface DiscordCommandInput {
  /** Defaults to the first channel of the first guild; a thread or a DM channel id works too. */
  channelId?: string;
  /** Defaults to the channel's guild; a mismatch throws. */
  guildId?: string;
  /** The command comes from the DM with the user (created on first use); then leave out the channel and guild. */
  direct?: boolean;
  user: { id: string; username: string };
  /** The command's name; `data.id` is the registered command's id when one has this name. */
  name: string;
  options?: DiscordCommandOption[];
  /** The invoking member's permissions bitfield; defaults to what the guild's roles give them. */
  permissions?: string;
  /** The user's client language; default `en-US`. */
  locale?: string;
}

/** The INTERACTION_CREATE payload the fake dispatched: the fields tests need, and everything else discord.js reads. */
export interface DiscordInteraction {
  id: string;
  application_id: string;
  /** 2, APPLICATION_COMMAND. */
  type: number;
  /** Authenticates the interaction's callback and webhook routes, as on Discord. */
  token: string;
  channel_id: string;
  guild_id?: string;
  data: {
    id: string;
    name: string;
    type: number;
    options?: DiscordCommandOption[];
    guild_id?: string;
    /** The users (and guild members) that user options name. */
    resolved?: Record<string, unknown>;
  };
  [field: string]: unknown;
}

/** How the bot answered an interaction, in the order the fake received it. */
export interface DiscordInteractionResponse {
  interactionId: string;
  /**
   * `callback` for `POST /interactions/:id/:token/callback`, `edit` for `PATCH /webhooks/:app/:token/messages/…`
   * (e.g. `@original` after a deferral), `followup` for `POST /webhooks/:app/:token`.
   */
  kind: 'callback' | 'edit' | 'followup';
  /** The callback type (4 CHANNEL_MESSAGE_WITH_SOURCE, 5 DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE…); null otherwise. */
  type: number | null;
  /** The message text, `''` when there is none (a deferral, embeds only). */
  content: string;
  /** Message flags as sent: 64 is EPHEMERAL. */
  flags: number;
  /** The message the response created or edited, if any. */
  messageId: string | undefined;
  /** Milliseconds since the epoch, from the fake's clock. */
  at: number;
  /** The message data the bot sent, whole. */
  data: Record<string, unknown>;
}
