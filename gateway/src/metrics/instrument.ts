import type { FastifyInstance } from 'fastify';
import { type Counter, Gauge, type Histogram } from 'prom-client';
import type { GatewayContext } from '../context.js';
import { type GatewayMetrics, turnLabels } from './gateway-metrics.js';

/** The labelled child under `key`, bound with `bind` the first time it is asked for. */
function bound<C>(children: Map<string, C>, key: string, bind: () => C): C {
  let child = children.get(key);
  if (child === undefined) {
    child = bind();
    children.set(key, child);
  }
  return child;
}

/**
 * Feeds the metrics from a gateway: every HTTP answer (by method, Fastify's route pattern and status; requests that
 * matched no route as `unmatched`), every turn and proactive action of the session service, and two gauges read from
 * the subscriber registry at each scrape: open WebSocket connections by endpoint, and open GraphQL subscriptions.
 * Returns the function that detaches the service listeners (on close).
 */
export function instrumentGateway(
  app: FastifyInstance,
  context: GatewayContext,
  metrics: GatewayMetrics,
): () => void {
  const { subscribers } = context;
  const registers = [metrics.registry];
  new Gauge({
    name: 'limbic_websocket_connections',
    help: 'Open authenticated WebSocket connections, by endpoint (/v1/ws, graphql-ws)',
    labelNames: ['endpoint'],
    registers,
    collect() {
      this.set({ endpoint: '/v1/ws' }, subscribers.size('websocket'));
      this.set({ endpoint: 'graphql-ws' }, subscribers.size('graphql-ws'));
    },
  });
  new Gauge({
    name: 'limbic_graphql_subscriptions',
    help: 'Open GraphQL subscription streams (graphql-ws and SSE)',
    registers,
    collect() {
      this.set(subscribers.size('subscription'));
    },
  });

  // The labelled children per method, route and status, so an answer costs a map lookup rather than prom-client's
  // label hashing (bounded: the routes times the methods Node parses times the statuses sent).
  const children = new Map<string, { count: Counter.Internal; seconds: Histogram.Internal<string> }>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    const child = bound(children, key, () => {
      const labels = [request.method, route, String(reply.statusCode)];
      return { count: metrics.requests.labels(...labels), seconds: metrics.requestSeconds.labels(...labels) };
    });
    child.count.inc();
    child.seconds.observe(reply.elapsedTime / 1000);
    done();
  });

  const turnChildren = new Map<string, Counter.Internal>();
  const off = [
    context.service.on('turn', ({ result }) => {
      // One labelled child per kind and appraiser (at most five), bound once, as for the answers above.
      const { kind, appraiser } = turnLabels(result);
      bound(turnChildren, `${kind} ${appraiser}`, () => metrics.turns.labels(kind, appraiser)).inc();
    }),
    context.service.on('proactive', ({ action }) => metrics.proactive.inc({ type: action.type })),
  ];
  return () => {
    for (const stop of off.splice(0)) stop();
  };
}
