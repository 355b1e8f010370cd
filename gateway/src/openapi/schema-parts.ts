import { defaultPageSize, maxPageSize, sessionOrders } from '@limbic/core';
import type { ErrorCode } from '@limbic/protocol';
import { errorBody, type JsonSchema, jsonSchemasOf } from '@limbic/protocol/shapes';

// The small JSON Schema pieces the documents need around the protocol's generated shapes (parameters, message
// envelopes); every body shape itself comes from `@limbic/protocol/shapes`.
export { componentSchemas, type JsonSchema, ref } from '@limbic/protocol/shapes';

/** A string. */
export const str: JsonSchema = { type: 'string' };
/** An integer. */
export const int: JsonSchema = { type: 'integer' };

/** The query parameters of a cursor-paginated list (sessions, participants, memories, webhooks, deliveries). */
export const pageQuery = [
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
/** The query parameters of the session list: a page, and its order (docs/protocol.md, "Session lists"). */
export const sessionListQuery = [
  ...pageQuery,
  {
    name: 'order',
    in: 'query',
    required: false,
    description:
      '`newest` (latest created first) or `oldest`. Without it: the order of `cursor`, or `newest` on a first page. ' +
      'A cursor of the other order is a VALIDATION_ERROR naming `cursor`.',
    schema: { type: 'string', enum: [...sessionOrders] },
  },
];
/** An array of `items`. */
export const list = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
/** An object with exactly these properties, each required unless named in `optional`. */
export function obj(properties: Record<string, JsonSchema>, optional: readonly string[] = []): JsonSchema {
  const required = Object.keys(properties).filter((key) => !optional.includes(key));
  return { type: 'object', properties, required, additionalProperties: false };
}

/** The error body with `code` restricted to `codes`, generated from the protocol's error shape. */
export function errorSchema(codes: readonly ErrorCode[]): JsonSchema {
  return jsonSchemasOf({ Error: errorBody(codes) }, 'output').Error ?? {};
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
