import {
  type ClientMessageType,
  deprecatedAliases,
  maxRequestIdLength,
  type ServerMessage,
} from '@limbic/protocol';
import type { ErrorCode } from '../errors.js';
import { componentSchemas, errorSchema, type JsonSchema, list, obj, ref } from './schema-parts.js';

/** A message type the server sends. */
export type ServerMessageType = ServerMessage['type'];

/** The codes an `error` message carries (docs/protocol.md, Errors): REST's, less those no socket message can hit. */
export const webSocketErrorCodes = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMIT',
  'INTERNAL_ERROR',
  'APPRAISER_FAILED',
  'STORE_UNAVAILABLE',
  'SERVICE_UNAVAILABLE',
] as const satisfies readonly ErrorCode[];

/** The payload schemas of the socket's messages, by message type, and the component schemas they refer to. */
export interface WebSocketSchemas {
  /** Client → server payloads. */
  client: Record<ClientMessageType, JsonSchema>;
  /** Server → client payloads. */
  server: Record<ServerMessageType, JsonSchema>;
  /** The REST component schemas the payloads refer to (`#/components/schemas/…`), plus the socket's action shape. */
  components: Record<string, JsonSchema>;
}

const requestId: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: maxRequestIdLength,
  description: 'Echoed by the reply to this message (correlation only: retries are not deduplicated)',
};
const replyId: JsonSchema = { ...requestId, description: 'The `request_id` of the message this replies to' };

type Properties = Record<string, JsonSchema>;
const propertiesOf = (schema: JsonSchema | undefined) => (schema?.properties ?? {}) as Properties;
const requiredOf = (schema: JsonSchema | undefined) => (schema?.required ?? []) as string[];

/** A message: `type` first, then `fields`, all required except `optional`. */
function message(type: string, fields: Properties, optional: readonly string[] = []): JsonSchema {
  return obj({ type: { const: type }, ...fields }, optional);
}

/** A reply: `data` and the echoed `request_id` (absent when the request had none, and on pushes). */
function reply(type: string, data: JsonSchema): JsonSchema {
  return message(type, { data, request_id: replyId }, ['request_id']);
}

// The socket spells the REST body's fields in snake_case and takes the session from the URL (ws/protocol.ts); each
// wire accepts the other's spelling as a deprecated alias, so the REST alias is the socket's name and vice versa.
const bodyNames: Record<string, string> = Object.fromEntries(
  Object.entries(deprecatedAliases.socket).flatMap(([alias, name]) => [
    [alias, name],
    [name, alias],
  ]),
);

/** A client message built from a REST request body: no `sessionId`, snake_case names, an optional request_id. */
function fromRestBody(type: ClientMessageType, body: JsonSchema | undefined, title?: string): JsonSchema {
  const fields: Properties = {};
  const optional = ['request_id'];
  for (const [key, schema] of Object.entries(propertiesOf(body))) {
    if (key === 'sessionId') continue;
    const name = bodyNames[key] ?? key;
    fields[name] = schema;
    if (!requiredOf(body).includes(key)) optional.push(name);
  }
  const out = message(type, { ...fields, request_id: requestId }, optional);
  return title ? { title, ...out } : out;
}

/**
 * Builds the payload schemas of every WebSocket message from the OpenAPI document's own schemas: the turn messages
 * from the REST request bodies, the replies around the response shapes (TurnResult, StateSnapshot, the socket's
 * WireProactiveAction, …), and `error` from the error body: all generated from `@limbic/protocol/shapes`.
 */
export function webSocketSchemas(): WebSocketSchemas {
  const rest = componentSchemas({ socket: true });
  const textForms = (rest.TextTurn?.oneOf ?? []) as JsonSchema[];
  const [simplified, full] = textForms.map((form, i) =>
    fromRestBody('turn', form, i === 0 ? 'Simplified turn: a message' : 'Full turn: an event'),
  );
  const { status: _, ...errorFields } = propertiesOf(propertiesOf(errorSchema(webSocketErrorCodes)).error);
  const client: Record<ClientMessageType, JsonSchema> = {
    turn: { description: 'Exactly one of `message` and `event`', oneOf: [simplified, full] },
    turn_appraisal: fromRestBody('turn_appraisal', rest.AppraisalTurn),
    get_state: message('get_state', { request_id: requestId }, ['request_id']),
    set_proactive_prefs: fromRestBody('set_proactive_prefs', obj({ preferences: ref('PreferencesInput') })),
    // The REST ack also takes `id` (AckRequest's second form); the WebSocket message has `action_id` only.
    ack_proactive: fromRestBody('ack_proactive', (rest.AckRequest?.anyOf as JsonSchema[] | undefined)?.[0]),
  };
  const server: Record<ServerMessageType, JsonSchema> = {
    connected: message('connected', { session_id: { type: 'string', minLength: 1 } }),
    missed_proactive: message('missed_proactive', {
      data: {
        ...list(ref('WireProactiveAction')),
        minItems: 1,
        description: 'Unacknowledged actions, oldest first',
      },
    }),
    proactive: message('proactive', { data: ref('WireProactiveAction') }),
    turn_result: reply('turn_result', ref('TurnResult')),
    state: reply('state', ref('StateSnapshot')),
    proactive_prefs: reply('proactive_prefs', ref('PreferencesResult')),
    proactive_ack: reply('proactive_ack', ref('Acknowledged')),
    error: message('error', { ...errorFields, request_id: replyId }, [
      'request_id',
      'details',
      'retry_after',
    ]),
  };
  return {
    client,
    server,
    components: referencedFrom([...Object.values(client), ...Object.values(server)], rest),
  };
}

/** The component schemas that `roots` refer to, directly or through each other, in `all`'s order. */
function referencedFrom(
  roots: readonly JsonSchema[],
  all: Record<string, JsonSchema>,
): Record<string, JsonSchema> {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const name = value.replace('#/components/schemas/', '');
        if (names.has(name)) continue;
        names.add(name);
        visit(all[name]);
      } else visit(value);
    }
  };
  visit(roots);
  return Object.fromEntries(Object.entries(all).filter(([name]) => names.has(name)));
}
