import type { FastifyInstance } from 'fastify';
import { admitOperator, clientAddress } from '../auth/admit.js';
import { hashKey, sameDigest } from '../auth/api-key.js';
import { bearerToken } from '../auth/authenticator.js';
import type { GatewayContext } from '../context.js';
import { serverError } from '../errors.js';
import type { GatewayMetrics } from '../metrics/gateway-metrics.js';
import { registerAs, registerMethodNotAllowedFor } from './index.js';

/** Where the Prometheus metrics are served. */
export const metricsPath = '/metrics';

/**
 * GET /metrics: the gateway's metrics in Prometheus text format, for the operator token or LIMBIC_METRICS_TOKEN
 * (`Authorization: Bearer …`). Outside the /v1 API, so neither in the OpenAPI document nor counted against any plan;
 * a missing or wrong token is 401 UNAUTHORIZED and counts against the address's failed authentications.
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  context: GatewayContext,
  metrics: GatewayMetrics,
): void {
  const { pepper, config } = context;
  const metricsHash = config.metricsToken === undefined ? undefined : hashKey(pepper, config.metricsToken);
  const accept = (credential: string) =>
    metricsHash !== undefined &&
    credential.length <= 512 &&
    sameDigest(metricsHash, hashKey(pepper, credential));
  registerAs(app, 'operations', () => {
    app.get(metricsPath, { config: { public: true } }, async (request, reply) => {
      const refusal = await admitOperator(context, {
        credential: bearerToken(request.headers.authorization),
        address: clientAddress(context, request.raw),
        accept,
      });
      if (refusal) {
        throw serverError(
          refusal.code,
          refusal.message,
          refusal.retryAfter === undefined ? {} : { retryAfter: refusal.retryAfter },
        );
      }
      reply.header('Cache-Control', 'no-store').type(metrics.registry.contentType);
      return metrics.registry.metrics();
    });
  });
  registerMethodNotAllowedFor(app, new Map([[metricsPath, new Set(['GET', 'HEAD'])]]));
}
