import { describe, expect, it } from 'vitest';
import { parseRoute, toHash } from './route.js';

describe('parseRoute', () => {
  it('opens the keys screen for an empty hash', () => {
    expect(parseRoute('')).toEqual({ name: 'keys' });
    expect(parseRoute('#/')).toEqual({ name: 'keys' });
    expect(parseRoute('#/keys')).toEqual({ name: 'keys' });
  });

  it('reads the sessions list and one session, ignoring a trailing slash', () => {
    expect(parseRoute('#/sessions/')).toEqual({ name: 'sessions' });
    expect(parseRoute('#/sessions/ses_01J')).toEqual({ name: 'session', sessionId: 'ses_01J' });
  });

  it('reads the webhooks screen', () => {
    expect(parseRoute('#/webhooks')).toEqual({ name: 'webhooks' });
    expect(parseRoute('#/webhooks/')).toEqual({ name: 'webhooks' });
    expect(parseRoute(toHash({ name: 'webhooks' }))).toEqual({ name: 'webhooks' });
  });

  it('reports anything else as not found', () => {
    expect(parseRoute('#/nowhere')).toEqual({ name: 'not-found', hash: '#/nowhere' });
    expect(parseRoute('#/sessions/a/b')).toEqual({ name: 'not-found', hash: '#/sessions/a/b' });
    expect(parseRoute('#/sessions/%E0%A4%A')).toEqual({ name: 'not-found', hash: '#/sessions/%E0%A4%A' });
  });

  it('reads back every hash toHash writes', () => {
    const id = 'ses_a/b c';
    expect(parseRoute(toHash({ name: 'session', sessionId: id }))).toEqual({
      name: 'session',
      sessionId: id,
    });
    expect(parseRoute(toHash({ name: 'sessions' }))).toEqual({ name: 'sessions' });
    expect(parseRoute(toHash({ name: 'keys' }))).toEqual({ name: 'keys' });
  });
});
