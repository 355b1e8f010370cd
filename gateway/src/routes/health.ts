import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context.js';
import { serverError, storeRetryAfterSeconds } from '../errors.js';

/** The body of GET /v1/health. */
export interface HealthBody {
  status: 'ok';
  version: string;
  store: { kind: string; reachable: true };
  uptime_seconds: number;
  /** How many times faster than wall time the engine clock runs (LIMBIC_TIME_SCALE). */
  time_scale: number;
  /**
   * The engine clock's time now (ISO 8601): the wall clock at scale 1; under a time scale, counted from the origin
   * stored with the data, so every gateway on one store reports the same.
   */
  engine_time: string;
}

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
    '/v1/health',
    { config: { public: true } },
    (request): Promise<HealthBody> => checkHealth(context, request.log),
  );
}
