import type { GuildState } from './guilds.js';
import type {
  DiscordChannel,
  DiscordDmChannel,
  DiscordInteractionResponse,
  DiscordMessage,
  DiscordSentMessage,
  DiscordUser,
} from './types.js';

/** An interaction the fake dispatched, and what the bot did with it so far. */
export interface InteractionState {
  readonly id: string;
  readonly token: string;
  readonly applicationId: string;
  readonly channelId: string;
  readonly guildId: string | undefined;
  readonly user: DiscordUser;
  readonly commandName: string;
  /** The initial callback arrived; a second one is refused, as on Discord. */
  acknowledged: boolean;
  /** The message of the initial response (type 4, or the placeholder of a deferral). */
  originalMessageId: string | undefined;
  /** The response messages by id, ephemeral ones included (those are nowhere else). */
  readonly messages: Map<string, DiscordMessage>;
}

/** The fake Discord's state, shared by the REST routes, the gateway and the control API. */
export interface DiscordWorld {
  readonly token: string;
  readonly bot: DiscordUser;
  readonly gatewayUrl: string;
  /** When the bot and the guilds' members joined: the fake's start. */
  readonly joinedAt: string;
  readonly users: Map<string, DiscordUser>;
  readonly channels: Map<string, DiscordChannel>;
  readonly guilds: ReadonlyMap<string, GuildState>;
  readonly messages: Map<string, DiscordMessage>;
  readonly sent: DiscordSentMessage[];
  /** Application commands by `<applicationId>:<guildId or "global">`. */
  readonly commands: Map<string, Record<string, unknown>[]>;
  /** Dispatched interactions by id. */
  readonly interactions: Map<string, InteractionState>;
  readonly interactionResponses: DiscordInteractionResponse[];
  now(): number;
  snowflake(ms?: number): string;
  /** The DM channel with `user`, created on first use. */
  ensureDm(user: DiscordUser): DiscordDmChannel;
  /** Dispatches MESSAGE_CREATE for a message, as Discord does for every message including the bot's own. */
  announce(message: DiscordMessage): void;
  /** Dispatches any gateway event to every session. */
  dispatch(event: string, data: unknown): void;
  /** Re-checks what tests are waiting for. */
  notify(): void;
}
