import type {
  DiscordChannel,
  DiscordDmChannel,
  DiscordMessage,
  DiscordSentMessage,
  DiscordUser,
} from './types.js';

/** The fake Discord's state, shared by the REST routes, the gateway and the control API. */
export interface DiscordWorld {
  readonly token: string;
  readonly bot: DiscordUser;
  readonly gatewayUrl: string;
  readonly users: Map<string, DiscordUser>;
  readonly channels: Map<string, DiscordChannel>;
  readonly messages: Map<string, DiscordMessage>;
  readonly sent: DiscordSentMessage[];
  /** Application commands by `<applicationId>:<guildId or "global">`. */
  readonly commands: Map<string, Record<string, unknown>[]>;
  now(): number;
  snowflake(ms?: number): string;
  /** The DM channel with `user`, created on first use. */
  ensureDm(user: DiscordUser): DiscordDmChannel;
  /** Dispatches MESSAGE_CREATE for a message, as Discord does for every message including the bot's own. */
  announce(message: DiscordMessage): void;
  /** Re-checks what tests are waiting for. */
  notify(): void;
}
