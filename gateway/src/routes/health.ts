import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context.js';
import { GatewayError } from '../errors.js';

/** The body of GET /v1/health. */
export interface HealthBody {
  status: 'ok';
  version: string;
  store: { kind: string; reachable: true };
  uptime_seconds: number;
  /** How many times faster than wall time the engine clock runs (LIMBIC_TIME_SCALE). */
  time_scale: number;
}

/**
 * GET /v1/health (public): the gateway's version, store, uptime and time scale. It reads the store's earliest due
 * time (one index lookup) to prove the store answers; a store that fails yields 503 SERVICE_UNAVAILABLE.
 */
export function registerHealthRoutes(app: FastifyInstance, context: GatewayContext): void {
  const { service, config } = context;
  app.get('/v1/health', { config: { public: true } }, async (request): Promise<HealthBody> => {
    try {
      await service.store.earliestDue();
    } catch (error) {
      request.log.error({ err: error }, 'health check: store unreachable');
      throw new GatewayError(
        'SERVICE_UNAVAILABLE',
        `The ${service.store.kind} session store is unreachable`,
        {
          retryAfter: 5,
        },
      );
    }
    return {
      status: 'ok',
      version: context.version,
      store: { kind: service.store.kind, reachable: true },
      uptime_seconds: Math.floor((Date.now() - context.startedAt) / 1000),
      time_scale: config.timeScale,
    };
  });
}
