import { describe, expect, it } from 'vitest';
import { acknowledgeAction, emptyFeed, receiveActions } from './proactive-feed.js';
import type { ProactiveAction } from './types.js';

const action = (id: string): ProactiveAction => ({
  id,
  type: 'attachment_seeking',
  priority: 'medium',
  message: `Message ${id}`,
  timestamp: '2025-01-01T00:00:00.000Z',
});

describe('proactive feed', () => {
  it('merges the query and the subscription, each action once, oldest first', () => {
    const fromSubscription = receiveActions(emptyFeed, [action('act_03')]);
    const feed = receiveActions(fromSubscription, [action('act_01'), action('act_03')]);
    expect(feed.pending.map((a) => a.id)).toEqual(['act_01', 'act_03']);
    expect(feed.lastId).toBe('act_03');
  });

  it('drops an acknowledged action, and a replay cannot bring it back', () => {
    const feed = acknowledgeAction(receiveActions(emptyFeed, [action('act_01'), action('act_02')]), 'act_01');
    expect(feed.pending.map((a) => a.id)).toEqual(['act_02']);
    expect(receiveActions(feed, [action('act_01')]).pending.map((a) => a.id)).toEqual(['act_02']);
  });

  it('remembers the last id received even after acknowledging it, to resubscribe after it', () => {
    const feed = acknowledgeAction(receiveActions(emptyFeed, [action('act_07')]), 'act_07');
    expect(feed.pending).toEqual([]);
    expect(feed.lastId).toBe('act_07');
  });
});
