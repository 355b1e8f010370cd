import type { Appraisal } from '../appraisal/appraisal.js';
import { neutralAppraisal } from '../appraisal/appraisal.js';
import type { ParticipantState } from '../group/participant-state.js';
import type { EmotionLabel } from '../labels/emotion-label.js';
import type { EngineParams, Vec3 } from '../persona/engine-params.js';
import type { NeedState } from '../prompt/prompt-input.js';

/** The current emotion episode: what the last event was, and how long it has been fading. */
export interface Episode {
  /** The label the event's appraisal points to (the nearest published profile, docs §7.2), or null before any. */
  label: EmotionLabel | null;
  /**
   * The runner-up label of the same appraisal: the secondary emotion while the episode is live. Absent in states
   * written before it existed, which read it as null.
   */
  secondary?: EmotionLabel | null;
  /** Event intensity I = R·max(|g|, |n|)·surprise gain, in [0, 1]. */
  intensity: number;
  /** Half-life of the episode toward mood, in seconds (fixed at onset, so decay stays closed-form). */
  halfLife: number;
  /** Seconds since the event. */
  age: number;
}

/** Soul-stage bookkeeping. */
export interface StageState {
  /** 1-15; see soul-stages.ts. */
  level: number;
  /** Allostatic load, smoothed over about 5 turns, in [0, 1]. */
  load: number;
  /** Position on the cusp-catastrophe surface (Zeeman 1976). */
  cusp: number;
  turnsInStage: number;
  /** True once the character reached breaking point (stage 8) or worse: the gate to the recovery stages. */
  visitedCrisis: boolean;
  /** True once the character went through recovery (stage 12): the gate to transcendence. */
  recovered: boolean;
  /** Consecutive turns below the recovery load threshold while in crisis or recovery. */
  calmTurns: number;
  /** Engine seconds spent with load below 0.2 since it last rose above it. */
  calmSeconds: number;
}

/**
 * The complete, serializable state of one character. Plain JSON: stores persist it as is. The engine never
 * mutates a state; every operation returns a new one.
 */
export interface EngineState {
  /** Shape version of this object, for migrations. */
  schema: 1;
  /** Engine-clock time (ms) this state describes. */
  time: number;
  /** Fast layer: the emotion, in internal space (all axes in [-1, 1]). */
  emotion: Vec3;
  /** Slow layer: the mood, in internal space. */
  mood: Vec3;
  /** Expected appraisal (delta-rule prediction model). */
  expectation: Appraisal;
  episode: Episode;
  energy: number;
  stress: number;
  needs: NeedState;
  /** Relationship with the person the character talks to: rapport and trust in [0, 1]. */
  rapport: number;
  trust: number;
  /** Familiarity is 1 − exp(−familiarityCount / 30); the count fades with absence. */
  familiarityCount: number;
  /** Number of turns ever processed. */
  turns: number;
  /** Engine-clock time (ms) of the last turn that came from the person (absence is measured from here). */
  lastInteractionAt: number;
  stage: StageState;
  /**
   * Group sessions: the people the character knows by id, each with their own relationship (the fields above are the
   * relationship with the default person, who speaks in turns without `from`). Absent in states written before
   * groups existed, which read it as empty.
   */
  participants?: ParticipantState[];
  /** Id of the participant who spoke last, or null when the default person did (or nobody yet). */
  speaker?: string | null;
  /** Turn-taking bookkeeping for the reply advice: turns since the character was advised to speak, and when it was. */
  floor?: FloorState;
}

/** Turn-taking bookkeeping (see docs/groups.md). */
export interface FloorState {
  /** Turns since the last turn whose reply advice was to speak. */
  silentTurns: number;
  /** Engine-clock time (ms) of that turn, or null. */
  lastSpokeAt: number | null;
}

/** The floor of a new session, and of states written before the floor existed. */
export const initialFloor: FloorState = Object.freeze({ silentTurns: 0, lastSpokeAt: null });

/** Creates the state of a character that has just come into being: at rest at its baseline, needs at setpoint. */
export function createInitialState(params: EngineParams, now: number): EngineState {
  return {
    schema: 1,
    time: now,
    emotion: { ...params.baseline },
    mood: { ...params.baseline },
    expectation: { ...neutralAppraisal },
    episode: {
      label: null,
      secondary: null,
      intensity: 0,
      halfLife: params.config.emotion_half_life_seconds,
      age: 0,
    },
    energy: 1,
    stress: 0,
    needs: { ...params.needSetpoints },
    rapport: 0.5,
    trust: 0.5,
    familiarityCount: 0,
    turns: 0,
    lastInteractionAt: now,
    stage: {
      level: 1,
      load: 0,
      cusp: -1,
      turnsInStage: 0,
      visitedCrisis: false,
      recovered: false,
      calmTurns: 0,
      calmSeconds: 0,
    },
    participants: [],
    speaker: null,
    floor: initialFloor,
  };
}

/** A copy of a stage state with some fields replaced, built as a full literal (one hidden class). */
export function withStage(s: StageState, changes: Partial<StageState>): StageState {
  return {
    level: changes.level ?? s.level,
    load: changes.load ?? s.load,
    cusp: changes.cusp ?? s.cusp,
    turnsInStage: changes.turnsInStage ?? s.turnsInStage,
    visitedCrisis: changes.visitedCrisis ?? s.visitedCrisis,
    recovered: changes.recovered ?? s.recovered,
    calmTurns: changes.calmTurns ?? s.calmTurns,
    calmSeconds: changes.calmSeconds ?? s.calmSeconds,
  };
}
