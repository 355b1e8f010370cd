import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql } from './graphql-client.js';
import { startTestGateway, type TestGateway } from './harness.js';
import { appraisal, expectError, type RestClient, restClient } from './rest-client.js';

let t: TestGateway;
let pro: RestClient;
let other: RestClient;

beforeAll(async () => {
  t = await startTestGateway();
  pro = restClient(t, t.keys.pro);
  other = restClient(t, t.keys.other);
});
afterAll(() => t.close());

async function groupSession(): Promise<string> {
  const res = await pro.post('/v1/persona', { preset: 'cheerful_companion' });
  const id: string = res.body.sessionId;
  t.clock.advance(60_000);
  await pro.post('/v1/turn/appraisal', { sessionId: id, appraisal, from: { id: 'u1', name: 'Sam' } });
  return id;
}

describe('PUT /v1/proactive/:sessionId/preferences: the policy fields', () => {
  it('stores the zone, quiet hours and daily maximum, and shows them with the session', async () => {
    const id = await groupSession();
    const policy = {
      time_zone: 'Europe/Madrid',
      quiet_hours: { start: '22:00', end: '08:00' },
      max_per_day: 2,
    };
    const res = await pro.put(`/v1/proactive/${id}/preferences`, { enabled: true, ...policy });
    expect(res.status).toBe(200);
    expect(res.body.preferences).toMatchObject(policy);
    expect((await pro.get(`/v1/persona/${id}`)).body.preferences).toMatchObject(policy);
    // PUT replaces the whole: omitted fields take their defaults again.
    const replaced = await pro.put(`/v1/proactive/${id}/preferences`, { enabled: true });
    expect(replaced.body.preferences).toMatchObject({ time_zone: 'UTC', quiet_hours: null, max_per_day: 3 });
  });

  it('names preferences.time_zone for an unknown zone and the clock field for a bad HH:MM, and changes nothing', async () => {
    const id = await groupSession();
    const zone = await pro.put(`/v1/proactive/${id}/preferences`, {
      enabled: true,
      time_zone: 'Mars/Olympus',
    });
    expectError(zone, 400, 'VALIDATION_ERROR');
    expect(zone.body.error.message).toContain('preferences.time_zone: must be an IANA time zone name');
    const clock = await pro.put(`/v1/proactive/${id}/preferences`, {
      enabled: true,
      quiet_hours: { start: '22:00', end: '8am' },
    });
    expectError(clock, 400, 'VALIDATION_ERROR');
    expect(clock.body.error.message).toContain('preferences.quiet_hours.end: must be a time of day as HH:MM');
    const max = await pro.put(`/v1/proactive/${id}/preferences`, { enabled: true, max_per_day: 2.5 });
    expectError(max, 400, 'VALIDATION_ERROR');
    expect(max.body.error.message).toContain('preferences.max_per_day');
    expect((await pro.get(`/v1/persona/${id}`)).body.preferences.enabled).toBe(false);
  });
});

describe('PUT /v1/proactive/:sessionId/participants/:participantId', () => {
  it('sets a participant’s own policy, lists it with them, and is NOT_FOUND for another owner', async () => {
    const id = await groupSession();
    const body = { time_zone: 'Asia/Tokyo', quiet_hours: { start: '23:00', end: '07:30' }, muted: true };
    const res = await pro.put(`/v1/proactive/${id}/participants/u1`, body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sessionId: id, participant: { id: 'u1', name: 'Sam' }, policy: body });
    const listed = await pro.get(`/v1/persona/${id}/participants`);
    expect(listed.body.participants[0].policy).toEqual(body);
    expectError(await other.put(`/v1/proactive/${id}/participants/u1`, { muted: true }), 404, 'NOT_FOUND');
    // Forgetting the participant removes their policy with them.
    await pro.delete(`/v1/persona/${id}/participants/u1`);
    expect((await pro.get(`/v1/persona/${id}/participants`)).body.participants).toEqual([]);
  });

  it('names the field of a bad policy', async () => {
    const id = await groupSession();
    const res = await pro.put(`/v1/proactive/${id}/participants/u1`, {
      time_zone: 'Europe/Nowhere',
      quiet_hours: { start: '25:00', end: '07:00' },
      muted: 'yes',
      mute: true,
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    for (const field of ['policy.time_zone', 'policy.quiet_hours.start', 'policy.muted', 'policy.mute'])
      expect(res.body.error.message).toContain(field);
  });

  it('is the same through GraphQL, with each action’s reason', async () => {
    const id = await groupSession();
    const res = await gql(
      t,
      `mutation ($id: ID!) { setParticipantPolicy(sessionId: $id, participantId: "u1", policy: { muted: false, quiet_hours: { start: "21:00", end: "09:00" } }) { sessionId participant { id name } policy { time_zone quiet_hours { start end } muted } } }`,
      { key: t.keys.pro, variables: { id } },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.setParticipantPolicy).toEqual({
      sessionId: id,
      participant: { id: 'u1', name: 'Sam' },
      policy: { time_zone: null, quiet_hours: { start: '21:00', end: '09:00' }, muted: false },
    });
    const bad = await gql(
      t,
      `mutation ($id: ID!) { setProactivePreferences(input: { sessionId: $id, preferences: { enabled: true, time_zone: "Nope/Nope" } }) { sessionId } }`,
      { key: t.keys.pro, variables: { id } },
    );
    expect(bad.body.errors[0].extensions.code).toBe('VALIDATION_ERROR');
    expect(bad.body.errors[0].message).toContain('preferences.time_zone');
  });
});
