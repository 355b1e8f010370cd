import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { ProxyTrust } from './auth/trust-proxy.js';
import type { GatewayConfig } from './config.js';
import { endSocketWithError, errorHeaders } from './error-answer.js';
import { type Classified, classify, statusOf, toErrorBody } from './errors.js';
import { bufferedStdout, isPretty, loggerOptions, OneLineLogController } from './logger.js';
import { hostProblem, requestId, toOriginForm } from './request-line.js';

/**
 * Answers a request Node's HTTP parser rejected (malformed, headers over the limit, too slow) with the documented
 * JSON error body and a Request-Id, then closes the connection; a socket that is already gone is destroyed.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const c: Classified =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? {
          code: 'HEADERS_TOO_LARGE',
          message: 'headers: must be at most 16 KiB in all',
        }
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? {
            code: 'REQUEST_TIMEOUT',
            message: 'request: must arrive within the request timeout',
          }
        : {
            code: 'VALIDATION_ERROR',
            message: 'request: must be valid HTTP/1.1',
          };
  endSocketWithError(socket, c);
}

/** Answers a request before Fastify sees it, in the documented error shape with a Request-Id, and closes it. */
function answerEarly(response: ServerResponse, c: Classified): void {
  const id = requestId();
  const body = JSON.stringify(toErrorBody(c, id));
  response.shouldKeepAlive = false;
  response.writeHead(statusOf(c.code), {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    ...errorHeaders(id),
    'Cache-Control': 'no-store',
  });
  response.end(body);
}

/**
 * Creates the gateway's Fastify instance on its own HTTP server: request timeouts against slow clients, every request
 * line checked before Fastify sees it, the body limit, request ids, and the documented error shape for the requests
 * that never reach a route (rejected by Node's parser or by the router). Routes and hooks are added by the caller.
 * @example
 * const app = createHttpApp(loadConfig({}), undefined);
 */
export function createHttpApp(
  config: GatewayConfig,
  proxyTrust: ProxyTrust | undefined,
  logger?: FastifyServerOptions['logger'],
): FastifyInstance {
  // JSON lines to standard output are buffered (logger.ts); a logger given by the caller (a test's stream) is not.
  const buffered =
    logger === undefined && config.logLevel !== 'silent' && !isPretty(config.logFormat)
      ? bufferedStdout()
      : undefined;
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
    logger: loggerOptions(config.logLevel, config.logFormat, logger, buffered?.stream),
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
      out.headers(errorHeaders(request.id));
      out.status(statusOf(c.code)).send(toErrorBody(c, request.id));
    },
  });
  if (buffered)
    app.addHook('onClose', (_app, done) => {
      buffered.stop();
      done();
    });
  return app;
}
