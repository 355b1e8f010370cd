import type {
  Appraisal,
  BodyBudget,
  Interpersonal,
  NeedState,
  SoulStageView,
  StageTransition,
  StateSnapshot,
  TurnResult,
  Vad,
} from '@limbic/core';
import { builder } from './builder.js';
import {
  EmotionLabelEnum,
  IntensityLevelEnum,
  SoulStageGroupEnum,
  SoulStageIdEnum,
  StageTransitionReasonEnum,
} from './enums.js';
import { AddresseeRef, ParticipantRef, ReplyAdviceRef } from './group-types.js';
import { TurnMemoryRef } from './memory-types.js';
import { PerceivedRef, RolesRef } from './perceived-types.js';
import { PromptDataRef } from './prompt-types.js';

/** A VAD point: V and D in [-1, 1], A in [0, 1] (deltas: the change per axis). */
export const VadRef = builder.objectRef<Vad>('Vad').implement({
  description:
    'Valence, arousal, dominance: V and D in [-1, 1], A in [0, 1]. As `emotion_delta` it is the change per axis.',
  fields: (t) => ({
    V: t.exposeFloat('V', { description: 'Valence' }),
    A: t.exposeFloat('A', { description: 'Arousal' }),
    D: t.exposeFloat('D', { description: 'Dominance' }),
  }),
});

/** The six appraisal dimensions. */
export const AppraisalRef = builder.objectRef<Appraisal>('Appraisal').implement({
  description:
    'The six appraisal dimensions: goal_relevance, expectedness, controllability in [0, 1]; goal_congruence, agency, norm_compatibility in [-1, 1]. As `prediction_errors`: actual − expected per dimension.',
  fields: (t) => ({
    goal_relevance: t.exposeFloat('goal_relevance'),
    goal_congruence: t.exposeFloat('goal_congruence'),
    expectedness: t.exposeFloat('expectedness'),
    controllability: t.exposeFloat('controllability'),
    agency: t.exposeFloat('agency'),
    norm_compatibility: t.exposeFloat('norm_compatibility'),
  }),
});

const BodyBudgetRef = builder.objectRef<BodyBudget>('BodyBudget').implement({
  description: 'Energy in [0.05, 1] and stress in [0, 1].',
  fields: (t) => ({ energy: t.exposeFloat('energy'), stress: t.exposeFloat('stress') }),
});

const SoulStageRef = builder.objectRef<SoulStageView>('SoulStage').implement({
  description: 'The current soul stage.',
  fields: (t) => ({
    stage: t.expose('stage', { type: SoulStageIdEnum }),
    level: t.exposeInt('level', { description: '1-15' }),
    group: t.expose('group', { type: SoulStageGroupEnum }),
    progress: t.exposeFloat('progress', { description: 'Progress within the stage, in [0, 1]' }),
  }),
});

const StageTransitionRef = builder.objectRef<StageTransition>('StageTransition').implement({
  description: 'A change of soul stage during a turn.',
  fields: (t) => ({
    from: t.expose('from', { type: SoulStageIdEnum }),
    to: t.expose('to', { type: SoulStageIdEnum }),
    reason: t.expose('reason', { type: StageTransitionReasonEnum }),
    turns_in_previous: t.exposeInt('turns_in_previous', { description: 'Turns spent in the stage left' }),
  }),
});

const NeedStateRef = builder.objectRef<NeedState>('NeedState').implement({
  description: 'The three basic needs (Self-Determination Theory), each in [0, 1].',
  fields: (t) => ({
    belonging: t.exposeFloat('belonging'),
    competence: t.exposeFloat('competence'),
    autonomy: t.exposeFloat('autonomy'),
  }),
});

/** Rapport, trust and familiarity. */
export const InterpersonalRef = builder.objectRef<Interpersonal>('Interpersonal').implement({
  description:
    'A relationship: rapport, trust and familiarity, each in [0, 1]. In a turn result, with that turn’s speaker; in a snapshot, with the last speaker (the one person of a private chat when nobody was named).',
  fields: (t) => ({
    rapport: t.exposeFloat('rapport'),
    trust: t.exposeFloat('trust'),
    familiarity: t.exposeFloat('familiarity'),
  }),
});

/** The fields a state snapshot and a turn result share. */
type Shared = Pick<
  StateSnapshot,
  | 'discrete_emotion'
  | 'secondary_emotion'
  | 'emotion_intensity'
  | 'intensity_level'
  | 'mood'
  | 'body_budget'
  | 'soul_stage'
  | 'need_state'
  | 'interpersonal'
>;

/** The state snapshot (REST GET /v1/state/:sessionId, WebSocket `state`). */
export const StateSnapshotRef = builder.objectRef<StateSnapshot>('StateSnapshot');
/** The turn result (REST POST /v1/turn and /v1/turn/appraisal, WebSocket `turn_result`). */
export const TurnResultRef = builder.objectRef<TurnResult>('TurnResult');

type Types = typeof builder.$inferSchemaTypes;

/** The fields of {@link Shared}, for either object type. */
function sharedFields<T extends Shared>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, T>) {
  return {
    discrete_emotion: t.field({ type: EmotionLabelEnum, resolve: (p) => p.discrete_emotion }),
    secondary_emotion: t.field({
      type: EmotionLabelEnum,
      nullable: true,
      description: 'The runner-up label, when one is close',
      resolve: (p) => p.secondary_emotion,
    }),
    emotion_intensity: t.float({
      description: 'Overall intensity, in [0, 1]',
      resolve: (p) => p.emotion_intensity,
    }),
    intensity_level: t.field({ type: IntensityLevelEnum, resolve: (p) => p.intensity_level }),
    mood: t.field({ type: VadRef, description: 'The slow background mood', resolve: (p) => p.mood }),
    body_budget: t.field({ type: BodyBudgetRef, resolve: (p) => p.body_budget }),
    soul_stage: t.field({ type: SoulStageRef, resolve: (p) => p.soul_stage }),
    need_state: t.field({ type: NeedStateRef, resolve: (p) => p.need_state }),
    interpersonal: t.field({ type: InterpersonalRef, resolve: (p) => p.interpersonal }),
  };
}

StateSnapshotRef.implement({
  description: 'The character’s state at one moment (the engine clock’s `at`).',
  fields: (t) => ({
    emotion: t.expose('emotion', { type: VadRef, description: 'The felt emotion' }),
    ...sharedFields(t),
    speaker: t.expose('speaker', {
      type: ParticipantRef,
      nullable: true,
      description: 'The participant who spoke last (`interpersonal` is the relationship with them), or null',
    }),
    turns: t.exposeInt('turns', { description: 'Turns processed so far' }),
    at: t.exposeString('at', { description: 'ISO 8601 engine-clock time the snapshot describes' }),
  }),
});

TurnResultRef.implement({
  description: 'What a turn did: the interface’s turn result plus mood, needs and relationship.',
  fields: (t) => ({
    appraisal: t.expose('appraisal', { type: AppraisalRef, description: 'The appraisal, echoed back' }),
    prediction_error: t.exposeFloat('prediction_error', { description: 'Magnitude, in [0, 1]' }),
    prediction_errors: t.expose('prediction_errors', {
      type: AppraisalRef,
      description: 'Signed prediction error per dimension (actual − expected)',
    }),
    emotion_delta: t.expose('emotion_delta', { type: VadRef }),
    new_emotion: t.expose('new_emotion', { type: VadRef }),
    ...sharedFields(t),
    stage_transition: t.expose('stage_transition', { type: StageTransitionRef, nullable: true }),
    prompt_data: t.expose('prompt_data', { type: PromptDataRef }),
    speaker: t.expose('speaker', {
      type: ParticipantRef,
      nullable: true,
      description: 'Who spoke (`from`, with the name the session knows), or null for turns without `from`',
    }),
    to: t.expose('to', {
      type: AddresseeRef,
      description: 'Whom the turn was aimed at, as given or inferred',
    }),
    reply: t.expose('reply', { type: ReplyAdviceRef, description: 'Whether the character should speak now' }),
    memory: t.expose('memory', {
      type: TurnMemoryRef,
      description: 'What memory did this turn: what it recalled, and the episode it became (docs/memory.md)',
    }),
    appraiser: t.string({
      nullable: true,
      description:
        'Text turns: the appraiser that turned the text into the appraisal: reader (offline), llm, or a custom one',
      resolve: (r) => r.appraiser ?? null,
    }),
    fallback_reason: t.string({
      nullable: true,
      description:
        'Text turns: why the LLM was not used for this turn (null when it was, or when none is set)',
      resolve: (r) => r.fallback_reason ?? null,
    }),
    perceived: t.field({
      type: PerceivedRef,
      nullable: true,
      description: 'Text turns: what the offline reader read in the message (null when the LLM answered)',
      resolve: (r) => r.perceived ?? null,
    }),
    roles: t.field({
      type: RolesRef,
      nullable: true,
      description:
        'Text turns: who did what to whom, as the appraiser understood the message (null when it reads no roles)',
      resolve: (r) => r.roles ?? null,
    }),
  }),
});
