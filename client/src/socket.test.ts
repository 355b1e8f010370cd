import { isLimbicApiError, type LimbicApiError } from '@limbic/protocol';
import { describe, expect, it } from 'vitest';
import { LimbicSocket } from './socket.js';
import type { LimbicSocketEvents, SocketOptions } from './socket-types.js';
import type { WebSocketLike } from './web-socket.js';

/** The server end of a scripted WebSocket: what the client sent, and buttons to answer or drop. */
class FakeWebSocket implements WebSocketLike {
  readyState = 0;
  onopen: WebSocketLike['onopen'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;
  readonly sent: Record<string, unknown>[] = [];

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code = 1005, reason = ''): void {
    this.drop(code, reason);
  }
  /** Accepts the connection: `connected`, then the given messages. */
  accept(...messages: object[]): void {
    this.readyState = 1;
    this.push({ type: 'connected', session_id: 'ses_1' }, ...messages);
  }
  push(...messages: object[]): void {
    for (const message of messages) this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code: number, reason = ''): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    queueMicrotask(() => this.onclose?.({ code, reason }));
  }
}

function setup(options: SocketOptions = {}) {
  const fakes: FakeWebSocket[] = [];
  const waiters: (() => void)[] = [];
  const socket = new LimbicSocket(
    {
      url: 'ws://gateway/v1/ws/ses_1?token=k',
      sessionId: 'ses_1',
      WebSocket: class extends FakeWebSocket {
        constructor(url: string) {
          super(url);
          fakes.push(this);
          for (const wake of waiters.splice(0)) wake();
        }
      },
      timeoutMs: 5_000,
    },
    { reconnect: { initialDelayMs: 0, jitter: 0 }, ...options },
  );
  const events: { [K in keyof LimbicSocketEvents]?: LimbicSocketEvents[K][] } = {};
  for (const name of ['open', 'close', 'reconnecting', 'action', 'state', 'error'] as const) {
    const list: unknown[][] = [];
    events[name] = list as never;
    socket.on(name, (...args: unknown[]) => list.push(args));
  }
  /** The fake of the n-th connection (the latest by default). */
  const fake = (n = fakes.length - 1) => fakes[n]!;
  /** Resolves with the next connection the socket makes (reconnects happen on a timer). */
  const nextConnection = () =>
    new Promise<FakeWebSocket>((resolve) => waiters.push(() => resolve(fakes[fakes.length - 1]!)));
  return { socket, fakes, fake, nextConnection, events };
}

async function rejection(promise: Promise<unknown>): Promise<LimbicApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isLimbicApiError(error)) throw new Error(`expected a LimbicApiError, got ${String(error)}`);
  return error;
}

const action = (id: string) => ({
  action_id: id,
  action_type: 'attachment_seeking',
  message: 'Hi',
  priority: 'high',
  metadata: {},
  timestamp: '2026-11-24T12:40:00.000Z',
});

describe('LimbicSocket', () => {
  it('queues requests until connected, then resolves each with the reply carrying its request_id', async () => {
    const { socket, fake } = setup();
    const state = socket.getState();
    const ack = socket.ack('act_1');
    expect(fake().sent).toEqual([]);
    fake().accept();
    expect(fake().sent).toEqual([
      { type: 'get_state', request_id: 'r1' },
      { type: 'ack_proactive', action_id: 'act_1', request_id: 'r2' },
    ]);
    // Replies in the opposite order still reach the right caller.
    fake().push({
      type: 'proactive_ack',
      request_id: 'r2',
      data: { action_id: 'act_1', acknowledged: true },
    });
    fake().push({ type: 'state', request_id: 'r1', data: { turns: 7 } });
    expect(await state).toEqual({ turns: 7 });
    expect(await ack).toEqual({ action_id: 'act_1', acknowledged: true });
  });

  it('sends turns in the wire spelling', () => {
    const { socket, fake } = setup();
    fake().accept();
    void socket.turn('hi', { elapsedSeconds: 5 });
    void socket.turn({ description: 'storm', source: 'system' });
    const appraisal = {
      goal_relevance: 1,
      goal_congruence: 1,
      expectedness: 1,
      controllability: 1,
      agency: 1,
      norm_compatibility: 1,
    };
    void socket.turnAppraisal({ appraisal, context: 'c', elapsedSeconds: 1 });
    void socket.setPreferences({ enabled: true });
    expect(fake().sent).toEqual([
      { type: 'turn', message: 'hi', elapsed_seconds: 5, request_id: 'r1' },
      { type: 'turn', event: { description: 'storm', source: 'system' }, request_id: 'r2' },
      { type: 'turn_appraisal', appraisal, context: 'c', elapsed_seconds: 1, request_id: 'r3' },
      { type: 'set_proactive_prefs', preferences: { enabled: true }, request_id: 'r4' },
    ]);
  });

  it('rejects a request with its error reply, or when no reply comes in time', async () => {
    const { socket, fake, events } = setup({ timeoutMs: 1 });
    fake().accept();
    const failed = rejection(socket.getState());
    fake().push({
      type: 'error',
      code: 'RATE_LIMIT',
      message: 'slow down',
      request_id: 'r1',
      retry_after: 3,
    });
    expect(await failed).toMatchObject({ code: 'RATE_LIMIT', status: 429, retryAfter: 3, requestId: 'r1' });
    expect(await rejection(socket.getState())).toMatchObject({ code: 'TIMEOUT', status: 0 });
    // A late reply to the timed-out request is dropped, not reported.
    fake().push({ type: 'error', code: 'INTERNAL_ERROR', message: 'late', request_id: 'r2' });
    expect(events.error).toEqual([]);
  });

  it('reports errors that answer no request, and messages that are not JSON', () => {
    const { fake, events } = setup();
    fake().accept();
    fake().push({ type: 'error', code: 'SERVICE_UNAVAILABLE', message: 'shutting down', retry_after: 1 });
    fake().onmessage?.({ data: '{nope' });
    expect(events.error?.map(([e]) => [e.code, e.status])).toEqual([
      ['SERVICE_UNAVAILABLE', 503],
      ['UNEXPECTED_RESPONSE', 0],
    ]);
  });

  it('emits each action once, live or missed, unless forgotten', () => {
    const { socket, fake, events } = setup({ seenActionIds: ['act_0'] });
    fake().accept({ type: 'missed_proactive', data: [action('act_0'), action('act_1')] });
    fake().push({ type: 'proactive', data: action('act_1') }, { type: 'proactive', data: action('act_2') });
    expect(events.action?.map(([a, d]) => [a.action_id, d.missed])).toEqual([
      ['act_1', true],
      ['act_2', false],
    ]);
    socket.forget('act_2');
    fake().push({ type: 'missed_proactive', data: [action('act_1'), action('act_2')] });
    expect(events.action?.map(([a]) => a.action_id)).toEqual(['act_1', 'act_2', 'act_2']);
  });

  it('remembers a bounded number of action ids', () => {
    const { fake, events } = setup({ seenActionLimit: 2 });
    fake().accept();
    for (const id of ['act_1', 'act_2', 'act_3', 'act_3', 'act_1'])
      fake().push({ type: 'proactive', data: action(id) });
    // act_1 was the least recently seen when act_3 came, so it was forgotten.
    expect(events.action?.map(([a]) => a.action_id)).toEqual(['act_1', 'act_2', 'act_3', 'act_1']);
  });

  it.each([1000, 1001, 1006, 1011, 1013, 4429])('reconnects after close code %i', async (code) => {
    const { socket, fakes, fake, nextConnection, events } = setup();
    fake().accept();
    const reconnected = nextConnection();
    fake().drop(code);
    await reconnected;
    expect(fakes).toHaveLength(2);
    expect(events.close).toEqual([[{ code, reason: '', willReconnect: true }]]);
    expect(events.reconnecting).toEqual([[{ attempt: 1, delayMs: 0 }]]);
    fake().accept();
    expect(events.open).toEqual([
      [{ sessionId: 'ses_1', reconnected: false }],
      [{ sessionId: 'ses_1', reconnected: true }],
    ]);
    await socket.close();
  });

  it.each([4401, 4404, 4400, 1003, 1007, 1009])('closes for good after close code %i', async (code) => {
    const { socket, fakes, fake, events } = setup();
    fake().accept();
    const waiting = rejection(socket.getState());
    const closed = new Promise((resolve) => socket.once('close', resolve));
    fake().push({ type: 'error', code: 'NOT_FOUND', message: 'Session not found' });
    fake().drop(code);
    await closed;
    expect(events.close).toEqual([
      [{ code, reason: '', willReconnect: false, error: expect.objectContaining({ code: 'NOT_FOUND' }) }],
    ]);
    expect(await waiting).toMatchObject({ code: 'CONNECTION_CLOSED' });
    // The error the server sent before closing explains the close.
    expect(await rejection(socket.ready())).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    expect(await rejection(socket.getState())).toMatchObject({ code: 'NOT_FOUND' });
    expect(socket.status).toBe('closed');
    expect(fakes).toHaveLength(1);
    expect(events.reconnecting).toEqual([]);
  });

  it('waits at least retry_after before reconnecting, and close() cancels the wait', async () => {
    const { socket, fakes, fake, events } = setup({ reconnect: { initialDelayMs: 1, jitter: 0 } });
    fake().push({ type: 'error', code: 'RATE_LIMIT', message: 'over', retry_after: 30 });
    const closed = new Promise((resolve) => socket.once('close', resolve));
    fake().drop(4429);
    await closed;
    expect(events.reconnecting).toEqual([[{ attempt: 1, delayMs: 30_000 }]]);
    expect(socket.status).toBe('reconnecting');
    await socket.close();
    expect(socket.status).toBe('closed');
    expect(events.close?.at(-1)).toEqual([{ code: 1000, reason: 'client closing', willReconnect: false }]);
    expect(fakes).toHaveLength(1);
  });

  it('gives up after maxAttempts failed attempts in a row', async () => {
    const { socket, fakes, fake, nextConnection, events } = setup({
      reconnect: { initialDelayMs: 0, maxAttempts: 2 },
    });
    for (let i = 0; i < 2; i++) {
      const next = nextConnection();
      fake().drop(1006);
      await next;
    }
    expect(fakes).toHaveLength(3);
    fake().drop(1006);
    await rejection(socket.ready());
    expect(events.reconnecting?.map(([e]) => e.attempt)).toEqual([1, 2]);
    expect(events.close?.map(([e]) => e.willReconnect)).toEqual([true, true, false]);
  });

  it('never reconnects with reconnect: false', async () => {
    const { socket, fake } = setup({ reconnect: false });
    fake().accept();
    const closed = new Promise((resolve) => socket.once('close', resolve));
    fake().drop(1006);
    expect(await closed).toEqual({ code: 1006, reason: '', willReconnect: false });
    expect(await rejection(socket.ready())).toMatchObject({ code: 'CONNECTION_CLOSED' });
    expect(socket.status).toBe('closed');
  });

  it('fails with NETWORK_ERROR when the WebSocket cannot be constructed', async () => {
    const socket = new LimbicSocket({
      url: 'nope',
      sessionId: 'ses_1',
      WebSocket: class {
        constructor() {
          throw new SyntaxError('Invalid URL');
        }
      } as never,
      timeoutMs: 1_000,
    });
    const request = rejection(socket.getState());
    expect(await rejection(socket.ready())).toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
    expect(await request).toMatchObject({ code: 'NETWORK_ERROR' });
  });
});
