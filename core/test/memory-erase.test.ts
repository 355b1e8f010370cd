import { describe, expect, it } from 'vitest';
import {
  createManualClock,
  createMemoryStore,
  createSeededRandom,
  createSessionService,
  type SessionEvents,
} from '../src/index.js';

const day = 86_400_000;

async function setup() {
  const clock = createManualClock();
  const service = createSessionService({ store: createMemoryStore(), clock, random: createSeededRandom(3) });
  const { sessionId } = await service.createSession('local', { preset: 'cheerful_companion' });
  return { clock, service, sessionId };
}

describe('service.memories.forgetAll', () => {
  it('erases every episode of a one-person session, counts the ones it still remembered, and keeps the settings', async () => {
    const { clock, service, sessionId } = await setup();
    await service.memories.setSettings('local', sessionId, { max_episodes: 50 });
    for (const message of ['My dog Rex died.', 'I got the job I wanted so badly!', 'My sister lied to me.']) {
      await service.textTurn('local', { sessionId, message });
      clock.advance(60_000);
    }
    const listed = (await service.memories.list('local', sessionId)).memories;
    expect(listed.length).toBeGreaterThan(0);
    const states: SessionEvents['state'][0]['cause'][] = [];
    service.on('state', (event) => states.push(event.cause));

    const erased = await service.memories.forgetAll('local', sessionId);
    expect(erased).toEqual({ forgotten: true, sessionId, count: listed.length });
    expect(states).toEqual(['memory']);
    expect((await service.memories.list('local', sessionId)).memories).toEqual([]);
    expect(await service.memories.settings('local', sessionId)).toMatchObject({ max_episodes: 50 });
    // Nothing left to erase: no write, no event.
    expect(await service.memories.forgetAll('local', sessionId)).toEqual({
      forgotten: true,
      sessionId,
      count: 0,
    });
    expect(states).toEqual(['memory']);
  });

  it('erases faded episodes too, without counting them', async () => {
    const { clock, service, sessionId } = await setup();
    await service.textTurn('local', { sessionId, message: 'I got the job I wanted so badly!' });
    clock.advance(5 * 365 * day);
    expect((await service.memories.list('local', sessionId)).memories).toEqual([]);
    expect((await service.memories.forgetAll('local', sessionId)).count).toBe(0);
    const record = await service.store.get(sessionId);
    expect(record?.memory?.episodes ?? []).toEqual([]);
  });

  it('answers NOT_FOUND for another owner’s session and changes nothing', async () => {
    const { service, sessionId } = await setup();
    await service.textTurn('local', { sessionId, message: 'My dog Rex died.' });
    await expect(service.memories.forgetAll('someone-else', sessionId)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await service.memories.list('local', sessionId)).memories).toHaveLength(1);
  });
});
