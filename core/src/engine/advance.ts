import { clearStress, recoverEnergy } from '../body/body-budget.js';
import { driftNeeds } from '../body/needs.js';
import { driftRelationship } from '../body/relationship.js';
import { rate, relaxChain } from '../dynamics/relax.js';
import type { EngineParams } from '../persona/engine-params.js';
import { type EngineState, initialFloor, withStage } from './engine-state.js';

/**
 * Evolves a state over `dt` seconds with no events, in closed form (cost independent of dt): emotion relaxes toward
 * mood and mood toward baseline, energy recovers, stress clears, needs drift, trust and rapport return toward
 * neutral, familiarity fades. Every part is the exact flow of its differential equation, so one 10-hour step equals
 * ten 1-hour steps up to floating-point rounding.
 */
export function advanceState(state: EngineState, params: EngineParams, dt: number): EngineState {
  if (!(dt > 0)) return state;
  const kE = rate(state.episode.halfLife);
  const kM = rate(params.config.mood_half_life_seconds);
  const b = params.baseline;
  const V = relaxChain(state.emotion.V, state.mood.V, b.V, kE, kM, dt);
  const a = relaxChain(state.emotion.a, state.mood.a, b.a, kE, kM, dt);
  const D = relaxChain(state.emotion.D, state.mood.D, b.D, kE, kM, dt);
  const relationship = driftRelationship(state, dt);
  const stage = state.stage;
  // Full literals in one property order keep every state object on one hidden class (a hot path).
  return {
    schema: 1,
    time: state.time + dt * 1000,
    emotion: { V: V.emotion, a: a.emotion, D: D.emotion },
    mood: { V: V.mood, a: a.mood, D: D.mood },
    expectation: state.expectation,
    episode: {
      label: state.episode.label,
      secondary: state.episode.secondary ?? null,
      intensity: state.episode.intensity,
      halfLife: state.episode.halfLife,
      age: state.episode.age + dt,
    },
    energy: recoverEnergy(state.energy, params.config.energy_recovery_per_hour, dt),
    stress: clearStress(state.stress, state.energy, params, dt),
    needs: driftNeeds(state.needs, params.needSetpoints, dt),
    rapport: relationship.rapport,
    trust: relationship.trust,
    familiarityCount: relationship.familiarityCount,
    turns: state.turns,
    lastInteractionAt: state.lastInteractionAt,
    stage: stage.load < 0.2 ? withStage(stage, { calmSeconds: stage.calmSeconds + dt }) : stage,
    participants: state.participants ?? [],
    speaker: state.speaker ?? null,
    floor: state.floor ?? initialFloor,
  };
}

/** Advances a state to the engine-clock time `now` (no-op when `now` is not later than the state's time). */
export function advanceTo(state: EngineState, params: EngineParams, now: number): EngineState {
  if (now <= state.time) return state;
  const next = advanceState(state, params, (now - state.time) / 1000);
  next.time = now;
  return next;
}
