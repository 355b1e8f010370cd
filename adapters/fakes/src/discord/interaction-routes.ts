import { createResponseMessage, EPHEMERAL, LOADING } from './interactions.js';
import { apiError, formError, MAX_CONTENT_LENGTH, type RestResult, type Route, record } from './route.js';
import type { DiscordInteractionResponse, DiscordMessage } from './types.js';
import type { DiscordWorld, InteractionState } from './world.js';

// Interaction callback types (Discord API, Receiving and Responding).
const CHANNEL_MESSAGE_WITH_SOURCE = 4;
const DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE = 5;
const CALLBACK_TYPES = new Set([1, 4, 5, 6, 7, 8, 9, 10, 12]);

const unknownInteraction = (): RestResult => apiError(404, 10062, 'Unknown interaction');
const unknownWebhook = (): RestResult => apiError(404, 10015, 'Unknown Webhook');
const unknownMessage = (): RestResult => apiError(404, 10008, 'Unknown Message');

function respond(
  world: DiscordWorld,
  interaction: InteractionState,
  kind: DiscordInteractionResponse['kind'],
  type: number | null,
  data: Record<string, unknown>,
  message: DiscordMessage | undefined,
): void {
  world.interactionResponses.push({
    interactionId: interaction.id,
    kind,
    type,
    content: typeof data.content === 'string' ? data.content : '',
    flags: typeof data.flags === 'number' ? data.flags : 0,
    messageId: message?.id,
    at: world.now(),
    data,
  });
  world.notify();
}

function invalidContent(data: Record<string, unknown>, field: string): RestResult | undefined {
  if (typeof data.content === 'string' && data.content.length > MAX_CONTENT_LENGTH) {
    return formError(field, 'BASE_TYPE_MAX_LENGTH', `Must be ${MAX_CONTENT_LENGTH} or fewer in length.`);
  }
  return undefined;
}

// A new message needs content, embeds, components or a poll, as on POST /channels/:id/messages.
function isEmpty(data: Record<string, unknown>): boolean {
  const filled = (key: string): boolean => Array.isArray(data[key]) && (data[key] as unknown[]).length > 0;
  return (
    !(typeof data.content === 'string' && data.content !== '') &&
    !['embeds', 'components'].some(filled) &&
    !data.poll
  );
}

const emptyMessage = (): RestResult => apiError(400, 50006, 'Cannot send an empty message');

// Ephemeral messages reach only the invoking user: no gateway event, and no channel route finds them.
function publish(world: DiscordWorld, interaction: InteractionState, message: DiscordMessage): void {
  interaction.messages.set(message.id, message);
  if ((message.flags & EPHEMERAL) === 0) world.messages.set(message.id, message);
}

/** The gateway event to send once the response went out, unless the message is ephemeral. */
function unlessEphemeral(
  message: DiscordMessage | undefined,
  event: (message: DiscordMessage) => void,
): Pick<RestResult, 'after'> {
  return message && (message.flags & EPHEMERAL) === 0 ? { after: () => event(message) } : {};
}

function callback(
  world: DiscordWorld,
  params: Record<string, string>,
  raw: unknown,
  query: URLSearchParams,
): RestResult {
  const interaction = world.interactions.get(params.id ?? '');
  if (!interaction || interaction.token !== params.token) return unknownInteraction();
  if (interaction.acknowledged) return apiError(400, 40060, 'Interaction has already been acknowledged.');
  const body = record(raw);
  const type = body.type;
  if (typeof type !== 'number' || !CALLBACK_TYPES.has(type)) {
    return formError('type', 'BASE_TYPE_CHOICES', 'Value must be one of {1, 4, 5, 6, 7, 8, 9, 10, 12}.');
  }
  const data = record(body.data);
  const invalid = invalidContent(data, 'data.content');
  if (invalid) return invalid;
  if (type === CHANNEL_MESSAGE_WITH_SOURCE && isEmpty(data)) return emptyMessage();
  let message: DiscordMessage | undefined;
  if (type === CHANNEL_MESSAGE_WITH_SOURCE || type === DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE) {
    // A deferral shows "is thinking…": a placeholder message with the LOADING flag, edited later.
    const ephemeral = typeof data.flags === 'number' ? data.flags & EPHEMERAL : 0;
    const messageData = type === DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE ? { flags: ephemeral | LOADING } : data;
    message = createResponseMessage(world, interaction, messageData, false);
    interaction.originalMessageId = message.id;
    publish(world, interaction, message);
  }
  interaction.acknowledged = true;
  respond(world, interaction, 'callback', type, data, message);
  const announce = unlessEphemeral(message, (created) => world.announce(created));
  if (query.get('with_response') !== 'true') return { status: 204, ...announce };
  // discord.js asks for this with `withResponse: true`: the interaction callback response object.
  const response = {
    interaction: {
      id: interaction.id,
      type: 2,
      response_message_id: message?.id,
      response_message_loading: message ? (message.flags & LOADING) !== 0 : undefined,
      response_message_ephemeral: message ? (message.flags & EPHEMERAL) !== 0 : undefined,
    },
    resource: message ? { type, message } : { type },
  };
  return { status: 200, body: response, ...announce };
}

function interactionOf(world: DiscordWorld, params: Record<string, string>): InteractionState | undefined {
  for (const interaction of world.interactions.values()) {
    if (interaction.token === params.token && interaction.applicationId === params.app) return interaction;
  }
  return undefined;
}

/**
 * The interaction and the response message a webhook message route names (`:message`, or `@original`), or the
 * error Discord answers: Unknown Webhook for a wrong token, Unknown Message for a message it does not have.
 */
function webhookMessage(
  world: DiscordWorld,
  params: Record<string, string>,
): { interaction: InteractionState; message: DiscordMessage } | { error: RestResult } {
  const interaction = interactionOf(world, params);
  if (!interaction) return { error: unknownWebhook() };
  const messageId = params.message === '@original' ? interaction.originalMessageId : params.message;
  const message = messageId === undefined ? undefined : interaction.messages.get(messageId);
  return message ? { interaction, message } : { error: unknownMessage() };
}

function followUp(
  world: DiscordWorld,
  params: Record<string, string>,
  raw: unknown,
  query: URLSearchParams,
): RestResult {
  const interaction = interactionOf(world, params);
  if (!interaction?.acknowledged) return unknownWebhook();
  const data = record(raw);
  const invalid = invalidContent(data, 'content');
  if (invalid) return invalid;
  if (isEmpty(data)) return emptyMessage();
  const message = createResponseMessage(world, interaction, data, true);
  publish(world, interaction, message);
  respond(world, interaction, 'followup', null, data, message);
  const reply = query.get('wait') === 'true' ? { status: 200, body: message } : { status: 204 };
  return { ...reply, ...unlessEphemeral(message, (created) => world.announce(created)) };
}

function editMessage(world: DiscordWorld, params: Record<string, string>, raw: unknown): RestResult {
  const found = webhookMessage(world, params);
  if ('error' in found) return found.error;
  const { interaction, message } = found;
  const data = record(raw);
  const invalid = invalidContent(data, 'content');
  if (invalid) return invalid;
  const wasLoading = (message.flags & LOADING) !== 0;
  if (typeof data.content === 'string') message.content = data.content;
  if (Array.isArray(data.embeds)) message.embeds = data.embeds;
  // Editing a deferral's placeholder delivers the answer; ephemerality was fixed by the callback.
  message.flags &= ~LOADING;
  if (!wasLoading) message.edited_timestamp = new Date(world.now()).toISOString();
  respond(world, interaction, 'edit', null, data, message);
  return {
    status: 200,
    body: message,
    ...unlessEphemeral(message, (edited) => world.dispatch('MESSAGE_UPDATE', edited)),
  };
}

/**
 * The interaction routes, which Discord serves without the bot token (the interaction token authenticates):
 * the initial callback, follow-ups, and the original response and follow-ups by id (`@original`).
 */
export const interactionRoutes: Route[] = [
  { method: 'POST', template: '/interactions/:id/:token/callback', auth: false, handler: callback },
  { method: 'POST', template: '/webhooks/:app/:token', auth: false, handler: followUp },
  {
    method: 'GET',
    template: '/webhooks/:app/:token/messages/:message',
    auth: false,
    handler: (world, params) => {
      const found = webhookMessage(world, params);
      return 'error' in found ? found.error : { status: 200, body: found.message };
    },
  },
  { method: 'PATCH', template: '/webhooks/:app/:token/messages/:message', auth: false, handler: editMessage },
  {
    method: 'DELETE',
    template: '/webhooks/:app/:token/messages/:message',
    auth: false,
    handler: (world, params) => {
      const found = webhookMessage(world, params);
      if ('error' in found) return found.error;
      const { interaction, message } = found;
      interaction.messages.delete(message.id);
      world.messages.delete(message.id);
      const gone = { id: message.id, channel_id: message.channel_id, guild_id: message.guild_id };
      return { status: 204, ...unlessEphemeral(message, () => world.dispatch('MESSAGE_DELETE', gone)) };
    },
  },
];
