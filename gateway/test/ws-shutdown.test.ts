import { describe, expect, it, vi } from 'vitest';
import { startTestGateway } from './harness.js';
import { appraisals, connectSession, createSession, openClient, wsUrl } from './ws-client.js';

describe('ws: graceful shutdown', () => {
  it('lets an in-flight turn finish and reply, then closes every socket with 1001', async () => {
    const t = await startTestGateway();
    const service = t.gateway.context.service;
    const sessionId = await createSession(t, t.keys.pro);
    const busy = await connectSession(t, sessionId, t.keys.pro);
    const idle = await connectSession(t, sessionId, t.keys.pro);

    // Hold the turn inside the service until shutdown has begun.
    const original = service.appraisalTurn.bind(service);
    let started!: () => void;
    let release!: () => void;
    const inService = new Promise<void>((resolve) => {
      started = resolve;
    });
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.spyOn(service, 'appraisalTurn').mockImplementation(async (owner, input) => {
      started();
      await gate;
      return original(owner, input);
    });

    busy.send({ type: 'turn_appraisal', appraisal: appraisals.kindness, request_id: 'last words' });
    await inService;
    const closing = t.close();
    await vi.waitFor(() => expect(t.gateway.context.closing).toBe(true));
    // New connections are refused while draining.
    const late = await openClient(wsUrl(t, sessionId, t.keys.pro)).catch(() => null);
    expect(late?.ws.readyState).not.toBe(1);
    release();

    expect(await busy.next()).toMatchObject({ type: 'turn_result', request_id: 'last words' });
    expect(await busy.waitClose()).toEqual({ code: 1001, reason: 'server shutting down' });
    expect((await idle.waitClose()).code).toBe(1001);
    await closing;
    expect(t.gateway.websocket.size).toBe(0);
  });

  it('closes promptly with no sockets open', async () => {
    const t = await startTestGateway();
    await t.close();
    expect(t.gateway.websocket.size).toBe(0);
  });
});
