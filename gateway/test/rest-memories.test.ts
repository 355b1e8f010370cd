import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './harness.js';
import { expectError, type RestClient, restClient } from './rest-client.js';

let t: TestGateway;
let pro: RestClient;
let other: RestClient;
let live: RestClient;

beforeAll(async () => {
  t = await startTestGateway();
  pro = restClient(t, t.keys.pro);
  other = restClient(t, t.keys.other);
  live = restClient(t, t.keys.proLive);
});
afterAll(() => t.close());

const SAM = { id: 'u-sam', name: 'Sam' };
const ANA = { id: 'u-ana', name: 'Ana' };
const REX = 'My dog Rex died. I miss our walks in the park.';
const JOB = 'I got the job I wanted so badly, I am so happy!';
const LIED = 'My sister lied to me again and I am furious.';

interface Memory {
  id: string;
  text: string | null;
  speaker: { id: string; name: string | null } | null;
  participants: string[];
  strength: number;
  feeling: { label: string };
}

async function create(): Promise<string> {
  const res = await pro.post('/v1/persona', { preset: 'cheerful_companion', identity: { name: 'Mika' } });
  expect(res.status, res.text).toBe(201);
  return res.body.sessionId;
}

/** A text turn a minute after the previous one; resolves the id of the episode it became. */
async function say(sessionId: string, message: string, extra: Record<string, unknown> = {}) {
  t.clock.advance(60_000);
  const res = await pro.post('/v1/turn', { sessionId, message, ...extra });
  expect(res.status, res.text).toBe(200);
  return res.body.memory.encoded as string | null;
}

async function memories(sessionId: string, query = '', client = pro) {
  const res = await client.get(`/v1/persona/${sessionId}/memories${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body as { memories: Memory[]; cursor: string | null };
}

/** A session where Sam told of Rex, Ana of her job, and the one person of the chat of a lie. */
async function threeEpisodes() {
  const sessionId = await create();
  const rex = await say(sessionId, REX, { from: SAM });
  const job = await say(sessionId, JOB, { from: ANA });
  const lied = await say(sessionId, LIED);
  expect([rex, job, lied]).toEqual([expect.any(String), expect.any(String), expect.any(String)]);
  return { sessionId, rex: rex!, job: job!, lied: lied! };
}

describe('GET /v1/persona/:id/memories', () => {
  it('lists the episodes newest first, with strength, text, feeling and who', async () => {
    const { sessionId, rex, job, lied } = await threeEpisodes();
    const page = await memories(sessionId);
    expect(Object.keys(page).sort()).toEqual(['cursor', 'memories']);
    expect(page.cursor).toBeNull();
    expect(page.memories.map((m) => m.id)).toEqual([lied, job, rex]);
    const [first, , last] = page.memories;
    expect(first).toMatchObject({ text: LIED, speaker: null });
    expect(last).toMatchObject({ text: REX, speaker: SAM, participants: ['u-sam'] });
    expect(last!.feeling.label).toBe('sadness');
    for (const m of page.memories) expect(m.strength).toBeGreaterThan(0.1);
  });

  it('pages newest first with a cursor, like the session list', async () => {
    const sessionId = await create();
    const ids: string[] = [];
    const more = [
      'My best friend betrayed me and I am devastated.',
      'I won the championship today, I am thrilled!',
    ];
    for (const message of [REX, JOB, LIED, ...more]) ids.push((await say(sessionId, message))!);
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await memories(sessionId, query);
      sizes.push(page.memories.length);
      seen.push(...page.memories.map((m) => m.id));
      cursor = page.cursor;
    } while (cursor !== null);
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen).toEqual([...ids].reverse());
    expect((await memories(sessionId, '?cursor=')).memories).toHaveLength(5);
  });

  it('filters by participant and by a text query', async () => {
    const { sessionId, rex, job } = await threeEpisodes();
    expect((await memories(sessionId, '?participant=u-sam')).memories.map((m) => m.id)).toEqual([rex]);
    expect((await memories(sessionId, '?participant=u-ana')).memories.map((m) => m.id)).toEqual([job]);
    expect((await memories(sessionId, '?participant=nobody')).memories).toEqual([]);
    expect((await memories(sessionId, '?q=Rex')).memories.map((m) => m.id)).toEqual([rex]);
    expect(
      (await memories(sessionId, `?q=${encodeURIComponent('walks in the park')}`)).memories,
    ).toHaveLength(1);
    expect((await memories(sessionId, '?q=rex&participant=u-ana')).memories).toEqual([]);
  });

  it('is empty for a session that remembers nothing', async () => {
    const sessionId = await create();
    expect(await memories(sessionId)).toEqual({ memories: [], cursor: null });
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
    ['?limit=abc', 'limit'],
    ['?limit=1&limit=2', 'limit'],
    ['?cursor=garbage', 'cursor'],
    ['?q=a&q=b', 'q'],
    [`?q=${'x'.repeat(201)}`, 'q'],
    [`?participant=${'p'.repeat(300)}`, 'participant'],
    ['?query=rex', 'query'],
  ])('rejects %s with 400 VALIDATION_ERROR naming %s', async (query, path) => {
    const sessionId = await create();
    const res = await pro.get(`/v1/persona/${sessionId}/memories${query}`);
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual([path]);
    expect(res.body.error.message).toContain(path);
  });
});

describe('DELETE /v1/persona/:id/memories/:memoryId', () => {
  it('forgets one memory: {forgotten: true, id}; then it is gone, and NOT_FOUND the second time', async () => {
    const { sessionId, rex, job, lied } = await threeEpisodes();
    const res = await pro.delete(`/v1/persona/${sessionId}/memories/${rex}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ forgotten: true, id: rex });
    expect((await memories(sessionId)).memories.map((m) => m.id)).toEqual([lied, job]);
    const again = await pro.delete(`/v1/persona/${sessionId}/memories/${rex}`);
    expectError(again, 404, 'NOT_FOUND');
    expect(again.body.error.message).toMatch(/^Memory "mem_\w+" not found in session /);
  });

  it('answers VALIDATION_ERROR naming memoryId for an id that is no memory id', async () => {
    const sessionId = await create();
    for (const id of ['nope', 'mem_', `mem_${'1'.repeat(13)}`, 'mem_ABC']) {
      const res = await pro.delete(`/v1/persona/${sessionId}/memories/${id}`);
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual(['memoryId']);
    }
  });
});

describe('DELETE /v1/persona/:id/memories', () => {
  it('forgets every memory and says how many; the settings stay', async () => {
    const { sessionId } = await threeEpisodes();
    await pro.put(`/v1/persona/${sessionId}/memory/settings`, { max_episodes: 40 });
    const res = await pro.delete(`/v1/persona/${sessionId}/memories`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ forgotten: true, sessionId, count: 3 });
    expect(await memories(sessionId)).toEqual({ memories: [], cursor: null });
    expect((await pro.get(`/v1/persona/${sessionId}/memory/settings`)).body.settings.max_episodes).toBe(40);
    expect((await pro.delete(`/v1/persona/${sessionId}/memories`)).body.count).toBe(0);
  });
});

describe('forgetting a participant', () => {
  it('deletes every episode they appear in, and only those', async () => {
    const { sessionId, job, lied } = await threeEpisodes();
    const res = await pro.delete(`/v1/persona/${sessionId}/participants/u-sam`);
    expect(res.status, res.text).toBe(200);
    expect((await memories(sessionId)).memories.map((m) => m.id)).toEqual([lied, job]);
  });
});

describe('GET and PUT /v1/persona/:id/memory/settings', () => {
  it('reads the defaults, replaces them, and store_text false drops the text of the memories held', async () => {
    const { sessionId } = await threeEpisodes();
    const read = await pro.get(`/v1/persona/${sessionId}/memory/settings`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      sessionId,
      settings: { enabled: true, store_text: true, max_episodes: 500 },
    });
    const put = await pro.put(`/v1/persona/${sessionId}/memory/settings`, {
      store_text: false,
      max_episodes: 2,
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toEqual({ sessionId, settings: { enabled: true, store_text: false, max_episodes: 2 } });
    const left = (await memories(sessionId)).memories;
    expect(left).toHaveLength(2);
    expect(left.every((m) => m.text === null)).toBe(true);
    // Omitted fields go back to their defaults.
    const reset = await pro.put(`/v1/persona/${sessionId}/memory/settings`, {});
    expect(reset.body.settings).toEqual({ enabled: true, store_text: true, max_episodes: 500 });
  });

  it.each([
    [{ enabled: 'yes' }, 'enabled'],
    [{ store_text: 1 }, 'store_text'],
    [{ max_episodes: 0 }, 'max_episodes'],
    [{ max_episodes: 2001 }, 'max_episodes'],
    [{ max_episodes: 1.5 }, 'max_episodes'],
    [{ max_episode: 10 }, 'max_episode'],
  ])('rejects %j with 400 VALIDATION_ERROR naming %s', async (body, path) => {
    const sessionId = await create();
    const res = await pro.put(`/v1/persona/${sessionId}/memory/settings`, body);
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual([path]);
  });

  it('rejects a body that is no JSON object, naming body', async () => {
    const sessionId = await create();
    const res = await pro.put(`/v1/persona/${sessionId}/memory/settings`, [true]);
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual(['body']);
  });
});

describe('isolation', () => {
  it('answers NOT_FOUND to another key for every memory route, as for an unknown session, and changes nothing', async () => {
    const { sessionId, rex } = await threeEpisodes();
    const before = await memories(sessionId);
    const unknown = await pro.get('/v1/persona/ses_unknown/memories');
    expectError(unknown, 404, 'NOT_FOUND');
    for (const client of [other, live]) {
      const answers = [
        await client.get(`/v1/persona/${sessionId}/memories`),
        await client.get(`/v1/persona/${sessionId}/memories?participant=u-sam&q=Rex`),
        await client.delete(`/v1/persona/${sessionId}/memories/${rex}`),
        await client.delete(`/v1/persona/${sessionId}/memories`),
        await client.get(`/v1/persona/${sessionId}/memory/settings`),
        await client.put(`/v1/persona/${sessionId}/memory/settings`, { store_text: false }),
      ];
      for (const res of answers) {
        expectError(res, 404, 'NOT_FOUND');
        expect(res.body.error.message.replace(sessionId, '')).toBe(
          unknown.body.error.message.replace('ses_unknown', ''),
        );
        expect(res.text).not.toContain('Rex');
      }
    }
    expect(await memories(sessionId)).toEqual(before);
  });
});

describe('logs', () => {
  it('never contain what a character remembers: not a summary, a message, nor a memory search', async () => {
    const sessionId = await create();
    const summary = 'Zephyrine told me her grandmother Oksana passed away';
    const res = await pro.post('/v1/turn', {
      sessionId,
      message: 'Quillon is gone and I cannot stop crying',
      from: SAM,
      summary,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.memory.encoded).toEqual(expect.any(String));
    const listed = await memories(sessionId, `?q=${encodeURIComponent('Oksana grandmother')}`);
    expect(listed.memories.map((m) => m.text)).toEqual([summary]);
    await pro.get(`/v1/persona/${sessionId}/memories?participant=u-sam&q=Zephyrine`);
    await pro.put(`/v1/persona/${sessionId}/memory/settings`, { store_text: false });
    // Request lines are written when their response is; this one's answer comes after all the others'.
    await pro.get('/v1/health');
    const text = t.logs.join('');
    expect(text).toContain(`/v1/persona/${sessionId}/memories`);
    expect(text).toContain('q=[REDACTED]');
    for (const word of ['Zephyrine', 'Oksana', 'grandmother', 'Quillon', 'crying'])
      expect(text).not.toContain(word);
  });
});
