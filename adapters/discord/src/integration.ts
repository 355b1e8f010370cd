import {
  type Conversation,
  createLimbicRuntime,
  type LimbicRuntime,
  type LimbicRuntimeOptions,
  type LimbicTurn,
  type Outbound,
  parseLimbicCommand,
} from '@limbic/bot-kit';
import { type Client, DiscordAPIError, Events, HTTPError, type Message, RateLimitError } from 'discord.js';

/** Options of {@link attachLimbic}. */
export interface DiscordLimbicOptions
  extends Omit<LimbicRuntimeOptions, 'outbound' | 'backend' | 'bindings'> {
  /** The engine: a backend and the binding store next to its sessions (see `openEngine` of @limbic/bot-kit). */
  engine: Pick<LimbicRuntimeOptions, 'backend' | 'bindings'>;
  /**
   * Guild text channels (ids) where the character listens; messages in other guild channels are ignored. Guild
   * messages need the privileged MessageContent intent. Default: none.
   */
  channels?: readonly string[];
  /** Whether direct messages are processed (needs the DirectMessages intent and `Partials.Channel`). Default true. */
  directMessages?: boolean;
  /** The text command people use to control proactive messages (`/limbic on|off|status`); `false` disables it. */
  command?: string | false;
  /** Reports errors of the engine and of turn handlers; default `console.error`. */
  onError?: (error: unknown, message: Message) => void;
}

/**
 * A handler of {@link LimbicDiscord.onTurn}: the character's turn and the message that caused it. A returned promise
 * (such as `message.reply(...)`) is awaited before the next handler runs.
 */
export type TurnHandler = (turn: LimbicTurn, message: Message) => unknown;

/** The Limbic side of a discord.js client; see {@link attachLimbic}. */
export interface LimbicDiscord {
  readonly runtime: LimbicRuntime;
  /** Registers a handler for every processed message (reply with `message.reply(...)` from there). */
  onTurn(handler: TurnHandler): () => void;
  /** Processes one message yourself (for bots that route messages on their own); null when it is not for Limbic. */
  process(message: Message): Promise<LimbicTurn | null>;
  /** Starts proactive delivery (the engine's scheduler, pending actions from before a restart). Idempotent. */
  start(): Promise<void>;
  /** Stops listening and delivering, and closes the engine. */
  close(): Promise<void>;
}

/** A proactive target that is not a text channel: permanent, so the action is dropped rather than retried. */
class UnsendableChannelError extends Error {}

/** How failures of a send are treated: rate limits wait, 5xx and network errors back off, other 4xx drop. */
export function classifyDiscordError(error: unknown): ReturnType<Outbound['classify']> {
  if (error instanceof UnsendableChannelError) return 'drop';
  if (error instanceof RateLimitError) return { retryAfterMs: error.retryAfter };
  if (error instanceof DiscordAPIError) {
    if (error.status === 429) return { retryAfterMs: 1000 };
    return error.status >= 500 ? 'retry' : 'drop';
  }
  if (error instanceof HTTPError) return error.status >= 500 || error.status === 429 ? 'retry' : 'drop';
  return 'retry';
}

/** Proactive targets: a DM to a user, or a guild channel. */
function encodeTarget(kind: 'dm' | 'channel', id: string): string {
  return `${kind}:${id}`;
}

/**
 * Attaches Limbic to a discord.js `Client`: every message in a direct message or an enabled guild channel becomes a
 * turn of the sender's own session (one per channel and user, created on first contact from `persona`, with the
 * time since their previous message from Discord's timestamps); handlers registered with `onTurn` get the result.
 * `/limbic on|off|status` lets people control proactive messages, which are sent as DMs (for DM conversations) or
 * to the channel, and acknowledged once Discord accepted them. discord.js waits out Discord's 429s itself; other
 * failures are retried with backoff.
 * @example
 * const client = new Client({ intents: [...], partials: [Partials.Channel] });
 * const character = attachLimbic(client, { engine: await openEngine(), persona: { preset: 'playful_trickster' } });
 * character.onTurn((turn, message) => message.reply(`(${turn.result.discrete_emotion}) hi!`));
 * await character.start();
 * await client.login(token);
 */
export function attachLimbic(client: Client, options: DiscordLimbicOptions): LimbicDiscord {
  const {
    engine,
    channels = [],
    directMessages = true,
    command = 'limbic',
    onError = (error: unknown) => console.error('limbic:', error),
    ...rest
  } = options;
  const enabledChannels = new Set(channels);
  const handlers = new Set<TurnHandler>();
  const runtime = createLimbicRuntime({
    ...rest,
    ...engine,
    outbound: {
      async send(target, text) {
        const [kind, id] = [target.slice(0, target.indexOf(':')), target.slice(target.indexOf(':') + 1)];
        if (kind === 'dm') {
          await client.users.send(id, text);
          return;
        }
        const channel = await client.channels.fetch(id);
        if (!channel?.isSendable()) throw new UnsendableChannelError(`channel ${id} cannot be sent to`);
        await channel.send(text);
      },
      classify: classifyDiscordError,
    },
  });
  const start = () => runtime.start();

  function conversationOf(message: Message): Conversation | null {
    if (message.author.bot || message.author.id === client.user?.id || message.system) return null;
    const isDm = message.channel.isDMBased();
    if (isDm ? !directMessages : !enabledChannels.has(message.channelId)) return null;
    return {
      key: `discord:${message.channelId}:${message.author.id}`,
      target: isDm ? encodeTarget('dm', message.author.id) : encodeTarget('channel', message.channelId),
      private: isDm,
      platform: 'discord',
      userId: message.author.id,
      userName: message.author.username,
    };
  }

  async function processMessage(message: Message): Promise<LimbicTurn | null> {
    const conversation = conversationOf(message);
    if (!conversation || message.content.trim().length === 0) return null;
    await start();
    if (command !== false) {
      const parsed = parseLimbicCommand(message.content, undefined, command);
      if (parsed !== null) {
        await message.reply(await runtime.handleCommand(conversation, parsed));
        return null;
      }
    }
    return runtime.handleMessage(conversation, {
      text: message.content,
      timestamp: message.createdTimestamp,
    });
  }

  const listener = async (message: Message) => {
    try {
      const turn = await processMessage(message);
      if (!turn) return;
      for (const handler of handlers) await handler(turn, message);
    } catch (error) {
      onError(error, message);
    }
  };
  client.on(Events.MessageCreate, listener);

  return {
    runtime,
    onTurn(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    process: processMessage,
    start,
    async close() {
      client.off(Events.MessageCreate, listener);
      await runtime.close();
    },
  };
}
