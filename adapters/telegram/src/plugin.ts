import {
  type Conversation,
  createLimbicRuntime,
  type LimbicRuntime,
  type LimbicRuntimeOptions,
  type LimbicTurn,
  type Outbound,
  type Pacing,
  parseLimbicCommand,
} from '@limbic/bot-kit';
import { type Api, type Context, GrammyError, HttpError, type MiddlewareFn } from 'grammy';

/**
 * The context flavor of the plugin: `ctx.limbic` holds the character's turn for the incoming text message (the
 * engine's result and `promptData` for the bot's own LLM call); it is undefined for other updates.
 * @example
 * type MyContext = Context & LimbicFlavor;
 * const bot = new Bot<MyContext>(token);
 */
export interface LimbicFlavor {
  limbic?: LimbicTurn;
}

/** Options of {@link limbic}. */
export interface TelegramLimbicOptions
  extends Omit<LimbicRuntimeOptions, 'outbound' | 'pacing' | 'backend' | 'bindings'> {
  /** The bot's API (`bot.api`): proactive messages are sent with `sendMessage`. */
  api: Api;
  /** The engine: a backend and the binding store next to its sessions (see `openEngine` of @limbic/bot-kit). */
  engine: Pick<LimbicRuntimeOptions, 'backend' | 'bindings'>;
  /**
   * Spacing of proactive messages. Default: one per chat per second and 25 per second in all, under Telegram's
   * documented limits (1 per second per chat, 30 per second per bot). `false` leaves pacing to a transformer such as
   * @grammyjs/auto-retry or the throttler.
   */
  pacing?: Pacing | false;
  /** The command people use to control proactive messages (`/limbic on|off|status`); `false` disables it. */
  command?: string | false;
  /**
   * Called when the engine fails on an incoming message; the update then continues without `ctx.limbic`. Without
   * it, the error propagates to grammY's error handling (`bot.catch`).
   */
  onError?: (error: unknown, ctx: Context) => void;
}

/** The middleware of {@link limbic}, with the runtime behind it. */
export interface LimbicMiddleware<C extends Context & LimbicFlavor> extends MiddlewareFn<C> {
  readonly runtime: LimbicRuntime;
  /** Starts proactive delivery (the engine's scheduler, pending actions from before a restart). Idempotent. */
  start(): Promise<void>;
  /** Stops proactive delivery and closes the engine. */
  close(): Promise<void>;
}

/** Telegram's default pacing: 1 message per second per chat, 25 per second in all (the limit is 30). */
export const telegramPacing: Pacing = { perTargetMs: 1000, globalPerSecond: 25 };

/** How failures of `sendMessage` are treated: 429 waits `retry_after`, 5xx and network errors back off, 4xx drop. */
export function classifyTelegramError(error: unknown): ReturnType<Outbound['classify']> {
  if (error instanceof GrammyError) {
    if (error.error_code === 429) return { retryAfterMs: (error.parameters.retry_after ?? 1) * 1000 };
    return error.error_code >= 500 ? 'retry' : 'drop';
  }
  if (error instanceof HttpError) return 'retry';
  return 'retry';
}

/** The conversation of a message: one session per chat and sender. */
function conversationOf(ctx: Context): Conversation | undefined {
  const { chat, from } = ctx;
  if (!chat || !from || from.is_bot) return undefined;
  return {
    key: `telegram:${chat.id}:${from.id}`,
    target: String(chat.id),
    private: chat.type === 'private',
    platform: 'telegram',
    userId: String(from.id),
    userName: from.username ?? from.first_name,
  };
}

/**
 * The grammY plugin: every text message a person sends (other than a bot command) becomes a turn of their own Limbic session (created on
 * first contact from `persona`, with the time since their previous message from Telegram's timestamps), and
 * handlers after it read `ctx.limbic`. `/limbic on|off|status` lets people control proactive messages, and the
 * character's proactive actions are sent with `sendMessage` once Telegram accepts them (retried otherwise).
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
  const { api, engine, command = 'limbic', onError, pacing, ...rest } = options;
  const runtime = createLimbicRuntime({
    ...rest,
    ...engine,
    outbound: {
      async send(target, text) {
        await api.sendMessage(target, text);
      },
      classify: classifyTelegramError,
    },
    ...(pacing === false ? {} : { pacing: pacing ?? telegramPacing }),
  });
  const start = () => runtime.start();

  const middleware: MiddlewareFn<C> = async (ctx, next) => {
    const message = ctx.message;
    const conversation = conversationOf(ctx);
    if (message?.text === undefined || !conversation) return next();
    await start();
    // A bot command is an instruction to the bot, not something said to the character: only /limbic is ours.
    if (message.entities?.[0]?.type === 'bot_command' && message.entities[0].offset === 0) {
      const parsed = command === false ? null : parseLimbicCommand(message.text, ctx.me.username, command);
      if (parsed === null) return next();
      await ctx.reply(await runtime.handleCommand(conversation, parsed));
      return;
    }
    try {
      ctx.limbic = await runtime.handleMessage(conversation, {
        text: message.text,
        timestamp: message.date * 1000,
      });
    } catch (error) {
      if (!onError) throw error;
      onError(error, ctx);
    }
    await next();
  };
  return Object.assign(middleware, {
    runtime,
    start,
    close: () => runtime.close(),
  });
}
