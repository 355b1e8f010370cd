import type { Appraisal } from '../src/appraisal/appraisal.js';
import { createReaderAppraiser } from '../src/appraisal/reader-appraiser.js';
import { createManualClock } from '../src/clock.js';
import { createInitialState, type EngineState } from '../src/engine/engine-state.js';
import { deriveEngineParams, type EngineParams } from '../src/persona/engine-params.js';
import type { PersonalityInput } from '../src/persona/persona.js';
import { resolvePersona } from '../src/persona/resolve-persona.js';
import { createSeededRandom } from '../src/random.js';
import { createSessionService, type SessionService } from '../src/session/session-service.js';
import { createMemoryStore } from '../src/store/memory-store.js';

/** A character with every trait at 0.5 unless overridden. */
export function paramsFor(personality: PersonalityInput = {}): EngineParams {
  return deriveEngineParams(
    resolvePersona({ personality: { O: 0.5, C: 0.5, E: 0.5, A: 0.5, N: 0.5, H: 0.5, ...personality } }),
  );
}

export const t0 = Date.UTC(2026, 0, 1);

export function freshState(params: EngineParams): EngineState {
  return createInitialState(params, t0);
}

/** Builds an appraisal from the research tables' order: R, g, x, c, a, n. */
export function ap(R: number, g: number, x: number, c: number, a: number, n: number): Appraisal {
  return {
    goal_relevance: R,
    goal_congruence: g,
    expectedness: x,
    controllability: c,
    agency: a,
    norm_compatibility: n,
  };
}

/** Canonical appraisals (emotion-model.md §4.2 table). */
export const canonical = {
  insult: ap(0.9, -0.8, 0.3, 0.7, -0.9, -0.7),
  suddenThreat: ap(0.9, -0.8, 0.1, 0.1, -0.8, 0),
  expectedLoss: ap(0.9, -0.8, 0.7, 0.05, -0.5, 0),
  ownMoralFailure: ap(0.9, -0.6, 0.5, 0.5, 0.9, -0.8),
  ownHelplessMoralFailure: ap(0.9, -0.6, 0.5, 0.2, 0.9, -0.8),
  ownSuccess: ap(0.9, 0.8, 0.5, 0.8, 0.9, 0.5),
  helpedByOther: ap(0.8, 0.7, 0.4, 0.3, -0.9, 0.6),
  loomingProblem: ap(0.6, -0.5, 0.5, 0.3, -0.5, 0),
  witnessedCruelty: ap(0.3, -0.1, 0.5, 0.5, -0.8, -0.9),
  kindness: ap(1, 0.9, 0.5, 0.5, -1, 0.8),
  betrayal: ap(1, -0.9, 0.2, 0.4, -1, -1),
  unfairWithPower: ap(0.8, -0.6, 0.4, 0.8, -0.9, -0.7),
  unfairWithoutPower: ap(0.8, -0.6, 0.4, 0.15, -0.9, -0.7),
} satisfies Record<string, Appraisal>;

/**
 * A session service on the offline reader (in-memory store, manual clock, seeded randomness) and a new session of a
 * character with every trait at 0.5: the fresh, neutral listener the message tests and `npm run eval:reader` use.
 */
export async function freshReaderSession(): Promise<{ service: SessionService; sessionId: string }> {
  const service = createSessionService({
    appraiser: createReaderAppraiser(),
    store: createMemoryStore(),
    clock: createManualClock(),
    random: createSeededRandom(1),
  });
  const { sessionId } = await service.createSession('user', {
    personality: { O: 0.5, C: 0.5, E: 0.5, A: 0.5, N: 0.5, H: 0.5 },
  });
  return { service, sessionId };
}
