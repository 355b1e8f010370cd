import type { Appraisal } from '../appraisal/appraisal.js';
import { familiarity } from '../body/relationship.js';
import { stageProgress } from '../body/soul-stage.js';
import { type SoulStageGroup, type SoulStageId, stageAt } from '../body/soul-stages.js';
import type { EngineState } from '../engine/engine-state.js';
import type { Observation } from '../engine/observe.js';
import { currentSpeaker, relationshipAt } from '../group/participants.js';
import type { EmotionLabel, IntensityLevel } from '../labels/emotion-label.js';
import { toIntensityLevel } from '../labels/emotion-label.js';
import type { Vec3 } from '../persona/engine-params.js';
import type { Vad } from '../persona/persona.js';
import type { NeedState } from '../prompt/prompt-input.js';
import { round } from '../util/math.js';

/** The soul stage as results and snapshots show it. */
export interface SoulStageView {
  /** Stage id, e.g. `attentive`. */
  stage: SoulStageId;
  /** 1-15. */
  level: number;
  group: SoulStageGroup;
  /** Progress within the stage, in [0, 1]. */
  progress: number;
}

/** Energy in [0.05, 1] and stress in [0, 1]. */
export interface BodyBudget {
  energy: number;
  stress: number;
}

/** The relationship with the person: rapport, trust and familiarity, each in [0, 1]. */
export interface Interpersonal {
  rapport: number;
  trust: number;
  familiarity: number;
}

/**
 * A state snapshot: the WebSocket `state` message's data and `GET /v1/state/:id`. The interface's fields
 * (emotion, discrete_emotion, emotion_intensity, body_budget, soul_stage, need_state, interpersonal) plus mood,
 * secondary emotion and the time it describes.
 */
export interface StateSnapshot {
  emotion: Vad;
  discrete_emotion: EmotionLabel;
  secondary_emotion: EmotionLabel | null;
  emotion_intensity: number;
  intensity_level: IntensityLevel;
  mood: Vad;
  body_budget: BodyBudget;
  soul_stage: SoulStageView;
  need_state: NeedState;
  /** The relationship with the participant who spoke last (the default person's when none did). */
  interpersonal: Interpersonal;
  /** The participant who spoke last, or null when the default person did (or nobody yet). */
  speaker: { id: string; name: string | null } | null;
  /** Number of turns processed so far. */
  turns: number;
  /** ISO 8601 engine-clock time the snapshot describes. */
  at: string;
}

function exposed(v: Vec3): Vad {
  return { V: round(v.V), A: round((v.a + 1) / 2), D: round(v.D) };
}

/** Builds the snapshot of a state observed at its own time. */
export function toSnapshot(state: EngineState, obs: Observation): StateSnapshot {
  const level = state.stage.level;
  const stage = stageAt(level);
  const speaker = currentSpeaker(state);
  const rel = speaker === null ? state : relationshipAt(speaker, state.time);
  return {
    emotion: exposed(obs.felt),
    discrete_emotion: obs.primary,
    secondary_emotion: obs.secondary,
    emotion_intensity: round(obs.intensity),
    intensity_level: toIntensityLevel(obs.intensity),
    mood: exposed(state.mood),
    body_budget: { energy: round(state.energy), stress: round(state.stress) },
    soul_stage: { stage: stage.id, level, group: stage.group, progress: round(stageProgress(state.stage)) },
    need_state: {
      belonging: round(state.needs.belonging),
      competence: round(state.needs.competence),
      autonomy: round(state.needs.autonomy),
    },
    interpersonal: {
      rapport: round(rel.rapport),
      trust: round(rel.trust),
      familiarity: round(familiarity(rel.familiarityCount)),
    },
    speaker: speaker === null ? null : { id: speaker.id, name: speaker.name },
    turns: state.turns,
    at: new Date(state.time).toISOString(),
  };
}

/** The emotion change of one turn, per axis, as exposed (A in [0, 1] units). */
export function toDelta(before: Vec3, after: Vec3): Vad {
  return { V: round(after.V - before.V), A: round((after.a - before.a) / 2), D: round(after.D - before.D) };
}

/** The per-dimension prediction errors (actual − expected), rounded. */
export function roundAppraisal(a: Appraisal): Appraisal {
  return {
    goal_relevance: round(a.goal_relevance),
    goal_congruence: round(a.goal_congruence),
    expectedness: round(a.expectedness),
    controllability: round(a.controllability),
    agency: round(a.agency),
    norm_compatibility: round(a.norm_compatibility),
  };
}
