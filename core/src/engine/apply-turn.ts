import type { Appraisal } from '../appraisal/appraisal.js';
import type { Conduct } from '../appraisal/listener.js';
import { applyBodyTurn } from '../body/body-budget.js';
import { satisfyNeeds, totalDeficit } from '../body/needs.js';
import { familiarity, updateRelationship } from '../body/relationship.js';
import { type StageTransition, updateStage } from '../body/soul-stage.js';
import { appraisalImpulse, type Impulse } from '../dynamics/impulse.js';
import { learnExpectation, type PredictionError, predictionError } from '../dynamics/prediction.js';
import { readAppraisal } from '../labels/appraisal-classifier.js';
import type { EmotionLabel } from '../labels/emotion-label.js';
import { durationFactor, isPleasant } from '../labels/prototypes.js';
import type { EngineParams, Vec3 } from '../persona/engine-params.js';
import { clamp, shunt } from '../util/math.js';

/**
 * Share of the live episode's strength a new event must reach to start an episode of its own (docs §5.4): a passing
 * remark does not relabel grief, but good news of about the same weight as a live fear does end it.
 */
const episodeTakeover = 0.5;

/** Share of the way arousal and dominance move toward a fully relevant event's appraised values. */
const appraisalWeight = 0.75;

import { advanceState } from './advance.js';
import { attributeTurn, type TurnAttribution } from './attribute-turn.js';
import { type EngineState, type Episode, initialFloor } from './engine-state.js';
import { episodeStrength, type Observation, observe } from './observe.js';

/** Options of one turn. */
export interface TurnOptions {
  /** Seconds since the previous update (the client's elapsedSeconds, or the clock gap). */
  elapsedSeconds: number;
  /** Engine-clock time of the turn (ms); the new state is stamped with it. */
  now: number;
  /** True when the event came from the person the character talks to (counts as contact). Default true. */
  interaction?: boolean;
  /**
   * Weight of the event's goal relevance: 1 for an act aimed at the character (the default), `witnessWeight` (0.5)
   * for one participant's act toward another that the character witnesses. Feelings, needs and the relationship
   * with the actor all move with the weighted relevance.
   */
  witness?: number;
  /**
   * What the turn means for the relationship with the speaker, as a text appraiser understood it: only their conduct
   * toward the character moves trust, and confiding builds closeness (docs §8.2). Without it, the appraisal's agency
   * decides how much the turn was the person's doing.
   */
  conduct?: Conduct;
  /**
   * The emotion a text appraiser read the event as (docs §7.2, "Text turns"): the episode takes it instead of the
   * appraisal labeller's, which sees only the six dimensions (the labeller still refines gratitude into love or
   * trust with a bond, and joy into relief after a feared outcome). Without it, the labeller names the episode.
   */
  feeling?: EmotionLabel;
  /**
   * What the character's memory of similar past events brings to this turn (docs/memory.md, "Memory shapes
   * feeling"); without it the turn is felt as if nothing like it had happened before.
   */
  memory?: MemoryInfluence;
}

/**
 * How recalled episodes change one turn, every part bounded by the memory module (docs/memory.md):
 * - `gain` multiplies the event's impulse and intensity: a repeated offence by the same person hurts more than the
 *   first (sensitisation; Cunningham et al. 2005), in [1, 1.5];
 * - `expectation` moves the expected appraisal toward what similar episodes were, by `weight` in [0, 0.5], before the
 *   prediction error is taken: an event like one already lived is less surprising;
 * - `reinstate` is added to the emotion after the event: recalling an episode brings back a little of its feeling
 *   (autobiographical recall as mood induction; Mills & D'Mello 2014), each axis within ±0.15.
 */
export interface MemoryInfluence {
  gain: number;
  expectation: { target: Appraisal; weight: number } | null;
  reinstate: Vec3;
}

/** Everything one turn produced, before formatting into a turn result. */
export interface TurnOutcome {
  state: EngineState;
  predictionError: PredictionError;
  /** Where the change of felt emotion since the previous update came from, unrounded (the result's `explanation`). */
  attribution: TurnAttribution;
  /** How the character felt just before the event (after the elapsed time passed). */
  before: Observation;
  after: Observation;
  transition: StageTransition | null;
  /** The event's own intensity (R·max(|g|, |n|, u/2)·surprise, times any sensitisation gain), in [0, 1]. */
  eventIntensity: number;
  /** The goal relevance the turn was felt with (weighted for a witnessed act). */
  relevance: number;
}

/**
 * Labels the labeller may put in place of a text appraiser's own, because they depend on the situation the
 * appraiser does not see: a kindness from someone close is love or trust rather than gratitude (the bond), and
 * good news after a feared outcome is relief (the expectation).
 */
const refinements: Partial<Record<EmotionLabel, readonly EmotionLabel[]>> = {
  gratitude: ['love', 'trust'],
  joy: ['relief'],
  contentment: ['relief'],
};

/** `from` moved toward `to` by `weight` on every dimension. */
function blendAppraisal(from: Appraisal, to: Appraisal, weight: number): Appraisal {
  if (!(weight > 0)) return from;
  const w = Math.min(0.5, weight);
  return {
    goal_relevance: from.goal_relevance + w * (to.goal_relevance - from.goal_relevance),
    goal_congruence: from.goal_congruence + w * (to.goal_congruence - from.goal_congruence),
    expectedness: from.expectedness + w * (to.expectedness - from.expectedness),
    controllability: from.controllability + w * (to.controllability - from.controllability),
    agency: from.agency + w * (to.agency - from.agency),
    norm_compatibility: from.norm_compatibility + w * (to.norm_compatibility - from.norm_compatibility),
  };
}

/** An impulse with its push and its intensity multiplied by `gain` (sensitisation; intensity stays ≤ 1). */
function scaleImpulse(impulse: Impulse, gain: number): Impulse {
  if (gain === 1) return impulse;
  return {
    V: impulse.V * gain,
    a: impulse.a * gain,
    D: impulse.D * gain,
    surprise: impulse.surprise,
    intensity: Math.min(1, impulse.intensity * gain),
    rawValence: impulse.rawValence * gain,
  };
}

function nextEpisode(
  prev: EngineState,
  ap: Appraisal,
  params: EngineParams,
  intensity: number,
  expectedCongruence: number,
  feeling: EmotionLabel | undefined,
): Episode {
  // A weak event does not cut short a stronger episode that is still live: it must reach half the live strength.
  if (intensity < episodeTakeover * episodeStrength(prev)) return prev.episode;
  const reading = readAppraisal(
    ap,
    { expectedCongruence, trust: prev.trust, familiarity: familiarity(prev.familiarityCount) },
    params.labelModel,
  );
  let label = reading.primary;
  let secondary = reading.secondary;
  if (feeling !== undefined && feeling !== label && !refinements[feeling]?.includes(label)) {
    // The text appraiser read what is felt; the appraisal's own label is its undertone when it differs.
    secondary = label;
    label = feeling;
  }
  const personality = isPleasant(label) ? params.positiveDuration : params.negativeDuration;
  return {
    label,
    secondary,
    intensity,
    halfLife: params.config.emotion_half_life_seconds * durationFactor[label] * personality,
    age: 0,
  };
}

/**
 * Applies one appraised event to a state (the turn pipeline of docs/emotion-model.md): time passes (at least
 * `turn_seconds`), the prediction error is taken and the expectation learns, the impulse moves the emotion with a
 * bounded update, mood is pulled toward the emotion and nudged by the reward prediction error, then body, needs,
 * relationship and soul stage follow. Pure: the same state, appraisal and options give the same outcome.
 */
export function applyAppraisal(
  state: EngineState,
  params: EngineParams,
  appraisal: Appraisal,
  options: TurnOptions,
): TurnOutcome {
  const cfg = params.config;
  const witness = options.witness ?? 1;
  const ap = witness === 1 ? appraisal : { ...appraisal, goal_relevance: appraisal.goal_relevance * witness };
  const interaction = options.interaction ?? true;
  const s0 = advanceState(state, params, Math.max(options.elapsedSeconds, cfg.turn_seconds));
  const before = observe(s0, params);
  const memory = options.memory;
  const expected = memory?.expectation
    ? blendAppraisal(s0.expectation, memory.expectation.target, memory.expectation.weight)
    : s0.expectation;
  const pe = predictionError(expected, ap);
  const impulse = scaleImpulse(
    appraisalImpulse(ap, pe.errors.goal_congruence, pe.magnitude, params, s0.stress),
    memory?.gain ?? 1,
  );

  const needs = satisfyNeeds(s0.needs, ap, params);
  // Psi theory (Dörner; Bach 2009): a shrinking need deficit is felt as pleasure, a growing one as displeasure.
  const needPleasure =
    0.2 * (totalDeficit(s0.needs, params.needSetpoints) - totalDeficit(needs, params.needSetpoints));
  // Valence accumulates (a bounded hedonic sum); arousal and dominance move toward what this event appraises them
  // to be, as activation and coping potential are judgements of the present situation (Scherer 2001).
  const rho = appraisalWeight * ap.goal_relevance;
  const b = params.baseline;
  const back = memory?.reinstate;
  const emotion = {
    V: shunt(s0.emotion.V, impulse.V + needPleasure + (back?.V ?? 0)),
    a: clamp(s0.emotion.a + rho * (clamp(b.a + impulse.a, -1, 1) - s0.emotion.a) + (back?.a ?? 0), -1, 1),
    D: clamp(s0.emotion.D + rho * (clamp(b.D + impulse.D, -1, 1) - s0.emotion.D) + (back?.D ?? 0), -1, 1),
  };
  const pull = cfg.mood_pull * impulse.intensity;
  // Mood tracks accumulated reward prediction error (Rutledge et al. 2014; Eldar et al. 2016).
  const rpe = 0.1 * ap.goal_relevance * pe.errors.goal_congruence;
  const mood = {
    V: shunt(s0.mood.V + pull * (emotion.V - s0.mood.V), rpe),
    a: s0.mood.a + pull * (emotion.a - s0.mood.a),
    D: s0.mood.D + pull * (emotion.D - s0.mood.D),
  };
  const otherCaused = Math.max(0, -ap.agency);
  const body = applyBodyTurn(s0.energy, s0.stress, {
    relevance: ap.goal_relevance,
    controllability: ap.controllability,
    otherCaused,
    intensity: impulse.intensity,
    predictionError: pe.magnitude,
    emotion,
  });
  const relationship = updateRelationship(
    s0,
    ap,
    impulse.rawValence,
    emotion.V,
    interaction,
    params,
    options.conduct,
  );
  const draft: EngineState = {
    schema: 1,
    time: options.now,
    emotion,
    mood,
    expectation: learnExpectation(expected, ap, cfg.expectation_learning_rate),
    episode: nextEpisode(s0, ap, params, impulse.intensity, s0.expectation.goal_congruence, options.feeling),
    energy: body.energy,
    stress: body.stress,
    needs,
    rapport: relationship.rapport,
    trust: relationship.trust,
    familiarityCount: relationship.familiarityCount,
    turns: s0.turns + 1,
    lastInteractionAt: interaction ? options.now : s0.lastInteractionAt,
    stage: s0.stage,
    participants: s0.participants ?? [],
    speaker: s0.speaker ?? null,
    floor: s0.floor ?? initialFloor,
  };
  const after = observe(draft, params);
  const attribution = attributeTurn({
    prev: state,
    s0,
    params,
    appraisal: ap,
    expected,
    predictionError: pe,
    impulse,
    gain: memory?.gain ?? 1,
    reinstate: back,
    needPleasure,
    rho,
    emotion,
    energy: body.energy,
    stress: body.stress,
    felt: after.felt,
  });
  const load =
    0.35 * draft.stress +
    0.25 * (1 - draft.energy) +
    0.25 * Math.max(0, -draft.mood.V) +
    0.15 * after.intensity;
  const { stage, transition } = updateStage(draft.stage, {
    load,
    stress: draft.stress,
    needs: (needs.belonging + needs.competence + needs.autonomy) / 3,
    trust: draft.trust,
  });
  draft.stage = stage;
  return {
    state: draft,
    predictionError: pe,
    attribution,
    before,
    after,
    transition,
    eventIntensity: impulse.intensity,
    relevance: ap.goal_relevance,
  };
}
