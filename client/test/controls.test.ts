import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isLimbicApiError, type LimbicApiError } from '../src/index.js';
import { type ClientFixture, startClientFixture } from './helpers.js';

let f: ClientFixture;

beforeEach(async () => {
  f = await startClientFixture();
});
afterEach(() => f.t.close());

async function failure(promise: Promise<unknown>): Promise<LimbicApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isLimbicApiError(error)) throw new Error(`expected a LimbicApiError, got ${String(error)}`);
  return error;
}

describe('client: operator controls', () => {
  it('ticks a session and overrides its state, with the gateway’s errors', async () => {
    const { sessionId } = await f.client.createSession({ preset: 'melancholic_artist' });
    f.t.clock.advance(60_000);
    const turn = await f.client.turn(sessionId, 'You are a wonderful friend, thank you.');
    const ticked = await f.client.tick(sessionId, 86_400);
    expect(ticked).toMatchObject({ sessionId, seconds: 86_400, actions: [] });
    expect(ticked.state.emotion.V).not.toBe(turn.new_emotion.V);
    expect(ticked.state.at).toBe(new Date(f.t.clock.now()).toISOString());

    const overridden = await f.client.overrideState(sessionId, {
      mood: { V: -0.5 },
      body_budget: { energy: 0.3 },
      note: 'a long winter',
    });
    expect(overridden.override).toMatchObject({ mood: { V: -0.5 }, note: 'a long winter' });
    expect(overridden.override.by).toMatch(/^key_/);
    expect(overridden.state.mood.V).toBe(-0.5);
    expect((await f.client.getSession(sessionId)).last_override).toEqual(overridden.override);

    const tooLong = await failure(f.client.tick(sessionId, 31 * 86_400));
    expect(tooLong.code).toBe('VALIDATION_ERROR');
    expect(tooLong.message).toMatch(/seconds/);
    const outOfRange = await failure(f.client.overrideState(sessionId, { emotion: { D: 3 } }));
    expect(outOfRange.code).toBe('VALIDATION_ERROR');
    expect(outOfRange.message).toMatch(/emotion\.D/);
    const stranger = f.clientWith({ apiKey: f.t.keys.other });
    expect((await failure(stranger.tick(sessionId, 60))).code).toBe('NOT_FOUND');
    expect((await failure(stranger.overrideState(sessionId, { mood: { V: 0 } }))).code).toBe('NOT_FOUND');
  });
});
