import type { ProactiveAction } from '@limbic/core';
import { describe, expect, it } from 'vitest';
import { fromRestAction, fromWireAction, toRestAction, toWireAction } from './actions.js';

const action: ProactiveAction = {
  id: 'act_01kabc',
  type: 'attachment_seeking',
  message: 'It has been a while. How are you?',
  priority: 'high',
  metadata: { trigger: 'absence', urge: 0.41, threshold: 0.3 },
  createdAt: Date.UTC(2026, 10, 24, 12, 40, 0, 123),
};

describe('proactive action views', () => {
  it('REST and WebSocket forms carry the interface names and an ISO timestamp', () => {
    expect(toRestAction(action)).toEqual({
      id: action.id,
      type: action.type,
      message: action.message,
      priority: 'high',
      metadata: action.metadata,
      timestamp: '2026-11-24T12:40:00.123Z',
    });
    expect(toWireAction(action)).toEqual({
      action_id: action.id,
      action_type: action.type,
      message: action.message,
      priority: 'high',
      metadata: action.metadata,
      timestamp: '2026-11-24T12:40:00.123Z',
    });
  });

  it('clients read both forms back into the core shape', () => {
    expect(fromRestAction(toRestAction(action))).toEqual(action);
    expect(fromWireAction(toWireAction(action))).toEqual(action);
  });
});

describe('proactive actions of a group session', () => {
  const addressed: ProactiveAction = { ...action, participant: { id: 'u-alice', name: 'Alice' } };

  it('carry the participant they are addressed to in both forms, and no participant field otherwise', () => {
    expect(toRestAction(addressed).participant).toEqual({ id: 'u-alice', name: 'Alice' });
    expect(toWireAction(addressed).participant).toEqual({ id: 'u-alice', name: 'Alice' });
    expect('participant' in toRestAction(action)).toBe(false);
    expect('participant' in toWireAction(action)).toBe(false);
  });

  it('read back with the participant', () => {
    expect(fromRestAction(toRestAction(addressed))).toEqual(addressed);
    expect(fromWireAction(toWireAction(addressed))).toEqual(addressed);
  });
});
