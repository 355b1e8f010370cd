import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appraisals, bondedSession, threeDays } from '../../gateway/test/ws-client.js';
import type { ExperienceKind, FetchLike, Roles } from '../src/index.js';
import { type ClientFixture, startClientFixture } from './helpers.js';

let f: ClientFixture;

beforeEach(async () => {
  f = await startClientFixture();
});
afterEach(async () => {
  await f.t.close();
});

const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('client: REST', () => {
  it('reads the health, the presets and the OpenAPI document', async () => {
    // Health is public: a client with a bad key reads it too.
    const health = await f.clientWith({ apiKey: 'nope' }).health();
    expect(health).toMatchObject({ status: 'ok', version: '0.1.0', store: { reachable: true } });
    expect(health.uptime_seconds).toBeGreaterThanOrEqual(0);

    const { presets } = await f.client.presets();
    expect(presets.map((p) => p.id)).toContain('cheerful_companion');
    expect(Object.keys(presets[0]!.personality).sort()).toEqual(['A', 'C', 'E', 'H', 'N', 'O']);

    const doc = await f.client.openApi();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v1/turn', '/v1/state/{sessionId}', '/v1/proactive/{sessionId}/ack']),
    );
  });

  it('creates, reads, lists and deletes a session', async () => {
    const info = await f.client.createSession({ preset: 'cheerful_companion', identity: { name: 'Mika' } });
    expect(info.sessionId).toMatch(/^ses_/);
    expect(info.persona.identity.name).toBe('Mika');
    expect(info.createdAt).toMatch(isoTime);
    expect(info.config.baseline).toEqual({
      V: expect.any(Number),
      A: expect.any(Number),
      D: expect.any(Number),
    });

    const details = await f.client.getSession(info.sessionId);
    expect(details).toMatchObject({ sessionId: info.sessionId, preferences: { enabled: false } });
    expect(details.state.turns).toBe(0);

    const page = await f.client.listSessions({ limit: 5 });
    expect(page).toEqual({
      sessions: [expect.objectContaining({ sessionId: info.sessionId, name: 'Mika', turns: 0 })],
      cursor: null,
    });

    expect(await f.client.deleteSession(info.sessionId)).toEqual({ deleted: true, id: info.sessionId });
    expect((await f.client.listSessions()).sessions).toEqual([]);
  });

  it('iterates every session page by page with sessions()', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await f.client.createSession({ preset: 'cheerful_companion' })).sessionId);
    const urls: string[] = [];
    const counting: FetchLike = (url, init) => {
      urls.push(url);
      return fetch(url, init);
    };
    const seen: string[] = [];
    for await (const session of f.clientWith({ fetch: counting }).sessions({ limit: 2 }))
      seen.push(session.sessionId);
    // Newest first by default.
    expect(seen).toEqual([...ids].reverse());
    expect(urls).toHaveLength(3);
    expect(urls[0]).toMatch(/\/v1\/persona\?limit=2$/);
    expect(urls[1]).toMatch(/\/v1\/persona\?cursor=[^&]+&limit=2$/);
    urls.length = 0;
    const oldest: string[] = [];
    for await (const session of f.clientWith({ fetch: counting }).sessions({ limit: 2, order: 'oldest' }))
      oldest.push(session.sessionId);
    expect(oldest).toEqual(ids);
    expect(urls[1]).toMatch(/\/v1\/persona\?cursor=[^&]+&limit=2&order=oldest$/);
  });

  it('sends text turns (message and event) and appraisal turns, and reads the state', async () => {
    const { sessionId } = await f.client.createSession({ preset: 'cheerful_companion' });
    const chat = await f.client.turn(sessionId, 'I got the job!', { elapsedSeconds: 30 });
    expect(chat.appraiser).toBeDefined();
    expect(chat.prompt_data).toBeTypeOf('object');
    const storm = await f.client.turn(sessionId, {
      description: 'A storm knocked the power out',
      source: 'system',
    });
    expect(storm.discrete_emotion).toBeTypeOf('string');

    const result = await f.client.appraisalTurn({
      sessionId,
      appraisal: appraisals.kindness,
      context: 'The user brought a gift',
      elapsedSeconds: 60,
    });
    expect(result.appraisal).toEqual(appraisals.kindness);
    expect(Object.keys(result)).toEqual(
      expect.arrayContaining([
        'new_emotion',
        'emotion_delta',
        'soul_stage',
        'body_budget',
        'stage_transition',
      ]),
    );

    const state = await f.client.getState(sessionId);
    expect(state.turns).toBe(3);
    expect(state.at).toMatch(isoTime);

    // A text turn's roles and experience, typed by the client's own exports.
    const lie = await f.client.turn(sessionId, 'My sister lied to me again');
    const roles: Roles | null | undefined = lie.roles;
    expect(roles).toEqual({ experiencer: 'speaker', cause: 'third_party', addressee: 'character' });
    const kind: ExperienceKind | undefined = lie.perceived?.experience.kind;
    expect(kind).toBeTypeOf('string');
  });

  it('sets a participant’s own outreach policy, and reads each action’s reason', async () => {
    const { sessionId } = await f.client.createSession({ preset: 'cheerful_companion' });
    await f.client.turn(sessionId, 'hi', { from: { id: 'u1', name: 'Sam' } });
    const set = await f.client.setParticipantPolicy(sessionId, 'u1', {
      time_zone: 'Asia/Tokyo',
      quiet_hours: { start: '23:00', end: '07:00' },
    });
    expect(set).toEqual({
      sessionId,
      participant: { id: 'u1', name: 'Sam' },
      policy: { time_zone: 'Asia/Tokyo', quiet_hours: { start: '23:00', end: '07:00' }, muted: false },
    });
    const [listed] = (await f.client.listParticipants(sessionId)).participants;
    expect(listed?.policy).toEqual(set.policy);
    const bad = await f.client
      .setParticipantPolicy(sessionId, 'u1', { time_zone: 'Nowhere' })
      .catch((e) => e);
    expect(bad).toMatchObject({ code: 'VALIDATION_ERROR', status: 400 });
    expect(String(bad.message)).toContain('policy.time_zone');

    const bonded = await bondedSession(f.t, f.t.keys.pro);
    f.t.clock.advance(threeDays);
    const [action] = await f.client.pendingActions(bonded);
    expect(action?.reason).toMatchObject({ trigger: 'absence', threshold: 0.3 });
    expect(action?.reason?.since_last_talk_seconds).toBeGreaterThan(0);
  });

  it('sets preferences, lists pending actions and acknowledges them', async () => {
    const { sessionId: fresh } = await f.client.createSession({ preset: 'cheerful_companion' });
    expect(
      await f.client.setPreferences(fresh, { enabled: true, triggers: { need_deficit: false } }),
    ).toEqual({
      sessionId: fresh,
      preferences: {
        enabled: true,
        triggers: { attachment_seeking: true, need_deficit: false, emotional_overflow: true },
        cooldown_hours: 4,
        time_zone: 'UTC',
        quiet_hours: null,
        max_per_day: 3,
      },
    });
    expect(await f.client.pendingActions(fresh)).toEqual([]);

    const sessionId = await bondedSession(f.t, f.t.keys.pro);
    f.t.clock.advance(threeDays);
    const [action] = await f.client.pendingActions(sessionId);
    expect(action).toMatchObject({ id: expect.stringMatching(/^act_/), type: 'attachment_seeking' });
    expect(action!.timestamp).toMatch(isoTime);
    const ack = { action_id: action!.id, acknowledged: true };
    expect(await f.client.acknowledge(sessionId, action!.id)).toEqual(ack);
    // Idempotent.
    expect(await f.client.acknowledge(sessionId, action!.id)).toEqual(ack);
    expect(await f.client.pendingActions(sessionId)).toEqual([]);
  });

  it('sends group turns with from and to, lists participants page by page and forgets one', async () => {
    const { sessionId } = await f.client.createSession({
      preset: 'cheerful_companion',
      identity: { name: 'Mika' },
    });
    const bob = { id: 'u-bob', name: 'Bob' };
    const alice = { id: 'team/alice', name: 'Alice' };
    const insult = await f.client.turn(sessionId, 'You are a worthless idiot and I hate you.', {
      from: bob,
      to: 'character',
      elapsedSeconds: 60,
    });
    expect(insult).toMatchObject({
      speaker: bob,
      to: 'character',
      reply: { should: true, reason: 'addressed' },
    });
    const thanks = await f.client.appraisalTurn({
      sessionId,
      appraisal: appraisals.kindness,
      context: 'Alice thanks Mika',
      from: alice,
      to: 'character',
    });
    expect(thanks.speaker).toEqual(alice);
    // Without options, a turn is the one person's, as before.
    expect((await f.client.turn(sessionId, 'hello')).reply.reason).toBe('direct');

    const page = await f.client.listParticipants(sessionId, { limit: 1 });
    expect(page.participants.map((p) => p.id)).toEqual(['team/alice']);
    expect(page.cursor).not.toBeNull();
    const trust: Record<string, number> = {};
    for await (const p of f.client.participants(sessionId, { limit: 1 })) trust[p.id] = p.interpersonal.trust;
    expect(Object.keys(trust)).toEqual(['team/alice', 'u-bob']);
    expect(trust['team/alice']).toBeGreaterThan(trust['u-bob']!);

    expect(await f.client.forgetParticipant(sessionId, 'team/alice')).toEqual({
      forgotten: true,
      id: 'team/alice',
    });
    expect((await f.client.listParticipants(sessionId)).participants.map((p) => p.id)).toEqual(['u-bob']);
    await expect(f.client.forgetParticipant(sessionId, 'team/alice')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: `Participant "team/alice" not found in session ${sessionId}`,
    });
    await expect(f.client.forgetParticipant(sessionId, '')).rejects.toThrow(TypeError);
    await expect(f.client.turn(sessionId, 'hi', { from: { id: '' }, to: 'everyone' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'from.id' }],
    });
  });

  it('keeps a base path and encodes ids in paths', async () => {
    const urls: string[] = [];
    const rewriting: FetchLike = (url, init) => {
      urls.push(url);
      return fetch(url.replace('/prefix', ''), init);
    };
    const client = f.clientWith({ baseUrl: `${f.t.url}/prefix/`, fetch: rewriting });
    await expect(client.getState('ses/../x y')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(urls).toEqual([`${f.t.url}/prefix/v1/state/ses%2F..%2Fx%20y`]);
    await expect(client.getSession('')).rejects.toThrow(TypeError);
  });
});
