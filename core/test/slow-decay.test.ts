import { describe, expect, it } from 'vitest';
import {
  createManualClock,
  createSeededRandom,
  createSessionService,
  deriveEngineParams,
  resolvePersona,
  slowDecay,
} from '../src/index.js';
import { canonical } from './fixtures.js';

const scale = 3600;

/** A session on a manual engine clock, insulted once; its state `wallSeconds` later on a 3600× clock. */
async function afterInsult(decaySlowdown: number, wallSeconds: number) {
  const clock = createManualClock();
  const service = createSessionService({ clock, random: createSeededRandom(1), decaySlowdown });
  const { sessionId } = await service.createSession('o', { preset: 'cheerful_companion' });
  await service.setPreferences('o', sessionId, { enabled: true });
  const turn = await service.appraisalTurn('o', { sessionId, appraisal: canonical.insult });
  clock.advance(wallSeconds * 1000 * scale);
  const state = await service.getState('o', sessionId);
  const record = await service.store.get(sessionId);
  return { turn, state, record };
}

describe('slowDecay', () => {
  it('multiplies the half-lives of emotion, mood and stress, and nothing else', () => {
    const params = deriveEngineParams(resolvePersona({ preset: 'rival' }));
    const slow = slowDecay(params, 10);
    expect(slow.config).toEqual({
      ...params.config,
      emotion_half_life_seconds: params.config.emotion_half_life_seconds * 10,
      mood_half_life_seconds: params.config.mood_half_life_seconds * 10,
      stress_half_life_seconds: params.config.stress_half_life_seconds * 10,
    });
    expect(slow.needSetpoints).toBe(params.needSetpoints);
    expect(slowDecay(params, 1)).toBe(params);
  });

  it('keeps a feeling for seconds of wall time on a 3600× clock, where it is gone without it', async () => {
    const fast = await afterInsult(1, 5);
    const demo = await afterInsult(scale, 5);
    expect(fast.turn.emotion_intensity).toBeGreaterThan(0.3);
    expect(demo.turn.discrete_emotion).toBe(fast.turn.discrete_emotion);
    // Five wall seconds are five engine hours: at the engine's pace the feeling has faded...
    expect(fast.state.emotion_intensity).toBeLessThan(0.05);
    // ...slowed down to wall-clock pace it is five seconds old and still there.
    expect(demo.state.discrete_emotion).toBe(demo.turn.discrete_emotion);
    expect(demo.state.emotion_intensity).toBeGreaterThan(0.8 * demo.turn.emotion_intensity);
  });

  it('leaves absence and proactive timing alone: the next due time is the same', async () => {
    const fast = await afterInsult(1, 0);
    const demo = await afterInsult(scale, 0);
    expect(demo.record?.nextDueAt).not.toBeNull();
    expect(demo.record?.nextDueAt).toBe(fast.record?.nextDueAt);
    expect(demo.record?.state.needs).toEqual(fast.record?.state.needs);
  });
});
