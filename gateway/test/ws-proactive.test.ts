import {
  createMemoryStore,
  createSeededRandom,
  createSessionService,
  type SessionStore,
  type StoreChange,
} from '@limbic/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './harness.js';
import {
  appraisals,
  bondedSession,
  connectSession,
  createSession,
  openClient,
  ownerOf,
  type Received,
  threeDays,
  wsUrl,
} from './ws-client.js';

let t: TestGateway;

beforeEach(async () => {
  t = await startTestGateway();
});
afterEach(async () => {
  await t.close();
});

interface Action {
  action_id: string;
  action_type: string;
  message: string;
  priority: string;
  metadata: Record<string, unknown>;
  timestamp: string;
}

/** Raises the time-driven attachment action while no socket is open; resolves with its id. */
async function raiseWhileAway(): Promise<string> {
  t.clock.advance(threeDays);
  const [action] = await t.gateway.context.service.runDueChecks();
  expect(action?.type).toBe('attachment_seeking');
  return action!.id;
}

describe('ws: proactive pushes', () => {
  it('pushes an action raised by a turn to every socket open on the session', async () => {
    const sessionId = await createSession(t, t.keys.pro, 'anxious_helper');
    const a = await connectSession(t, sessionId, t.keys.pro);
    const b = await connectSession(t, sessionId, t.keys.pro);
    a.send({ type: 'set_proactive_prefs', preferences: { enabled: true } });
    await a.expect('proactive_prefs');
    a.send({ type: 'turn_appraisal', appraisal: appraisals.betrayal, request_id: '1' });
    a.send({ type: 'turn_appraisal', appraisal: appraisals.suddenThreat, request_id: '2' });
    const onA: Received[] = [];
    while (onA.filter((m) => m.type === 'turn_result').length < 2) onA.push(await a.next());
    const pushA = onA.find((m) => m.type === 'proactive');
    expect(pushA?.data).toMatchObject({ action_type: 'emotional_overflow' });
    // The push comes just before the reply of the turn that raised it.
    const types = onA.map((m) => m.type);
    expect(types.filter((type) => type === 'proactive')).toHaveLength(1);
    expect(types[types.indexOf('proactive') + 1]).toBe('turn_result');
    const pushB = await b.expect('proactive');
    expect(pushB.data).toEqual(pushA?.data);
    const data = pushB.data as Action;
    expect(Object.keys(data).sort()).toEqual([
      'action_id',
      'action_type',
      'message',
      'metadata',
      'priority',
      'reason',
      'timestamp',
    ]);
    expect(data.priority).toMatch(/^(low|medium|high)$/);
    expect(new Date(data.timestamp).toISOString()).toBe(data.timestamp);
    await a.close();
    await b.close();
  });

  it('pushes an action the scheduler raises after an absence', async () => {
    const sessionId = await bondedSession(t, t.keys.pro);
    const client = await connectSession(t, sessionId, t.keys.pro);
    t.clock.advance(threeDays);
    t.gateway.scheduler.wake();
    const push = await client.expect('proactive');
    expect(push.data).toMatchObject({ action_type: 'attachment_seeking', metadata: { trigger: 'absence' } });
    await client.close();
  });

  it('an ack from one socket settles the action for all; a repeated ack is answered again', async () => {
    const sessionId = await bondedSession(t, t.keys.pro);
    const actionId = await raiseWhileAway();
    const a = await connectSession(t, sessionId, t.keys.pro);
    await a.expect('missed_proactive');
    a.send({ type: 'ack_proactive', action_id: actionId, request_id: 'k' });
    expect(await a.next()).toEqual({
      type: 'proactive_ack',
      request_id: 'k',
      data: { action_id: actionId, acknowledged: true },
    });
    a.send({ type: 'ack_proactive', action_id: actionId });
    expect(await a.next()).toEqual({
      type: 'proactive_ack',
      data: { action_id: actionId, acknowledged: true },
    });
    expect(await t.gateway.context.service.pendingActions(await ownerOf(t, t.keys.pro), sessionId)).toEqual(
      [],
    );
    await a.close();
  });
});

describe('ws: missed actions across reconnects', () => {
  it('delivers an action raised while disconnected in missed_proactive, and never again once acked', async () => {
    const sessionId = await bondedSession(t, t.keys.pro);
    const actionId = await raiseWhileAway();

    const first = await openClient(wsUrl(t, sessionId, t.keys.pro));
    await first.expect('connected');
    const missed = await first.expect('missed_proactive');
    const data = missed.data as Action[];
    expect(data.map((a) => a.action_id)).toEqual([actionId]);
    expect(data[0]).toMatchObject({ action_type: 'attachment_seeking', priority: expect.any(String) });
    expect(Object.keys(data[0]!).sort()).toEqual([
      'action_id',
      'action_type',
      'message',
      'metadata',
      'priority',
      'reason',
      'timestamp',
    ]);
    first.send({ type: 'ack_proactive', action_id: actionId });
    await first.expect('proactive_ack');
    await first.close();

    const second = await connectSession(t, sessionId, t.keys.pro);
    // Nothing is pending: the reply to get_state is the next message, not a missed_proactive.
    second.send({ type: 'get_state' });
    await second.expect('state');
    await second.close();
  });

  it('redelivers an unacknowledged action on every reconnect (at least once)', async () => {
    const sessionId = await bondedSession(t, t.keys.pro);
    const actionId = await raiseWhileAway();
    for (let i = 0; i < 2; i++) {
      const client = await connectSession(t, sessionId, t.keys.pro);
      const missed = await client.expect('missed_proactive');
      expect((missed.data as Action[]).map((a) => a.action_id)).toEqual([actionId]);
      await client.close();
    }
  });

  it('brings a session that fell due while nobody watched up to date at connect', async () => {
    const sessionId = await bondedSession(t, t.keys.pro);
    t.clock.advance(threeDays);
    // No scheduler tick ran: connecting runs the due check itself.
    const client = await connectSession(t, sessionId, t.keys.pro);
    const missed = await client.expect('missed_proactive');
    expect((missed.data as Action[])[0]?.action_type).toBe('attachment_seeking');
    await client.close();
  });
});

describe('ws: an action another gateway raised on the shared store', () => {
  it('reaches a socket once, though the store reports it after missed_proactive carried it', async () => {
    await t.close();
    // A store whose change feed the test drives, as SQLite's and MongoDB's watches report other processes' writes.
    const base = createMemoryStore();
    let report: ((change: StoreChange) => void) | undefined;
    const store = new Proxy(base, {
      get(target, key) {
        if (key === 'watch') {
          return (listener: (change: StoreChange) => void) => {
            report = listener;
            return () => {};
          };
        }
        const value = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as SessionStore;
    t = await startTestGateway({}, { store });
    expect(report).toBeDefined();
    // The other gateway: its own service on the same store, which this gateway knows nothing of.
    const other = createSessionService({ store: base, clock: t.clock, random: createSeededRandom(3) });
    const sessionId = await bondedSession(t, t.keys.pro);
    t.clock.advance(threeDays);
    const [action] = await other.runDueChecks();
    expect(action?.type).toBe('attachment_seeking');

    const client = await connectSession(t, sessionId, t.keys.pro);
    const missed = await client.expect('missed_proactive');
    expect((missed.data as Action[]).map((a) => a.action_id)).toEqual([action!.id]);
    // Now this gateway's watch reports the other gateway's write, which carries the same action.
    report!({ id: sessionId, owner: await ownerOf(t, t.keys.pro), record: await base.get(sessionId) });
    // A push precedes the reply of a later turn, so everything sent before the reply is in `before`.
    client.send({ type: 'turn_appraisal', appraisal: appraisals.kindness, request_id: 'after' });
    const before: Received[] = [];
    for (let m = await client.next(); m.type !== 'turn_result'; m = await client.next()) before.push(m);
    expect(before.filter((m) => m.type === 'proactive')).toEqual([]);
    await client.close();
  });
});
