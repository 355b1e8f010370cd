import { bodyOffset } from '../body/body-budget.js';
import type { EmotionLabel } from '../labels/emotion-label.js';
import { emotionIntensity, labelEmotion } from '../labels/label-emotion.js';
import type { EngineParams, Vec3 } from '../persona/engine-params.js';
import { clamp, decayFactor } from '../util/math.js';
import type { EngineState } from './engine-state.js';

/** How a state feels from the inside: the felt VAD, its label and intensity. */
export interface Observation {
  /** Felt emotion in internal space: event-driven emotion plus the body's allostatic offset. */
  felt: Vec3;
  primary: EmotionLabel;
  secondary: EmotionLabel | null;
  intensity: number;
}

function add(x: Vec3, y: Vec3): Vec3 {
  return { V: clamp(x.V + y.V, -1, 1), a: clamp(x.a + y.a, -1, 1), D: clamp(x.D + y.D, -1, 1) };
}

/** Share of the current episode that is still live: event intensity × 2^(−age/half-life). */
export function episodeStrength(state: EngineState): number {
  return state.episode.intensity * decayFactor(state.episode.age, state.episode.halfLife);
}

/** Observes a state: felt VAD, discrete label (hybrid rules + prototypes) and intensity. Pure and cheap. */
export function observe(state: EngineState, params: EngineParams): Observation {
  const offset = bodyOffset(state.energy, state.stress);
  const felt = add(state.emotion, offset);
  const rest = add(params.baseline, offset);
  const label = labelEmotion({
    felt,
    rest,
    ruleLabel: state.episode.label,
    ruleSecondary: state.episode.secondary ?? null,
    ruleStrength: episodeStrength(state),
    energy: state.energy,
    stress: state.stress,
  });
  return {
    felt,
    primary: label.primary,
    secondary: label.secondary,
    intensity: emotionIntensity(felt, params.baseline),
  };
}
