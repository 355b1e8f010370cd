import {
  createLimbicRuntime,
  type LimbicRuntime,
  type LimbicRuntimeOptions,
  type LimbicTurn,
  parseLimbicCommand,
  personaLocale,
  toCommand,
} from '@limbic/bot-kit';
import {
  type ChatInputCommandInteraction,
  type Client,
  Events,
  type Interaction,
  type Message,
} from 'discord.js';
import {
  addresseeOf,
  conversationOfInteraction,
  conversationOfMessage,
  type Listening,
} from './conversation.js';
import { discordOutbound } from './outbound.js';
import { localizedSlashCommandAnswers } from './slash-answers.js';
import {
  answerEphemerally,
  defaultSlashCommandTexts,
  limbicCommandData,
  registerCommand,
  type SlashCommandTexts,
  subcommandOf,
} from './slash-command.js';

/** Options of {@link attachLimbic}. */
export interface DiscordLimbicOptions
  extends Omit<LimbicRuntimeOptions, 'outbound' | 'backend' | 'bindings' | 'platform'> {
  /** The engine: a backend and the binding store next to its sessions (see `openEngine` of `@limbic/bot-kit`). */
  engine: Pick<LimbicRuntimeOptions, 'backend' | 'bindings'>;
  /**
   * Guild text channels (ids) where the character listens, with their threads (each thread is a conversation of its
   * own); messages in other guild channels are ignored. Guild messages need the privileged MessageContent intent.
   * @defaultValue `[]`: no guild channel, direct messages only
   */
  channels?: readonly string[];
  /**
   * Whether direct messages are processed (needs the DirectMessages intent and `Partials.Channel`).
   * @defaultValue `true`
   */
  directMessages?: boolean;
  /**
   * The name of the `/limbic` command (`/limbic on|off|status|proactive|link|unlink|forget`), both the slash command and
   * the plain-text form; `false` disables both.
   * @defaultValue `'limbic'`
   */
  command?: string | false;
  /**
   * Whether `start()` registers the slash command with Discord (created or replaced by name; the bot's other
   * commands stay). With false, interactions are still answered (register {@link limbicCommandData} yourself).
   * @defaultValue `true`
   */
  registerCommand?: boolean;
  /**
   * Guilds (ids) to register the slash command in, instead of globally: guild commands show up at once (handy while
   * developing), but not in DMs, where the plain-text form still works.
   * @defaultValue `[]`: registered globally
   */
  commandGuilds?: readonly string[];
  /**
   * The slash command's descriptions and the adapter's own answers (`notListening`, `failed`).
   * @defaultValue the English `defaultSlashCommandTexts`, with its own answers in the persona's language (en, es, ja:
   * `localizedSlashCommandAnswers`; English when `persona` is a function)
   */
  commandTexts?: Partial<SlashCommandTexts>;
  /**
   * Reports errors of the engine, of turn handlers, of slash commands and of the command's registration (without a
   * source).
   * @defaultValue `console.error('limbic:', error)`
   */
  onError?: (error: unknown, source?: Message | ChatInputCommandInteraction) => void;
}

/**
 * A handler of {@link LimbicDiscord.onTurn}: the character's turn and the message that caused it. A returned promise
 * (such as `message.reply(...)`) is awaited before the next handler runs.
 */
export type TurnHandler = (turn: LimbicTurn, message: Message) => unknown;

/** Options of {@link LimbicDiscord.onTurn}. */
export interface OnTurnOptions {
  /**
   * Call the handler for every processed message, also those the character should not answer (`turn.reply.should`
   * false: chatter between others in a channel, a bot past the exchange cap).
   * @defaultValue `false`
   */
  all?: boolean;
}

/** The Limbic side of a discord.js client; see {@link attachLimbic}. */
export interface LimbicDiscord {
  readonly runtime: LimbicRuntime;
  /**
   * Registers a handler for the messages the character should answer (`turn.reply.should`: always in DMs; in a
   * channel when addressed or when it has something to say); reply with `message.reply(...)` from there. With
   * `{ all: true }` it gets every processed message. Returns the function that removes it.
   */
  onTurn(handler: TurnHandler, options?: OnTurnOptions): () => void;
  /**
   * Processes one message yourself (for bots that route messages on their own): the turn, with `reply` saying
   * whether to answer; null when it is not for the character (another channel, the bot's own message, a bot while
   * bots are ignored, a silenced channel, a `/limbic` command, which is answered here).
   */
  process(message: Message): Promise<LimbicTurn | null>;
  /**
   * Starts proactive delivery (the engine's scheduler, pending actions from before a restart) and registers the
   * slash command (now when the client is ready, awaited; else once it is). Idempotent.
   */
  start(): Promise<void>;
  /** Stops listening and delivering, and closes the engine. */
  close(): Promise<void>;
}

/**
 * Attaches Limbic to a discord.js `Client`. In a DM, each person has their own session and the character always
 * answers. In a listed guild channel, and in each thread under it, the character is one being: one session per
 * channel or thread, where each person is a participant with their own relationship; a mention of the bot or a reply
 * to it addresses it, a reply to or mention of someone else addresses them, and handlers run only when the engine
 * advises answering (`turn.reply.should`, which the `shouldReply` hook may override). Other bots are ignored unless
 * `bots.listen`, and then capped at `bots.maxExchanges` in a row. Elapsed time comes from Discord's timestamps.
 *
 * `/limbic` is a slash command (answered ephemerally) and a plain-text command: people control proactive messages in
 * DMs and link accounts; a channel's admins (Manage Server) silence the character there or let it write first
 * (`/limbic proactive on`), addressed with a mention to the person it is closest to. Proactive messages are
 * acknowledged once Discord accepted them; discord.js waits out Discord's 429s, other failures are retried with
 * backoff.
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
    registerCommand: register = true,
    commandGuilds = [],
    commandTexts,
    onError = (error: unknown) => console.error('limbic:', error),
    ...rest
  } = options;
  const listening: Listening = { channels: new Set(channels), directMessages };
  // The adapter's own answers in the configured persona's language (English when it is chosen per conversation).
  const locale = typeof rest.persona === 'function' ? 'en' : personaLocale(rest.persona);
  const texts: SlashCommandTexts = {
    ...defaultSlashCommandTexts,
    ...localizedSlashCommandAnswers[locale],
    ...commandTexts,
    subcommands: { ...defaultSlashCommandTexts.subcommands, ...commandTexts?.subcommands },
  };
  const handlers = new Set<{ handler: TurnHandler; all: boolean }>();
  const runtime = createLimbicRuntime({
    ...rest,
    ...engine,
    platform: 'discord',
    outbound: discordOutbound(client),
  });

  let registration: Promise<void> | undefined;
  let onReady: ((ready: Client<true>) => void) | undefined;
  /** Registers the slash command once: now if the client is ready, else when it becomes ready. */
  function registerOnce(): Promise<void> {
    if (command === false || !register) return Promise.resolve();
    if (registration) return registration;
    const data = limbicCommandData(command, texts);
    const scopes = commandGuilds.length > 0 ? commandGuilds : [undefined];
    const run = (ready: Client<true>) => registerCommand(ready, data, scopes, (error) => onError(error));
    if (client.isReady()) {
      registration = run(client);
    } else {
      registration = new Promise((resolve) => {
        onReady = (ready) => {
          onReady = undefined;
          resolve(run(ready));
        };
        client.once(Events.ClientReady, onReady);
      });
    }
    return registration;
  }

  /** Starts the runtime and the command's registration, without waiting for the latter. */
  function ensureStarted(): Promise<void> {
    void registerOnce();
    return runtime.start();
  }

  async function handleText(message: Message): Promise<LimbicTurn | null> {
    const conversation = conversationOfMessage(client, message, listening);
    if (!conversation || message.content.trim().length === 0) return null;
    await ensureStarted();
    if (command !== false) {
      const parsed = parseLimbicCommand(message.content, undefined, command);
      if (parsed !== null) {
        // Settings belong to people: another bot's command is not run.
        if (!conversation.isBot) await message.reply(await runtime.handleCommand(conversation, parsed));
        return null;
      }
    }
    const to = conversation.private ? undefined : await addresseeOf(client, message);
    return runtime.handleMessage(conversation, {
      text: message.content,
      timestamp: message.createdTimestamp,
      ...(to === undefined ? {} : { to }),
    });
  }

  const messageListener = async (message: Message) => {
    try {
      const turn = await handleText(message);
      if (!turn) return;
      for (const { handler, all } of [...handlers]) {
        if (all || turn.reply.should) await handler(turn, message);
      }
    } catch (error) {
      onError(error, message);
    }
  };

  async function handleInteraction(interaction: ChatInputCommandInteraction): Promise<void> {
    const work = (async () => {
      const conversation = await conversationOfInteraction(client, interaction, listening);
      if (!conversation) return texts.notListening;
      await ensureStarted();
      const [subcommand, argument] = subcommandOf(interaction);
      return runtime.handleCommand(conversation, toCommand(subcommand, argument));
    })();
    const failure = await answerEphemerally(interaction, work, texts.failed, options.timers);
    if (failure !== undefined) onError(failure, interaction);
  }

  const interactionListener = async (interaction: Interaction) => {
    if (command === false || !interaction.isChatInputCommand() || interaction.commandName !== command) return;
    try {
      await handleInteraction(interaction);
    } catch (error) {
      onError(error, interaction);
    }
  };

  client.on(Events.MessageCreate, messageListener);
  client.on(Events.InteractionCreate, interactionListener);

  return {
    runtime,
    onTurn(handler, { all = false } = {}) {
      const entry = { handler, all };
      handlers.add(entry);
      return () => handlers.delete(entry);
    },
    process: handleText,
    async start() {
      // Before login the registration waits for the client to be ready; start does not wait for that.
      const ready = client.isReady();
      const registered = registerOnce();
      await runtime.start();
      if (ready) await registered;
    },
    async close() {
      client.off(Events.MessageCreate, messageListener);
      client.off(Events.InteractionCreate, interactionListener);
      if (onReady) client.off(Events.ClientReady, onReady);
      await runtime.close();
    },
  };
}
