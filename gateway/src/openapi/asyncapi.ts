import { type ClientMessageType, clientMessageTypes, routes, sessionSubprotocol } from '@limbic/protocol';
import { wsPathPrefix } from '../ws/index.js';
import type { JsonSchema } from './schema-parts.js';
import { type ServerMessageType, webSocketSchemas } from './ws-messages.js';

/** Where the gateway serves its AsyncAPI document. */
export const asyncApiPath = routes.asyncapi.path;

/** The AsyncAPI 3.0 document of the session WebSocket (the parts this module fills in). */
export interface AsyncApiDocument {
  asyncapi: '3.0.0';
  info: { title: string; version: string; description: string; license: { name: string; url: string } };
  defaultContentType: 'application/json';
  servers: Record<string, unknown>;
  channels: Record<
    string,
    { address: string; messages: Record<string, { $ref: string }>; [key: string]: unknown }
  >;
  operations: Record<string, Record<string, unknown>>;
  components: {
    schemas: Record<string, JsonSchema>;
    messages: Record<string, { name: string; payload: { $ref: string }; [key: string]: unknown }>;
    securitySchemes: Record<string, unknown>;
  };
}

const channel = 'session';
const address = `${wsPathPrefix}{sessionId}`;

interface ClientMessageSpec {
  title: string;
  /** The message the server answers with (or `error`). */
  reply: ServerMessageType;
  examples: Record<string, unknown>[];
}

const clientMessages: Record<ClientMessageType, ClientMessageSpec> = {
  turn: {
    title: 'A text turn: a message (simplified) or an event (full)',
    reply: 'turn_result',
    examples: [
      { type: 'turn', message: 'I got the job!', request_id: 't-1' },
      {
        type: 'turn',
        event: { description: 'A storm knocked the power out', source: 'system' },
        elapsed_seconds: 120,
      },
    ],
  },
  turn_appraisal: {
    title: 'A turn with a pre-computed appraisal',
    reply: 'turn_result',
    examples: [
      {
        type: 'turn_appraisal',
        context: 'The user brought Mika a gift',
        elapsed_seconds: 30,
        appraisal: {
          goal_relevance: 0.8,
          goal_congruence: 0.7,
          expectedness: 0.4,
          controllability: 0.3,
          agency: -0.9,
          norm_compatibility: 0.6,
        },
      },
    ],
  },
  get_state: {
    title: 'Ask for the state snapshot now',
    reply: 'state',
    examples: [{ type: 'get_state', request_id: 's-7' }],
  },
  set_proactive_prefs: {
    title: 'Replace the proactive preferences',
    reply: 'proactive_prefs',
    examples: [
      {
        type: 'set_proactive_prefs',
        preferences: { enabled: true, triggers: { need_deficit: false }, cooldown_hours: 6 },
      },
    ],
  },
  ack_proactive: {
    title: 'Acknowledge a proactive action so it is not delivered again (idempotent; not rate-limited)',
    reply: 'proactive_ack',
    examples: [{ type: 'ack_proactive', action_id: 'act_01m86s3y80qtnf36cehjnh9sft' }],
  },
};

const serverMessages: Record<ServerMessageType, string> = {
  connected: 'The first message of every accepted connection',
  missed_proactive: 'Right after `connected`: the actions nobody has acknowledged yet, oldest first',
  proactive: 'A proactive action that arose while this socket was open (clients deduplicate by action_id)',
  turn_result: 'The result of a `turn` or `turn_appraisal`: the same object as the REST answer',
  state: 'The state snapshot: the reply to `get_state`, or a push after every change with `?events=state`',
  proactive_prefs: 'The reply to `set_proactive_prefs`: the REST answer of PUT …/preferences',
  proactive_ack: 'The reply to `ack_proactive`',
  error:
    'A message failed (with its request_id), or the connection is refused or about to close (then a close code follows)',
};

// Messages the server sends on its own, not only as replies.
const pushes: readonly ServerMessageType[] = ['connected', 'missed_proactive', 'proactive', 'state', 'error'];

const pascal = (type: string) => type.replace(/(^|_)(\w)/g, (_, __, c: string) => c.toUpperCase());
const payloadName = (type: string) => `${pascal(type)}Message`;
const messageRef = (type: string) => ({ $ref: `#/channels/${channel}/messages/${type}` });
const channelRef = { $ref: `#/channels/${channel}` };

/**
 * The `x-websocket` extension of the OpenAPI document: the session WebSocket, which is no HTTP operation (so not in
 * `paths`), pointing at the AsyncAPI document that describes its messages.
 */
export function webSocketExtension(): Record<string, unknown> {
  return {
    [address]: {
      summary: 'The session WebSocket: turns, state snapshots and server-pushed proactive actions',
      description: `Upgrade a GET to a WebSocket (subprotocol ${sessionSubprotocol}, optional), with the key in \`?token=\` or \`Authorization: Bearer\`. Failures arrive as \`error\` messages followed by a close code; a GET without the upgrade answers 426 UPGRADE_REQUIRED with \`Upgrade: websocket\`. The messages are described by the AsyncAPI 3.0 document at ${asyncApiPath} (channel \`${channel}\`) and by docs/protocol.md.`,
      asyncapi: asyncApiPath,
      channel,
      subprotocol: sessionSubprotocol,
    },
  };
}

/**
 * Builds the AsyncAPI 3.0 document of `/v1/ws/{sessionId}`: one channel, the gateway's operations (it receives the
 * client's messages and replies, and sends pushes), and every message's JSON Schema, built from the same component
 * schemas as the OpenAPI document.
 */
export function createAsyncApiDocument(version: string): AsyncApiDocument {
  const { client, server, components } = webSocketSchemas();
  const types = [...clientMessageTypes, ...(Object.keys(serverMessages) as ServerMessageType[])];
  const messages: AsyncApiDocument['components']['messages'] = {};
  for (const type of clientMessageTypes) {
    const { title, examples } = clientMessages[type];
    messages[type] = {
      name: type,
      title,
      payload: { $ref: `#/components/schemas/${payloadName(type)}` },
      examples: examples.map((payload) => ({ payload })),
    };
  }
  for (const type of Object.keys(serverMessages) as ServerMessageType[]) {
    messages[type] = {
      name: type,
      title: serverMessages[type],
      payload: { $ref: `#/components/schemas/${payloadName(type)}` },
    };
  }
  const operations: AsyncApiDocument['operations'] = {};
  for (const type of clientMessageTypes) {
    operations[`receive${pascal(type)}`] = {
      action: 'receive',
      channel: channelRef,
      summary: clientMessages[type].title,
      messages: [messageRef(type)],
      reply: { channel: channelRef, messages: [messageRef(clientMessages[type].reply), messageRef('error')] },
    };
  }
  for (const type of pushes) {
    operations[`send${pascal(type)}`] = {
      action: 'send',
      channel: channelRef,
      summary: serverMessages[type],
      messages: [messageRef(type)],
    };
  }
  const payloads = Object.fromEntries([
    ...Object.entries(client).map(([type, schema]) => [payloadName(type), schema]),
    ...Object.entries(server).map(([type, schema]) => [payloadName(type), schema]),
  ]);
  const security = [
    { $ref: '#/components/securitySchemes/token' },
    { $ref: '#/components/securitySchemes/bearer' },
  ];
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Limbic session WebSocket',
      version,
      description: `One WebSocket per session at ${address}: everything the REST turn endpoints do, plus state snapshots and server-pushed proactive actions. Every message is one JSON text frame with a \`type\`; a client message may carry \`request_id\`, which its reply echoes. The operations are the gateway's: it receives the client's messages (each with its reply) and sends pushes. Close codes, limits, ordering and delivery guarantees: docs/protocol.md. The REST interface: /v1/openapi.json.`,
      license: { name: 'MIT', url: 'https://spdx.org/licenses/MIT.html' },
    },
    defaultContentType: 'application/json',
    servers: {
      production: {
        host: '{host}',
        protocol: 'wss',
        description: 'A gateway behind its TLS-terminating proxy',
        variables: { host: { default: 'localhost:8787', description: 'host[:port] of the proxy' } },
        security,
      },
      development: {
        host: 'localhost:8787',
        protocol: 'ws',
        description: 'A gateway on this machine (plain WebSocket, no TLS)',
        security,
      },
    },
    channels: {
      [channel]: {
        address,
        title: 'Session socket',
        description:
          'The socket of one session; a session of another account, an unknown id and a deleted session all get NOT_FOUND and close 4404.',
        parameters: { sessionId: { description: 'The session id (ses_…), as POST /v1/persona returned it' } },
        messages: Object.fromEntries(types.map((type) => [type, { $ref: `#/components/messages/${type}` }])),
        bindings: {
          ws: {
            method: 'GET',
            query: {
              type: 'object',
              properties: {
                token: {
                  type: 'string',
                  description:
                    'The API key (svc_live_… or svc_test_…); non-browser clients may send Authorization: Bearer instead',
                },
                events: {
                  type: 'string',
                  description:
                    '`state` (an extension): also push a `state` snapshot after every change of the session',
                },
              },
              additionalProperties: true,
            },
            headers: {
              type: 'object',
              properties: {
                Authorization: { type: 'string', description: '`Bearer <API_KEY>`, instead of `?token=`' },
                'Sec-WebSocket-Protocol': {
                  type: 'string',
                  description: `Optional: offer ${sessionSubprotocol}, which the server then selects; a handshake offering only other subprotocols gets none, and fails`,
                },
                Origin: {
                  type: 'string',
                  description:
                    "Browsers' pages: the gateway's own origin or one of LIMBIC_CORS_ORIGINS, else 403 ORIGIN_NOT_ALLOWED",
                },
              },
              additionalProperties: true,
            },
            bindingVersion: '0.1.0',
          },
        },
      },
    },
    operations,
    components: {
      schemas: { ...payloads, ...components },
      messages,
      securitySchemes: {
        token: {
          type: 'httpApiKey',
          name: 'token',
          in: 'query',
          description: 'The API key in the query: browsers cannot set headers on a WebSocket',
        },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key: svc_live_… (production) or svc_test_… (sandbox)',
        },
      },
    },
  };
}
