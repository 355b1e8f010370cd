import {
  createLimbicRuntime,
  type LimbicRuntime,
  type LimbicRuntimeOptions,
  type LimbicTurn,
  type Pacing,
  parseLimbicCommand,
} from '@limbic/bot-kit';
import type { Api, Context, MiddlewareFn } from 'grammy';
import type { Message } from 'grammy/types';
import { type CommandMenuDescriptions, registerLimbicCommands } from './command-menu.js';
import { messageTarget, telegramConversation } from './conversation.js';
import { telegramOutbound, telegramPacing } from './outbound.js';

/**
 * The context flavor of the plugin: `ctx.limbic` holds the character's turn for the incoming text message (the
 * engine's result, `promptData` for the bot's own LLM call, and `reply`: whether to answer); it is undefined for
 * other updates, bot commands, and when the engine failed (with `onError`).
 * @example
 * type MyContext = Context & LimbicFlavor;
 * const bot = new Bot<MyContext>(token);
 */
export interface LimbicFlavor {
  /** The turn of this text message: `reply.should` says whether to answer, `promptData` how. */
  limbic?: LimbicTurn;
}

/**
 * Which text messages reach the handlers after the plugin:
 * - `advised` (default): those the character should answer (`ctx.limbic.reply.should`): every message of a person in
 *   a private chat; in a group, those the engine advises answering (the character is addressed, named, or has a
 *   strong urge to speak), as the kit's `shouldReply` hook may override. Not: messages of ignored bots, messages in a
 *   group whose admins silenced the character (`/limbic off`), bot-to-bot exchanges past the kit's cap.
 * - `all`: every text message, with `ctx.limbic` when there is a turn; the handlers decide (read
 *   `ctx.limbic?.reply.should`), and must not answer other bots blindly.
 *
 * Bot commands other than `/limbic` always reach the handlers (without a turn), unless they come from an ignored
 * bot.
 */
export type ReplyMode = 'advised' | 'all';

/** Options of {@link limbic}. */
export interface TelegramLimbicOptions
  extends Omit<LimbicRuntimeOptions, 'outbound' | 'pacing' | 'backend' | 'bindings' | 'platform'> {
  /** The bot's API (`bot.api`): proactive messages are sent with `sendMessage`, the menu set with `setMyCommands`. */
  api: Api;
  /** The engine: a backend and the binding store next to its sessions (see `openEngine` of `@limbic/bot-kit`). */
  engine: Pick<LimbicRuntimeOptions, 'backend' | 'bindings'>;
  /**
   * Spacing of proactive messages: by default one per chat per second and 25 per second in all, under Telegram's
   * documented limits (1 per second per chat, 30 per second per bot). `false` leaves pacing to a transformer such as
   * `@grammyjs/auto-retry` or the throttler.
   * @defaultValue `telegramPacing`: `{ perTargetMs: 1000, globalPerSecond: 25 }`
   */
  pacing?: Pacing | false;
  /**
   * The command people use to control the character (`/limbic on|off|status|proactive|link|unlink|forget`); `false`
   * disables it (and its menu entry).
   * @defaultValue `'limbic'`
   */
  command?: string | false;
  /**
   * Which messages reach the handlers after the plugin; see {@link ReplyMode}.
   * @defaultValue `'advised'`
   */
  replies?: ReplyMode;
  /**
   * Whether `start()` puts the command into Telegram's command menu (private chats, group members, group admins),
   * keeping the bot's other commands (see `registerLimbicCommands`).
   * @defaultValue `true`
   */
  registerCommands?: boolean;
  /**
   * The command's descriptions in the menu (e.g. in another language).
   * @defaultValue the English `defaultCommandMenuDescriptions`
   */
  commandDescriptions?: Partial<CommandMenuDescriptions>;
  /**
   * Called when the engine fails on an incoming message or command (`ctx` is that update), or when `start()` could
   * not register the command menu (`ctx` undefined). After a failed message the update continues without
   * `ctx.limbic` in a private chat, and stops in a group (there is no advice whether to answer). Without it, update
   * errors propagate to grammY's error handling (`bot.catch`) and a failed registration is logged with
   * `console.warn`.
   * @defaultValue none: update errors go to `bot.catch`, a failed menu registration to `console.warn`
   */
  onError?: (error: unknown, ctx?: Context) => void;
}

/** The middleware of {@link limbic}, with the runtime behind it. */
export interface LimbicMiddleware<C extends Context & LimbicFlavor> extends MiddlewareFn<C> {
  readonly runtime: LimbicRuntime;
  /**
   * Starts proactive delivery (the engine's scheduler, pending actions from before a restart) and registers the
   * command menu (a failure to register is reported to `onError`, never thrown). Idempotent.
   */
  start(): Promise<void>;
  /** Stops proactive delivery and closes the engine. */
  close(): Promise<void>;
}

/** True for a message that starts with a bot command (`/start`, `/limbic@MyBot on`). */
function isBotCommand(message: Message): boolean {
  const first = message.entities?.[0];
  return first?.type === 'bot_command' && first.offset === 0;
}

/**
 * The grammY plugin. Every text message (other than a bot command) becomes a turn of the character: in a private
 * chat, of that person's own session; in a group or supergroup, of the chat's one session, where each person is a
 * participant with their own relationship and the message is aimed at whoever Telegram shows (a mention of the bot
 * or a reply to it: the character; a reply to or a `text_mention` of someone: them). Time between messages comes
 * from Telegram's dates.
 *
 * Handlers after the plugin read `ctx.limbic`, and by default run only for messages the character should answer
 * (always in a private chat; in a group when the engine advises it; never for other bots, which are ignored unless
 * `bots.listen`, and never past the kit's cap on bot-to-bot exchanges): see {@link ReplyMode}. **Handlers that must
 * see every message go before the plugin** (or use `replies: 'all'`).
 *
 * `/limbic` (also `/limbic@YourBot`) controls the character: people switch its proactive messages `on`/`off` in
 * private chats; in a group, admins silence it or bring it back (`off`/`on`) and allow it to write first
 * (`proactive on`), and anyone sees how it stands with them (`status`). `start()` puts `/limbic` into Telegram's
 * command menu. Proactive actions are sent with `sendMessage` once Telegram accepts them (retried otherwise); in a
 * group they are addressed to the person the character is closest to, with a `text_mention`.
 * @example
 * const bot = new Bot<Context & LimbicFlavor>(token);
 * const character = limbic({ api: bot.api, engine: await openEngine(), persona: { preset: 'cheerful_companion' } });
 * bot.use(character);
 * bot.on('message:text', (ctx) => ctx.reply(`(${ctx.limbic?.result.discrete_emotion}) ${ctx.message.text}`));
 * await character.start();
 * bot.start();
 */
export function limbic<C extends Context & LimbicFlavor>(
  options: TelegramLimbicOptions,
): LimbicMiddleware<C> {
  const {
    api,
    engine,
    command = 'limbic',
    onError,
    pacing,
    replies = 'advised',
    registerCommands = true,
    commandDescriptions,
    ...rest
  } = options;
  const runtime = createLimbicRuntime({
    ...rest,
    ...engine,
    platform: 'telegram',
    outbound: telegramOutbound(api),
    ...(pacing === false ? {} : { pacing: pacing ?? telegramPacing }),
  });
  const listenToBots = options.bots?.listen ?? false;
  let menu: Promise<void> | undefined;

  function registerMenu(): Promise<void> {
    if (!registerCommands || command === false) return Promise.resolve();
    menu ??= registerLimbicCommands(api, {
      command,
      ...(commandDescriptions ? { descriptions: commandDescriptions } : {}),
    }).catch((error: unknown) => {
      // The character works without the menu; the next start() tries again.
      menu = undefined;
      if (onError) onError(error);
      else console.warn('@limbic/telegram: could not register the command menu:', error);
    });
    return menu;
  }

  const middleware: MiddlewareFn<C> = async (ctx, next) => {
    const message = ctx.message;
    if (message?.text === undefined) return next();
    // The bot's own messages are never a turn and never reach the handlers: it must not talk to itself.
    if (message.from?.id === ctx.me.id) return;
    const conversation = telegramConversation(ctx.api, ctx.me, message);
    // Another bot while bots are ignored: neither a turn nor a command, so two bots can never loop.
    const ignored = conversation.isBot === true && !listenToBots;
    await runtime.start();
    if (isBotCommand(message)) {
      if (ignored) return replies === 'all' ? next() : undefined;
      // A bot command is an instruction to the bot, not something said to the character: only /limbic is ours.
      const parsed = command === false ? null : parseLimbicCommand(message.text, ctx.me.username, command);
      if (parsed === null) return next();
      try {
        const answer = await runtime.handleCommand(conversation, parsed);
        // In a group, the answer quotes the command: `status` is about the one who asked.
        await ctx.reply(
          answer,
          conversation.private
            ? {}
            : { reply_parameters: { message_id: message.message_id, allow_sending_without_reply: true } },
        );
      } catch (error) {
        if (!onError) throw error;
        onError(error, ctx);
      }
      return;
    }
    let turn: LimbicTurn | null = null;
    let failed = false;
    try {
      turn = await runtime.handleMessage(conversation, {
        text: message.text,
        timestamp: message.date * 1000,
        ...(conversation.private ? {} : { to: messageTarget(message, ctx.me) }),
      });
    } catch (error) {
      if (!onError) throw error;
      onError(error, ctx);
      failed = true;
    }
    if (turn) ctx.limbic = turn;
    const answer = turn ? turn.reply.should : failed && conversation.private;
    if (answer || replies === 'all') await next();
  };
  return Object.assign(middleware, {
    runtime,
    async start() {
      await runtime.start();
      await registerMenu();
    },
    close: () => runtime.close(),
  });
}
