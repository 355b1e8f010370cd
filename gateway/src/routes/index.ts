import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context.js';
import { registerControlRoutes } from './controls.js';
import { registerHealthRoutes } from './health.js';
import { registerMemoryRoutes } from './memories.js';
import { registerMethodNotAllowed } from './method-not-allowed.js';
import { registerOpenApiRoutes } from './openapi.js';
import { registerParticipantRoutes } from './participants.js';
import { registerPersonaRoutes } from './persona.js';
import { registerPresetRoutes } from './presets.js';
import { registerProactiveRoutes } from './proactive.js';
import { registerRelationshipRoutes } from './relationship.js';
import { registerSnapshotRoutes } from './snapshots.js';
import { registerStateRoutes } from './state.js';
import { registerTurnRoutes } from './turn.js';
import { registerWebhookRoutes } from './webhooks.js';
import { registerWebSocketHint } from './websocket.js';

/** One route registered on the gateway's Fastify instance. */
export interface RouteEntry {
  method: string;
  url: string;
  /** True when the route needs no API key. */
  public: boolean;
  /**
   * `route`: served; `method-not-allowed`: answers 405 for a method its path does not serve; `page`: a browser page
   * outside the API (the dashboard, and `/`, which redirects to it); `operations`: an endpoint for the operator's
   * tools outside the API (GET /metrics for Prometheus). Neither of the last two is in the OpenAPI document.
   */
  kind: 'route' | 'method-not-allowed' | 'page' | 'operations';
}

interface Registry {
  entries: RouteEntry[];
  kind: RouteEntry['kind'];
}

const registries = new WeakMap<FastifyInstance, Registry>();

/**
 * Every route registered on `app` from {@link registerRoutes} on (including routes added later by other parts of
 * the gateway), except the HEAD twins of GET routes (Fastify's automatic ones, and /graphql's). The OpenAPI test
 * compares this list with the document.
 */
export function registeredRoutes(app: FastifyInstance): readonly RouteEntry[] {
  return registries.get(app)?.entries ?? [];
}

/** Runs `register`, recording the routes it adds on `app` as `kind` (routes of other kinds are not the API's). */
export function registerAs(app: FastifyInstance, kind: RouteEntry['kind'], register: () => void): void {
  const registry = registries.get(app);
  if (registry) registry.kind = kind;
  try {
    register();
  } finally {
    if (registry) registry.kind = 'route';
  }
}

/**
 * Registers the 405 answers of the paths in `served` (path → every method it serves, HEAD included when served),
 * recorded as `method-not-allowed` routes. Also for routes registered after {@link registerRoutes}, such as
 * /graphql.
 */
export function registerMethodNotAllowedFor(
  app: FastifyInstance,
  served: ReadonlyMap<string, Set<string>>,
): void {
  registerAs(app, 'method-not-allowed', () => registerMethodNotAllowed(app, served));
}

/** Registers every REST route of the /v1 interface, then the 405 answers for the methods each path lacks. */
export function registerRoutes(app: FastifyInstance, context: GatewayContext): void {
  const registry: Registry = { entries: [], kind: 'route' };
  registries.set(app, registry);
  app.addHook('onRoute', (route) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      if (method === 'HEAD' && registry.kind !== 'method-not-allowed') continue;
      registry.entries.push({
        method,
        url: route.url,
        public: route.config?.public === true,
        kind: registry.kind,
      });
    }
  });

  registerHealthRoutes(app, context);
  registerPresetRoutes(app);
  registerPersonaRoutes(app, context);
  registerParticipantRoutes(app, context);
  registerRelationshipRoutes(app, context);
  registerMemoryRoutes(app, context);
  registerControlRoutes(app, context);
  registerTurnRoutes(app, context);
  registerStateRoutes(app, context);
  registerProactiveRoutes(app, context);
  registerWebhookRoutes(app, context);
  registerOpenApiRoutes(app, context);
  registerSnapshotRoutes(app, context);
  registerWebSocketHint(app);

  const served = new Map<string, Set<string>>();
  for (const { method, url } of registry.entries) {
    const methods = served.get(url) ?? new Set<string>();
    methods.add(method);
    // Fastify answers HEAD for every GET route.
    if (method === 'GET') methods.add('HEAD');
    served.set(url, methods);
  }
  registerMethodNotAllowedFor(app, served);
}
