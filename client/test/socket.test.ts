import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appraisals } from '../../gateway/test/ws-client.js';
import { isLimbicApiError, type LimbicApiError, type LimbicSocket } from '../src/index.js';
import { type ClientFixture, nextEvent, startClientFixture } from './helpers.js';

let f: ClientFixture;
const sockets: LimbicSocket[] = [];

beforeEach(async () => {
  f = await startClientFixture();
});
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.close()));
  await f.t.close();
});

function connect(...args: Parameters<ClientFixture['client']['connect']>): LimbicSocket {
  const socket = f.client.connect(...args);
  sockets.push(socket);
  return socket;
}

async function rejection(promise: Promise<unknown>): Promise<LimbicApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isLimbicApiError(error)) throw new Error(`expected a LimbicApiError, got ${String(error)}`);
  return error;
}

describe('socket: requests', () => {
  it('correlates concurrent requests with their replies, sending those made before the socket opened', async () => {
    const { sessionId } = await f.client.createSession({ preset: 'cheerful_companion' });
    const socket = connect(sessionId);
    expect(socket.status).toBe('connecting');
    const opened = nextEvent(socket, 'open');
    const [kind, chat, state, storm] = await Promise.all([
      socket.turnAppraisal({ appraisal: appraisals.kindness, context: 'A gift', elapsedSeconds: 30 }),
      socket.turn('I got the job!', { elapsedSeconds: 60 }),
      socket.getState(),
      socket.turn({ description: 'A storm knocked the power out', source: 'system' }),
    ]);
    expect(await opened).toEqual([{ sessionId, reconnected: false }]);
    expect(socket.status).toBe('open');
    expect(kind.appraisal).toEqual(appraisals.kindness);
    expect(chat.appraiser).toBeDefined();
    // Messages are handled in order: the state follows the first two turns, not the third.
    expect(state.turns).toBe(2);
    expect(storm.prompt_data).toBeTypeOf('object');
    expect((await f.client.getState(sessionId)).turns).toBe(3);
  });

  it('sends group turns with from and to, and reads the speaker in the state', async () => {
    const { sessionId } = await f.client.createSession({
      preset: 'cheerful_companion',
      identity: { name: 'Mika' },
    });
    const socket = connect(sessionId);
    const bob = { id: 'u-bob', name: 'Bob' };
    const chat = await socket.turn('You are useless.', { from: bob, to: 'character', elapsedSeconds: 60 });
    expect(chat).toMatchObject({ speaker: bob, to: 'character', reply: { should: true } });
    const aside = await socket.turn('My sister lied to me again', { from: bob, to: { id: 'u-alice' } });
    expect(aside.roles).toEqual({ experiencer: 'speaker', cause: 'third_party', addressee: 'participant' });
    const event = await socket.turn({ description: 'Bob leaves the room' }, { from: bob, to: 'everyone' });
    expect(event.to).toBe('everyone');
    const kind = await socket.turnAppraisal({
      appraisal: appraisals.kindness,
      from: { id: 'u-alice', name: 'Alice' },
      to: { id: 'u-bob' },
    });
    expect(kind).toMatchObject({ speaker: { id: 'u-alice', name: 'Alice' }, to: bob });
    expect((await socket.getState()).speaker).toEqual({ id: 'u-alice', name: 'Alice' });
    const bad = await rejection(socket.turn('hi', { to: { id: '' } }));
    expect(bad).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'to.id' }] });
    expect((await f.client.listParticipants(sessionId)).participants.map((p) => p.id)).toEqual([
      'u-alice',
      'u-bob',
    ]);
  });

  it('sets preferences and answers acknowledgements', async () => {
    const { sessionId } = await f.client.createSession({ preset: 'cheerful_companion' });
    const socket = connect(sessionId);
    await socket.ready();
    expect(await socket.setPreferences({ enabled: true, cooldown_hours: 6 })).toEqual({
      sessionId,
      preferences: {
        enabled: true,
        triggers: { attachment_seeking: true, need_deficit: true, emotional_overflow: true },
        cooldown_hours: 6,
        time_zone: 'UTC',
        quiet_hours: null,
        max_per_day: 3,
      },
    });
    const unknown = await rejection(socket.ack('act_nope'));
    expect(unknown).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    // The socket stays open after a failed request.
    expect((await socket.getState()).turns).toBe(0);
    expect(socket.status).toBe('open');
  });

  it('rejects an invalid request with VALIDATION_ERROR naming the fields as sent', async () => {
    const { sessionId } = await f.client.createSession({ preset: 'cheerful_companion' });
    const socket = connect(sessionId);
    const bad = await rejection(socket.turnAppraisal({ appraisal: { ...appraisals.kindness, agency: 3 } }));
    expect(bad).toMatchObject({ code: 'VALIDATION_ERROR', status: 400, requestId: expect.any(String) });
    expect(bad.details?.map((d) => d.path)).toEqual(['appraisal.agency']);
    const elapsed = await rejection(socket.turn('hi', { elapsedSeconds: -1 }));
    expect(elapsed.details?.map((d) => d.path)).toEqual(['elapsed_seconds']);
  });

  it('emits state pushes when asked with events: [state], and not for replies', async () => {
    const { sessionId } = await f.client.createSession({ preset: 'cheerful_companion' });
    const socket = connect(sessionId, { events: ['state'] });
    await socket.ready();
    const pushed = nextEvent(socket, 'state');
    await f.client.appraisalTurn({ sessionId, appraisal: appraisals.kindness });
    const [snapshot] = await pushed;
    expect(snapshot.turns).toBe(1);
    const states: number[] = [];
    socket.on('state', (s) => states.push(s.turns));
    expect((await socket.getState()).turns).toBe(1);
    expect(states).toEqual([]);
  });

  it('close() rejects waiting requests and refuses new ones', async () => {
    const { sessionId } = await f.client.createSession({ preset: 'cheerful_companion' });
    const socket = connect(sessionId);
    await socket.ready();
    const closed = nextEvent(socket, 'close');
    const turn = rejection(socket.turn('Are you there?'));
    await socket.close();
    expect(await turn).toMatchObject({ code: 'CONNECTION_CLOSED', status: 0 });
    expect(await closed).toEqual([{ code: 1000, reason: 'client closing', willReconnect: false }]);
    expect(socket.status).toBe('closed');
    expect(await rejection(socket.getState())).toMatchObject({ code: 'CONNECTION_CLOSED' });
    await socket.close();
  });
});

describe('socket: final closes', () => {
  it('does not reconnect to an unknown session (4404): ready() and queued requests reject with NOT_FOUND', async () => {
    const socket = connect('ses_nope', { reconnect: { initialDelayMs: 1 } });
    const reconnects: unknown[] = [];
    socket.on('reconnecting', (e) => reconnects.push(e));
    const closed = nextEvent(socket, 'close');
    const queued = rejection(socket.getState());
    expect(await rejection(socket.ready())).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    expect(await queued).toMatchObject({ code: 'NOT_FOUND' });
    const [event] = await closed;
    expect(event).toMatchObject({ code: 4404, reason: 'session not found', willReconnect: false });
    expect(event.error?.code).toBe('NOT_FOUND');
    expect(socket.status).toBe('closed');
    expect(reconnects).toEqual([]);
  });

  it('does not reconnect with a bad key (4401) and reports the UNAUTHORIZED error', async () => {
    const { sessionId } = await f.client.createSession({ preset: 'cheerful_companion' });
    const socket = f.clientWith({ apiKey: `svc_test_${'x'.repeat(38)}` }).connect(sessionId);
    sockets.push(socket);
    const error = nextEvent(socket, 'error');
    const [closed] = await nextEvent(socket, 'close');
    expect(closed).toMatchObject({ code: 4401, willReconnect: false });
    const [reported] = await error;
    expect(reported).toMatchObject({
      code: 'UNAUTHORIZED',
      status: 401,
      message: 'Invalid or missing API key',
    });
  });

  it('closes for good when the session is deleted while connected', async () => {
    const { sessionId } = await f.client.createSession({ preset: 'cheerful_companion' });
    const socket = connect(sessionId, { reconnect: { initialDelayMs: 1 } });
    await socket.ready();
    const closed = nextEvent(socket, 'close');
    await f.client.deleteSession(sessionId);
    expect((await closed)[0]).toMatchObject({ code: 4404, willReconnect: false });
    expect(socket.status).toBe('closed');
  });
});
