import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bondedSession, threeDays } from '../../gateway/test/ws-client.js';
import type { LimbicSocket, SocketProactiveAction } from '../src/index.js';
import { type ClientFixture, fastReconnect, nextEvent, startClientFixture } from './helpers.js';

let f: ClientFixture;
let socket: LimbicSocket | undefined;

beforeEach(async () => {
  f = await startClientFixture();
});
afterEach(async () => {
  await socket?.close();
  await f.t.close();
});

/** Moves the engine clock past a three-day absence and lets the scheduler raise the attachment action. */
function raiseAbsenceAction(): void {
  f.t.clock.advance(threeDays);
  f.t.gateway.scheduler.wake();
}

describe('socket: proactive actions', () => {
  it('emits a scheduler-raised action once, not again when it comes back in missed_proactive', async () => {
    // The ws client, recording every message the gateway sends: the injected WebSocket constructor at work.
    const received: string[] = [];
    class RecordingWebSocket extends WebSocket {
      constructor(url: string) {
        super(url);
        this.on('message', (data) => received.push(String(data)));
      }
    }
    const sessionId = await bondedSession(f.t, f.t.keys.pro);
    socket = f.clientWith({ WebSocket: RecordingWebSocket }).connect(sessionId, { reconnect: fastReconnect });
    const actions: [SocketProactiveAction, { missed: boolean }][] = [];
    socket.on('action', (...args) => actions.push(args));
    await socket.ready();

    const first = nextEvent(socket, 'action');
    raiseAbsenceAction();
    const [action, delivery] = await first;
    expect(action).toMatchObject({
      action_id: expect.stringMatching(/^act_/),
      action_type: 'attachment_seeking',
    });
    expect(delivery).toEqual({ missed: false });

    const reopened = nextEvent(socket, 'open');
    f.dropSockets();
    expect((await reopened)[0]).toEqual({ sessionId, reconnected: true });
    // Replies follow missed_proactive, so by the time this resolves the redelivery has been handled.
    await socket.getState();
    const missed = received.map((text) => JSON.parse(text)).filter((m) => m.type === 'missed_proactive');
    expect(missed).toHaveLength(1);
    expect(missed[0].data.map((a: SocketProactiveAction) => a.action_id)).toEqual([action.action_id]);
    expect(actions).toHaveLength(1);

    expect(await socket.ack(action.action_id)).toEqual({ action_id: action.action_id, acknowledged: true });
    expect(await f.client.pendingActions(sessionId)).toEqual([]);
  });

  it('emits an action that arose while disconnected once, from missed_proactive', async () => {
    const sessionId = await bondedSession(f.t, f.t.keys.pro);
    f.t.clock.advance(threeDays);
    await f.t.gateway.context.service.runDueChecks();
    socket = f.client.connect(sessionId, { reconnect: fastReconnect });
    const [action, delivery] = await nextEvent(socket, 'action');
    expect(action.action_type).toBe('attachment_seeking');
    expect(delivery).toEqual({ missed: true });

    const count = { actions: 0 };
    socket.on('action', () => count.actions++);
    socket.forget(action.action_id);
    const reopened = nextEvent(socket, 'open');
    f.dropSockets();
    await reopened;
    await socket.getState();
    // forget() asked for it again: the redelivery is emitted once more.
    expect(count.actions).toBe(1);
  });
});

describe('socket: reconnects', () => {
  it('reconnects after the server drops the connection, and the next action arrives', async () => {
    const sessionId = await bondedSession(f.t, f.t.keys.pro);
    socket = f.client.connect(sessionId, { reconnect: fastReconnect });
    await socket.ready();

    const closed = nextEvent(socket, 'close');
    const reconnecting = nextEvent(socket, 'reconnecting');
    const reopened = nextEvent(socket, 'open');
    f.dropSockets();
    expect((await closed)[0]).toMatchObject({ code: 1006, willReconnect: true });
    expect((await reconnecting)[0]).toEqual({ attempt: 1, delayMs: 5 });
    expect(socket.status).not.toBe('closed');
    expect((await reopened)[0].reconnected).toBe(true);
    expect(socket.status).toBe('open');

    const next = nextEvent(socket, 'action');
    raiseAbsenceAction();
    const [action, delivery] = await next;
    expect(action.action_type).toBe('attachment_seeking');
    expect(delivery.missed).toBe(false);
  });

  it('rejects requests in flight when the connection drops, and sends later ones after reconnecting', async () => {
    const { sessionId } = await f.client.createSession({ preset: 'cheerful_companion' });
    socket = f.client.connect(sessionId, { reconnect: fastReconnect });
    await socket.ready();
    const closed = nextEvent(socket, 'close');
    const inFlight = socket.getState();
    f.dropSockets();
    await expect(inFlight).rejects.toMatchObject({ code: 'CONNECTION_CLOSED', status: 0 });
    await closed;
    // Made while reconnecting: queued, then sent once the new connection is open.
    const queued = socket.getState();
    expect((await queued).turns).toBe(0);
    expect(socket.status).toBe('open');
  });

  it('keeps reconnecting through refused connections with growing delays until close()', async () => {
    const { sessionId } = await f.client.createSession({ preset: 'cheerful_companion' });
    socket = f.client.connect(sessionId, { reconnect: { initialDelayMs: 1, maxDelayMs: 4, jitter: 0 } });
    await socket.ready();
    const delays: number[] = [];
    const third = nextEvent(socket, 'reconnecting', ({ attempt }) => attempt === 4);
    socket.on('reconnecting', ({ delayMs }) => delays.push(delayMs));
    const shutdown = nextEvent(socket, 'close');
    // Shutting down the gateway closes the socket with 1001, then refuses new connections (HTTP 503, then none).
    await f.t.close();
    expect((await shutdown)[0]).toMatchObject({ code: 1001, willReconnect: true });
    await third;
    expect(delays.slice(0, 4)).toEqual([1, 2, 4, 4]);
    const final = nextEvent(socket, 'close', (e) => !e.willReconnect);
    await socket.close();
    expect((await final)[0]).toMatchObject({ willReconnect: false });
    expect(socket.status).toBe('closed');
  });
});
