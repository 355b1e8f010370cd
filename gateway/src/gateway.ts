import { randomBytes } from 'node:crypto';
import cors from '@fastify/cors';
import {
  type Clock,
  createMemoryStore,
  createMemoryWebhookStore,
  createProactiveScheduler,
  createSessionService,
  createSystemClock,
  llmServiceOptions,
  type ProactiveScheduler,
  type SessionService,
  systemTimers,
  type Timers,
  type WebhookStore,
} from '@limbic/core';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { createOperatorAuth, type OperatorAuth } from './auth/admin-token.js';
import { connectionRefusal } from './auth/admit.js';
import { createAuthenticator } from './auth/authenticator.js';
import { createCachedAuthenticator } from './auth/cached-authenticator.js';
import { countConnections } from './auth/connection-cap.js';
import { createFailedAuthLimiter } from './auth/failed-auth-limiter.js';
import { createMemoryKeyStore, type KeyStore } from './auth/key-store.js';
import { createRequestLimiter, limiterOptionsFor } from './auth/rate-limiter.js';
import { createRevocationWatch, type RevocationWatch } from './auth/revocation-watch.js';
import { toProxyTrust } from './auth/trust-proxy.js';
import { type GatewayConfig, plansOf } from './config.js';
import { type GatewayContext, reportKeyRevoked } from './context.js';
import { originAllowed } from './cors.js';
import { registerErrorHandlers } from './error-handlers.js';
import { attachGraphQL, type GraphQLEndpoint } from './graphql/index.js';
import { createHttpApp } from './http-app.js';
import { loadConfig } from './load-config.js';
import { createGatewayMetrics, type GatewayMetrics } from './metrics/gateway-metrics.js';
import { instrumentGateway } from './metrics/instrument.js';
import { timeStore } from './metrics/timed-store.js';
import { registerRequestHooks } from './request-hooks.js';
import { defaultDashboardDir, registerDashboardRoutes } from './routes/dashboard.js';
import { registerRoutes } from './routes/index.js';
import { registerMetricsRoute } from './routes/metrics.js';
import { Subscribers } from './subscribers.js';
import { createWebhooks, type Webhooks } from './webhooks/webhooks.js';
import { attachWebSocket, type WebSocketEndpoint } from './ws/index.js';
import { rejectUpgrade, upgradeRouterOf } from './ws/upgrade-router.js';

/** The gateway's version, reported by /v1/health. */
export const gatewayVersion = '0.1.0';

/** Options of {@link createGateway}; everything has a default suitable for tests. */
export interface GatewayOptions {
  /** Overrides of the configuration (defaults: {@link loadConfig} of an empty environment). */
  config?: Partial<GatewayConfig>;
  /**
   * The session service; default: a new one on an in-memory store (timed by `metrics`) with the engine clock. A
   * service passed in has its store timed only if it was made with `timeStore(store, metrics)`.
   */
  service?: SessionService;
  /** The Prometheus metrics served at /metrics; default: new ones (with process metrics if LIMBIC_METRICS_PROCESS). */
  metrics?: GatewayMetrics;
  /** Where API keys live; default: in memory. */
  keys?: KeyStore;
  /** The pepper of key hashes; default: random per process (fine with an in-memory key store). */
  pepper?: string;
  /**
   * Recognises the operator token; default: LIMBIC_ADMIN_TOKEN (`config.adminToken`) when set, else none. `main.ts`
   * passes one that also reads `<LIMBIC_DATA>/admin.json`.
   */
  operator?: OperatorAuth;
  /** The engine clock; default: the system clock scaled by LIMBIC_TIME_SCALE. */
  clock?: Clock;
  /**
   * Fastify logger options over the defaults (pino at LOG_LEVEL to stdout, JSON or pretty by LOG_FORMAT), or false
   * for none; requests are always logged with keys redacted.
   */
  logger?: FastifyServerOptions['logger'];
  /** Where webhook endpoints and their outbox live; default: in memory (the caller closes a store passed in). */
  webhooks?: WebhookStore;
  /** The timers of the webhook delivery worker; default: the host's (tests pass `createManualTime().timers`). */
  timers?: Timers;
  /** Uniform random numbers in [0, 1) for the webhook retry jitter; default Math.random. */
  random?: () => number;
}

/** A running or runnable gateway. */
export interface Gateway {
  app: FastifyInstance;
  context: GatewayContext;
  /** The proactive scheduler (tests with a manual clock call `wake()` after moving the clock). */
  scheduler: ProactiveScheduler;
  /** The WebSocket endpoint (tests call `websocket.sweep()` to run a heartbeat now). */
  websocket: WebSocketEndpoint;
  /** The GraphQL endpoint at /graphql (HTTP, SSE and graphql-ws). */
  graphql: GraphQLEndpoint;
  /** The metrics served at GET /metrics. */
  metrics: GatewayMetrics;
  /** Webhooks: endpoints, outbox producer and delivery worker (tests call `webhooks.worker.wake()`). */
  webhooks: Webhooks;
  /** Reports keys that stopped working to `context.onKeyRevoked` (every second; tests may call `check()`). */
  revocations: RevocationWatch;
  /** Starts listening; resolves with the base URL (e.g. `http://127.0.0.1:8787`). */
  listen(): Promise<string>;
  /** Graceful shutdown: refuses new work, drains in-flight turns, closes sockets (1001) and the server. */
  close(): Promise<void>;
}

/** A fallback hook that logs, at warn, why a text turn did not use the LLM. */
export function logFallback(log: () => { warn(object: object, message: string): void }) {
  return (reason: string) => log().warn({ reason }, 'LLM appraiser failed; the offline reader answered');
}

/**
 * Creates the gateway: Fastify for REST (JSON only, body limit, request ids, one error format), the `ws` endpoint
 * at /v1/ws/:sessionId, GraphQL at /graphql (HTTP, SSE and graphql-ws), the dashboard's static files at
 * /dashboard, the proactive scheduler, API keys and per-key rate limits shared by every transport.
 * @example
 * const gateway = await createGateway({ config: { port: 0 } });
 * const url = await gateway.listen();
 */
export async function createGateway(options: GatewayOptions = {}): Promise<Gateway> {
  const config: GatewayConfig = { ...loadConfig({}), ...options.config };
  const plans = plansOf(config);
  const clock = options.clock ?? createSystemClock(config.timeScale);
  const metrics = options.metrics ?? createGatewayMetrics({ processMetrics: config.metricsProcess });
  const proxyTrust = toProxyTrust(config.trustProxy);
  const service =
    options.service ??
    createSessionService({
      clock,
      store: timeStore(createMemoryStore(), metrics),
      ...(config.llm ? llmServiceOptions(config.llm, { onFallback: logFallback(() => app.log) }) : {}),
    });
  const keys = options.keys ?? createMemoryKeyStore();
  const pepper = options.pepper ?? randomBytes(32).toString('hex');
  const app = createHttpApp(config, proxyTrust, options.logger);
  // Accepted keys are trusted for one second (the key store's reload period); revocations are forgotten at once.
  const auth = createCachedAuthenticator(createAuthenticator({ keys, pepper, plans }));
  const subscribers = new Subscribers(service);
  const webhooks = createWebhooks({
    store: options.webhooks ?? createMemoryWebhookStore(),
    service,
    clock,
    timers: options.timers ?? systemTimers,
    timeScale: config.timeScale,
    allowPrivate: config.webhookAllowPrivate,
    log: () => app.log,
    ...(options.random ? { random: options.random } : {}),
  });
  const context: GatewayContext = {
    config,
    plans,
    service,
    keys,
    pepper,
    auth,
    operator: options.operator ?? createOperatorAuth({ pepper, token: config.adminToken }),
    limiter: createRequestLimiter(plans, limiterOptionsFor(service.store)),
    failedAuth: createFailedAuthLimiter(config.failedAuthPerMinute),
    clock,
    log: app.log,
    startedAt: Date.now(),
    version: gatewayVersion,
    closing: false,
    // A revoked key is forgotten by the authenticator's cache, and everything opened with it ends, every transport.
    onKeyRevoked: new Set([
      (keyId: string) => auth.forget(keyId),
      (keyId: string) => subscribers.revoke(keyId),
    ]),
    subscribers,
    connections: countConnections(app.server, config.maxConnectionsPerAddress),
    proxyTrust,
    webhooks,
  };

  // The per-address connection cap, first of all: a connection past it is refused whatever it asks for. REST
  // answers in the onRequest hook (request-hooks.ts); every WebSocket upgrade here, before the endpoints' own handlers.
  upgradeRouterOf(app.server).add((_request, socket) => {
    const refusal = connectionRefusal(context, socket);
    if (!refusal) return false;
    rejectUpgrade(socket, refusal, { 'Retry-After': String(refusal.retryAfter) });
    return true;
  });

  // CORS for browser pages on the listed origins (LIMBIC_CORS_ORIGINS), REST and GraphQL alike; registered first,
  // so that preflights are answered before authentication. Without a list, nothing changes (OPTIONS is a 405).
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: (origin, done) => done(null, originAllowed(origin, undefined, config.corsOrigins)),
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'If-None-Match'],
      exposedHeaders: ['Request-Id', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'Location', 'ETag'],
      maxAge: 600,
    });
  }

  registerRequestHooks(app, context);
  const stopMetrics = instrumentGateway(app, context, metrics);
  registerErrorHandlers(app);

  registerRoutes(app, context);
  const graphql = attachGraphQL(app, context);
  registerDashboardRoutes(app, config.dashboardDir ?? defaultDashboardDir());
  registerMetricsRoute(app, context, metrics);
  const ws = attachWebSocket(app.server, context);
  const scheduler = createProactiveScheduler({
    service: context.service,
    clock: context.clock,
    timeScale: context.config.timeScale,
    onError: (err, sessionId) => app.log.error({ err, sessionId }, 'proactive scheduling failed'),
    onCheck: (lateMs) => metrics.schedulerLag.observe(lateMs / 1000),
  });

  const revocations = createRevocationWatch({
    keys,
    onRevoked: (keyId) => reportKeyRevoked(context, keyId),
    onError: (err) => app.log.warn({ err }, 'cannot read the key store'),
  });

  app.addHook('onReady', async () => {
    scheduler.start();
    revocations.start();
    webhooks.start();
  });
  app.addHook('preClose', async () => {
    context.closing = true;
    scheduler.stop();
    revocations.stop();
    await Promise.all([ws.close(), graphql.close(), webhooks.stop()]);
    // The streams that just ended (SSE) leave keep-alive connections idle after Fastify closed the idle ones:
    // close them too, once their last bytes are written, rather than wait for the keep-alive timeout.
    await new Promise((resolve) => setImmediate(resolve));
    app.server.closeIdleConnections();
  });

  return {
    app,
    context,
    scheduler,
    websocket: ws,
    graphql,
    metrics,
    revocations,
    webhooks,
    async listen() {
      await app.listen({ port: config.port, host: config.host });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      const host = config.host.includes(':') ? `[${config.host}]` : config.host;
      return `http://${host}:${port}`;
    },
    async close() {
      await app.close();
      stopMetrics();
      context.limiter.close();
      await keys.close();
    },
  };
}
