import type { Appraisal } from '../appraisal/appraisal.js';
import { familiarity } from '../body/relationship.js';
import { stageProgress } from '../body/soul-stage.js';
import { stageAt } from '../body/soul-stages.js';
import type { ResolvedAddress } from '../group/address.js';
import type { GroupTurnOutcome } from '../group/group-turn.js';
import {
  findParticipant,
  type ParticipantRef,
  relationshipAt,
  salientParticipants,
} from '../group/participants.js';
import { toIntensityLevel } from '../labels/emotion-label.js';
import type { Recalled } from '../memory/recall.js';
import type { EngineParams } from '../persona/engine-params.js';
import { toExposedVad } from '../persona/engine-params.js';
import type { ResolvedPersona } from '../persona/persona.js';
import { buildPromptData } from '../prompt/build-prompt-data.js';
import type { PromptGroupInput, PromptInput, PromptPersonInput } from '../prompt/prompt-input.js';
import { round } from '../util/math.js';
import { roundAppraisal, toDelta } from './results.js';
import type { ParticipantView, TurnResult } from './session-types.js';
import { toTurnExplanation } from './turn-explanation.js';

/** Who took part in a turn: the speaker (`from`) and whom it was aimed at. */
export interface TurnParticipants {
  from: ParticipantRef | undefined;
  address: ResolvedAddress;
  /** The speaker has repeatedly expressed distress: prompt_data gains the support directive. */
  support?: boolean;
}

function view(state: GroupTurnOutcome['state'], ref: ParticipantRef): ParticipantView {
  return { id: ref.id, name: findParticipant(state, ref.id)?.name ?? ref.name ?? null };
}

/** The group part of prompt_data's input: the speaker, whom they addressed, and up to three salient others. */
function groupInput(outcome: GroupTurnOutcome, parties: TurnParticipants): PromptGroupInput | undefined {
  const { from, address } = parties;
  if (from === undefined) return undefined;
  const { state } = outcome;
  const now = state.time;
  const speaker: PromptPersonInput = {
    ...view(state, from),
    relationship: {
      rapport: outcome.relationship.rapport,
      trust: outcome.relationship.trust,
      familiarity: familiarity(outcome.relationship.familiarityCount),
    },
  };
  const exclude = new Set([from.id]);
  const others: PromptPersonInput[] = salientParticipants(state, now, exclude).map(({ participant }) => {
    const r = relationshipAt(participant, now);
    return {
      id: participant.id,
      name: participant.name,
      relationship: { rapport: r.rapport, trust: r.trust, familiarity: familiarity(r.familiarityCount) },
    };
  });
  const to = typeof address.to === 'string' ? address.to : view(state, address.to);
  return { speaker, to, others };
}

/** What memory did in a turn: the episodes recalled (as memory found them) and the episode the turn became. */
export interface TurnMemoryInput {
  now: number;
  recalled: readonly Recalled[];
  encoded: string | null;
}

function memoryView(memory: TurnMemoryInput): TurnResult['memory'] {
  return {
    recalled: memory.recalled.map((r) => ({
      id: r.episode.id,
      strength: round(r.strength, 3),
      similarity: round(r.similarity, 3),
    })),
    encoded: memory.encoded,
  };
}

function promptMemories(
  state: GroupTurnOutcome['state'],
  memory: TurnMemoryInput,
): NonNullable<PromptInput['memories']> {
  return {
    now: memory.now,
    recalled: memory.recalled.map(({ episode }) => ({
      id: episode.id,
      at: episode.at,
      text: episode.text,
      feeling: episode.feeling.label,
      speaker:
        episode.speaker === null
          ? null
          : { id: episode.speaker, name: findParticipant(state, episode.speaker)?.name ?? null },
    })),
  };
}

/** What a text turn's appraiser says about itself: the last fields of a text turn's result. */
export type TextTurnFields = Required<
  Pick<TurnResult, 'appraiser' | 'fallback_reason' | 'perceived' | 'roles'>
>;

/**
 * Formats a turn outcome as the interface's turn result, with prompt_data; a text turn's `text` fields come last.
 */
export function buildTurnResult(
  outcome: GroupTurnOutcome,
  appraisal: Appraisal,
  persona: ResolvedPersona,
  params: EngineParams,
  context: string | null,
  parties: TurnParticipants,
  memory: TurnMemoryInput,
  text?: TextTurnFields,
): TurnResult {
  const { state, after, relationship } = outcome;
  const stage = stageAt(state.stage.level);
  const progress = stageProgress(state.stage);
  const fam = familiarity(relationship.familiarityCount);
  const felt = toExposedVad(after.felt);
  const mood = toExposedVad(state.mood);
  const group = groupInput(outcome, parties);
  const to = parties.address.to;
  const result: TurnResult = {
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
    interpersonal: {
      rapport: round(relationship.rapport),
      trust: round(relationship.trust),
      familiarity: round(fam),
    },
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
        rapport: relationship.rapport,
        trust: relationship.trust,
        familiarity: fam,
        attachment_style: params.attachment.style,
      },
      eventContext: context,
      ...(group ? { group } : {}),
      ...(parties.support ? { support: true } : {}),
      ...(memory.recalled.length > 0 ? { memories: promptMemories(state, memory) } : {}),
    }),
    speaker: parties.from === undefined ? null : view(state, parties.from),
    to: typeof to === 'string' ? to : view(state, to),
    reply: outcome.reply,
    memory: memoryView(memory),
    explanation: toTurnExplanation(outcome.attribution),
  };
  if (text) {
    // Text turns only, after `reply`: the order the result has always had on the wire.
    result.appraiser = text.appraiser;
    result.fallback_reason = text.fallback_reason;
    result.perceived = text.perceived;
    result.roles = text.roles;
  }
  return result;
}
