#!/usr/bin/env node
/**
 * Starts the Limbic gateway from environment variables (see README: PORT, HOST, LIMBIC_TIME_SCALE, LIMBIC_API_KEYS,
 * LIMBIC_DATA, LIMBIC_KEY_SECRET, LOG_LEVEL) and prints its URL and, on a first start, a sandbox key.
 */
import { createFileKeyStore } from './auth/key-store.js';
import { ensureSandboxKey, loadPepper, provisionKeys } from './auth/provision.js';
import { loadConfig } from './config.js';
import { createGateway } from './gateway.js';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const pepper = loadPepper(config);
  const keys = createFileKeyStore(config.dataDir);
  await provisionKeys(keys, pepper, config.apiKeys);
  const sandboxKey = await ensureSandboxKey(keys, pepper);
  const gateway = await createGateway({ config, keys, pepper });
  const url = await gateway.listen();
  const sandbox = (await keys.list()).find((k) => k.source === 'sandbox' && k.status === 'active');
  const lines = [
    '',
    `  Limbic gateway ${gateway.context.version} listening on ${url}`,
    `  REST ${url}/v1   WebSocket ${url.replace(/^http/, 'ws')}/v1/ws/:sessionId?token=…   OpenAPI ${url}/v1/openapi.json`,
    `  store: ${gateway.context.service.store.kind}   time scale: ${config.timeScale}   data: ${config.dataDir}`,
  ];
  if (sandboxKey) {
    lines.push(`  sandbox key (shown once, keep it): ${sandboxKey}`);
  } else if (sandbox) {
    lines.push(
      `  sandbox key: ${sandbox.hint} (printed on first start; make another with: npm run keys -- create)`,
    );
  }
  lines.push('');
  console.log(lines.join('\n'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    gateway.app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    await gateway.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

await main();
