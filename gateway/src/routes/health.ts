import { routes } from '@limbic/protocol';
import type { HealthStatus } from '@limbic/protocol/shapes';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context.js';
import { serverError, storeRetryAfterSeconds } from '../errors.js';

/** The body of GET /v1/health (its shape: `@limbic/protocol/shapes`' Health). */
export type HealthBody = HealthStatus;

/**
 * Reads the gateway's health: it pings the store (a round trip bounded by the store's short server-selection
 * timeout; stores without `ping` are asked for their earliest due time, one index lookup) to prove the store
 * answers. Shared by GET /v1/health and the GraphQL `health` query.
 * @throws LimbicError SERVICE_UNAVAILABLE when the store fails.
 */
export async function checkHealth(
  context: GatewayContext,
  log: FastifyBaseLogger = context.log,
): Promise<HealthBody> {
  const { service, config } = context;
  try {
    const { store } = service;
    await (store.ping ? store.ping() : store.earliestDue());
  } catch (error) {
    log.error({ err: error }, 'health check: store unreachable');
    throw serverError('SERVICE_UNAVAILABLE', `The ${service.store.kind} session store is unreachable`, {
      retryAfter: storeRetryAfterSeconds,
    });
  }
  return {
    status: 'ok',
    version: context.version,
    store: { kind: service.store.kind, reachable: true },
    uptime_seconds: Math.floor((Date.now() - context.startedAt) / 1000),
    time_scale: config.timeScale,
    engine_time: new Date(context.clock.now()).toISOString(),
  };
}

/** GET /v1/health (public): {@link checkHealth}; a store that fails yields 503 SERVICE_UNAVAILABLE. */
export function registerHealthRoutes(app: FastifyInstance, context: GatewayContext): void {
  app.get(
    routes.health.path,
    { config: { public: true } },
    (request): Promise<HealthBody> => checkHealth(context, request.log),
  );
}
