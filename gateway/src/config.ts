import type { LlmSettings } from '@limbic/core';
import type { StoreConfig, StoreKind } from '@limbic/store';
import type { TrustProxySetting } from './auth/trust-proxy.js';

// The settings and the plans table; `loadConfig` (load-config.ts) reads the settings from the environment.

/**
 * A plan: requests per minute (REST requests, WebSocket messages and GraphQL operations of one key together),
 * session quota, and the per-key caps on what a key holds open at once (docs/errors.md, "Admission").
 */
export interface Plan {
  name: PlanName;
  requestsPerMinute: number;
  sessions: number;
  /** WebSocket connections (`/v1/ws` and graphql-ws together) one key may hold open. */
  sockets: number;
  /** GraphQL subscription streams (graphql-ws and SSE together) one key may hold open. */
  subscriptions: number;
}

/** The plan names of the interface's limits table. */
export type PlanName = 'free' | 'pro' | 'enterprise';

/** LOG_FORMAT: `json` (one JSON object per line), `pretty` (pino-pretty), or `auto`: pretty when stdout is a terminal. */
export type LogFormat = 'json' | 'pretty' | 'auto';

/** The values LOG_FORMAT accepts (unset means `auto`). */
export const logFormats: readonly LogFormat[] = ['json', 'pretty'];

/** A key given in LIMBIC_API_KEYS. */
export interface ProvisionedKey {
  key: string;
  plan: PlanName;
}

/** Everything the gateway reads from its environment (its store fields are the store package's {@link StoreConfig}). */
export interface GatewayConfig extends StoreConfig {
  /** PORT, default 8787; 0 picks a free port. */
  port: number;
  /** HOST, default 127.0.0.1 (set 0.0.0.0 to listen on every interface). */
  host: string;
  /** LIMBIC_TIME_SCALE, default 1: how many times faster than wall time the engine clock runs. */
  timeScale: number;
  /** LIMBIC_API_KEYS: `key:plan,key:plan`, provisioned at start. */
  apiKeys: ProvisionedKey[];
  /**
   * LIMBIC_DATA, default ./data: where durable files (keys, secret, sessions) live; as read here, relative. The
   * server and the key CLI resolve it with `dataDirOf` (load-config.ts), against the folder the command was started in, so
   * `npm start` and `npm run keys` at the repository root both use ./data at the root.
   */
  dataDir: string;
  /**
   * LIMBIC_STORE: `sqlite` by default, `mongodb` by default when MONGODB_URI is set, `memory` on request (for tests
   * and throwaway runs: nothing survives a restart).
   */
  store: StoreKind;
  /** LIMBIC_SQLITE_FILE, default `limbic.db` in LIMBIC_DATA: the SQLite database file (relative to LIMBIC_DATA). */
  sqliteFile: string;
  /** LIMBIC_SQLITE_SYNCHRONOUS, default FULL: NORMAL trades the last writes before a power loss for speed. */
  sqliteSynchronous: 'FULL' | 'NORMAL';
  /** MONGODB_URI: the MongoDB connection string (selects the mongodb store unless LIMBIC_STORE says otherwise). */
  mongodbUri: string | undefined;
  /** LIMBIC_MONGO_WRITE_CONCERN: `majority` (default) or a number of acknowledging members, e.g. `1`. */
  mongodbWriteConcern: string;
  /** LIMBIC_DB: the MongoDB database name; default: the one in MONGODB_URI, else `limbic`. */
  mongodbDb: string | undefined;
  /** LIMBIC_KEY_SECRET: the pepper for key hashes; default: generated once and kept in LIMBIC_DATA. */
  keySecret: string | undefined;
  /**
   * LIMBIC_ADMIN_TOKEN: the operator token of the dashboard and the GraphQL operator fields; default: generated on
   * the first start (printed once) and kept as a keyed hash in `<LIMBIC_DATA>/admin.json`.
   */
  adminToken: string | undefined;
  /**
   * The built dashboard served at /dashboard; default: the `dist` folder of the @limbic/dashboard package in the
   * repository, else the copy shipped in the gateway package.
   */
  dashboardDir: string | undefined;
  /** LOG_LEVEL, default info (fatal, error, warn, info, debug, trace, silent). */
  logLevel: string;
  /** LOG_FORMAT: `json` or `pretty`; unset, `auto`: pretty when stdout is a terminal, JSON otherwise. */
  logFormat: LogFormat;
  /** LIMBIC_ENTERPRISE_RPM: the enterprise plan's rate limit; default unlimited. */
  enterpriseRequestsPerMinute: number;
  /** LIMBIC_ENTERPRISE_SESSIONS: the enterprise plan's session quota; default unlimited. */
  enterpriseSessions: number;
  /** LIMBIC_ENTERPRISE_SOCKETS: WebSocket connections an enterprise key may hold open; default unlimited. */
  enterpriseSockets: number;
  /** LIMBIC_ENTERPRISE_SUBSCRIPTIONS: GraphQL subscriptions an enterprise key may hold open; default unlimited. */
  enterpriseSubscriptions: number;
  /**
   * LIMBIC_MAX_CONNECTIONS_PER_ADDRESS, default 1024: open TCP connections (HTTP keep-alive and WebSockets) one
   * client address may hold; the connections past it are answered 429 RATE_LIMIT and closed. Behind a reverse
   * proxy every client shares the proxy's address: raise it, or cap at the proxy.
   */
  maxConnectionsPerAddress: number;
  /** Largest accepted REST body, bytes. */
  bodyLimit: number;
  /** Largest accepted WebSocket message, bytes. */
  wsMaxMessage: number;
  /** Heartbeat period for WebSockets, ms: a peer that missed one ping is dropped at the next sweep. */
  heartbeatMs: number;
  /** LIMBIC_FAILED_AUTH_PER_MINUTE, default 30: failed authentications per client address before 429. */
  failedAuthPerMinute: number;
  /**
   * LIMBIC_TRUST_PROXY, default false: which peers are reverse proxies whose X-Forwarded-For names the client, in
   * Fastify's `trustProxy` forms: `true` (every hop), a hop count, or comma-separated addresses and CIDRs of the
   * proxies. The client address then comes from X-Forwarded-For for the failed-authentication limit, on REST and
   * both WebSocket upgrades; the per-address connection cap keeps counting TCP peers.
   */
  trustProxy: TrustProxySetting;
  /**
   * LIMBIC_METRICS_TOKEN: a Bearer token for GET /metrics besides the operator token (for a Prometheus scraper that
   * should not hold the operator token); default none.
   */
  metricsToken: string | undefined;
  /**
   * LIMBIC_METRICS_PROCESS, default false: also export prom-client's default metrics at /metrics (process CPU and
   * memory, event-loop lag, garbage collection, heap), which cost a GC observer and an event-loop delay sampler.
   */
  metricsProcess: boolean;
  /**
   * LIMBIC_WEBHOOK_ALLOW_PRIVATE, default false: let webhooks reach private, loopback, link-local and other
   * non-public addresses (docs/webhooks.md, SSRF). For local development and tests only.
   */
  webhookAllowPrivate: boolean;
  /**
   * LIMBIC_HEADERS_TIMEOUT_MS, default 10 000: a connection must send a request's headers within this time, or it
   * gets 408 and is closed (slowloris). Checked every quarter of it, at most every second.
   */
  headersTimeoutMs: number;
  /** LIMBIC_REQUEST_TIMEOUT_MS, default 30 000: the same for the whole request, body included. */
  requestTimeoutMs: number;
  /**
   * LIMBIC_CORS_ORIGINS, default none: comma-separated origins (`https://app.example.com`) whose browser pages may
   * call REST and GraphQL (CORS) and open WebSockets, or `*` for any. The gateway's own origin (the dashboard) and
   * requests without an Origin header (servers, bots) always pass.
   */
  corsOrigins: string[];
  /**
   * LIMBIC_LLM_URL, LIMBIC_LLM_MODEL, LIMBIC_LLM_API_KEY, LIMBIC_LLM_TIMEOUT_MS (default 8000) and
   * LIMBIC_LLM_RESPONSE_FORMAT (default auto): an OpenAI-compatible model for text turns (falling back to the
   * offline reader) and for personas written from a description. Undefined without LIMBIC_LLM_URL.
   */
  llm: LlmSettings | undefined;
}

/**
 * Plans of the interface: free 60/min and 10 sessions, pro 600 and 1,000, enterprise unlimited unless configured.
 * Per-key caps on open sockets and subscriptions (not in the interface): twice the session quota, so that every
 * session can hold a socket while a reconnecting client's old socket has not been noticed gone yet.
 */
export function plansOf(
  config: Pick<GatewayConfig, 'enterpriseRequestsPerMinute' | 'enterpriseSessions'> &
    Partial<Pick<GatewayConfig, 'enterpriseSockets' | 'enterpriseSubscriptions'>>,
): Record<PlanName, Plan> {
  return {
    free: { name: 'free', requestsPerMinute: 60, sessions: 10, sockets: 20, subscriptions: 20 },
    pro: { name: 'pro', requestsPerMinute: 600, sessions: 1000, sockets: 2000, subscriptions: 2000 },
    enterprise: {
      name: 'enterprise',
      requestsPerMinute: config.enterpriseRequestsPerMinute,
      sessions: config.enterpriseSessions,
      sockets: config.enterpriseSockets ?? Number.POSITIVE_INFINITY,
      subscriptions: config.enterpriseSubscriptions ?? Number.POSITIVE_INFINITY,
    },
  };
}

/** The plan names, for validation. */
export const planNames: readonly PlanName[] = ['free', 'pro', 'enterprise'];

/** Key prefixes of the interface: `svc_live_` for production, `svc_test_` for the sandbox. */
export const keyPattern = /^svc_(live|test)_[A-Za-z0-9_-]{16,200}$/;
