import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import cors from '@fastify/cors';
import {
  type Clock,
  createMemoryStore,
  createProactiveScheduler,
  createSessionService,
  createSystemClock,
  llmServiceOptions,
  type ProactiveScheduler,
  type SessionService,
} from '@limbic/core';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { createOperatorAuth, type OperatorAuth } from './auth/admin-token.js';
import { admit, clientAddress, connectionRefusal, shuttingDown } from './auth/admit.js';
import { bearerToken, createAuthenticator } from './auth/authenticator.js';
import { createCachedAuthenticator } from './auth/cached-authenticator.js';
import { countConnections } from './auth/connection-cap.js';
import { createFailedAuthLimiter } from './auth/failed-auth-limiter.js';
import { createMemoryKeyStore, type KeyStore } from './auth/key-store.js';
import { createRequestLimiter, limiterOptionsFor, rateLimitHeaders } from './auth/rate-limiter.js';
import { createRevocationWatch, type RevocationWatch } from './auth/revocation-watch.js';
import { toProxyTrust } from './auth/trust-proxy.js';
import { type GatewayConfig, loadConfig, plansOf } from './config.js';
import { type GatewayContext, reportKeyRevoked } from './context.js';
import { originAllowed } from './cors.js';
import {
  type Classified,
  classify,
  endSocketWithJson,
  serverError,
  statusOf,
  toErrorBody,
} from './errors.js';
import { attachGraphQL, type GraphQLEndpoint } from './graphql/index.js';
import { loggerOptions, OneLineLogController } from './logger.js';
import { createGatewayMetrics, type GatewayMetrics } from './metrics/gateway-metrics.js';
import { instrumentGateway } from './metrics/instrument.js';
import { timeStore } from './metrics/timed-store.js';
import { redact } from './redact.js';
import { hostProblem, requestId, toOriginForm } from './request-line.js';
import { defaultDashboardDir, registerDashboardRoutes } from './routes/dashboard.js';
import { registerRoutes } from './routes/index.js';
import { allowedMethodsOf } from './routes/method-not-allowed.js';
import { registerMetricsRoute } from './routes/metrics.js';
import { Subscribers } from './subscribers.js';
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
  /** Reports keys that stopped working to `context.onKeyRevoked` (every second; tests may call `check()`). */
  revocations: RevocationWatch;
  /** Starts listening; resolves with the base URL (e.g. `http://127.0.0.1:8787`). */
  listen(): Promise<string>;
  /** Graceful shutdown: refuses new work, drains in-flight turns, closes sockets (1001) and the server. */
  close(): Promise<void>;
}

/**
 * Answers a request Node's HTTP parser rejected (malformed, headers over the limit, too slow) with the documented
 * JSON error body and a Request-Id, then closes the connection; a socket that is already gone is destroyed.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const id = requestId();
  const c: Classified =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? {
          code: 'HEADERS_TOO_LARGE',
          status: statusOf('HEADERS_TOO_LARGE'),
          message: 'headers: must be at most 16 KiB in all',
        }
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? {
            code: 'REQUEST_TIMEOUT',
            status: statusOf('REQUEST_TIMEOUT'),
            message: 'request: must arrive within the request timeout',
          }
        : {
            code: 'VALIDATION_ERROR',
            status: statusOf('VALIDATION_ERROR'),
            message: 'request: must be valid HTTP/1.1',
          };
  endSocketWithJson(socket, c.status, JSON.stringify(toErrorBody(c, id)), { 'Request-Id': id });
}

/** Answers a request before Fastify sees it, in the documented error shape with a Request-Id, and closes it. */
function answerEarly(response: ServerResponse, c: Classified): void {
  const id = requestId();
  const body = JSON.stringify(toErrorBody(c, id));
  response.shouldKeepAlive = false;
  response.writeHead(c.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Request-Id': id,
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  });
  response.end(body);
}

const bodyless = new Set(['DELETE', 'GET', 'HEAD']);

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
  const app = Fastify({
    // Slowloris: a connection that trickles its headers or body is answered 408 and closed (Node checks every
    // quarter of the headers timeout, at most every second, instead of its default 30 s).
    serverFactory: (handler) => {
      // Every request in origin form with one valid Host before Fastify sees it (request-line.ts); Node's own
      // answers to these (an empty 400 without Host, 417 for an unknown Expect) never happen.
      const guarded = (request: IncomingMessage, response: ServerResponse) => {
        if (request.url !== undefined) request.url = toOriginForm(request.url);
        const problem = hostProblem(request);
        if (problem) answerEarly(response, problem);
        else handler(request, response);
      };
      const server = createServer(
        {
          headersTimeout: config.headersTimeoutMs,
          requestTimeout: config.requestTimeoutMs,
          connectionsCheckingInterval: Math.min(1000, Math.max(25, config.headersTimeoutMs / 4)),
          requireHostHeader: false,
        },
        guarded,
      );
      // An expectation other than 100-continue is ignored, as RFC 9110 §10.1.1 allows: the request is answered.
      server.on('checkExpectation', guarded);
      return server;
    },
    logger: loggerOptions(config.logLevel, config.logFormat, options.logger),
    logController: new OneLineLogController(),
    // LIMBIC_TRUST_PROXY, as the function `clientAddress()` uses too, so request.ip and the limits agree.
    trustProxy: proxyTrust ?? false,
    bodyLimit: config.bodyLimit,
    genReqId: requestId,
    requestIdHeader: false,
    forceCloseConnections: 'idle',
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: false,
    // Session ids are at most 128 characters; longer path parameters never reach a handler.
    routerOptions: { maxParamLength: 128 },
    // Requests Node's HTTP parser rejects never reach Fastify: answer them in the documented shape too.
    clientErrorHandler: answerClientError,
    // Errors the router raises before any hook runs (over-long or badly encoded path parameters).
    frameworkErrors: (error, request, reply) => {
      const c = classify(error);
      const out = reply as unknown as FastifyReply;
      out.header('Request-Id', request.id).header('Referrer-Policy', 'no-referrer');
      out.status(c.status).send(toErrorBody(c, request.id));
    },
  });
  // Accepted keys are trusted for one second (the key store's reload period); revocations are forgotten at once.
  const auth = createCachedAuthenticator(createAuthenticator({ keys, pepper, plans }));
  const subscribers = new Subscribers(service);
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
  };

  // The per-address connection cap, first of all: a connection past it is refused whatever it asks for. REST
  // answers in the onRequest hook below; every WebSocket upgrade here, before the endpoints' own handlers.
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
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'If-None-Match'],
      exposedHeaders: ['Request-Id', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'Location', 'ETag'],
      maxAge: 600,
    });
  }

  // JSON only: without the text/plain parser every other content type is answered with 415.
  app.removeContentTypeParser('text/plain');
  // Fastify's JSON parser (prototype poisoning refused), except that a body-less DELETE, GET or HEAD whose client
  // still sends `Content-Type: application/json` (many HTTP libraries do) has no body rather than an invalid one.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' && bodyless.has(request.method)) done(null, undefined);
    else parseJson(request, body as string, done);
  });
  app.decorateRequest('principal', null as never);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('Request-Id', request.id);
    reply.header('Referrer-Policy', 'no-referrer');
    // Session data and errors are never cached; the static documents (openapi.json, presets) revalidate instead.
    if (request.url.startsWith('/v1/')) reply.header('Cache-Control', 'no-store');
    const overCap = connectionRefusal(context, request.raw.socket);
    if (overCap) {
      reply.header('Connection', 'close');
      throw serverError(overCap.code, overCap.message, { retryAfter: overCap.retryAfter as number });
    }
    if (request.is404 || request.routeOptions.config.public) {
      if (context.closing)
        throw serverError(shuttingDown.code, shuttingDown.message, {
          retryAfter: shuttingDown.retryAfter,
        });
      return;
    }
    const admission = await admit(context, {
      credential: bearerToken(request.headers.authorization),
      address: clientAddress(context, request.raw),
      transport: 'rest',
    });
    if (!admission.ok) {
      const { decision, ...refusal } = admission.refusal;
      if (decision) reply.headers(rateLimitHeaders(decision));
      throw serverError(refusal.code, refusal.message, {
        ...(refusal.retryAfter === undefined ? {} : { retryAfter: refusal.retryAfter }),
      });
    }
    request.principal = admission.principal;
    reply.headers(rateLimitHeaders(admission.decision));
  });

  const stopMetrics = instrumentGateway(app, context, metrics);

  app.setErrorHandler((error, request, reply) => {
    const c = classify(error);
    if (c.status >= 500) request.log.error({ err: error }, 'request failed');
    if (c.retryAfter !== undefined) reply.header('Retry-After', String(c.retryAfter));
    reply.status(c.status).send(toErrorBody(c, request.id));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const allow = allowedMethodsOf(app, request.method, path);
    if (allow !== undefined) {
      // A path that exists, asked with a method no route of the router serves (TRACE, PROPFIND, …).
      reply.header('Allow', allow);
      reply.status(statusOf('METHOD_NOT_ALLOWED')).send(
        toErrorBody(
          {
            code: 'METHOD_NOT_ALLOWED',
            status: statusOf('METHOD_NOT_ALLOWED'),
            message: `${request.method} is not allowed on ${redact(path)}; use ${allow}`,
          },
          request.id,
        ),
      );
      return;
    }
    const body = toErrorBody(
      {
        code: 'NOT_FOUND',
        status: statusOf('NOT_FOUND'),
        message: `No route ${request.method} ${redact(request.url.split('?')[0] ?? '')}`,
      },
      request.id,
    );
    reply.status(statusOf('NOT_FOUND')).send(body);
  });

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
  });
  app.addHook('preClose', async () => {
    context.closing = true;
    scheduler.stop();
    revocations.stop();
    await Promise.all([ws.close(), graphql.close()]);
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
