import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpGateways, type Started, startGateway, stopGateway, tempDataDir } from './gateway-process.js';
import { startReceiver, type WebhookReceiver } from './webhook-receiver.js';

// The outbox's acceptance tests on the real start command and SQLite (issue 25): a delivery pending when the
// gateway is SIGKILLed is sent after the restart; two gateways on one file send each event once.

const key = 'svc_live_webhookdurab0123456789abcdef';
let receiver: WebhookReceiver | undefined;

afterEach(async () => {
  cleanUpGateways();
  await receiver?.close();
  receiver = undefined;
});

// biome-ignore lint/suspicious/noExplicitAny: test code reads arbitrary JSON.
async function call(url: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

function start(dataDir: string): Promise<Started & { url: string }> {
  return startGateway({
    LIMBIC_STORE: 'sqlite',
    LIMBIC_DATA: dataDir,
    LIMBIC_API_KEYS: `${key}:enterprise`,
    LIMBIC_WEBHOOK_ALLOW_PRIVATE: 'true',
    LOG_LEVEL: 'warn',
  });
}

/** Resolves once the delivery log of `id` holds `count` attempts (each look is one request, no timer). */
async function attemptsLogged(url: string, id: string, count: number) {
  for (;;) {
    const { deliveries } = await call(url, 'GET', `/v1/webhooks/${id}/deliveries`);
    if (deliveries.length >= count) return deliveries;
  }
}

describe('durable webhook outbox (sqlite)', { timeout: 60_000 }, () => {
  it('sends a delivery that was pending when the gateway was SIGKILLed, after the restart', async () => {
    receiver = await startReceiver([500]);
    const dataDir = tempDataDir();
    const first = await start(dataDir);
    const hook = await call(first.url, 'POST', '/v1/webhooks', {
      url: receiver.url,
      events: ['session.deleted'],
    });
    const { sessionId } = await call(first.url, 'POST', '/v1/persona', { preset: 'cheerful_companion' });
    await call(first.url, 'DELETE', `/v1/persona/${sessionId}`);
    const [failed] = await receiver.waitFor(1);
    // The failed attempt is recorded (the message waits 5 s ± 20 % for its retry): now the process dies.
    await attemptsLogged(first.url, hook.id, 1);
    first.child.kill('SIGKILL');
    expect(await first.exited(10_000)).toBeNull();

    const second = await start(dataDir);
    const [, retried] = await receiver.waitFor(2);
    expect(retried?.headers['webhook-id']).toBe(failed?.headers['webhook-id']);
    expect(retried?.json).toEqual({
      type: 'session.deleted',
      timestamp: failed?.json.timestamp,
      data: { session_id: sessionId },
    });
    const log = await attemptsLogged(second.url, hook.id, 2);
    expect(log.map((a: { attempt: number; ok: boolean }) => [a.attempt, a.ok])).toEqual([
      [2, true],
      [1, false],
    ]);
    await stopGateway(second);
    expect(receiver.received).toHaveLength(2);
  });

  it('two gateways on one file send each event once', async () => {
    receiver = await startReceiver();
    const dataDir = tempDataDir();
    const a = await start(dataDir);
    const b = await start(dataDir);
    const hook = await call(a.url, 'POST', '/v1/webhooks', {
      url: receiver.url,
      events: ['session.deleted'],
    });
    const gateways = [a, b];
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const made = gateways[i % 2]!;
      const { sessionId } = await call(made.url, 'POST', '/v1/persona', { preset: 'cheerful_companion' });
      ids.push(sessionId);
    }
    // Deleted through the other gateway than the one that made each: both see every deletion (one writes it, the
    // other through the store's watch), and only the writer enqueues it.
    await Promise.all(ids.map((id, i) => call(gateways[(i + 1) % 2]!.url, 'DELETE', `/v1/persona/${id}`)));
    await receiver.waitFor(ids.length);
    await attemptsLogged(b.url, hook.id, ids.length);
    await stopGateway(a);
    await stopGateway(b);
    const sessions = receiver.received.map((r) => r.json.data.session_id);
    expect(sessions.sort()).toEqual([...ids].sort());
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(ids.length);
  });
});
