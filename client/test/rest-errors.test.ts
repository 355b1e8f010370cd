import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appraisals } from '../../gateway/test/ws-client.js';
import { createLimbicClient, type FetchLike, isLimbicApiError, LimbicApiError } from '../src/index.js';
import { type ClientFixture, startClientFixture } from './helpers.js';

let f: ClientFixture;

beforeEach(async () => {
  f = await startClientFixture();
});
afterEach(async () => {
  await f.t.close();
});

/** The rejection of `promise`, which must be a LimbicApiError. */
async function failure(promise: Promise<unknown>): Promise<LimbicApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isLimbicApiError(error)) throw new Error(`expected a LimbicApiError, got ${String(error)}`);
  return error;
}

describe('client: REST errors', () => {
  it('maps a bad key to UNAUTHORIZED 401 with the request id', async () => {
    const error = await failure(f.clientWith({ apiKey: `svc_test_${'x'.repeat(38)}` }).listSessions());
    expect(error).toBeInstanceOf(LimbicApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'LimbicApiError', code: 'UNAUTHORIZED', status: 401 });
    expect(error.message).toBe('Invalid or missing API key');
    expect(error.requestId).toMatch(/^req_/);
    expect(isLimbicApiError(error, 'UNAUTHORIZED')).toBe(true);
    expect(isLimbicApiError(error, 'NOT_FOUND')).toBe(false);
  });

  it('maps an unknown session to NOT_FOUND 404 on every session route', async () => {
    const calls = [
      () => f.client.getSession('ses_nope'),
      () => f.client.deleteSession('ses_nope'),
      () => f.client.getState('ses_nope'),
      () => f.client.pendingActions('ses_nope'),
      () => f.client.setPreferences('ses_nope', { enabled: true }),
      () => f.client.acknowledge('ses_nope', 'act_nope'),
      () => f.client.turn('ses_nope', 'hello'),
      () => f.client.listParticipants('ses_nope'),
      () => f.client.forgetParticipant('ses_nope', 'u-bob'),
    ];
    for (const call of calls) expect(await failure(call())).toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });

  it('maps invalid input to VALIDATION_ERROR 400 naming every field', async () => {
    const { sessionId } = await f.client.createSession({ preset: 'cheerful_companion' });
    const error = await failure(
      f.client.appraisalTurn({
        sessionId,
        appraisal: { ...appraisals.kindness, agency: 3, expectedness: -1 },
      }),
    );
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', status: 400 });
    expect(error.message).toContain('appraisal.agency');
    expect(error.details?.map((d) => d.path).sort()).toEqual(['appraisal.agency', 'appraisal.expectedness']);
    expect(error.requestId).toMatch(/^req_/);

    const limit = await failure(f.client.listSessions({ limit: 0 }));
    expect(limit.details).toEqual([{ path: 'limit', message: expect.any(String) }]);
    // A cursor of the newest-first list, asked for oldest first: refused, never silently switched.
    await f.client.createSession({ preset: 'cheerful_companion' });
    const { cursor } = await f.client.listSessions({ limit: 1 });
    const switched = await failure(f.client.listSessions({ cursor, order: 'oldest' }));
    expect(switched).toMatchObject({ code: 'VALIDATION_ERROR', status: 400 });
    expect(switched.details?.map((d) => d.path)).toEqual(['cursor']);
    const cooldown = await failure(
      f.client.setPreferences(sessionId, { enabled: true, cooldown_hours: 1000 }),
    );
    expect(cooldown.details?.[0]?.path).toBe('preferences.cooldown_hours');
    expect(await failure(f.client.createSession({ preset: 'nobody' }))).toMatchObject({
      code: 'INVALID_PRESET',
      status: 400,
    });
  });

  it('maps the rate limit to RATE_LIMIT 429 with retryAfter', async () => {
    // The free plan allows 60 requests a minute.
    const client = f.clientWith({ apiKey: f.t.keys.free });
    for (let i = 0; i < 60; i++) await client.listSessions();
    const error = await failure(client.listSessions());
    expect(error).toMatchObject({ code: 'RATE_LIMIT', status: 429 });
    expect(error.message).toContain('free plan allows 60 per minute');
    expect(error.retryAfter).toBeGreaterThan(0);
    expect(error.retryAfter).toBeLessThanOrEqual(60);
  });

  it('maps a refused connection to NETWORK_ERROR with status 0', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const error = await failure(
      createLimbicClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k' }).health(),
    );
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('maps a missing answer to TIMEOUT and an aborted call to ABORTED', async () => {
    // A fetch that never answers: only its signal ends it.
    const silent: FetchLike = (_url, init) =>
      new Promise((_, reject) => init.signal.addEventListener('abort', () => reject(init.signal.reason)));
    const client = f.clientWith({ fetch: silent, timeoutMs: 10 });
    expect(await failure(client.presets())).toMatchObject({ code: 'TIMEOUT', status: 0 });
    const controller = new AbortController();
    const pending = client.presets({ signal: controller.signal, timeoutMs: 0 });
    controller.abort();
    expect(await failure(pending)).toMatchObject({ code: 'ABORTED', status: 0 });
  });

  it('maps an answer that is not the gateway’s to UNEXPECTED_RESPONSE with its status', async () => {
    const proxy: FetchLike = async () => new Response('<html>Bad gateway</html>', { status: 502 });
    const error = await failure(f.clientWith({ fetch: proxy }).presets());
    expect(error).toMatchObject({ code: 'UNEXPECTED_RESPONSE', status: 502 });
    const unknownCode: FetchLike = async () =>
      new Response(JSON.stringify({ error: { code: 'TEAPOT', status: 418, message: 'short and stout' } }), {
        status: 418,
        headers: { 'Retry-After': '7', 'Request-Id': 'req_x' },
      });
    expect(await failure(f.clientWith({ fetch: unknownCode }).presets())).toMatchObject({
      code: 'UNEXPECTED_RESPONSE',
      status: 418,
      retryAfter: 7,
      requestId: 'req_x',
    });
  });
});
