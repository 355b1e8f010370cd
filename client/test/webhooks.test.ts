import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../../gateway/test/harness.js';
import { startReceiver, type WebhookReceiver } from '../../gateway/test/webhook-receiver.js';
import { createLimbicClient, isLimbicApiError, type LimbicClient } from '../src/index.js';

let t: TestGateway;
let receiver: WebhookReceiver;
let client: LimbicClient;

beforeAll(async () => {
  t = await startTestGateway({ webhookAllowPrivate: true });
  receiver = await startReceiver();
  client = createLimbicClient({ baseUrl: t.url, apiKey: t.keys.pro });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

describe('webhook methods', () => {
  it('register, list, update, test, read the log, rotate and delete an endpoint', async () => {
    const created = await client.createWebhook({ url: receiver.url, events: ['proactive.action'] });
    expect(created.secret).toMatch(/^whsec_/);
    expect((await client.listWebhooks({ limit: 5 })).webhooks.map((w) => w.id)).toContain(created.id);
    const updated = await client.updateWebhook(created.id, { description: 'alerts', enabled: false });
    expect(updated).toMatchObject({ description: 'alerts', enabled: false, disabled_reason: 'manual' });
    expect((await client.getWebhook(created.id)).description).toBe('alerts');

    const queued = await client.testWebhook(created.id);
    const [received] = await receiver.waitFor(1);
    expect(received?.headers['webhook-id']).toBe(queued.message_id);
    expect(
      new Webhook(created.secret).verify(received!.body, received!.headers as Record<string, string>),
    ).toMatchObject({
      type: 'webhook.test',
    });
    await t.gateway.webhooks.worker.idle();
    const log = [];
    for await (const attempt of client.webhookDeliveries(created.id, { limit: 1 })) log.push(attempt);
    expect(log).toEqual([expect.objectContaining({ message_id: queued.message_id, ok: true, attempt: 1 })]);

    const rotated = await client.rotateWebhookSecret(created.id);
    expect(rotated.secret).not.toBe(created.secret);
    expect(await client.deleteWebhook(created.id)).toEqual({ deleted: true, id: created.id });
    const missing = await client.getWebhook(created.id).catch((error: unknown) => error);
    expect(isLimbicApiError(missing) && missing.code).toBe('NOT_FOUND');
  });
});
