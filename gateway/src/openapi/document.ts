import { defaultPageSize, maxPageSize } from '@limbic/core';
import { type ErrorCode, statusOf } from '../errors.js';
import { asyncApiPath, webSocketExtension } from './asyncapi.js';
import { graphQLComponentSchemas, graphQLPathItem } from './graphql.js';
import { ifNoneMatch, responseHeaders } from './headers.js';
import { componentSchemas, errorSchema, int, type JsonSchema, ref, str } from './schemas.js';

/** The OpenAPI 3.1 document of the gateway's REST interface (the parts this module fills in). */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: {
    title: string;
    version: string;
    description: string;
    license: { name: string; identifier: string };
  };
  servers: { url: string; description: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  /** The WebSocket endpoints, which are not HTTP operations: each points at the AsyncAPI document. */
  'x-websocket': Record<string, unknown>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, unknown>;
  };
}

/** One operation of the document. */
export interface Operation {
  operationId: string;
  summary: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: unknown[];
  requestBody?: { required: true; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, { description: string; headers?: unknown; content?: unknown }>;
  /** The GraphQL endpoint: documented here, described by its schema (gateway/schema.graphql). */
  'x-graphql'?: true;
}

const statusText: Record<number, string> = {
  400: 'Invalid request body, query or path',
  401: 'Invalid or missing API key',
  403: 'The plan does not allow it (session quota reached)',
  404: 'Session (or its action or participant) not found, deleted, or owned by another account or environment',
  409: 'The session was changed concurrently; retry',
  413: 'Body over the size limit',
  415: 'Content-Type is not application/json',
  429: 'Too many requests for this key',
  500: 'Internal error',
  502: 'The LLM failed with no fallback (a text turn falls back to the offline reader; a persona written from a description has none)',
  503: 'The store is unavailable or the gateway is shutting down',
};

function errorResponses(codes: readonly ErrorCode[], authenticated: boolean): Operation['responses'] {
  const out: Operation['responses'] = {};
  for (const status of [...new Set(codes.map((code) => statusOf(code)))].sort((a, b) => a - b)) {
    const these = codes.filter((code) => statusOf(code) === status);
    out[String(status)] = {
      description: statusText[status] ?? these.join(', '),
      headers: responseHeaders({ status, authenticated }),
      content: { 'application/json': { schema: errorSchema(these) } },
    };
  }
  return out;
}

interface OperationSpec {
  id: string;
  summary: string;
  tag: string;
  /** The schema name of the success body; its status is `status` (200 unless given). */
  ok: string;
  status?: number;
  body?: string;
  params?: readonly string[];
  query?: unknown[];
  errors?: readonly ErrorCode[];
  public?: boolean;
  /** Served with an ETag: documents If-None-Match and the 304 answer. */
  etag?: boolean;
}

const authErrors: readonly ErrorCode[] = [
  'UNAUTHORIZED',
  'RATE_LIMIT',
  'INTERNAL_ERROR',
  'STORE_UNAVAILABLE',
  'SERVICE_UNAVAILABLE',
];
const bodyErrors: readonly ErrorCode[] = ['VALIDATION_ERROR', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'];

function operation(spec: OperationSpec): Operation {
  const errors = spec.public
    ? (['INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'] as ErrorCode[])
    : [...authErrors, ...(spec.body ? bodyErrors : []), ...(spec.errors ?? [])];
  const authenticated = !spec.public;
  const status = spec.status ?? 200;
  const etag = spec.etag === true;
  const op: Operation = {
    operationId: spec.id,
    summary: spec.summary,
    tags: [spec.tag],
    security: authenticated ? [{ bearer: [] }] : [],
    responses: {
      [String(status)]: {
        description: spec.summary,
        headers: responseHeaders({ status, authenticated, etag }),
        content: { 'application/json': { schema: ref(spec.ok) } },
      },
      ...(etag
        ? {
            '304': {
              description: 'Not modified: the If-None-Match tag is the current one (no body)',
              headers: responseHeaders({ status: 304, authenticated, etag }),
            },
          }
        : {}),
      ...errorResponses([...new Set(errors)], authenticated),
    },
  };
  const parameters = [
    ...(etag ? [ifNoneMatch] : []),
    ...(spec.params ?? []).map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string', maxLength: 128 },
    })),
    ...(spec.query ?? []),
  ];
  if (parameters.length) op.parameters = parameters;
  if (spec.body)
    op.requestBody = { required: true, content: { 'application/json': { schema: ref(spec.body) } } };
  return op;
}

const listQuery = [
  {
    name: 'cursor',
    in: 'query',
    required: false,
    description: 'The `cursor` of the previous page',
    schema: str,
  },
  {
    name: 'limit',
    in: 'query',
    required: false,
    description: `Page size, default ${defaultPageSize}`,
    schema: { ...int, minimum: 1, maximum: maxPageSize, default: defaultPageSize },
  },
];

/**
 * Builds the OpenAPI 3.1 document of every REST route: request bodies generated from the core's zod schemas,
 * response bodies written here, every error response with the error body, and bearer authentication.
 */
export function createOpenApiDocument(version: string): OpenApiDocument {
  const session: readonly ErrorCode[] = ['NOT_FOUND'];
  // Writes to a session are compare-and-set: CONFLICT when they keep losing to another process.
  const write: readonly ErrorCode[] = ['NOT_FOUND', 'CONFLICT'];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Limbic',
      version,
      description:
        'Emotion engine for AI characters. Every route except /v1/health, /v1/openapi.json and /v1/asyncapi.json needs `Authorization: Bearer <API_KEY>`. Every error has the body `{error: {code, status, message, details?, request_id, retry_after?}}`; a method a path does not serve answers 405 METHOD_NOT_ALLOWED with an `Allow` header. See docs/errors.md. GraphQL is served at /graphql (schema: gateway/schema.graphql; docs/graphql.md) with the same keys, rate limits and error codes (in `extensions.code`). The session WebSocket is no HTTP operation: `x-websocket` lists it, and the AsyncAPI 3.0 document at /v1/asyncapi.json describes its messages.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    // Relative: the server that serves the document (behind any proxy); generators resolve paths against it.
    servers: [{ url: '/', description: 'The gateway that serves this document' }],
    tags: [
      { name: 'meta', description: 'Health and the machine-readable descriptions of the interface' },
      { name: 'persona', description: 'Presets and sessions (a session is one character with its state)' },
      { name: 'turn', description: 'Turns and the state snapshot' },
      {
        name: 'proactive',
        description: 'Actions the character takes on its own, its preferences and acknowledgements',
      },
      { name: 'graphql', description: 'The GraphQL endpoint (schema: gateway/schema.graphql)' },
    ],
    paths: {
      '/v1/health': {
        get: operation({ id: 'health', summary: 'Health check', tag: 'meta', ok: 'Health', public: true }),
      },
      '/v1/openapi.json': {
        get: operation({
          id: 'openapi',
          summary: 'This document',
          tag: 'meta',
          ok: 'OpenApi',
          public: true,
          etag: true,
        }),
      },
      [asyncApiPath]: {
        get: operation({
          id: 'asyncapi',
          summary: 'The AsyncAPI 3.0 document of the session WebSocket (x-websocket)',
          tag: 'meta',
          ok: 'AsyncApi',
          public: true,
          etag: true,
        }),
      },
      '/v1/presets': {
        get: operation({
          id: 'listPresets',
          summary: 'List the built-in presets',
          tag: 'persona',
          ok: 'Presets',
          etag: true,
        }),
      },
      '/v1/persona': {
        post: operation({
          id: 'createSession',
          summary: 'Create a session',
          tag: 'persona',
          ok: 'SessionInfo',
          status: 201,
          body: 'PersonaDefinition',
          errors: ['INVALID_PRESET', 'SESSION_LIMIT', 'APPRAISER_FAILED'],
        }),
        get: operation({
          id: 'listSessions',
          summary: 'List sessions, oldest first',
          tag: 'persona',
          ok: 'SessionPage',
          query: listQuery,
          errors: ['VALIDATION_ERROR'],
        }),
      },
      '/v1/persona/{id}': {
        get: operation({
          id: 'getSession',
          summary: 'Retrieve a session',
          tag: 'persona',
          ok: 'SessionDetails',
          params: ['id'],
          errors: session,
        }),
        delete: operation({
          id: 'deleteSession',
          summary: 'Delete a session and all its state',
          tag: 'persona',
          ok: 'Deleted',
          params: ['id'],
          errors: session,
        }),
      },
      '/v1/persona/{id}/participants': {
        get: operation({
          id: 'listParticipants',
          summary: 'List the participants of a group session, in id order, with the relationship with each',
          tag: 'persona',
          ok: 'ParticipantPage',
          params: ['id'],
          query: listQuery,
          errors: ['VALIDATION_ERROR', ...session],
        }),
      },
      '/v1/persona/{id}/participants/{participantId}': {
        delete: operation({
          id: 'forgetParticipant',
          summary: 'Forget a participant: the relationship and everything the session holds about them',
          tag: 'persona',
          ok: 'Forgotten',
          params: ['id', 'participantId'],
          errors: ['VALIDATION_ERROR', ...write],
        }),
      },
      '/v1/turn/appraisal': {
        post: operation({
          id: 'appraisalTurn',
          summary: 'Process a turn with an appraisal vector',
          tag: 'turn',
          ok: 'TurnResult',
          body: 'AppraisalTurn',
          errors: write,
        }),
      },
      '/v1/turn': {
        post: operation({
          id: 'textTurn',
          summary: 'Process a text turn (message or event)',
          tag: 'turn',
          ok: 'TurnResult',
          body: 'TextTurn',
          errors: [...write, 'APPRAISER_FAILED'],
        }),
      },
      '/v1/state/{sessionId}': {
        get: operation({
          id: 'getState',
          summary: 'The state snapshot now',
          tag: 'turn',
          ok: 'StateSnapshot',
          params: ['sessionId'],
          errors: session,
        }),
      },
      '/v1/proactive/{sessionId}': {
        get: operation({
          id: 'pendingActions',
          summary: 'Pending proactive actions, oldest first',
          tag: 'proactive',
          ok: 'ProactiveActions',
          params: ['sessionId'],
          errors: write,
        }),
      },
      '/v1/proactive/{sessionId}/preferences': {
        put: operation({
          id: 'setPreferences',
          summary: 'Replace the proactive preferences',
          tag: 'proactive',
          ok: 'PreferencesResult',
          params: ['sessionId'],
          body: 'PreferencesInput',
          errors: write,
        }),
      },
      '/v1/proactive/{sessionId}/ack': {
        post: operation({
          id: 'acknowledgeAction',
          summary: 'Acknowledge a proactive action (idempotent)',
          tag: 'proactive',
          ok: 'Acknowledged',
          params: ['sessionId'],
          body: 'AckRequest',
          errors: write,
        }),
      },
      '/graphql': graphQLPathItem(),
    },
    'x-websocket': webSocketExtension(),
    components: {
      schemas: { ...componentSchemas(), ...graphQLComponentSchemas() },
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key: svc_live_… (production) or svc_test_… (sandbox)',
        },
      },
    },
  };
}
