import { commandRoutes } from './application-commands.js';
import { interactionRoutes } from './interaction-routes.js';
import { createMessage, createUser, makeReply, mentionsIn } from './payloads.js';
import { apiError, formError, MAX_CONTENT_LENGTH, type RestResult, type Route, record } from './route.js';
import type { DiscordMessage } from './types.js';
import type { DiscordWorld } from './world.js';

const unknownChannel = (): RestResult => apiError(404, 10003, 'Unknown Channel');

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
  if (channel.type !== 1) message.guild_id = channel.guild_id;
  if (typeof body.nonce === 'string' || typeof body.nonce === 'number') message.nonce = body.nonce;
  const reference = record(body.message_reference);
  if (typeof reference.message_id === 'string') {
    const referenced = world.messages.get(reference.message_id);
    if (!referenced && reference.fail_if_not_exists !== false) {
      return formError('message_reference', 'MESSAGE_REFERENCE_UNKNOWN_MESSAGE', 'Unknown message');
    }
    // Without allowed_mentions a reply pings its author; with it, only if replied_user is true.
    const mentions = body.allowed_mentions;
    if (referenced)
      makeReply(message, referenced, mentions === undefined || record(mentions).replied_user === true);
  }
  world.messages.set(message.id, message);
  channel.last_message_id = message.id;
  world.sent.push({ ...body, id: message.id, channel_id: channelId, content, at });
  world.notify();
  return { status: 200, body: message, after: () => world.announce(message) };
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
  ...commandRoutes,
  ...interactionRoutes,
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
    if (!match) continue;
    // Clients may percent-encode path segments, such as `%40original` for `@original`.
    const params = Object.entries(match.groups ?? {}).map(([key, value]) => [key, decodeURIComponent(value)]);
    return { route, params: Object.fromEntries(params) };
  }
  return undefined;
}
