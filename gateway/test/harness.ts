import { Writable } from 'node:stream';
import {
  createManualClock,
  createMemoryStore,
  createSeededRandom,
  createSessionService,
  llmServiceOptions,
  type ManualClock,
  type ManualTime,
  type SessionStore,
  type WebhookStore,
} from '@limbic/core';
import { generateAdminToken } from '../src/auth/admin-token.js';
import { createMemoryKeyStore } from '../src/auth/key-store.js';
import { createKey } from '../src/auth/provision.js';
import type { GatewayConfig } from '../src/config.js';
import { createGateway, type Gateway, logFallback } from '../src/gateway.js';
import { createGatewayMetrics } from '../src/metrics/gateway-metrics.js';
import { timeStore } from '../src/metrics/timed-store.js';

/** A gateway on 127.0.0.1:0 with a manual engine clock, in-memory stores and a set of keys. */
export interface TestGateway {
  gateway: Gateway;
  url: string;
  wsUrl: string;
  clock: ManualClock;
  /** Keys: free and pro sandbox keys of one account each, a live key of the pro key's account, and a second pro account. */
  keys: { free: string; pro: string; proLive: string; other: string };
  /** The operator token (LIMBIC_ADMIN_TOKEN): `config.adminToken` when given, else a new one. */
  adminToken: string;
  /** Every log line the gateway wrote. */
  logs: string[];
  close(): Promise<void>;
}

/**
 * Starts a gateway for a test (on a new in-memory store unless `options.store` is given, timed for /metrics), with an operator token
 * (`config.adminToken`, default a new one). With `config.llm`, text turns and description personas use that LLM,
 * whose Retry-After pauses run on the test's manual clock. Close it in afterEach/afterAll.
 */
export async function startTestGateway(
  config: Partial<GatewayConfig> = {},
  options: {
    store?: SessionStore;
    /** A manual clock with its timers, for the webhook worker's waits (default: a manual clock, host timers). */
    time?: ManualTime;
    webhooks?: WebhookStore;
    random?: () => number;
  } = {},
): Promise<TestGateway> {
  const clock = options.time?.clock ?? createManualClock(Date.UTC(2026, 10, 21, 12));
  // Timed like main.ts's store, so /metrics reports store calls in tests too.
  const metrics = createGatewayMetrics();
  const service = createSessionService({
    clock,
    random: createSeededRandom(11),
    store: timeStore(options.store ?? createMemoryStore(), metrics),
    ...(config.llm
      ? llmServiceOptions({ ...config.llm, clock }, { onFallback: logFallback(() => gateway.app.log) })
      : {}),
  });
  const keys = createMemoryKeyStore();
  const pepper = 'test-pepper';
  const free = await createKey(keys, pepper, { env: 'test', plan: 'free' });
  const pro = await createKey(keys, pepper, { env: 'test', plan: 'pro' });
  const proLive = await createKey(keys, pepper, { env: 'live', plan: 'pro', account: pro.record.account });
  const other = await createKey(keys, pepper, { env: 'test', plan: 'pro' });
  const adminToken = config.adminToken ?? generateAdminToken();
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const gateway = await createGateway({
    config: {
      port: 0,
      host: '127.0.0.1',
      heartbeatMs: 60_000,
      failedAuthPerMinute: 10_000,
      ...config,
      adminToken,
    },
    service,
    metrics,
    keys,
    pepper,
    clock,
    logger: { level: 'info', stream },
    ...(options.time ? { timers: options.time.timers } : {}),
    ...(options.webhooks ? { webhooks: options.webhooks } : {}),
    ...(options.random ? { random: options.random } : {}),
  });
  const url = await gateway.listen();
  return {
    gateway,
    url,
    wsUrl: url.replace(/^http/, 'ws'),
    clock,
    keys: { free: free.key, pro: pro.key, proLive: proLive.key, other: other.key },
    adminToken,
    logs,
    close: () => gateway.close(),
  };
}
