import type { ProactiveAction } from '@limbic/core';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { Connection, hardBufferCap, softBufferCap } from '../src/ws/connection.js';
import type { Hub } from '../src/ws/hub.js';

// A socket whose send buffer a test can fill at will: a real slow reader needs megabytes of kernel buffers first.
function fakeSocket() {
  const socket = {
    readyState: 1,
    bufferedAmount: 0,
    isPaused: false,
    sent: [] as string[],
    closedWith: null as number | null,
    send(text: string) {
      socket.sent.push(text);
    },
    close(code: number) {
      socket.closedWith = code;
      socket.readyState = 2;
    },
  };
  return socket;
}

function connection() {
  const socket = fakeSocket();
  const hub = { context: { log: { info() {}, debug() {} } }, remove() {} } as unknown as Hub;
  const conn = new Connection(hub, socket as unknown as WebSocket, 'ses_1');
  conn.phase = 'open';
  return { conn, socket };
}

const action: ProactiveAction = {
  id: 'act_1',
  type: 'need_deficit',
  message: 'Can we talk?',
  priority: 'medium',
  metadata: {},
  createdAt: Date.UTC(2026, 0, 1),
};

describe('ws: backpressure', () => {
  it('skips proactive pushes above the soft cap but still sends replies', () => {
    const { conn, socket } = connection();
    socket.bufferedAmount = softBufferCap + 1;
    conn.deliver(action);
    expect(socket.sent).toEqual([]);
    conn.send({ type: 'connected', session_id: 'ses_1' });
    expect(socket.sent).toHaveLength(1);
    socket.bufferedAmount = 0;
    conn.deliver(action);
    expect(JSON.parse(socket.sent[1]!)).toMatchObject({ type: 'proactive', data: { action_id: 'act_1' } });
  });

  it('closes a slow consumer with 1013 above the hard cap', () => {
    const { conn, socket } = connection();
    socket.bufferedAmount = hardBufferCap + 1;
    expect(conn.send({ type: 'connected', session_id: 'ses_1' })).toBe(false);
    expect(socket.closedWith).toBe(1013);
    expect(conn.phase).toBe('closed');
  });

  it('holds pushes that arrive while connecting until the greeting is sent', () => {
    const { conn, socket } = connection();
    conn.phase = 'connecting';
    conn.deliver(action);
    expect(socket.sent).toEqual([]);
    expect(conn.early).toEqual([action]);
  });
});
