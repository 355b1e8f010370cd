import { webSocketExtension } from './asyncapi.js';
import { graphQLComponentSchemas, graphQLPathItem } from './graphql.js';
import { operations, pathsOf } from './operations.js';
import { componentSchemas, type JsonSchema, type Operation } from './schema-parts.js';

export type { Operation } from './schema-parts.js';

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

/**
 * Builds the OpenAPI 3.1 document of every REST route: request bodies generated from the core's zod schemas,
 * response bodies written here, every error response with the error body, and bearer authentication.
 */
export function createOpenApiDocument(version: string): OpenApiDocument {
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
      {
        name: 'memory',
        description: 'What a character remembers (docs/memory.md): its memories, erasing them, the settings',
      },
      { name: 'turn', description: 'Turns and the state snapshot' },
      {
        name: 'proactive',
        description: 'Actions the character takes on its own, its preferences and acknowledgements',
      },
      {
        name: 'webhooks',
        description:
          'Signed HTTP callbacks of events (docs/webhooks.md): endpoints, secrets, the delivery log',
      },
      { name: 'graphql', description: 'The GraphQL endpoint (schema: gateway/schema.graphql)' },
    ],
    paths: {
      ...pathsOf(operations),
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
