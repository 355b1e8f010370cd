/**
 * Session snapshots over real HTTP (docs/snapshots.md): the owner exports a session, the document matches the
 * published JSON Schema (served without a key), an import creates a new session that answers the next turn exactly
 * as the original, hand-edited documents get VALIDATION_ERROR naming the field, and no other key reaches a snapshot
 * on REST or GraphQL.
 */
import { readFileSync } from 'node:fs';
import { maxSnapshotIssues } from '@limbic/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotJsonErrors, snapshotJsonSchema } from '../../test/snapshot-json-schema.js';
import { snapshotBodyLimit } from '../src/routes/snapshots.js';
import { expectGqlError, gql } from './graphql-client.js';
import { startTestGateway, type TestGateway } from './harness.js';
import { appraisal, expectError, type RestClient, restClient } from './rest-client.js';

let t: TestGateway;
let pro: RestClient;
let sessionId: string;

const ana = { id: 'u-ana', name: 'Ana' };
const ben = { id: 'u-ben', name: 'Ben' };
const day = 86_400_000;

beforeAll(async () => {
  t = await startTestGateway();
  pro = restClient(t, t.keys.pro);
  const created = await pro.post('/v1/persona', { preset: 'empathetic_listener', identity: { name: 'Noa' } });
  sessionId = created.body.sessionId;
  await pro.put(`/v1/persona/${sessionId}/memory/settings`, { max_episodes: 400 });
  await pro.post('/v1/turn', { sessionId, message: 'I passed my exam on Thursday!', from: ana });
  t.clock.advance(90_000);
  await pro.post('/v1/turn', { sessionId, message: 'Well done Ana, really.', from: ben, to: ana });
  await pro.post('/v1/turn/appraisal', { sessionId, appraisal, from: ana, summary: 'Ana thanked Noa' });
  await pro.put(`/v1/proactive/${sessionId}/preferences`, { enabled: true, cooldown_hours: 1 });
  t.clock.advance(4 * day);
  expect((await pro.get(`/v1/proactive/${sessionId}`)).body.length).toBeGreaterThan(0);
});
afterAll(() => t.close());

/** The snapshot of a session, read over REST by the pro key. */
async function exportOf(id: string) {
  const res = await pro.get(`/v1/persona/${id}/snapshot`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

describe('GET /v1/persona/:id/snapshot', () => {
  it('returns the whole session as a document that the published JSON Schema accepts', async () => {
    const snapshot = await exportOf(sessionId);
    expect(snapshotJsonErrors(snapshot)).toEqual([]);
    expect(snapshot).toMatchObject({ format: 'limbic.session', version: 1, $schema: snapshotJsonSchema.$id });
    expect(snapshot.session.id).toBe(sessionId);
    expect(snapshot.session.state.participants.map((p: { id: string }) => p.id)).toEqual(['u-ana', 'u-ben']);
    expect(snapshot.session.memory.episodes.length).toBeGreaterThan(0);
    expect(snapshot.session.proactive.pending.length).toBeGreaterThan(0);
    expect(snapshot.session.proactive.preferences).toEqual({
      enabled: true,
      triggers: { attachment_seeking: true, need_deficit: true, emotional_overflow: true },
      cooldown_hours: 1,
      time_zone: 'UTC',
      quiet_hours: null,
      max_per_day: 3,
    });
  });

  it('is NOT_FOUND for another key, on REST and on GraphQL', async () => {
    expectError(await pro.get(`/v1/persona/${sessionId}/snapshot`, { key: t.keys.other }), 404, 'NOT_FOUND');
    expectError(await pro.get(`/v1/persona/${sessionId}/snapshot`, { key: t.keys.free }), 404, 'NOT_FOUND');
    const res = await gql(t, 'query ($s: ID!) { session(id: $s) { snapshot } }', {
      key: t.keys.other,
      variables: { s: sessionId },
    });
    expectGqlError(res.body, 'NOT_FOUND');
    expect(JSON.stringify(res.body)).not.toContain('u-ana');
  });

  it('is UNAUTHORIZED without a key', async () => {
    expectError(await pro.get(`/v1/persona/${sessionId}/snapshot`, { key: null }), 401, 'UNAUTHORIZED');
  });
});

describe('GET /v1/schemas/session-snapshot.json', () => {
  it('serves the committed JSON Schema without a key, with an ETag', async () => {
    const res = await pro.get('/v1/schemas/session-snapshot.json', { key: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(snapshotJsonSchema);
    const again = await pro.get('/v1/schemas/session-snapshot.json', {
      key: null,
      headers: { 'if-none-match': res.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
  });
});

describe('POST /v1/persona {snapshot}', () => {
  it('creates a new session that answers the same turn exactly as the original', async () => {
    const snapshot = await exportOf(sessionId);
    const created = await pro.post('/v1/persona', { snapshot });
    expect(created.status, created.text).toBe(201);
    const copy: string = created.body.sessionId;
    expect(copy).not.toBe(sessionId);
    expect(created.headers.get('location')).toBe(`/v1/persona/${copy}`);
    expect(created.body.persona).toEqual(snapshot.session.persona);

    const moved = await exportOf(copy);
    expect({ ...moved, session: { ...moved.session, id: sessionId } }).toEqual(snapshot);
    t.clock.advance(3_600_000);
    const turn = { message: 'Ana, I am so proud of you!', from: ben };
    const left = await pro.post('/v1/turn', { sessionId, ...turn });
    const right = await pro.post('/v1/turn', { sessionId: copy, ...turn });
    expect(right.text).toBe(left.text);
  });

  it('refuses a hand-edited snapshot with VALIDATION_ERROR naming the field, and creates nothing', async () => {
    const before = (await pro.get('/v1/persona?limit=100')).body.sessions.length;
    const snapshot = await exportOf(sessionId);
    snapshot.session.state.emotion.V = 5;
    snapshot.session.memory.episodes[0].speaker = 'u-nobody';
    const res = await pro.post('/v1/persona', { snapshot });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.body.error.message).toContain(
      'snapshot.session.state.emotion.V: must be a number in [-1, 1] (got 5)',
    );
    expect(res.body.error.details).toContainEqual({
      path: 'snapshot.session.state.emotion.V',
      message: 'must be a number in [-1, 1] (got 5)',
    });
    const newer = await pro.post('/v1/persona', { snapshot: { ...(await exportOf(sessionId)), version: 2 } });
    expectError(newer, 400, 'VALIDATION_ERROR');
    expect(newer.body.error.message).toContain(
      'snapshot.version: 2 is newer than this Limbic reads (supported: 1)',
    );
    const mixed = await pro.post('/v1/persona', { snapshot: await exportOf(sessionId), preset: 'rival' });
    expectError(mixed, 400, 'VALIDATION_ERROR');
    expect(mixed.body.error.message).toContain('preset: cannot be sent with snapshot');
    expect((await pro.get('/v1/persona?limit=100')).body.sessions.length).toBe(before);
  });

  it('takes snapshots larger than the 128 KiB of other bodies, up to 8 MiB', async () => {
    const snapshot = await exportOf(sessionId);
    const [episode] = snapshot.session.memory.episodes;
    snapshot.session.state.turns = 5000;
    snapshot.session.memory.settings.max_episodes = 2000;
    snapshot.session.memory.episodes = Array.from({ length: 1500 }, (_, i) => ({
      ...episode,
      id: `mem_${(i + 10).toString(36)}`,
      text: `${'a long remembered afternoon by the lake '.repeat(6)}${i}`,
    }));
    expect(JSON.stringify({ snapshot }).length).toBeGreaterThan(512 * 1024);
    const created = await pro.post('/v1/persona', { snapshot });
    expect(created.status, created.text.slice(0, 300)).toBe(201);
    const held = await exportOf(created.body.sessionId);
    expect(held.session.memory.episodes).toHaveLength(1500);
    const huge = await pro.request('POST', '/v1/persona', {
      raw: JSON.stringify({ snapshot, pad: 'x'.repeat(8 * 1024 * 1024) }),
      contentType: 'application/json',
    });
    expectError(huge, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('counts against the plan’s session quota', async () => {
    const free = restClient(t, t.keys.free);
    const snapshot = await exportOf(sessionId);
    for (let i = 0; i < 100; i++) {
      const res = await free.post('/v1/persona', { preset: 'rival' });
      if (res.status === 403) break;
    }
    expectError(await free.post('/v1/persona', { snapshot }), 403, 'SESSION_LIMIT');
  });
});

describe('GraphQL importSession', () => {
  it('creates a session from a snapshot, and names the bad field of an invalid one', async () => {
    const snapshot = await exportOf(sessionId);
    const ok = await gql(
      t,
      'mutation ($s: String!) { importSession(snapshot: $s) { sessionId persona { preset } } }',
      {
        key: t.keys.other,
        variables: { s: JSON.stringify(snapshot) },
      },
    );
    expect(ok.body.errors, JSON.stringify(ok.body.errors)).toBeUndefined();
    const copy = ok.body.data.importSession.sessionId;
    const read = await gql(t, 'query ($s: ID!) { session(id: $s) { snapshot } }', {
      key: t.keys.other,
      variables: { s: copy },
    });
    expect(JSON.parse(read.body.data.session.snapshot).session.persona).toEqual(snapshot.session.persona);
    expectError(await pro.get(`/v1/persona/${copy}/snapshot`), 404, 'NOT_FOUND');

    snapshot.session.proactive.preferences.cooldown_hours = -1;
    const bad = await gql(t, 'mutation ($s: String!) { importSession(snapshot: $s) { sessionId } }', {
      key: t.keys.other,
      variables: { s: JSON.stringify(snapshot) },
    });
    expectGqlError(bad.body, 'VALIDATION_ERROR');
    expect(bad.body.errors[0].message).toContain('snapshot.session.proactive.preferences.cooldown_hours');
    const notJson = await gql(t, 'mutation { importSession(snapshot: "{nope") { sessionId } }', {
      key: t.keys.other,
    });
    expectGqlError(notJson.body, 'VALIDATION_ERROR');
    expect(notJson.body.errors[0].message).toContain('snapshot: must be the JSON text of a session snapshot');
  });
});

describe('docs/snapshots.md', () => {
  const doc = readFileSync(new URL('../../docs/snapshots.md', import.meta.url), 'utf8');

  it('states the limits the code applies', () => {
    expect(doc).toContain(`bodies up to **${snapshotBodyLimit / 1024 / 1024} MiB**`);
    expect(doc).toContain(`at most ${maxSnapshotIssues} issues are listed`);
  });
});
