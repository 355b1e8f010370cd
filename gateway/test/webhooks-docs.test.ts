/** The numbers docs/webhooks.md states, checked against the code that defines them. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { webhookEventTypes } from '@limbic/protocol';
import { describe, expect, it } from 'vitest';
import { leaseWallMs, pollWallMs, retentionMs, stopGraceMs } from '../src/webhooks/delivery-worker.js';
import {
  failuresBeforeDisable,
  maxAttempts,
  retryDelaysMs,
  retryJitter,
} from '../src/webhooks/retry-schedule.js';
import { sendTimeoutMs } from '../src/webhooks/send.js';
import { secretOverlapMs } from '../src/webhooks/signing.js';
import { maxWebhooksPerOwner } from '../src/webhooks/webhook-admin.js';

const doc = readFileSync(resolve(import.meta.dirname, '../../docs/webhooks.md'), 'utf8').replace(/\s+/g, ' ');

function words(ms: number): string {
  if (ms < 60_000) return `${ms / 1000} s`;
  if (ms < 3600_000) return `${ms / 60_000} min`;
  return `${ms / 3600_000} h`;
}

describe('docs/webhooks.md agrees with the code', () => {
  it('states the retry schedule, its window, the jitter and the disabling run', () => {
    const schedule = retryDelaysMs.map(words);
    expect(doc).toContain(`${schedule.slice(0, -1).join(', ')} and ${schedule.at(-1)}`);
    expect(doc).toContain(
      `${maxAttempts} attempts over about ${(retryDelaysMs.reduce((a, b) => a + b) / 3600_000).toFixed(1)} hours`,
    );
    expect(doc).toContain(`±${retryJitter * 100} %`);
    expect(doc).toContain(`failed ${failuresBeforeDisable} times in a row`);
  });

  it('states the limits and times of the outbox', () => {
    expect(doc).toContain(`At most ${maxWebhooksPerOwner} endpoints per owner`);
    expect(doc).toContain(`for ${secretOverlapMs / 3600_000} hours`);
    expect(doc).toContain(`within ${sendTimeoutMs / 1000} seconds`);
    expect(doc).toContain(`a lease of ${leaseWallMs / 1000} seconds`);
    expect(doc).toContain(`at least every ${pollWallMs / 1000} seconds`);
    expect(doc).toContain(`waits up to ${stopGraceMs / 1000} seconds`);
    expect(doc).toContain(`for ${retentionMs / 86_400_000} days`);
  });

  it('lists every event of the catalog', () => {
    for (const type of webhookEventTypes) expect(doc).toContain(`| \`${type}\``);
  });
});
