import type { SessionEvents, SessionService } from '@limbic/core';
import { TypedEmitter } from '@limbic/core/emitter';
import { describe, expect, it } from 'vitest';
import type { Principal } from './auth/authenticator.js';
import { plansOf } from './config.js';
import { type Subscriber, Subscribers } from './subscribers.js';

function fakeService() {
  const events = new TypedEmitter<SessionEvents>();
  let listeners = 0;
  const service = {
    on: (event: keyof SessionEvents, listener: (...args: never[]) => void) => {
      listeners++;
      const off = events.on(event, listener as never);
      return () => {
        listeners--;
        off();
      };
    },
  } as unknown as SessionService;
  return { service, events, listeners: () => listeners };
}

const plans = plansOf({ enterpriseRequestsPerMinute: 1, enterpriseSessions: 1, enterpriseSockets: 2 });
const principal = { keyId: 'key_a', owner: 'acct', plan: plans.enterprise } as Principal;

function recorder(keyId: string | null, sessionId?: string) {
  const seen: string[] = [];
  const subscriber: Subscriber = {
    kind: 'websocket',
    keyId,
    ...(sessionId ? { sessionId } : {}),
    proactive: (e) => seen.push(`proactive ${e.action.id}`),
    deleted: () => seen.push('deleted'),
    revoked: () => seen.push('revoked'),
  };
  return { subscriber, seen };
}

describe('Subscribers', () => {
  it('claims slots up to the plan’s cap and gives each back once', () => {
    const registry = new Subscribers(fakeService().service);
    const a = registry.claim(principal, 'socket');
    const b = registry.claim(principal, 'socket');
    expect(a && b).toBeTruthy();
    expect(registry.claim(principal, 'socket')).toBeUndefined();
    expect(registry.claim(principal, 'subscription')).toBeDefined(); // enterprise: no subscription cap here
    a!();
    a!(); // idempotent
    expect(registry.held('key_a', 'socket')).toBe(1);
    expect(registry.claim(principal, 'socket')).toBeDefined();
  });

  it('fans a session’s events out to its subscribers only, listening to the service only while needed', () => {
    const { service, events, listeners } = fakeService();
    const registry = new Subscribers(service);
    const one = recorder('key_a', 'ses_1');
    const other = recorder('key_a', 'ses_2');
    const offOne = registry.add(one.subscriber);
    const offOther = registry.add(other.subscriber);
    expect(listeners()).toBe(3);
    events.emit('proactive', {
      sessionId: 'ses_1',
      action: { id: 'act_1' },
    } as SessionEvents['proactive'][0]);
    events.emit('deleted', { sessionId: 'ses_2' } as SessionEvents['deleted'][0]);
    expect(one.seen).toEqual(['proactive act_1']);
    expect(other.seen).toEqual(['deleted']);
    offOne();
    offOther();
    expect(listeners()).toBe(0);
    expect(registry.sessions).toBe(0);
  });

  it('ends everything a revoked key opened, and shuts a closed kind’s late subscribers down', async () => {
    const registry = new Subscribers(fakeService().service);
    const a = recorder('key_a', 'ses_1');
    const b = recorder('key_a');
    const c = recorder('key_b', 'ses_1');
    for (const r of [a, b, c]) registry.add(r.subscriber);
    registry.revoke('key_a');
    expect([a.seen, b.seen, c.seen]).toEqual([['revoked'], ['revoked'], []]);
    let shut = 0;
    registry.endAll('subscription');
    registry.add({ kind: 'subscription', keyId: null, revoked() {}, shutdown: () => shut++ });
    await Promise.resolve();
    expect(shut).toBe(1);
  });
});
