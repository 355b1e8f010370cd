/**
 * Every documented REST operation answers its success with a body its generated schema accepts: one real request per
 * operation through the checking client (which validates every response it sees against the OpenAPI document, whose
 * schemas are generated from `@limbic/protocol/shapes`), then a check that no operation was left out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './harness.js';
import { appraisal, openApi, type RestClient, restClient, validated } from './rest-client.js';

let t: TestGateway;
let pro: RestClient;

beforeAll(async () => {
  t = await startTestGateway({ webhookAllowPrivate: true });
  pro = restClient(t, t.keys.pro);
});
afterAll(() => t.close());

const day = 86_400_000;

describe('every operation’s success body matches its generated schema', () => {
  it('exercises each documented operation once and validates what it answers', async () => {
    await pro.get('/v1/health');
    await pro.get('/v1/openapi.json');
    await pro.get('/v1/asyncapi.json');
    await pro.get('/v1/presets');
    const created = await pro.post('/v1/persona', { preset: 'empathetic_listener' });
    expect(created.status).toBe(201);
    const id: string = created.body.sessionId;
    await pro.get('/v1/persona');
    await pro.get(`/v1/persona/${id}`);
    await pro.post('/v1/turn', { sessionId: id, message: 'I got the job!', from: { id: 'u1', name: 'Sam' } });
    await pro.post('/v1/turn/appraisal', { sessionId: id, appraisal, from: { id: 'u2', name: 'Kim' } });
    await pro.get(`/v1/persona/${id}/participants`);
    await pro.get(`/v1/persona/${id}/relationship?participant=u1`);
    const remembered = await pro.get(`/v1/persona/${id}/memories?participant=u1`);
    expect(remembered.body.memories.length).toBeGreaterThan(0);
    await pro.get(`/v1/persona/${id}/memory/settings`);
    await pro.put(`/v1/persona/${id}/memory/settings`, { max_episodes: 100 });
    await pro.get(`/v1/state/${id}`);
    await pro.put(`/v1/proactive/${id}/preferences`, { enabled: true });
    await pro.put(`/v1/proactive/${id}/participants/u1`, {
      time_zone: 'Europe/Madrid',
      quiet_hours: { start: '22:00', end: '08:00' },
    });
    await pro.get(`/v1/persona/${id}/participants`);
    t.clock.advance(4 * day);
    const pending = await pro.get(`/v1/proactive/${id}`);
    expect(pending.body.length).toBeGreaterThan(0);
    await pro.post(`/v1/proactive/${id}/ack`, { id: pending.body[0].id });
    await pro.get('/v1/schemas/session-snapshot.json');
    const snapshot = await pro.get(`/v1/persona/${id}/snapshot`);
    expect((await pro.post('/v1/persona', { snapshot: snapshot.body })).status).toBe(201);
    await pro.post(`/v1/persona/${id}/override`, { emotion: { V: -0.4 }, note: 'a story beat' });
    await pro.post(`/v1/persona/${id}/tick`, { seconds: 3600 });
    await pro.delete(`/v1/persona/${id}/participants/u2`);
    await pro.delete(`/v1/persona/${id}/memories/${remembered.body.memories[0].id}`);
    await pro.delete(`/v1/persona/${id}/memories`);
    await pro.delete(`/v1/persona/${id}`);
    // Port 9 (discard) on loopback: nothing listens, so the test event fails at once and is logged.
    const hook = await pro.post('/v1/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      events: ['proactive.action'],
    });
    expect(hook.status).toBe(201);
    const hookId: string = hook.body.id;
    await pro.get('/v1/webhooks');
    await pro.get(`/v1/webhooks/${hookId}`);
    await pro.patch(`/v1/webhooks/${hookId}`, { description: 'ops' });
    await pro.post(`/v1/webhooks/${hookId}/rotate-secret`, undefined);
    await pro.post(`/v1/webhooks/${hookId}/test`, undefined);
    await pro.get(`/v1/webhooks/${hookId}/deliveries`);
    await pro.delete(`/v1/webhooks/${hookId}`);

    const documented = Object.entries(openApi.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => !operation['x-graphql'])
        .map(([method, operation]) => {
          const ok = Object.keys(operation.responses).find((status) => /^2\d\d$/.test(status));
          return `${method.toUpperCase()} ${path} ${ok}`;
        }),
    );
    expect(documented.length).toBeGreaterThanOrEqual(16);
    expect(documented.filter((entry) => !validated.has(entry))).toEqual([]);
  });
});
