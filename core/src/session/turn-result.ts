import type { Appraisal } from '../appraisal/appraisal.js';
import { familiarity } from '../body/relationship.js';
import { stageProgress } from '../body/soul-stage.js';
import { stageAt } from '../body/soul-stages.js';
import type { TurnOutcome } from '../engine/apply-turn.js';
import { toIntensityLevel } from '../labels/emotion-label.js';
import type { EngineParams } from '../persona/engine-params.js';
import { toExposedVad } from '../persona/engine-params.js';
import type { ResolvedPersona } from '../persona/persona.js';
import { buildPromptData } from '../prompt/build-prompt-data.js';
import { round } from '../util/math.js';
import { roundAppraisal, toDelta } from './results.js';
import type { TurnResult } from './session-types.js';

/** Formats a turn outcome as the interface's turn result, with prompt_data. */
export function buildTurnResult(
  outcome: TurnOutcome,
  appraisal: Appraisal,
  persona: ResolvedPersona,
  params: EngineParams,
  context: string | null,
): TurnResult {
  const { state, after } = outcome;
  const stage = stageAt(state.stage.level);
  const progress = stageProgress(state.stage);
  const fam = familiarity(state.familiarityCount);
  const felt = toExposedVad(after.felt);
  const mood = toExposedVad(state.mood);
  return {
    appraisal,
    prediction_error: round(outcome.predictionError.magnitude),
    prediction_errors: roundAppraisal(outcome.predictionError.errors),
    emotion_delta: toDelta(outcome.before.felt, after.felt),
    new_emotion: { V: round(felt.V), A: round(felt.A), D: round(felt.D) },
    emotion_intensity: round(after.intensity),
    intensity_level: toIntensityLevel(after.intensity),
    discrete_emotion: after.primary,
    secondary_emotion: after.secondary,
    mood: { V: round(mood.V), A: round(mood.A), D: round(mood.D) },
    soul_stage: { stage: stage.id, level: stage.level, group: stage.group, progress: round(progress) },
    body_budget: { energy: round(state.energy), stress: round(state.stress) },
    stage_transition: outcome.transition,
    need_state: {
      belonging: round(state.needs.belonging),
      competence: round(state.needs.competence),
      autonomy: round(state.needs.autonomy),
    },
    interpersonal: { rapport: round(state.rapport), trust: round(state.trust), familiarity: round(fam) },
    prompt_data: buildPromptData({
      persona,
      emotion: felt,
      primary: after.primary,
      secondary: after.secondary,
      intensity: after.intensity,
      energy: state.energy,
      stress: state.stress,
      stage: { id: stage.id, level: stage.level, progress },
      needs: state.needs,
      needSetpoints: params.needSetpoints,
      relationship: {
        rapport: state.rapport,
        trust: state.trust,
        familiarity: fam,
        attachment_style: params.attachment.style,
      },
      eventContext: context,
    }),
  };
}
