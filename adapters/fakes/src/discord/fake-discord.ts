import type { IncomingMessage, ServerResponse } from 'node:http';
import { FailureQueue, type FakeFailure } from '../failures.js';
import { closeServer, createLocalServer, listenLocal, readJson } from '../http.js';
import { DEFAULT_WAIT_MS, Waiters } from '../waiters.js';
import { commandsKey } from './application-commands.js';
import { dispatchCommand, dispatchUserMessage, toMessageCreate } from './dispatch.js';
import { FakeGateway } from './gateway.js';
import { createGuildChannels, createGuildState, type GuildState, toGuildCreate } from './guilds.js';
import { createDmChannel, createUser, toReady } from './payloads.js';
import { normalizePattern, reply, replyFailure } from './responses.js';
import { matchRoute } from './rest.js';
import { apiError } from './route.js';
import { createSnowflakes } from './snowflake.js';
import type {
  DiscordCall,
  DiscordChannel,
  DiscordCommandInput,
  DiscordDirectMessageInput,
  DiscordDmChannel,
  DiscordInteraction,
  DiscordInteractionResponse,
  DiscordMessage,
  DiscordMessageInput,
  DiscordSentMessage,
  DiscordUser,
  FakeDiscordGuild,
  FakeDiscordOptions,
} from './types.js';
import type { DiscordWorld } from './world.js';

/** A running fake Discord (REST under `/api/v10` and the gateway at `/gateway`, one port) and its control API. */
export interface FakeDiscord {
  /** REST base: pass as `new Client({ rest: { api: url } })`; discord.js appends `/v10`. */
  readonly url: string;
  /** The gateway URL that `GET /gateway/bot` hands out. */
  readonly gatewayUrl: string;
  /** The only token the fake accepts, for `client.login(token)`. */
  readonly token: string;
  /** The bot's user; its id is also the application id. */
  readonly botUser: DiscordUser;
  /** The configured guilds. */
  readonly guilds: readonly FakeDiscordGuild[];
  /** The first guild's id, the default for `dispatchMessage`. */
  readonly guildId: string;
  /** The first guild's first channel id, the default for `dispatchMessage`. */
  readonly channelId: string;
  /** Every accepted `POST /channels/:id/messages`, in order. */
  readonly sent: readonly DiscordSentMessage[];
  /** Every authenticated REST request, in arrival order. */
  readonly calls: readonly DiscordCall[];
  /** Gateway counters: IDENTIFYs, successful RESUMEs and open sockets. */
  readonly gatewayStats: { identifies: number; resumes: number; sockets: number };
  /** Every answer the bot gave to an interaction (callbacks, edits, follow-ups), in order. */
  readonly interactionResponses: readonly DiscordInteractionResponse[];
  /**
   * Dispatches MESSAGE_CREATE for a user's or another bot's message in a guild text channel (`channel_type` 0)
   * or thread (11), with the author's `member` and roles, and returns the message.
   */
  dispatchMessage(input: DiscordMessageInput): DiscordMessage;
  /**
   * Dispatches INTERACTION_CREATE for a slash command (a `ChatInputCommandInteraction` in discord.js) and
   * returns its payload; answer it with `interaction.reply()` and see `interactionResponses`.
   */
  dispatchCommand(input: DiscordCommandInput): DiscordInteraction;
  /** Resolves with the first response to an interaction once the bot answered it. */
  waitForInteractionResponse(interactionId: string, timeoutMs?: number): Promise<DiscordInteractionResponse>;
  /** The application commands the bot registered (PUT or POST), global ones or those of a guild. */
  registeredCommands(guildId?: string): readonly Record<string, unknown>[];
  /** Dispatches MESSAGE_CREATE for a user's DM (`channel_type` 1), creating the DM channel on first use. */
  dispatchDirectMessage(input: DiscordDirectMessageInput): DiscordMessage;
  /** The id of the DM channel with a user, once a DM was dispatched or `POST /users/@me/channels` created it. */
  dmChannelOf(userId: string): string | undefined;
  /**
   * Makes the next `times` REST requests matching `routePattern` fail. A string matches a route template with or
   * without its method (`'POST /channels/:id/messages'`, `'/channels/:id/messages'`) or a concrete path; a
   * RegExp is tested against `'<METHOD> <path>'` and the path.
   */
  failNext(routePattern: string | RegExp, failure: FakeFailure, times?: number): void;
  /** Sends op 7 RECONNECT, so connected clients reconnect and RESUME. */
  requestReconnect(): void;
  /** Resolves once `predicate` holds, re-checked on every change; rejects after `timeoutMs`. */
  waitFor(predicate: () => boolean, timeoutMs?: number): Promise<void>;
  /** Calls `listener` after every change (a request, a sent message, a gateway event); returns the function that stops it. */
  onChange(listener: () => void): () => void;
  /** Resolves with `sent` once at least `count` messages were accepted. */
  waitForSent(count: number, timeoutMs?: number): Promise<readonly DiscordSentMessage[]>;
  /** Closes gateway sockets and HTTP connections and stops the server. */
  close(): Promise<void>;
}

const DEFAULT_TOKEN = 'MTAwMDAwMDAwMDAwMDAwMDAx.Fake.Limbic-test-token';
const API_PREFIX = '/api/v10';

/**
 * Starts a fake Discord on 127.0.0.1 with an ephemeral port: the REST routes and gateway events that the real
 * discord.js `Client` needs to log in, receive guild and direct messages, and send them.
 *
 * @example
 * const discord = await startFakeDiscord();
 * const client = new Client({ intents, partials: [Partials.Channel], rest: { api: discord.url } });
 * await client.login(discord.token);
 * discord.dispatchMessage({ author: { id: '42', username: 'ada' }, content: 'hello' });
 */
export async function startFakeDiscord(options: FakeDiscordOptions = {}): Promise<FakeDiscord> {
  const now = options.now ?? Date.now;
  const snowflakes = createSnowflakes();
  const snowflake = (ms: number = now()): string => snowflakes(ms);
  const startedAt = new Date(now()).toISOString();
  const token = options.token ?? DEFAULT_TOKEN;
  const botUser = createUser(
    options.botUser?.id ?? snowflake(),
    options.botUser?.username ?? 'limbic-test-bot',
    true,
  );
  const guilds = options.guilds ?? [
    { id: snowflake(), name: 'Limbic Test Guild', channels: [{ id: snowflake(), name: 'general' }] },
  ];
  const firstGuild = guilds[0];
  const firstChannel = firstGuild?.channels[0];
  if (!firstGuild || !firstChannel)
    throw new Error('startFakeDiscord needs at least one guild with a channel');
  const defaultChannelId = firstChannel.id;

  const users = new Map<string, DiscordUser>([[botUser.id, botUser]]);
  const guildStates = new Map<string, GuildState>(
    guilds.map((guild) => [guild.id, createGuildState(guild, snowflake)]),
  );
  const channels = new Map<string, DiscordChannel>(
    createGuildChannels(guildStates.values(), botUser.id, startedAt),
  );
  const dmByUser = new Map<string, DiscordDmChannel>();
  const sent: DiscordSentMessage[] = [];
  const calls: DiscordCall[] = [];
  const failures = new FailureQueue();
  const waiters = new Waiters();

  const server = createLocalServer(handle);
  const port = await listenLocal(server, options.port);
  const gatewayUrl = `ws://127.0.0.1:${port}/gateway`;

  const world: DiscordWorld = {
    token,
    bot: botUser,
    gatewayUrl,
    joinedAt: startedAt,
    users,
    channels,
    guilds: guildStates,
    messages: new Map(),
    sent,
    commands: new Map(),
    interactions: new Map(),
    interactionResponses: [],
    now,
    snowflake,
    ensureDm(user) {
      const existing = dmByUser.get(user.id);
      if (existing) return existing;
      const dm = createDmChannel(snowflake(), user);
      dmByUser.set(user.id, dm);
      channels.set(dm.id, dm);
      return dm;
    },
    announce: (message) => gateway.dispatch('MESSAGE_CREATE', toMessageCreate(world, message)),
    dispatch: (event, data) => gateway.dispatch(event, data),
    notify: () => waiters.notify(),
  };

  const gateway = new FakeGateway({
    server,
    path: '/gateway',
    token,
    heartbeatInterval: options.heartbeatInterval ?? 41_250,
    ready: (sessionId) => toReady(sessionId, botUser, guilds, gatewayUrl),
    guildCreates: () =>
      [...guildStates.values()].map((guild) =>
        toGuildCreate(guild, botUser, (id) => users.get(id) ?? createUser(id, `user-${id}`), startedAt),
      ),
    onChange: () => waiters.notify(),
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://fake');
    const fullPath = url.pathname;
    if (!fullPath.startsWith(`${API_PREFIX}/`)) return reply(res, apiError(404, 0, '404: Not Found'));
    const path = fullPath.slice(API_PREFIX.length);
    const matched = matchRoute(method, path);
    if (matched?.route.auth !== false && req.headers.authorization !== `Bot ${token}`) {
      return reply(res, apiError(401, 0, '401: Unauthorized'));
    }
    if (req.headers['content-type']?.startsWith('multipart/')) {
      return reply(
        res,
        apiError(400, 0, 'The fake Discord does not support multipart requests (file uploads)'),
      );
    }
    let body: unknown;
    try {
      body = await readJson(req);
    } catch {
      return reply(res, apiError(400, 50109, 'The request body contains invalid JSON.'));
    }
    const route = matched?.route.template ?? path;
    calls.push({ method, route, path, body, at: now() });
    waiters.notify();
    const failure = failures.take([`${method} ${route}`, route, `${method} ${path}`, path]);
    if (failure) return replyFailure(res, failure, route);
    if (!matched) return reply(res, apiError(404, 0, '404: Not Found'));
    reply(res, matched.route.handler(world, matched.params, body, url.searchParams));
  }

  return {
    url: `http://127.0.0.1:${port}/api`,
    gatewayUrl,
    token,
    botUser,
    guilds,
    guildId: firstGuild.id,
    channelId: firstChannel.id,
    sent,
    calls,
    get gatewayStats() {
      return gateway.stats;
    },
    get interactionResponses() {
      return world.interactionResponses;
    },
    dispatchMessage(input) {
      const channel = channels.get(input.channelId ?? defaultChannelId);
      if (channel === undefined || channel.type === 1)
        throw new Error(`No guild text channel or thread ${input.channelId} in the fake Discord`);
      if (input.guildId !== undefined && input.guildId !== channel.guild_id) {
        throw new Error(`Channel ${channel.id} belongs to guild ${channel.guild_id}, not ${input.guildId}`);
      }
      const author = createUser(input.author.id, input.author.username, input.author.bot ?? false);
      return dispatchUserMessage(world, channel, author, input);
    },
    dispatchDirectMessage(input) {
      const author = createUser(input.userId, input.username);
      return dispatchUserMessage(world, world.ensureDm(author), author, input);
    },
    dispatchCommand: (input) => dispatchCommand(world, input, defaultChannelId),
    async waitForInteractionResponse(interactionId, timeoutMs = DEFAULT_WAIT_MS) {
      const first = () =>
        world.interactionResponses.find((response) => response.interactionId === interactionId);
      await waiters.wait(
        () => first() !== undefined,
        timeoutMs,
        () => `a response to interaction ${interactionId}`,
      );
      return first() as DiscordInteractionResponse;
    },
    registeredCommands: (guildId) => world.commands.get(commandsKey(botUser.id, guildId)) ?? [],
    dmChannelOf: (userId) => dmByUser.get(userId)?.id,
    failNext(routePattern, failure, times = 1) {
      const pattern = typeof routePattern === 'string' ? normalizePattern(routePattern) : routePattern;
      const matches =
        typeof pattern === 'string'
          ? (candidates: readonly string[]) => candidates.includes(pattern)
          : (candidates: readonly string[]) =>
              candidates.slice(2).some((candidate) => pattern.test(candidate));
      failures.add(matches, failure, times);
    },
    requestReconnect: () => gateway.requestReconnect(),
    waitFor(predicate, timeoutMs = DEFAULT_WAIT_MS) {
      return waiters.wait(predicate, timeoutMs, () => 'a condition on the fake Discord');
    },
    onChange: (listener) => waiters.listen(listener),
    async waitForSent(count, timeoutMs = DEFAULT_WAIT_MS) {
      await waiters.wait(
        () => sent.length >= count,
        timeoutMs,
        () => `${count} sent message(s); got ${sent.length}: ${JSON.stringify(sent.map((m) => m.content))}`,
      );
      return sent;
    },
    async close() {
      waiters.rejectAll('The fake Discord server was closed');
      await gateway.close();
      await closeServer(server);
    },
  };
}
