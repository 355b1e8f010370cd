import type { IncomingMessage, ServerResponse } from 'node:http';
import { descriptionOf, FailureQueue, type FakeFailure, retryAfterOf } from '../failures.js';
import { closeServer, createLocalServer, listenLocal, readJsonObject, sendJson } from '../http.js';
import { DEFAULT_WAIT_MS, Waiters } from '../waiters.js';
import { createBotInfo, createChat, createTextMessage, toCommandEntity } from './payloads.js';
import type {
  TelegramBotUser,
  TelegramCall,
  TelegramChat,
  TelegramSentMessage,
  TelegramTextInput,
  TelegramUpdate,
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
  /** Every update ever enqueued, confirmed or not. */
  readonly updates: readonly TelegramUpdate[];
  /** Enqueues a text message from a user; text starting with `/` carries a `bot_command` entity. */
  sendText(input: TelegramTextInput): TelegramUpdate;
  /** Enqueues any other update; the fake assigns `update_id`. */
  pushUpdate(update: Omit<TelegramUpdate, 'update_id'>): TelegramUpdate;
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

type MethodHandler = (params: Record<string, unknown>, res: ServerResponse) => void;

const DEFAULT_TOKEN = '7000000001:AAFakeTelegramTokenForLimbicTests';
const ROUTE = /^\/bot([^/]+)\/(?:test\/)?([A-Za-z]+)$/;
const MAX_TEXT_LENGTH = 4096;

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
  const chats = new Map<number, TelegramChat>();
  const commands = new Map<string, unknown>();
  const queue = new UpdateQueue();
  const failures = new FailureQueue();
  const waiters = new Waiters();
  let nextMessageId = 1;
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
    sendmessage: (params, res) => {
      const { chat_id: chatId, text } = params;
      if (typeof chatId !== 'number' && typeof chatId !== 'string') {
        return fail(res, 400, 'Bad Request: chat_id is empty');
      }
      if (typeof text !== 'string' || text.trim() === '')
        return fail(res, 400, 'Bad Request: message text is empty');
      if (text.length > MAX_TEXT_LENGTH) return fail(res, 400, 'Bad Request: message is too long');
      const chat = chats.get(Number(chatId)) ?? createChat({ chatId: Number(chatId) });
      const message = createTextMessage(nextMessageId++, seconds(), chat, botInfo, text);
      sent.push({ ...params, chat_id: chatId, text, message_id: message.message_id, at: now() });
      waiters.notify();
      ok(res, message);
    },
    sendchataction: (_params, res) => ok(res, true),
    setmycommands: (params, res) => {
      commands.set(scopeKey(params), params.commands ?? []);
      ok(res, true);
    },
    getmycommands: (params, res) => ok(res, commands.get(scopeKey(params)) ?? []),
    deletemycommands: (params, res) => {
      commands.delete(scopeKey(params));
      ok(res, true);
    },
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
    const queued = queue.push(update);
    updates.push(queued);
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
    sendText(input) {
      const chat = createChat(input);
      chats.set(chat.id, chat);
      const message = createTextMessage(
        nextMessageId++,
        input.date ?? seconds(),
        chat,
        {
          id: input.userId,
          is_bot: false,
          first_name: input.firstName ?? 'Test',
          ...username(input.username),
        },
        input.text,
      );
      const entity = toCommandEntity(input.text);
      return pushUpdate({ message: entity ? { ...message, entities: [entity] } : message });
    },
    pushUpdate,
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

function ok(res: ServerResponse, result: unknown): void {
  sendJson(res, 200, { ok: true, result });
}

function fail(res: ServerResponse, status: number, description: string): void {
  sendJson(res, status, { ok: false, error_code: status, description });
}

function sendFailure(res: ServerResponse, failure: FakeFailure): void {
  const retryAfter = retryAfterOf(failure);
  if (retryAfter !== undefined) {
    sendJson(res, 429, {
      ok: false,
      error_code: 429,
      description: `Too Many Requests: retry after ${retryAfter}`,
      parameters: { retry_after: retryAfter },
    });
    return;
  }
  fail(res, failure.status, descriptionOf(failure) ?? defaultDescription(failure.status));
}

function defaultDescription(status: number): string {
  if (status === 400) return 'Bad Request';
  if (status === 403) return 'Forbidden: bot was blocked by the user';
  if (status === 502) return 'Bad Gateway';
  return 'Internal Server Error';
}

function scopeKey(params: Record<string, unknown>): string {
  return JSON.stringify([params.scope ?? null, params.language_code ?? '']);
}

function username(value: string | undefined): { username?: string } {
  return value === undefined ? {} : { username: value };
}
