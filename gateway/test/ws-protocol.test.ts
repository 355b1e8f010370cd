import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './harness.js';
import { expectExperience, sisterLied } from './rest-client.js';
import {
  appraisals,
  connectSession,
  createSession,
  openClient,
  type TestClient,
  wsUrl,
} from './ws-client.js';

let t: TestGateway;
let sessionId: string;
let client: TestClient;

beforeEach(async () => {
  t = await startTestGateway();
  sessionId = await createSession(t, t.keys.pro);
  client = await connectSession(t, sessionId, t.keys.pro);
});
afterEach(async () => {
  await client.close();
  await t.close();
  // Connections are logged (by session and key id), never with the key itself.
  expect(t.logs.join('')).toContain('websocket connected');
  expect(t.logs.join('')).not.toContain(t.keys.pro);
});

describe('ws: connecting', () => {
  it('greets with connected and the session id, and nothing else when nothing is pending', async () => {
    const other = await openClient(wsUrl(t, sessionId, t.keys.pro));
    expect(await other.next()).toEqual({ type: 'connected', session_id: sessionId });
    other.send({ type: 'get_state' });
    expect((await other.next()).type).toBe('state');
    await other.close();
  });

  it('accepts the key in an Authorization header for non-browser clients', async () => {
    const other = await openClient(`${t.wsUrl}/v1/ws/${sessionId}`, {
      headers: { authorization: `Bearer ${t.keys.pro}` },
    });
    expect(await other.next()).toEqual({ type: 'connected', session_id: sessionId });
    await other.close();
  });

  it('serves the same account across its environments only: a live key does not open a test session', async () => {
    const other = await openClient(wsUrl(t, sessionId, t.keys.proLive));
    expect(await other.next()).toMatchObject({ type: 'error', code: 'NOT_FOUND' });
    expect((await other.waitClose()).code).toBe(4404);
  });
});

describe('ws: turns', () => {
  it('processes a simplified text turn and returns the full turn result', async () => {
    client.send({ type: 'turn', message: 'You did it, you won the game!', request_id: 'r1' });
    const reply = await client.expect('turn_result');
    expect(reply.request_id).toBe('r1');
    const data = reply.data as Record<string, unknown>;
    for (const field of [
      'appraisal',
      'prediction_error',
      'emotion_delta',
      'new_emotion',
      'emotion_intensity',
      'discrete_emotion',
      'soul_stage',
      'body_budget',
      'stage_transition',
      'prompt_data',
    ]) {
      expect(data).toHaveProperty(field);
    }
    expect(data.appraiser).toBeTypeOf('string');
  });

  it('reads who did what to whom and the experience in a text turn, to the character or to a participant', async () => {
    client.send({ type: 'turn', message: sisterLied.message, request_id: 'r1' });
    const data = (await client.expect('turn_result')).data as {
      roles: unknown;
      perceived: { experience: Record<string, unknown> };
    };
    expect(data.roles).toEqual(sisterLied.roles);
    expectExperience(data.perceived.experience);
    client.send({
      type: 'turn',
      message: sisterLied.message,
      from: { id: 'u-bob', name: 'Bob' },
      to: { id: 'u-alice', name: 'Alice' },
    });
    const group = (await client.expect('turn_result')).data as Record<string, unknown>;
    expect(group.roles).toEqual({ ...sisterLied.roles, addressee: 'participant' });
  });

  it('processes a full turn with an event and elapsed_seconds', async () => {
    client.send({
      type: 'turn',
      event: { description: 'A storm knocked the power out', source: 'system' },
      elapsed_seconds: 120,
    });
    const reply = await client.expect('turn_result');
    expect(reply).not.toHaveProperty('request_id');
    expect((reply.data as { discrete_emotion: string }).discrete_emotion).toBeTypeOf('string');
  });

  it('processes turn_appraisal, echoing the appraisal, and counts the turn in the state', async () => {
    client.send({
      type: 'turn_appraisal',
      appraisal: appraisals.betrayal,
      context: 'Their friend lied to them',
      elapsed_seconds: 30,
      request_id: 'a',
    });
    const reply = await client.expect('turn_result');
    expect(reply.request_id).toBe('a');
    expect((reply.data as { appraisal: unknown }).appraisal).toEqual(appraisals.betrayal);
    // The text-only fields are absent from an appraisal turn's result.
    for (const field of ['appraiser', 'fallback_reason', 'perceived', 'roles'])
      expect(reply.data).not.toHaveProperty(field);
    client.send({ type: 'get_state', request_id: 'b' });
    const state = await client.expect('state');
    expect(state.request_id).toBe('b');
    expect(state.data).toMatchObject({ turns: 1 });
    for (const field of [
      'emotion',
      'discrete_emotion',
      'emotion_intensity',
      'body_budget',
      'soul_stage',
      'need_state',
      'interpersonal',
    ]) {
      expect(state.data).toHaveProperty(field);
    }
  });

  it('answers in the order of the requests', async () => {
    for (let i = 0; i < 6; i++) {
      client.send(
        i % 2
          ? { type: 'get_state', request_id: String(i) }
          : { type: 'turn_appraisal', appraisal: appraisals.kindness, request_id: String(i) },
      );
    }
    const ids: unknown[] = [];
    for (let i = 0; i < 6; i++) ids.push((await client.next()).request_id);
    expect(ids).toEqual(['0', '1', '2', '3', '4', '5']);
  });
});

describe('ws: proactive preferences and acknowledgements', () => {
  it('replies to set_proactive_prefs with the session id and the complete preferences', async () => {
    client.send({
      type: 'set_proactive_prefs',
      preferences: { enabled: true, cooldown_hours: 2 },
      request_id: 'p',
    });
    expect(await client.next()).toEqual({
      type: 'proactive_prefs',
      request_id: 'p',
      data: {
        sessionId,
        preferences: {
          enabled: true,
          triggers: { attachment_seeking: true, need_deficit: true, emotional_overflow: true },
          cooldown_hours: 2,
          time_zone: 'UTC',
          quiet_hours: null,
          max_per_day: 3,
        },
      },
    });
  });

  it('answers NOT_FOUND for an action id the session never had, and keeps the socket open', async () => {
    client.send({ type: 'ack_proactive', action_id: 'act_unknown', request_id: 'x' });
    expect(await client.next()).toMatchObject({ type: 'error', code: 'NOT_FOUND', request_id: 'x' });
    client.send({ type: 'get_state' });
    await client.expect('state');
  });
});

describe('ws: invalid messages', () => {
  it('answers non-JSON text with VALIDATION_ERROR and stays open', async () => {
    client.send('this is not json');
    expect(await client.next()).toMatchObject({ type: 'error', code: 'VALIDATION_ERROR' });
    client.send({ type: 'get_state' });
    await client.expect('state');
  });

  it('answers an unknown type with VALIDATION_ERROR naming the known types, echoing request_id', async () => {
    client.send({ type: 'dance', request_id: 'd' });
    const error = await client.expect('error');
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', request_id: 'd' });
    expect(error.message).toContain('type: must be one of turn, turn_appraisal, get_state');
  });

  it('names the WebSocket field paths: elapsed_seconds, appraisal.agency, preferences.enabled', async () => {
    client.send({ type: 'turn', message: 'hi', elapsed_seconds: -5 });
    const elapsed = await client.expect('error');
    expect(elapsed.message).toMatch(/^Invalid turn: elapsed_seconds: must be a number/);
    expect(elapsed.details).toEqual([expect.objectContaining({ path: 'elapsed_seconds' })]);

    client.send({ type: 'turn_appraisal', appraisal: { ...appraisals.kindness, agency: 3 } });
    expect((await client.expect('error')).message).toContain('appraisal.agency: must be a number in [-1, 1]');

    client.send({ type: 'set_proactive_prefs', preferences: { enabled: 'yes' } });
    expect((await client.expect('error')).message).toContain('preferences.enabled: must be a boolean');

    // REST's spelling is a deprecated alias on the socket: accepted alone, refused beside the socket's own.
    client.send({ type: 'turn_appraisal', appraisal: appraisals.kindness, elapsedSeconds: 3 });
    expect((await client.expect('turn_result')).type).toBe('turn_result');
    client.send({
      type: 'turn_appraisal',
      appraisal: appraisals.kindness,
      elapsedSeconds: 3,
      elapsed_seconds: 3,
    });
    expect((await client.expect('error')).message).toContain(
      'elapsedSeconds: give one of elapsed_seconds and its deprecated alias elapsedSeconds, not both',
    );
    client.send({ type: 'turn_appraisal', appraisal: appraisals.kindness, elapsed_second: 3 });
    expect((await client.expect('error')).message).toContain(
      'elapsed_second: is not a known field of turn_appraisal (did you mean elapsed_seconds?)',
    );

    client.send({ type: 'turn' });
    expect((await client.expect('error')).message).toContain(
      'message: give exactly one of `message` and `event`',
    );

    client.send({ type: 'get_state', request_id: 'x'.repeat(129) });
    const id = await client.expect('error');
    expect(id.message).toContain('request_id: must be a non-empty string of at most 128 characters');
    expect(id).not.toHaveProperty('request_id');

    client.send([1, 2]);
    expect((await client.expect('error')).message).toContain('a message must be a JSON object');
  });

  it('leaves state unchanged after an invalid turn', async () => {
    client.send({ type: 'turn_appraisal', appraisal: { ...appraisals.kindness, goal_relevance: 2 } });
    await client.expect('error');
    client.send({ type: 'get_state' });
    expect((await client.expect('state')).data).toMatchObject({ turns: 0 });
  });
});
