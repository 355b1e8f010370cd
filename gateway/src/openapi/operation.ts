import { type RouteName, routes } from '@limbic/protocol';
import type { RequestShapeName, ResponseShapeName } from '@limbic/protocol/shapes';
import { type ErrorCode, statusOf } from '../errors.js';
import { ifNoneMatch, responseHeaders } from './headers.js';
import { errorSchema, type Operation, ref } from './schema-parts.js';

const statusText: Record<number, string> = {
  400: 'Invalid request body, query or path',
  401: 'Invalid or missing API key',
  403: 'The plan does not allow it (session quota reached)',
  404: 'Session (or its action, participant or memory) not found, deleted, or owned by another account or environment',
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

/** The parameter names of a route's path (`/v1/persona/:id` → `["id"]`). */
function pathParams(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
}

/** What one REST operation is: its route, its words, its bodies and the errors it may answer. */
export interface OperationSpec {
  /** The route (`@limbic/protocol`'s routes table): the operation id, its method and path. */
  id: RouteName;
  summary: string;
  tag: string;
  /** The shape of the success body; its status is `status` (200 unless given). */
  ok: ResponseShapeName;
  status?: number;
  body?: RequestShapeName;
  /** A second form of the body (`oneOf` the two): a session created from a snapshot instead of a persona. */
  alsoBody?: RequestShapeName;
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

/** The OpenAPI operation object of `spec`: success, 304 where served with an ETag, and every error response. */
export function operation(spec: OperationSpec): Operation {
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
        headers: responseHeaders({
          status,
          authenticated,
          etag,
          aliases: spec.body === 'AppraisalTurn' || spec.body === 'TextTurn',
        }),
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
    ...pathParams(routes[spec.id].path).map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string', maxLength: 128 },
    })),
    ...(spec.query ?? []),
  ];
  if (parameters.length) op.parameters = parameters;
  if (spec.body) {
    const schema = spec.alsoBody ? { oneOf: [ref(spec.body), ref(spec.alsoBody)] } : ref(spec.body);
    op.requestBody = { required: true, content: { 'application/json': { schema } } };
  }
  return op;
}
