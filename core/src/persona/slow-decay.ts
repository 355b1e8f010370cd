import type { EngineParams } from './engine-params.js';

/**
 * Engine parameters whose feelings fade `factor` times slower on the engine clock: the half-lives of emotion
 * episodes, mood and stress are multiplied by it; everything else (needs, energy, trust and familiarity drift, the
 * absence that drives attachment, proactive timing) keeps the engine clock's pace. A demo clock that runs absence
 * 3600 times faster than wall time uses it to keep feelings at their own pace (docs/proactive.md, "The demo clock").
 * `factor` 1 returns the same object.
 * @example
 * const demo = slowDecay(deriveEngineParams(persona), 3600); // feelings at wall-clock pace on a 3600× clock
 */
export function slowDecay(params: EngineParams, factor: number): EngineParams {
  if (factor === 1) return params;
  const c = params.config;
  return {
    ...params,
    config: {
      ...c,
      emotion_half_life_seconds: c.emotion_half_life_seconds * factor,
      mood_half_life_seconds: c.mood_half_life_seconds * factor,
      stress_half_life_seconds: c.stress_half_life_seconds * factor,
    },
  };
}
