import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const BOB = { id: 'u-bob', name: 'Bob' };
const ALICE = { id: 'u-alice', name: 'Alice' };
const INSULT = 'You are a worthless idiot and I hate you.';
const THANKS = 'Thank you so much, you really helped me today!';

async function create(): Promise<string> {
  const res = await pro.post('/v1/persona', { preset: 'cheerful_companion', identity: { name: 'Mika' } });
  expect(res.status, res.text).toBe(201);
  return res.body.sessionId;
}

/** A text turn a minute after the previous one. */
async function say(sessionId: string, message: string, parties: Record<string, unknown> = {}) {
  t.clock.advance(60_000);
  const res = await pro.post('/v1/turn', { sessionId, message, ...parties });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function participants(sessionId: string, query = '') {
  const res = await pro.get(`/v1/persona/${sessionId}/participants${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body as {
    participants: { id: string; interpersonal: { trust: number } }[];
    cursor: string | null;
  };
}

describe('a group conversation over REST', () => {
  it('Bob insults, Alice thanks: one character, a trust per person in the participants list', async () => {
    const sessionId = await create();
    const insulted = await say(sessionId, INSULT, { from: BOB, to: 'character' });
    expect(insulted.speaker).toEqual({ id: 'u-bob', name: 'Bob' });
    expect(insulted.to).toBe('character');
    expect(insulted.reply).toMatchObject({ should: true, reason: 'addressed' });
    expect(insulted.interpersonal.trust).toBeLessThan(0.5);
    expect(insulted.prompt_data.context.speaker).toMatchObject({ id: 'u-bob', name: 'Bob' });
    expect(typeof insulted.prompt_data.instruction.group_instruction).toBe('string');

    const thanked = await say(sessionId, THANKS, { from: ALICE, to: { id: BOB.id } });
    expect(thanked.speaker).toEqual({ id: 'u-alice', name: 'Alice' });
    // `to` names the participant with the name the session knows.
    expect(thanked.to).toEqual({ id: 'u-bob', name: 'Bob' });
    expect(thanked.prompt_data.context.addressed_to).toEqual({ id: 'u-bob', name: 'Bob' });
    const everyone = await say(sessionId, THANKS, { from: ALICE, to: 'everyone' });
    expect(everyone.to).toBe('everyone');
    expect(everyone.interpersonal.trust).toBeGreaterThan(0.5);

    const list = await participants(sessionId);
    expect(list.cursor).toBeNull();
    expect(list.participants.map((p) => p.id)).toEqual(['u-alice', 'u-bob']);
    const [alice, bob] = list.participants;
    expect(alice).toMatchObject({ id: 'u-alice', name: 'Alice', turns: 2 });
    expect(bob).toMatchObject({ id: 'u-bob', name: 'Bob', turns: 1 });
    expect(alice!.interpersonal.trust).toBeGreaterThan(0.5);
    expect(bob!.interpersonal.trust).toBeLessThan(0.5);
    // The snapshot speaks of the last speaker, and its relationship is theirs.
    const state = (await pro.get(`/v1/state/${sessionId}`)).body;
    expect(state.speaker).toEqual({ id: 'u-alice', name: 'Alice' });
    expect(state.interpersonal.trust).toBe(alice!.interpersonal.trust);
    // A turn without `from` is the one person of a private chat, as before.
    const direct = (await pro.post('/v1/turn/appraisal', { sessionId, appraisal })).body;
    expect(direct).toMatchObject({
      speaker: null,
      to: 'character',
      reply: { should: true, reason: 'direct' },
    });
  });

  it('takes from and to on appraisal turns too', async () => {
    const sessionId = await create();
    const res = await pro.post('/v1/turn/appraisal', {
      sessionId,
      appraisal,
      context: 'Bob broke his promise to Alice',
      from: BOB,
      to: { id: ALICE.id, name: 'Alice' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.speaker).toEqual({ id: 'u-bob', name: 'Bob' });
    expect(res.body.to).toEqual({ id: 'u-alice', name: 'Alice' });
    expect(['interjects', 'addressed_to_other']).toContain(res.body.reply.reason);
    const ids = (await participants(sessionId)).participants.map((p) => p.id);
    expect(ids).toEqual(['u-alice', 'u-bob']);
  });
});

describe('GET /v1/persona/:id/participants', () => {
  it('pages in id order like the session list, for ids of any characters', async () => {
    const sessionId = await create();
    const ids = ['u 1', 'u/2', 'ü-3', '太郎', 'u@5'];
    for (const id of ids) await say(sessionId, THANKS, { from: { id } });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await participants(sessionId, query);
      expect(page.participants.length).toBeLessThanOrEqual(2);
      seen.push(...page.participants.map((p) => p.id));
      cursor = page.cursor;
      pages++;
    } while (cursor !== null);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].sort((a, b) => (a < b ? -1 : 1)));
    // Default page size 20; an empty cursor is the first page.
    expect((await participants(sessionId, '?cursor=')).participants).toHaveLength(5);
  });

  it('is empty for a session that never named anyone', async () => {
    const sessionId = await create();
    await pro.post('/v1/turn/appraisal', { sessionId, appraisal });
    expect(await participants(sessionId)).toEqual({ participants: [], cursor: null });
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
    ['?limit=abc', 'limit'],
    ['?limit=1&limit=2', 'limit'],
    ['?cursor=garbage', 'cursor'],
    ['?limt=5', 'limt'],
  ])('rejects %s with 400 naming %s', async (query, path) => {
    const sessionId = await create();
    const res = await pro.get(`/v1/persona/${sessionId}/participants${query}`);
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual([path]);
  });

  it('answers NOT_FOUND for an unknown or foreign session', async () => {
    const sessionId = await create();
    const unknown = await pro.get('/v1/persona/ses_unknown/participants');
    expectError(unknown, 404, 'NOT_FOUND');
    expect(unknown.body.error.message).toMatch(/^Session /);
    expectError(await other.get(`/v1/persona/${sessionId}/participants`), 404, 'NOT_FOUND');
  });
});

describe('DELETE /v1/persona/:id/participants/:participantId', () => {
  it('forgets one participant: gone from the list and the snapshot; a second time is NOT_FOUND', async () => {
    const sessionId = await create();
    await say(sessionId, INSULT, { from: BOB, to: 'character' });
    await say(sessionId, THANKS, { from: ALICE, to: 'character' });
    const forgot = await pro.delete(`/v1/persona/${sessionId}/participants/u-alice`);
    expect(forgot.status, forgot.text).toBe(200);
    expect(forgot.body).toEqual({ forgotten: true, id: 'u-alice' });
    expect((await participants(sessionId)).participants.map((p) => p.id)).toEqual(['u-bob']);
    expect((await pro.get(`/v1/state/${sessionId}`)).body.speaker).toBeNull();

    const again = await pro.delete(`/v1/persona/${sessionId}/participants/u-alice`);
    expectError(again, 404, 'NOT_FOUND');
    expect(again.body.error.message).toBe(`Participant "u-alice" not found in session ${sessionId}`);
    const noSession = await pro.delete('/v1/persona/ses_unknown/participants/u-bob');
    expectError(noSession, 404, 'NOT_FOUND');
    expect(noSession.body.error.message).toBe('Session "ses_unknown" not found');
    // Another owner cannot forget anyone in it.
    expectError(await other.delete(`/v1/persona/${sessionId}/participants/u-bob`), 404, 'NOT_FOUND');
    expect((await participants(sessionId)).participants.map((p) => p.id)).toEqual(['u-bob']);
  });

  it('takes URL-encoded ids: slashes, spaces and other scripts', async () => {
    const sessionId = await create();
    const ids = ['team/bob', 'alice smith', '太郎'];
    for (const id of ids) await say(sessionId, THANKS, { from: { id } });
    for (const id of ids) {
      const res = await pro.delete(`/v1/persona/${sessionId}/participants/${encodeURIComponent(id)}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ forgotten: true, id });
    }
    expect((await participants(sessionId)).participants).toEqual([]);
  });

  it('answers NOT_FOUND for a participant id no participant can have (over 128 characters)', async () => {
    const sessionId = await create();
    expectError(
      await pro.delete(`/v1/persona/${sessionId}/participants/${'x'.repeat(129)}`),
      404,
      'NOT_FOUND',
    );
  });
});

describe('bad from and to', () => {
  const message = { message: 'hi' };
  it.each([
    [{ ...message, from: {} }, 'from.id'],
    [{ ...message, from: { id: '' } }, 'from.id'],
    [{ ...message, from: { id: 'x'.repeat(129) } }, 'from.id'],
    [{ ...message, from: { id: 'b', name: '' } }, 'from.name'],
    [{ ...message, from: { id: 'b', name: 'n'.repeat(129) } }, 'from.name'],
    [{ ...message, from: { id: 'b', nick: 'Bobby' } }, 'from.nick'],
    [{ ...message, from: 'u-bob' }, 'from'],
    [{ ...message, to: 'someone' }, 'to'],
    [{ ...message, to: { id: '' } }, 'to.id'],
    [{ ...message, to: { id: 'u-bob', extra: 1 } }, 'to.extra'],
    [{ event: { description: 'A storm', source: 'system' }, from: BOB }, 'from'],
  ])('POST /v1/turn rejects %j with 400 naming %s, changing nothing', async (body, path) => {
    const sessionId = await create();
    const res = await pro.post('/v1/turn', { sessionId, ...body });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual([path]);
    expect(res.body.error.message).toContain(`${path}: `);
    expect((await pro.get(`/v1/state/${sessionId}`)).body.turns).toBe(0);
    expect(await participants(sessionId)).toEqual({ participants: [], cursor: null });
  });

  it('POST /v1/turn/appraisal names the bad field too', async () => {
    const sessionId = await create();
    const res = await pro.post('/v1/turn/appraisal', { sessionId, appraisal, from: { id: 1 }, to: 'all' });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['from.id', 'to']);
  });
});
