import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context.js';
import { registerHealthRoutes } from './health.js';
import { registerMethodNotAllowed } from './method-not-allowed.js';
import { registerOpenApiRoutes } from './openapi.js';
import { registerPersonaRoutes } from './persona.js';
import { registerPresetRoutes } from './presets.js';
import { registerProactiveRoutes } from './proactive.js';
import { registerStateRoutes } from './state.js';
import { registerTurnRoutes } from './turn.js';

/** One route registered on the gateway's Fastify instance. */
export interface RouteEntry {
  method: string;
  url: string;
  /** True when the route needs no API key. */
  public: boolean;
  /** `route`: served; `method-not-allowed`: answers 405 for a method its path does not serve. */
  kind: 'route' | 'method-not-allowed';
}

const registries = new WeakMap<FastifyInstance, RouteEntry[]>();

/**
 * Every route registered on `app` from {@link registerRoutes} on (including routes added later by other parts of
 * the gateway), except Fastify's automatic HEAD twins of GET routes. The OpenAPI test compares this list with the
 * document.
 */
export function registeredRoutes(app: FastifyInstance): readonly RouteEntry[] {
  return registries.get(app) ?? [];
}

/** Registers every REST route of the /v1 interface, then the 405 answers for the methods each path lacks. */
export function registerRoutes(app: FastifyInstance, context: GatewayContext): void {
  const entries: RouteEntry[] = [];
  registries.set(app, entries);
  let kind: RouteEntry['kind'] = 'route';
  app.addHook('onRoute', (route) => {
    if (route.method === 'HEAD' && kind === 'route') return;
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      entries.push({ method, url: route.url, public: route.config?.public === true, kind });
    }
  });

  registerHealthRoutes(app, context);
  registerPresetRoutes(app);
  registerPersonaRoutes(app, context);
  registerTurnRoutes(app, context);
  registerStateRoutes(app, context);
  registerProactiveRoutes(app, context);
  registerOpenApiRoutes(app, context);

  const served = new Map<string, Set<string>>();
  for (const { method, url } of entries) {
    const methods = served.get(url) ?? new Set<string>();
    methods.add(method);
    if (method === 'GET') methods.add('HEAD');
    served.set(url, methods);
  }
  kind = 'method-not-allowed';
  registerMethodNotAllowed(app, served);
  kind = 'route';
}
