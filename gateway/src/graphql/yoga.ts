import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createYoga, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import { clientAddress } from '../auth/admit.js';
import type { Principal } from '../auth/authenticator.js';
import { bearerToken } from '../auth/authenticator.js';
import type { GatewayContext } from '../context.js';
import { statusOf } from '../errors.js';
import { acceptPlugin } from './accept.js';
import type { GraphQLContext } from './builder.js';
import { normalizeError } from './errors.js';
import { renderGraphiQLPage, secureGraphiQL } from './graphiql.js';
import { guardPlugin } from './guard.js';
import { armorPlugin, costPlugin } from './limits.js';
import { graphQLSchema } from './schema.js';

/** The path of the GraphQL endpoint (HTTP, SSE and graphql-ws). */
export const graphQLPath = '/graphql';

/** What the Fastify route hands Yoga with each HTTP request. */
export interface HttpServerContext {
  req: FastifyRequest;
  reply: FastifyReply;
}

/** What the graphql-ws server hands Yoga with each operation (the graphql-ws context's `extra`). */
export interface WsExtra {
  /** The key or operator token from connectionParams, checked when the socket connected. */
  token: string | undefined;
  principal: Principal | null;
  /** True when the socket connected with the operator token. */
  operator: boolean;
  ip: string | undefined;
}

/** The Yoga instance of the gateway. */
export type LimbicYoga = YogaServerInstance<HttpServerContext, GraphQLContext>;

/** Gives every validation error Limbic's VALIDATION_ERROR code (Yoga would say GRAPHQL_VALIDATION_FAILED). */
function validationCodePlugin(onInternal: (error: unknown) => void): Plugin {
  return {
    onValidate() {
      return ({ valid, result, setResult }) => {
        if (!valid) setResult(result.map((error) => normalizeError(error, onInternal)));
      };
    },
  };
}

/** Gives the GraphiQL page (Yoga's only HTML answer) its Content-Security-Policy and the other security headers. */
function graphiqlHeadersPlugin(): Plugin {
  return {
    onResponse({ response }) {
      if (response.headers.get('content-type')?.startsWith('text/html')) secureGraphiQL(response.headers);
    },
  };
}

/**
 * Creates the Yoga server of the GraphQL layer: the gateway's schema; the Accept check; graphql-armor's limits and
 * the cost rule; the guard (key, owner, rate limit) before every operation; every error normalized to Limbic's codes
 * with unknown errors masked; GraphiQL on GET /graphql for browsers, its files served by the gateway (graphiql.ts). Yoga's own CORS is off: the gateway's
 * (LIMBIC_CORS_ORIGINS, see cors.ts) answers for REST and GraphQL alike.
 */
export function createGraphQLYoga(gateway: GatewayContext): LimbicYoga {
  const onInternal = (error: unknown) => gateway.log.error({ err: error }, 'graphql operation failed');
  return createYoga<HttpServerContext, GraphQLContext>({
    schema: graphQLSchema(),
    graphqlEndpoint: graphQLPath,
    logging: false,
    landingPage: false,
    cors: false,
    graphiql: { title: 'Limbic GraphQL' },
    renderGraphiQL: renderGraphiQLPage,
    maskedErrors: { maskError: (error) => normalizeError(error, onInternal) },
    plugins: [
      graphiqlHeadersPlugin(),
      acceptPlugin(),
      armorPlugin(),
      costPlugin(),
      validationCodePlugin(onInternal),
      guardPlugin(),
    ],
    context: (initial): GraphQLContext => {
      const extra = (initial as { extra?: WsExtra }).extra;
      if (extra) {
        return {
          gateway,
          transport: 'ws',
          token: extra.token,
          ip: extra.ip,
          principal: extra.principal,
          operator: extra.operator,
          reply: undefined,
        };
      }
      return {
        gateway,
        transport: 'http',
        token: bearerToken(initial.request.headers.get('authorization') ?? undefined),
        ip: clientAddress(gateway, initial.req.raw),
        principal: null,
        operator: false,
        reply: initial.reply,
      };
    },
  });
}

/**
 * Serves Yoga at /graphql on the gateway's Fastify app: GET and POST (SSE when the client accepts
 * text/event-stream), and HEAD like every GET path. The route is public to the REST auth hook: the guard
 * authenticates inside GraphQL, where `health` and introspection need no key.
 */
export function registerGraphQLRoute(app: FastifyInstance, yoga: LimbicYoga): void {
  app.route({
    url: graphQLPath,
    method: ['GET', 'HEAD', 'POST'],
    // Fastify's automatic HEAD route cannot send Yoga's WHATWG Response, so HEAD is answered here: 200, no body.
    exposeHeadRoute: false,
    config: { public: true },
    handler: (req, reply) => {
      if (req.method === 'HEAD') return reply.code(200).send();
      const bad = req.method === 'GET' ? badJsonParameter(req.query as Record<string, unknown>) : undefined;
      if (!bad && asksPersistedQuery(req.method === 'GET' ? req.query : req.body)) {
        // Apollo's persisted queries: say so in the words its link understands, so it resends the full query.
        return reply.code(200).send({
          errors: [
            {
              message: 'PersistedQueryNotSupported',
              extensions: {
                code: 'PERSISTED_QUERY_NOT_SUPPORTED',
                status: statusOf('PERSISTED_QUERY_NOT_SUPPORTED'),
              },
            },
          ],
        });
      }
      if (bad) {
        // Yoga would fail on JSON.parse with an internal error: answer as any other invalid request.
        return reply.code(statusOf('VALIDATION_ERROR')).send({
          errors: [
            { message: bad, extensions: { code: 'VALIDATION_ERROR', status: statusOf('VALIDATION_ERROR') } },
          ],
        });
      }
      return yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
    },
  });
}

/** A request that sends only a persisted query's hash (`extensions.persistedQuery`), without the query text. */
function asksPersistedQuery(params: unknown): boolean {
  if (params === null || typeof params !== 'object') return false;
  const { query, extensions } = params as { query?: unknown; extensions?: unknown };
  if (typeof query === 'string' && query !== '') return false;
  let ext = extensions;
  if (typeof ext === 'string') {
    try {
      ext = JSON.parse(ext);
    } catch {
      return false;
    }
  }
  return ext !== null && typeof ext === 'object' && 'persistedQuery' in ext;
}

/** GraphQL over GET carries `variables` and `extensions` as JSON in the query string: each must be a JSON object. */
function badJsonParameter(query: Record<string, unknown>): string | undefined {
  for (const name of ['variables', 'extensions']) {
    const raw = query[name];
    if (raw === undefined || raw === '') continue;
    if (typeof raw !== 'string') return `${name}: must be given once`;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      return `${name}: must be a JSON object (got invalid JSON)`;
    }
    if (value !== null && (typeof value !== 'object' || Array.isArray(value))) {
      return `${name}: must be a JSON object`;
    }
  }
  return undefined;
}
