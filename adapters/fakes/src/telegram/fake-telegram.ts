import type { IncomingMessage, ServerResponse } from 'node:http';
import { FailureQueue, type FakeFailure } from '../failures.js';
import { closeServer, createLocalServer, isRecord, listenLocal, readJsonObject } from '../http.js';
import { DEFAULT_WAIT_MS, Waiters } from '../waiters.js';
import { BotCommands } from './bot-commands.js';
import { ChatMembers } from './chat-members.js';
import { createChatMethods, type MethodHandler } from './chat-methods.js';
import { detectEntities } from './entities.js';
import { MessageLog } from './message-log.js';
import { createBotInfo, createChat, createUser, toUser } from './payloads.js';
import { fail, ok, sendFailure } from './replies.js';
import { createSendMessage } from './send-message.js';
import type {
  TelegramBotCommand,
  TelegramBotCommandScope,
  TelegramBotUser,
  TelegramCall,
  TelegramChat,
  TelegramChatMemberStatus,
  TelegramSentMessage,
  TelegramTextInput,
  TelegramUpdate,
  TelegramUser,
} from './types.js';
import { UpdateQueue } from './update-queue.js';

/** Options for {@link startFakeTelegram}. */
export interface FakeTelegramOptions {
  /** The bot token clients must use; defaults to a realistic-looking fake token. */
  token?: string;
  /** The bot's `@username`, without the `@`. */
  botUsername?: string;
  /** Milliseconds since the epoch for message dates and logs; defaults to `Date.now`. */
  now?: () => number;
  /** The port on 127.0.0.1; default 0, an ephemeral one. */
  port?: number;
  /**
   * Deliver updates whose sender is a bot. Off by default, as on Telegram, where "bots will not be able to see
   * messages from other bots regardless of mode"; turn it on to test that an adapter ignores bots or caps
   * bot-to-bot loops by itself.
   */
  deliverBotMessages?: boolean;
}

/** A running fake Telegram Bot API server and its control API. */
export interface FakeTelegram {
  /** Pass as `new Bot(token, { client: { apiRoot } })`; has no trailing slash. */
  readonly apiRoot: string;
  /** The only token the fake accepts; others get 401 Unauthorized. */
  readonly token: string;
  /** What `getMe` returns; pass as `new Bot(token, { botInfo })` to skip `getMe`. */
  readonly botInfo: TelegramBotUser;
  /** Every accepted `sendMessage`, in order. */
  readonly sent: readonly TelegramSentMessage[];
  /** Every authenticated call, in arrival order. */
  readonly calls: readonly TelegramCall[];
  /** Every update ever enqueued for `getUpdates`, confirmed or not. */
  readonly updates: readonly TelegramUpdate[];
  /** Updates from bots that `getUpdates` never delivers (without `deliverBotMessages`), as on Telegram. */
  readonly withheld: readonly TelegramUpdate[];
  /**
   * Enqueues a text message from a user or a bot in a private chat, group or supergroup, and returns its
   * update (also when it is withheld, so `bot.handleUpdate` can still be fed it). Text starting with `/`
   * carries a `bot_command` entity and every `@username` a `mention` entity, as Telegram detects them.
   */
  sendText(input: TelegramTextInput): TelegramUpdate;
  /** Enqueues any other update; the fake assigns `update_id`. An update whose sender is a bot is withheld. */
  pushUpdate(update: Omit<TelegramUpdate, 'update_id'>): TelegramUpdate;
  /**
   * Sets a user's status in a chat for `getChatMember` and `getChatAdministrators`. Until then every user the
   * fake knows, the bot included, is a `member`; a user it does not know yet gets a placeholder name. A chat has
   * one `creator`: setting another makes the previous one a `member`.
   */
  setChatMember(chatId: number, userId: number, status: TelegramChatMemberStatus): void;
  /** The commands set with `setMyCommands` for exactly this scope (default `default`) and language (default none). */
  commandsFor(scope?: TelegramBotCommandScope, languageCode?: string): readonly TelegramBotCommand[];
  /** Makes the next `times` calls of `method` fail with `failure` before doing anything. */
  failNext(method: string, failure: FakeFailure, times?: number): void;
  /** Resolves once `predicate` holds, re-checked on every change; rejects after `timeoutMs`. */
  waitFor(predicate: () => boolean, timeoutMs?: number): Promise<void>;
  /** Calls `listener` after every change (a call, a sent message, an update); returns the function that stops it. */
  onChange(listener: () => void): () => void;
  /** Resolves with `sent` once at least `count` messages were accepted. */
  waitForSent(count: number, timeoutMs?: number): Promise<readonly TelegramSentMessage[]>;
  /** Resolves with the calls of `method` once at least `count` arrived. */
  waitForCall(method: string, count?: number, timeoutMs?: number): Promise<readonly TelegramCall[]>;
  /** Drops every connection (grammY keeps sockets alive) and stops the server. */
  close(): Promise<void>;
}

const DEFAULT_TOKEN = '7000000001:AAFakeTelegramTokenForLimbicTests';
const ROUTE = /^\/bot([^/]+)\/(?:test\/)?([A-Za-z]+)$/;

/**
 * Starts a fake Telegram Bot API on 127.0.0.1 with an ephemeral port: enough of `getMe`, `getUpdates` (long
 * polling), `sendMessage` and friends for grammY's real `Bot` to run against it.
 *
 * @example
 * const telegram = await startFakeTelegram();
 * const bot = new Bot(telegram.token, { client: { apiRoot: telegram.apiRoot } });
 * bot.on('message:text', (ctx) => ctx.reply('hi'));
 * void bot.start();
 * telegram.sendText({ chatId: 1, userId: 1, text: 'hello' });
 * await telegram.waitForSent(1);
 */
export async function startFakeTelegram(options: FakeTelegramOptions = {}): Promise<FakeTelegram> {
  const token = options.token ?? DEFAULT_TOKEN;
  const now = options.now ?? Date.now;
  const botInfo = createBotInfo(token, options.botUsername);
  const sent: TelegramSentMessage[] = [];
  const calls: TelegramCall[] = [];
  const updates: TelegramUpdate[] = [];
  const withheld: TelegramUpdate[] = [];
  const chats = new Map<number, TelegramChat>();
  const users = new Map<number, TelegramUser>([[botInfo.id, toUser(botInfo)]]);
  const messages = new MessageLog();
  const members = new ChatMembers();
  const commands = new BotCommands();
  const queue = new UpdateQueue();
  const failures = new FailureQueue();
  const waiters = new Waiters();
  const seconds = (): number => Math.floor(now() / 1000);

  const methods: Record<string, MethodHandler> = {
    getme: (_params, res) => ok(res, botInfo),
    logout: (_params, res) => ok(res, true),
    deletewebhook: (_params, res) => ok(res, true),
    setwebhook: (_params, res) => ok(res, true),
    getupdates: (params, res) =>
      queue.poll(res, {
        offset: typeof params.offset === 'number' ? params.offset : undefined,
        limit: typeof params.limit === 'number' ? Math.min(Math.max(params.limit, 1), 100) : 100,
        timeoutSeconds: typeof params.timeout === 'number' ? params.timeout : 0,
      }),
    sendmessage: createSendMessage({
      chats,
      messages,
      bot: toUser(botInfo),
      seconds,
      record(params, message) {
        sent.push({
          ...params,
          chat_id: params.chat_id as number | string,
          text: message.text,
          message_id: message.message_id,
          at: now(),
        });
        waiters.notify();
      },
    }),
    sendchataction: (_params, res) => ok(res, true),
    setmycommands: (params, res) => answer(res, commands.set(params)),
    getmycommands: (params, res) => {
      const result = commands.get(params);
      if ('error' in result) return fail(res, 400, `Bad Request: ${result.error}`);
      ok(res, result.commands);
    },
    deletemycommands: (params, res) => answer(res, commands.delete(params)),
    ...createChatMethods({ chats, users, members, botId: botInfo.id }),
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const match = ROUTE.exec(new URL(req.url ?? '/', 'http://fake').pathname);
    if (!match) return fail(res, 404, 'Not Found');
    const [, requestToken = '', method = ''] = match;
    if (requestToken !== token) return fail(res, 401, 'Unauthorized');
    const params = await readJsonObject(req);
    if (params === undefined) return fail(res, 400, 'Bad Request: invalid JSON in request body');
    calls.push({ method, params, at: now() });
    waiters.notify();
    const failure = failures.take([method.toLowerCase()]);
    if (failure) return sendFailure(res, failure);
    const handler = methods[method.toLowerCase()];
    if (!handler) return fail(res, 404, 'Not Found: method not found');
    handler(params, res);
  }

  const server = createLocalServer(handle);
  const port = await listenLocal(server, options.port);

  function pushUpdate(update: Omit<TelegramUpdate, 'update_id'>): TelegramUpdate {
    const deliver = options.deliverBotMessages === true || !isFromBot(update);
    const queued = queue.push(update, deliver);
    (deliver ? updates : withheld).push(queued);
    waiters.notify();
    return queued;
  }

  return {
    apiRoot: `http://127.0.0.1:${port}`,
    token,
    botInfo,
    sent,
    calls,
    updates,
    withheld,
    sendText(input) {
      const chat = createChat(input);
      chats.set(chat.id, chat);
      const from = createUser(input);
      users.set(from.id, from);
      const replyTo =
        input.replyToMessageId === undefined ? undefined : messages.find(chat.id, input.replyToMessageId);
      if (input.replyToMessageId !== undefined && !replyTo) {
        throw new Error(`No message ${input.replyToMessageId} in chat ${chat.id} to reply to`);
      }
      const entities = detectEntities(input.text);
      const message = messages.create(chat, from, input.text, input.date ?? seconds(), { entities, replyTo });
      return pushUpdate({ message });
    },
    pushUpdate,
    setChatMember(chatId, userId, status) {
      if (!users.has(userId)) users.set(userId, createUser({ userId }));
      members.set(chatId, userId, status);
      waiters.notify();
    },
    commandsFor: (scope, languageCode) => commands.listFor(scope, languageCode),
    failNext(method, failure, times = 1) {
      const name = method.toLowerCase();
      failures.add((candidates) => candidates.includes(name), failure, times);
    },
    waitFor(predicate, timeoutMs = DEFAULT_WAIT_MS) {
      return waiters.wait(predicate, timeoutMs, () => 'a condition on the fake Telegram');
    },
    onChange: (listener) => waiters.listen(listener),
    async waitForSent(count, timeoutMs = DEFAULT_WAIT_MS) {
      await waiters.wait(
        () => sent.length >= count,
        timeoutMs,
        () => `${count} sent message(s); got ${sent.length}: ${JSON.stringify(sent.map((m) => m.text))}`,
      );
      return sent;
    },
    async waitForCall(method, count = 1, timeoutMs = DEFAULT_WAIT_MS) {
      const matching = (): TelegramCall[] => calls.filter((call) => call.method === method);
      await waiters.wait(
        () => matching().length >= count,
        timeoutMs,
        () => `${count} ${method} call(s); calls so far: ${calls.map((call) => call.method).join(', ')}`,
      );
      return matching();
    },
    async close() {
      queue.close();
      waiters.rejectAll('The fake Telegram server was closed');
      await closeServer(server);
    },
  };
}

function answer(res: ServerResponse, refused: { error: string } | undefined): void {
  if (refused) fail(res, 400, `Bad Request: ${refused.error}`);
  else ok(res, true);
}

// Telegram's setting: bots never see other bots' messages, whatever their privacy mode.
function isFromBot(update: Omit<TelegramUpdate, 'update_id'>): boolean {
  return [update.message, update.edited_message].some(
    (message) => isRecord(message) && isRecord(message.from) && message.from.is_bot === true,
  );
}
