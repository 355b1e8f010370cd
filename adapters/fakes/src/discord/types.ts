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

/** The channels the fake knows about. */
export type DiscordChannel = DiscordGuildChannel | DiscordDmChannel;

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
  /** 0 for a default message, 19 for a reply. */
  type: number;
  flags: number;
  nonce?: string | number;
  message_reference?: { type: number; message_id: string; channel_id: string; guild_id?: string };
  referenced_message?: DiscordMessage | null;
}

/** A guild and its text channels, as configured with {@link FakeDiscordOptions}. */
export interface FakeDiscordGuild {
  id: string;
  name: string;
  channels: { id: string; name: string }[];
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
  content: string;
  /** When the message was sent; defaults to the fake's clock. Its snowflake id encodes this time. */
  timestamp?: Date | number;
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
