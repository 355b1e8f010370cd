#!/usr/bin/env node
/**
 * Starts the Limbic gateway from environment variables (see README: PORT, HOST, LIMBIC_TIME_SCALE, LIMBIC_API_KEYS,
 * LIMBIC_DATA, LIMBIC_STORE, MONGODB_URI, LIMBIC_KEY_SECRET, LIMBIC_ADMIN_TOKEN, LOG_LEVEL, LOG_FORMAT) and prints its
 * URL, its store, the dashboard's URL and, on a first start, a sandbox key and the operator (admin) token. Compiled,
 * it is `npm start` and the `limbic-gateway` bin; `npm run dev` runs this source through tsx.
 * Exit codes: 0 after SIGTERM/SIGINT, 1 when it cannot start (the port is taken, the store cannot be opened), 2 for
 * invalid configuration.
 */
import {
  type Clock,
  createSessionService,
  createSystemClock,
  isLimbicError,
  llmServiceOptions,
  type SessionStore,
  type WebhookStore,
} from '@limbic/core';
import { describeStore, openStore } from '@limbic/store';
import { createOperatorAuth, ensureAdminToken } from './auth/admin-token.js';
import { keyStatus } from './auth/key-admin.js';
import { createFileKeyStore } from './auth/key-store.js';
import { ensureSandboxKey, loadPepper, provisionKeys } from './auth/provision.js';
import type { GatewayConfig } from './config.js';
import { createGateway, type Gateway, logFallback } from './gateway.js';
import { dataDirOf, loadConfig } from './load-config.js';
import { createGatewayMetrics } from './metrics/gateway-metrics.js';
import { timeStore } from './metrics/timed-store.js';
import { defaultDashboardDir, isDashboardBuilt } from './routes/dashboard.js';

/** A URL fit for a banner: no user, password or query (which may carry a token). */
function withoutCredentials(url: string): string {
  const shown = new URL(url);
  shown.username = '';
  shown.password = '';
  shown.search = '';
  return shown.href;
}

function fail(error: unknown): never {
  console.error((error as Error).message);
  process.exit(isLimbicError(error, 'VALIDATION_ERROR') ? 2 : 1);
}

async function main(): Promise<void> {
  let config: GatewayConfig;
  let pepper: string;
  try {
    const loaded = loadConfig();
    config = { ...loaded, dataDir: dataDirOf(loaded.dataDir) };
    pepper = loadPepper(config);
  } catch (error) {
    fail(error);
  }
  const dataDir = config.dataDir;
  const keys = createFileKeyStore(config.dataDir);
  const provisioned = await provisionKeys(keys, pepper, config.apiKeys);
  const sandboxKey = await ensureSandboxKey(keys, pepper);
  let adminToken: string | null = null;
  try {
    // LIMBIC_ADMIN_TOKEN, when set, is the token: admin.json is then neither made nor read.
    if (config.adminToken === undefined) adminToken = ensureAdminToken(config.dataDir, pepper);
  } catch (error) {
    fail(error);
  }
  const metrics = createGatewayMetrics({ processMetrics: config.metricsProcess });
  let store: SessionStore;
  let webhooks: WebhookStore;
  try {
    const opened = await openStore(config);
    // Webhooks live next to the sessions: the same file, the same database (memory: in memory).
    webhooks = opened.webhooks();
    store = timeStore(opened, metrics);
  } catch (error) {
    if (isLimbicError(error, 'VALIDATION_ERROR')) fail(error);
    fail(new Error(`Cannot open the session store (${describeStore(config)}): ${(error as Error).message}`));
  }
  // Under a time scale every gateway on the store counts from the origin stored with the data, so they agree.
  let clock: Clock;
  try {
    clock = createSystemClock(
      config.timeScale,
      config.timeScale === 1 || !store.clockOrigin
        ? Date.now()
        : await store.clockOrigin(config.timeScale, Date.now()),
    );
  } catch (error) {
    fail(new Error(`Cannot read the clock origin from the session store: ${(error as Error).message}`));
  }
  const service = createSessionService({
    store,
    clock,
    ...(config.llm ? llmServiceOptions(config.llm, { onFallback: logFallback(() => gateway.app.log) }) : {}),
  });
  let gateway: Gateway;
  let url: string;
  try {
    const operator = createOperatorAuth({
      pepper,
      token: config.adminToken,
      dataDir: config.dataDir,
      // Only requests verify tokens, so the gateway exists by then.
      onError: (err) => gateway.app.log.warn({ err }, 'cannot read the admin token file'),
    });
    gateway = await createGateway({
      config,
      keys,
      pepper,
      service,
      clock,
      operator,
      metrics,
      webhooks,
    });
    url = await gateway.listen();
  } catch (error) {
    fail(new Error(`Cannot start the gateway on ${config.host}:${config.port}: ${(error as Error).message}`));
  }
  // Before the banner: whoever reads it may signal at once.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    gateway.app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    try {
      // In-flight turns are drained by the gateway's close; only then is the store closed.
      await gateway.close();
      await store.close();
      process.exit(0);
    } catch (err) {
      gateway.app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const now = Date.now();
  const all = await keys.list();
  const usable = all.filter((k) => ['active', 'expiring'].includes(keyStatus(k, now)));
  const sandbox = usable.find((k) => k.source === 'sandbox');
  const lines = [
    '',
    `  Limbic gateway ${gateway.context.version} listening on ${url}`,
    `  REST ${url}/v1   WebSocket ${url.replace(/^http/, 'ws')}/v1/ws/:sessionId?token=…   OpenAPI ${url}/v1/openapi.json`,
    `  GraphQL ${url}/graphql (GraphiQL in a browser; graphql-ws and SSE subscriptions on the same path)`,
    `  dashboard: ${url}/dashboard${isDashboardBuilt(config.dashboardDir ?? defaultDashboardDir()) ? '' : ' (not built yet: npm run build -w @limbic/dashboard)'}`,
    `  store: ${describeStore(config)}`,
    `  time scale: ${config.timeScale}   data: ${dataDir}`,
    config.llm
      ? `  text turns: LLM ${config.llm.model} at ${withoutCredentials(config.llm.baseURL)} (the offline reader answers when it fails)`
      : '  text turns: the offline reader (English); set LIMBIC_LLM_URL and LIMBIC_LLM_MODEL to use an LLM',
  ];
  if (config.adminToken !== undefined) {
    lines.push('  admin token: from LIMBIC_ADMIN_TOKEN (sign in to the dashboard with it)');
  } else if (adminToken !== null) {
    lines.push(`  admin token (shown once, keep it): ${adminToken}`);
    lines.push(`  sign in to the dashboard at ${url}/dashboard with it`);
  } else {
    lines.push(
      '  admin token: configured (printed on first start; make a new one with: npm run keys -- admin-token)',
    );
  }
  if (sandboxKey) {
    lines.push(`  sandbox key (shown once, keep it): ${sandboxKey}`);
  } else if (sandbox) {
    lines.push(
      `  sandbox key: ${sandbox.hint} (printed on first start; make another with: npm run keys -- create)`,
    );
  } else {
    lines.push(`  API keys: ${usable.length} usable (manage them with: npm run keys -- list)`);
  }
  for (const k of provisioned) {
    const status = keyStatus(k, now);
    if (status === 'revoked' || status === 'expired') {
      lines.push(
        `  warning: LIMBIC_API_KEYS lists ${k.hint} (${k.id}), which is ${status}; it stays ${status}`,
      );
    }
  }
  lines.push('');
  console.log(lines.join('\n'));
}

await main();
