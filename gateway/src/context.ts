import type { Clock, SessionService } from '@limbic/core';
import type { FastifyBaseLogger } from 'fastify';
import type { OperatorAuth } from './auth/admin-token.js';
import type { Authenticator, Principal } from './auth/authenticator.js';
import type { ConnectionCounter } from './auth/connection-cap.js';
import type { FailedAuthLimiter } from './auth/failed-auth-limiter.js';
import type { KeyStore } from './auth/key-store.js';
import type { RequestLimiter } from './auth/rate-limiter.js';
import type { ProxyTrust } from './auth/trust-proxy.js';
import type { GatewayConfig, Plan, PlanName } from './config.js';
import type { Subscribers } from './subscribers.js';
import type { Webhooks } from './webhooks/webhooks.js';

/** Everything the routes, the WebSocket endpoint and the scheduler share. */
export interface GatewayContext {
  config: GatewayConfig;
  plans: Record<PlanName, Plan>;
  service: SessionService;
  keys: KeyStore;
  pepper: string;
  auth: Authenticator;
  /** Recognises the operator token (LIMBIC_ADMIN_TOKEN), which opens the GraphQL operator fields. */
  operator: OperatorAuth;
  limiter: RequestLimiter;
  /** Failed authentications per client address (checked before any key is hashed). */
  failedAuth: FailedAuthLimiter;
  /** The engine clock (runs LIMBIC_TIME_SCALE times faster than wall time). */
  clock: Clock;
  log: FastifyBaseLogger;
  /** Wall-clock start time, ms. */
  startedAt: number;
  version: string;
  /** True once shutdown began: new work is refused with 503. */
  closing: boolean;
  /** Keys revoked while the gateway runs (the authenticator's cache forgets them, the subscriber registry ends their sockets and streams). */
  onKeyRevoked: Set<(keyId: string) => void>;
  /** The one registry of live sockets and subscription streams, every transport: fan-out, revocation, per-key caps. */
  subscribers: Subscribers;
  /** Open TCP connections per client address, for the per-address cap. */
  connections: ConnectionCounter;
  /** Which peers are trusted proxies (LIMBIC_TRUST_PROXY), for `clientAddress()`; undefined: none. */
  proxyTrust: ProxyTrust | undefined;
  /** Webhooks: the owners' endpoints, the outbox's producer and the delivery worker (docs/webhooks.md). */
  webhooks: Webhooks;
}

/**
 * Tells every `onKeyRevoked` listener that a key stopped working (the authenticator's cache, WebSockets, GraphQL
 * streams). The revocation watch does it within a second for changes made elsewhere; the operator mutations call
 * it at once.
 */
export function reportKeyRevoked(context: GatewayContext, keyId: string): void {
  for (const listener of context.onKeyRevoked) {
    try {
      listener(keyId);
    } catch (err) {
      context.log.error({ err, keyId }, 'a key revocation listener failed');
    }
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated caller; set by the auth hook on every protected route. */
    principal: Principal;
  }
  interface FastifyContextConfig {
    /** Routes that need no API key (health, OpenAPI). */
    public?: boolean;
  }
}
