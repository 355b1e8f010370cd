import type { ErrorCode } from '../errors.js';
import { responseHeaders } from './headers.js';
import { type JsonSchema, type Operation, ref, str } from './schema-parts.js';

const graphQLCodes: readonly ErrorCode[] = [
  'VALIDATION_ERROR',
  'INVALID_PRESET',
  'UNAUTHORIZED',
  'SESSION_LIMIT',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'NOT_ACCEPTABLE',
  'CONFLICT',
  'RATE_LIMIT',
  'INTERNAL_ERROR',
  'APPRAISER_FAILED',
  'STORE_UNAVAILABLE',
  'SERVICE_UNAVAILABLE',
  'PERSISTED_QUERY_NOT_SUPPORTED',
];

/** The component schemas of the GraphQL request and response (the GraphQL-over-HTTP shapes). */
export function graphQLComponentSchemas(): Record<string, JsonSchema> {
  const location = {
    type: 'object',
    properties: { line: { type: 'integer' }, column: { type: 'integer' } },
    required: ['line', 'column'],
  };
  return {
    GraphQLRequest: {
      type: 'object',
      properties: {
        query: str,
        variables: {
          type: ['object', 'null'],
          additionalProperties: true,
          description:
            "The operation's variables by name, as its variable definitions declare them (any JSON values)",
        },
        operationName: { type: ['string', 'null'] },
        extensions: {
          type: ['object', 'null'],
          additionalProperties: true,
          description: 'Protocol extensions (persisted queries are not supported)',
        },
      },
      required: ['query'],
      additionalProperties: false,
    },
    GraphQLResponse: {
      type: 'object',
      properties: {
        data: { type: ['object', 'null'], additionalProperties: true },
        errors: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              message: str,
              locations: { type: 'array', items: location },
              path: { type: 'array', items: { type: ['string', 'integer'] } },
              extensions: {
                type: 'object',
                properties: {
                  code: { enum: [...graphQLCodes] },
                  status: { type: 'integer' },
                  details: {
                    type: 'array',
                    items: {
                      type: 'object',
                      properties: { path: str, message: str },
                      required: ['path', 'message'],
                    },
                  },
                  retry_after: { type: 'integer', minimum: 0 },
                },
                required: ['code', 'status'],
              },
            },
            required: ['message', 'extensions'],
          },
        },
      },
    },
  };
}

const graphQLContent = {
  'application/graphql-response+json': { schema: ref('GraphQLResponse') },
  'application/json': { schema: ref('GraphQLResponse') },
};
const restError = { 'application/json': { schema: ref('Error') } };

function graphQLOperation(method: 'get' | 'post'): Operation {
  const op: Operation = {
    operationId: method === 'get' ? 'graphqlGet' : 'graphqlPost',
    summary:
      method === 'get'
        ? 'GraphQL queries and SSE subscriptions over GET (GraphiQL for browsers); see docs/graphql.md'
        : 'GraphQL queries, mutations and SSE subscriptions; see docs/graphql.md and gateway/schema.graphql',
    tags: ['graphql'],
    // Optional: `health` and introspection need no key, every other operation does (checked inside GraphQL).
    security: [{ bearer: [] }, {}],
    responses: {
      '200': {
        description:
          'A GraphQL response; field errors carry extensions.code. With Accept: text/event-stream, an SSE stream',
        content: { ...graphQLContent, 'text/event-stream': { schema: str } },
      },
      '400': {
        description: 'A syntax or validation error, with Accept: application/graphql-response+json',
        content: graphQLContent,
      },
      '401': {
        description: 'UNAUTHORIZED: a missing or invalid key for a non-public operation',
        content: graphQLContent,
      },
      '405': { description: 'A mutation over GET', content: graphQLContent },
      '406': {
        description:
          'NOT_ACCEPTABLE: Accept allows no GraphQL media type, or a subscription does not accept text/event-stream',
        content: { 'application/json': { schema: ref('GraphQLResponse') } },
      },
      '413': { description: 'Body over the size limit', content: restError },
      '415': { description: 'Content-Type is not application/json', content: restError },
      '429': { description: 'RATE_LIMIT, with Retry-After', content: graphQLContent },
      '503': { description: 'The gateway is shutting down', content: restError },
    },
    'x-graphql': true,
  };
  for (const [status, response] of Object.entries(op.responses)) {
    // Rate-limit fields come with every answer to an admitted caller, and with the refusal of one over the limit.
    const authenticated = status === '200' || status === '429';
    response.headers = responseHeaders({ status: Number(status), authenticated });
  }
  if (method === 'post') {
    op.requestBody = { required: true, content: { 'application/json': { schema: ref('GraphQLRequest') } } };
  } else {
    op.parameters = ['query', 'variables', 'operationName', 'extensions'].map((name) => ({
      name,
      in: 'query',
      required: false,
      schema: str,
    }));
  }
  return op;
}

/** The /graphql path item: a documented non-REST route, marked `x-graphql` (the schema is gateway/schema.graphql). */
export function graphQLPathItem(): Record<string, Operation> {
  return { get: graphQLOperation('get'), post: graphQLOperation('post') };
}
