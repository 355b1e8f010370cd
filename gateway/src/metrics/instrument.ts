import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import type { GatewayContext } from '../context.js';
import { type GatewayMetrics, turnLabels } from './gateway-metrics.js';

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

  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    metrics.requests.inc(labels);
    metrics.requestSeconds.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const off = [
    context.service.on('turn', ({ result }) => metrics.turns.inc({ ...turnLabels(result) })),
    context.service.on('proactive', ({ action }) => metrics.proactive.inc({ type: action.type })),
  ];
  return () => {
    for (const stop of off.splice(0)) stop();
  };
}
