import type { TurnResult } from '@limbic/core';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** Label values of `limbic_turns_total`: the turn's kind and the appraiser that read a text turn. */
export interface TurnLabels {
  kind: 'text' | 'appraisal';
  /** `none` for appraisal turns; `custom` for an appraiser other than the built-in ones. */
  appraiser: 'reader' | 'llm' | 'lexicon' | 'custom' | 'none';
}

/**
 * The gateway's Prometheus metrics, in a registry of their own (never prom-client's global one, so that several
 * gateways in one process, as in tests, do not collide). Served at GET /metrics (docs/deployment.md, "Metrics").
 */
export interface GatewayMetrics {
  readonly registry: Registry;
  /** `limbic_http_requests_total{method, route, status}`: the route is Fastify's pattern, never the raw URL. */
  readonly requests: Counter<'method' | 'route' | 'status'>;
  /** `limbic_http_request_duration_seconds{method, route, status}`. */
  readonly requestSeconds: Histogram<'method' | 'route' | 'status'>;
  /** `limbic_turns_total{kind, appraiser}`: turns processed by this process, every transport. */
  readonly turns: Counter<'kind' | 'appraiser'>;
  /** `limbic_proactive_actions_total{type}`: proactive actions the session service emitted in this process. */
  readonly proactive: Counter<'type'>;
  /** `limbic_scheduler_lag_seconds`: how late the proactive scheduler ran each due check. */
  readonly schedulerLag: Histogram;
  /** `limbic_store_operation_duration_seconds{operation}`: session store calls, failed ones included. */
  readonly storeSeconds: Histogram<'operation'>;
  /** `limbic_store_errors_total{operation, code}`: session store calls that failed, by error code. */
  readonly storeErrors: Counter<'operation' | 'code'>;
}

/** Options of {@link createGatewayMetrics}. */
export interface GatewayMetricsOptions {
  /** Also collect prom-client's default process metrics (LIMBIC_METRICS_PROCESS); default false. */
  processMetrics?: boolean;
}

const httpBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
// SQLite answers in tens of microseconds, MongoDB in about a millisecond on a LAN.
const storeBuckets = [
  0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5,
];
const lagBuckets = [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300];

/**
 * Creates the gateway's metrics. The gauges of open sockets and subscriptions are added by the gateway, which
 * owns the subscriber registry they read.
 * @example
 * const metrics = createGatewayMetrics();
 * const service = createSessionService({ store: timeStore(await openStore(config), metrics) });
 * const gateway = await createGateway({ config, service, metrics });
 */
export function createGatewayMetrics(options: GatewayMetricsOptions = {}): GatewayMetrics {
  const registry = new Registry();
  const registers = [registry];
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  return {
    registry,
    requests: new Counter({
      name: 'limbic_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    requestSeconds: new Histogram({
      name: 'limbic_http_request_duration_seconds',
      help: 'Time from receiving an HTTP request to the end of its answer, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: httpBuckets,
      registers,
    }),
    turns: new Counter({
      name: 'limbic_turns_total',
      help: 'Turns processed, by kind (text, appraisal) and appraiser (reader, llm, lexicon, custom; none for appraisal turns)',
      labelNames: ['kind', 'appraiser'],
      registers,
    }),
    proactive: new Counter({
      name: 'limbic_proactive_actions_total',
      help: "Proactive actions emitted to this process's subscribers (raised here, or by another process on the shared store), by type",
      labelNames: ['type'],
      registers,
    }),
    schedulerLag: new Histogram({
      name: 'limbic_scheduler_lag_seconds',
      help: 'How late the proactive scheduler ran each due check, in wall time',
      buckets: lagBuckets,
      registers,
    }),
    storeSeconds: new Histogram({
      name: 'limbic_store_operation_duration_seconds',
      help: 'Session store calls, by operation',
      labelNames: ['operation'],
      buckets: storeBuckets,
      registers,
    }),
    storeErrors: new Counter({
      name: 'limbic_store_errors_total',
      help: 'Session store calls that failed, by operation and error code',
      labelNames: ['operation', 'code'],
      registers,
    }),
  };
}

const builtInAppraisers = new Set(['reader', 'llm', 'lexicon']);

/** The labels a turn is counted under: a text turn names its appraiser (custom ones as `custom`). */
export function turnLabels(result: Pick<TurnResult, 'appraiser'>): TurnLabels {
  const { appraiser } = result;
  if (appraiser === undefined) return { kind: 'appraisal', appraiser: 'none' };
  return {
    kind: 'text',
    appraiser: builtInAppraisers.has(appraiser) ? (appraiser as TurnLabels['appraiser']) : 'custom',
  };
}
