import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isLimbicApiError } from '../src/index.js';
import { type ClientFixture, startClientFixture } from './helpers.js';

let f: ClientFixture;

beforeEach(async () => {
  f = await startClientFixture();
});
afterEach(() => f.t.close());

describe('client: relationship health', () => {
  it('reads a participant’s relationship and the default person’s; another key gets NOT_FOUND', async () => {
    const { sessionId } = await f.client.createSession({ preset: 'cheerful_companion' });
    const sam = { id: 'u-sam', name: 'Sam' };
    for (const message of [
      'I feel so hopeless, I cannot stop crying.',
      'I am scared and alone tonight.',
      'my dog died',
    ]) {
      f.t.clock.advance(60_000);
      await f.client.turn(sessionId, message, { from: sam });
    }
    const health = await f.client.relationship(sessionId, { participant: sam.id });
    expect(health.participant).toEqual(sam);
    expect(health.messages.last_7_days).toBe(3);
    expect(health.signals.find((s) => s.id === 'repeated_distress')).toMatchObject({
      active: true,
      value: 3,
    });
    expect((await f.client.relationship(sessionId)).participant).toBeNull();
    const other = f.clientWith({ apiKey: f.t.keys.other });
    const error = await other.relationship(sessionId).catch((e: unknown) => e);
    expect(isLimbicApiError(error) && error.code).toBe('NOT_FOUND');
    const bad = await f.client.relationship(sessionId, { participant: '' }).catch((e: unknown) => e);
    expect(isLimbicApiError(bad) && bad.code).toBe('VALIDATION_ERROR');
  });
});
