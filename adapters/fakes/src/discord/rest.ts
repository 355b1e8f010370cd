import { createMessage, createUser, mentionsIn } from './payloads.js';
import type { DiscordMessage } from './types.js';
import type { DiscordWorld } from './world.js';

/** What a route handler answers: a status, a JSON body (none for 204), and work to do once it was sent. */
export interface RestResult {
  status: number;
  body?: unknown;
  after?: () => void;
}

type Handler = (world: DiscordWorld, params: Record<string, string>, body: unknown) => RestResult;

/** A REST route of the fake; `template` is what `failNext` patterns and the call log use. */
export interface Route {
  method: string;
  template: string;
  /** False only for `GET /gateway`, which Discord serves without a token. */
  auth: boolean;
  handler: Handler;
}

const MAX_CONTENT_LENGTH = 2000;

/** A Discord JSON error body. */
export function apiError(status: number, code: number, message: string, errors?: unknown): RestResult {
  return { status, body: errors === undefined ? { message, code } : { message, code, errors } };
}

const unknownChannel = (): RestResult => apiError(404, 10003, 'Unknown Channel');

function formError(field: string, code: string, message: string): RestResult {
  return apiError(400, 50035, 'Invalid Form Body', { [field]: { _errors: [{ code, message }] } });
}

function record(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

function sendMessage(world: DiscordWorld, channelId: string, raw: unknown): RestResult {
  const channel = world.channels.get(channelId);
  if (!channel) return unknownChannel();
  const body = record(raw);
  const content = typeof body.content === 'string' ? body.content : '';
  const hasOther = ['embeds', 'sticker_ids', 'components'].some((key) => {
    const value = body[key];
    return Array.isArray(value) && value.length > 0;
  });
  if (content === '' && !hasOther) return apiError(400, 50006, 'Cannot send an empty message');
  if (content.length > MAX_CONTENT_LENGTH) {
    return formError('content', 'BASE_TYPE_MAX_LENGTH', `Must be ${MAX_CONTENT_LENGTH} or fewer in length.`);
  }
  const at = world.now();
  const message = createMessage({
    id: world.snowflake(at),
    channel_id: channelId,
    author: world.bot,
    content,
    timestamp: new Date(at).toISOString(),
    mentions: mentionsIn(content, (id) => world.users.get(id)),
    tts: body.tts === true,
    embeds: Array.isArray(body.embeds) ? body.embeds : [],
  });
  if (channel.type === 0) message.guild_id = channel.guild_id;
  if (typeof body.nonce === 'string' || typeof body.nonce === 'number') message.nonce = body.nonce;
  const reference = record(body.message_reference);
  if (typeof reference.message_id === 'string') {
    const referenced = world.messages.get(reference.message_id);
    if (!referenced && reference.fail_if_not_exists !== false) {
      return formError('message_reference', 'MESSAGE_REFERENCE_UNKNOWN_MESSAGE', 'Unknown message');
    }
    message.type = 19;
    message.message_reference = { type: 0, message_id: reference.message_id, channel_id: channelId };
    if (message.guild_id !== undefined) message.message_reference.guild_id = message.guild_id;
    message.referenced_message = referenced ?? null;
  }
  world.messages.set(message.id, message);
  channel.last_message_id = message.id;
  world.sent.push({ ...body, id: message.id, channel_id: channelId, content, at });
  world.notify();
  return { status: 200, body: message, after: () => world.announce(message) };
}

function saveCommands(
  world: DiscordWorld,
  params: Record<string, string>,
  raw: unknown,
  replace: boolean,
): RestResult {
  const key = `${params.app}:${params.guild ?? 'global'}`;
  const incoming = (replace ? (Array.isArray(raw) ? raw : []) : [raw]).map(record);
  const saved = incoming.map(
    (command): Record<string, unknown> => ({
      type: 1,
      default_member_permissions: null,
      nsfw: false,
      ...command,
      id: world.snowflake(),
      application_id: params.app,
      version: world.snowflake(),
      ...(params.guild === undefined ? {} : { guild_id: params.guild }),
    }),
  );
  const kept = replace ? [] : (world.commands.get(key) ?? []).filter((c) => c.name !== saved[0]?.name);
  world.commands.set(key, [...kept, ...saved]);
  return { status: replace ? 200 : 201, body: replace ? saved : saved[0] };
}

/** The REST routes, most specific first. */
export const routes: Route[] = [
  {
    method: 'GET',
    template: '/gateway',
    auth: false,
    handler: (world) => ({ status: 200, body: { url: world.gatewayUrl } }),
  },
  {
    method: 'GET',
    template: '/gateway/bot',
    auth: true,
    handler: (world) => ({
      status: 200,
      body: {
        url: world.gatewayUrl,
        shards: 1,
        session_start_limit: { total: 1000, remaining: 999, reset_after: 14_400_000, max_concurrency: 1 },
      },
    }),
  },
  {
    method: 'GET',
    template: '/users/@me',
    auth: true,
    handler: (world) => ({ status: 200, body: world.bot }),
  },
  {
    method: 'POST',
    template: '/users/@me/channels',
    auth: true,
    handler: (world, _params, raw) => {
      const recipientId = record(raw).recipient_id;
      if (typeof recipientId !== 'string') return formError('recipient_id', 'BASE_TYPE_REQUIRED', 'Required');
      // Lenient: Discord only lets a bot DM users it shares a guild with.
      const user = world.users.get(recipientId) ?? createUser(recipientId, `user-${recipientId}`);
      world.users.set(user.id, user);
      return { status: 200, body: world.ensureDm(user) };
    },
  },
  {
    method: 'GET',
    template: '/users/:id',
    auth: true,
    handler: (world, params) => {
      const user = world.users.get(params.id ?? '');
      return user ? { status: 200, body: user } : apiError(404, 10013, 'Unknown User');
    },
  },
  {
    method: 'GET',
    template: '/channels/:id',
    auth: true,
    handler: (world, params) => {
      const channel = world.channels.get(params.id ?? '');
      return channel ? { status: 200, body: channel } : unknownChannel();
    },
  },
  {
    method: 'POST',
    template: '/channels/:id/messages',
    auth: true,
    handler: (world, params, body) => sendMessage(world, params.id ?? '', body),
  },
  {
    method: 'GET',
    template: '/channels/:id/messages/:message',
    auth: true,
    handler: (world, params) => {
      const message: DiscordMessage | undefined = world.messages.get(params.message ?? '');
      return message && message.channel_id === params.id
        ? { status: 200, body: message }
        : apiError(404, 10008, 'Unknown Message');
    },
  },
  {
    method: 'POST',
    template: '/channels/:id/typing',
    auth: true,
    handler: (world, params) => (world.channels.has(params.id ?? '') ? { status: 204 } : unknownChannel()),
  },
  {
    method: 'GET',
    template: '/applications/@me',
    auth: true,
    handler: (world) => ({
      status: 200,
      body: { id: world.bot.id, name: world.bot.username, description: '', bot: world.bot, flags: 0 },
    }),
  },
  ...(['/applications/:app/commands', '/applications/:app/guilds/:guild/commands'] as const).flatMap(
    (template): Route[] => [
      {
        method: 'GET',
        template,
        auth: true,
        handler: (world, params) => ({
          status: 200,
          body: world.commands.get(`${params.app}:${params.guild ?? 'global'}`) ?? [],
        }),
      },
      {
        method: 'PUT',
        template,
        auth: true,
        handler: (world, params, raw) => saveCommands(world, params, raw, true),
      },
      {
        method: 'POST',
        template,
        auth: true,
        handler: (world, params, raw) => saveCommands(world, params, raw, false),
      },
    ],
  ),
];

const compiled = routes.map((route) => ({
  route,
  pattern: new RegExp(`^${route.template.replace(/:(\w+)/g, '(?<$1>[^/]+)')}$`),
}));

/** Finds the route for a request and its path parameters. */
export function matchRoute(
  method: string,
  path: string,
): { route: Route; params: Record<string, string> } | undefined {
  for (const { route, pattern } of compiled) {
    if (route.method !== method) continue;
    const match = pattern.exec(path);
    if (match) return { route, params: { ...match.groups } };
  }
  return undefined;
}
