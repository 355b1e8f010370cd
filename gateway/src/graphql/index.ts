import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context.js';
import { registerMethodNotAllowedFor } from '../routes/index.js';
import { registerGraphiQLAssets } from './graphiql.js';
import { attachGraphQLWebSocket } from './ws.js';
import { createGraphQLYoga, graphQLPath, registerGraphQLRoute } from './yoga.js';

export { graphQLLimits } from './limits.js';
export { graphQLSchema, printGraphQLSchema } from './schema.js';
export { graphQLPath } from './yoga.js';

/** The GraphQL endpoint of a gateway. */
export interface GraphQLEndpoint {
  /**
   * Shutdown (call in preClose): closes every graphql-ws socket with 1001 Going away, then ends the remaining
   * subscription streams (SSE responses complete, so the HTTP server can close).
   */
  close(): Promise<void>;
  /** Open subscription streams, over graphql-ws and SSE. */
  readonly subscriptions: number;
  /** Open graphql-ws sockets. */
  readonly sockets: number;
  /**
   * Drops every graphql-ws socket without a close handshake, as a network failure would (clients that retry
   * reconnect and resubscribe); returns how many it dropped. For reconnection tests.
   */
  dropSockets(): number;
}

/**
 * Serves the GraphQL layer on the gateway's port: Yoga at /graphql for queries, mutations and SSE subscriptions,
 * and graphql-ws on the same path for WebSocket subscriptions, with the REST rules (keys, owners, shared rate
 * limit, error codes) and graphql-armor's limits. See docs/graphql.md.
 * @example
 * registerRoutes(app, context);
 * const graphql = attachGraphQL(app, context);
 * app.addHook('preClose', () => graphql.close());
 */
export function attachGraphQL(app: FastifyInstance, context: GatewayContext): GraphQLEndpoint {
  const yoga = createGraphQLYoga(context);
  registerGraphQLRoute(app, yoga);
  registerMethodNotAllowedFor(app, new Map([[graphQLPath, new Set(['GET', 'HEAD', 'POST'])]]));
  registerGraphiQLAssets(app);
  const ws = attachGraphQLWebSocket(app.server, context, yoga);
  // A revoked key's sockets and streams (graphql-ws and SSE) end through the gateway's subscriber registry.
  let closing: Promise<void> | undefined;
  return {
    close() {
      closing ??= ws.close().finally(() => context.subscribers.endAll('subscription'));
      return closing;
    },
    get subscriptions() {
      return context.subscribers.size('subscription');
    },
    get sockets() {
      return ws.size;
    },
    dropSockets: () => ws.drop(),
  };
}
