/**
 * Numbers the docs state, checked against the code that defines them: one source for each (issue 14).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defaultMaxBatch, defaultMaxRetries, recentRecords } from '@limbic/core';
import { describe, expect, it } from 'vitest';
import { plansOf } from '../src/config.js';
import { loadConfig } from '../src/load-config.js';
import { logBufferBytes, logFlushMs } from '../src/logger.js';

const docs = resolve(import.meta.dirname, '../../docs');
/** A doc's text with runs of whitespace (line breaks, table padding) folded into one space. */
const read = (name: string) => readFileSync(resolve(docs, name), 'utf8').replace(/\s+/g, ' ');
const grouped = (n: number) => n.toLocaleString('en-US');

describe('numbers in the docs agree with the code', () => {
  it('the compare-and-set retries before CONFLICT', () => {
    expect(read('errors.md')).toContain(`more than ${defaultMaxRetries} times`);
    expect(read('storage.md')).toContain(`up to ${defaultMaxRetries} times`);
  });

  it('the most commits of one session written together', () => {
    expect(read('storage.md')).toContain(`up to ${defaultMaxBatch} (\`defaultMaxBatch\``);
    expect(read('storage.md')).toContain(`capped at ${defaultMaxBatch}.`);
    expect(read('storage.md')).toContain(`of the ${grouped(recentRecords)} sessions it wrote most recently`);
    expect(read('architecture.md')).toContain(`(up to ${defaultMaxBatch})`);
  });

  it('the plans’ per-key caps and the per-address cap', () => {
    const config = loadConfig({});
    const plans = plansOf(config);
    const errors = read('errors.md');
    for (const kind of ['sockets', 'subscriptions'] as const) {
      expect(errors).toMatch(
        new RegExp(`\\| ${grouped(plans.free[kind])} \\| ${grouped(plans.pro[kind])} \\|`),
      );
    }
    expect(errors).toContain(
      `${grouped(config.maxConnectionsPerAddress)} (\`LIMBIC_MAX_CONNECTIONS_PER_ADDRESS\`)`,
    );
    const gatewayGuide = read('guide/gateway.md');
    expect(gatewayGuide).toContain(
      `| \`LIMBIC_MAX_CONNECTIONS_PER_ADDRESS\` | \`${config.maxConnectionsPerAddress}\` |`,
    );
  });

  it('the buffered log output: its batch size and how long a line may wait', () => {
    const deployment = read('deployment.md');
    expect(deployment).toContain(`batches of about ${logBufferBytes / 1024} KB`);
    expect(deployment).toContain(`at the latest ${logFlushMs} ms after they were logged`);
    expect(deployment).toContain(`at most the last ${logFlushMs} ms of log lines`);
  });
});
