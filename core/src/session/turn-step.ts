import type { Appraisal } from '../appraisal/appraisal.js';
import type { Conduct } from '../appraisal/listener.js';
import { familiarity } from '../body/relationship.js';
import { withOverride } from '../engine/attribute-turn.js';
import type { EngineState } from '../engine/engine-state.js';
import { type ResolvedAddress, resolveAddress } from '../group/address.js';
import { applyTurn } from '../group/group-turn.js';
import type { Addressee, ParticipantRef } from '../group/participants.js';
import { participantsOf } from '../group/participants.js';
import { healthStep } from '../health/health-step.js';
import type { SignalReading } from '../health/signals.js';
import type { EmotionLabel } from '../labels/emotion-label.js';
import { cueWords } from '../memory/cues.js';
import { emptyMemory } from '../memory/episode.js';
import { recallForTurn, rememberTurn } from '../memory/memory-turn.js';
import { toExposedVad } from '../persona/engine-params.js';
import type { ProactiveAction, ProactiveState } from '../proactive/proactive-action.js';
import type { Random } from '../random.js';
import type { SessionRecord } from '../store/session-store.js';
import { LruMap } from '../util/lru-map.js';
import type { LoadedSession } from './loaded-session.js';
import { overridePart } from './override-step.js';
import { dueAt, raiseFromState } from './proactive-step.js';
import type { SessionChange } from './session-change.js';
import type { TurnResult } from './session-types.js';
import type { AppraisalTurnInput } from './turn-input.js';
import { buildTurnResult, type TextTurnFields } from './turn-result.js';

/** One turn, validated: the appraisal to apply and everything about the turn besides the session. */
export interface TurnStepInput {
  appraisal: Appraisal;
  /** What happened, for prompt_data (and for finding whom a group turn addresses), or null. */
  context: string | null;
  /** Seconds since the last turn; undefined: the engine-clock gap. */
  elapsedSeconds: number | undefined;
  /** Whether the turn is contact with the person (it resets absence). */
  interaction: boolean;
  from: ParticipantRef | undefined;
  to: Addressee | undefined;
  /** Text turns: what the appraiser understood of the relationship (docs §8.2). */
  conduct?: Conduct | undefined;
  /** Text turns: the emotion the appraiser read the event as (docs §7.2). */
  feeling?: EmotionLabel | undefined;
  /** Text turns: what the appraiser says about itself, part of the result (and of the `turn` event). */
  text?: TextTurnFields | undefined;
  /** What the turn's episode says happened, instead of its text (an operator's summary), if it becomes one. */
  summary?: string | undefined;
}

/** The turn step's input of an appraisal turn: always contact with the person. */
export function toAppraisalStepInput(turn: AppraisalTurnInput): TurnStepInput {
  return {
    appraisal: turn.appraisal,
    context: turn.context ?? null,
    elapsedSeconds: turn.elapsedSeconds,
    interaction: true,
    from: turn.from,
    to: turn.to,
    summary: turn.summary,
  };
}

/** Options of {@link runTurnStep}. */
export interface TurnStepOptions {
  /** Makes the ids of proactive actions the turn raises. */
  random: Random;
  /** Most participants the session keeps. */
  maxParticipants: number;
  /** Whom the turn addresses, when the caller already resolved it on this record at this time (text turns). */
  address?: ResolvedAddress | undefined;
}

/**
 * What a turn computed: the record to write (its version is the caller's), the result, any action raised, and the
 * relationship signals of the sender that the turn started.
 */
export interface TurnStep {
  record: SessionRecord;
  result: TurnResult;
  action: ProactiveAction | null;
  signals: SignalReading[];
}

/**
 * One turn of a session, pure: resolves whom it addresses, applies the appraisal to the state at the session's
 * `now`, raises at most one proactive action when proactive behaviour is enabled, moves the due time, and formats
 * the result once. No store, no clock: the same session and input give the same step.
 */
export function runTurnStep(
  session: LoadedSession,
  input: TurnStepInput,
  options: TurnStepOptions,
): TurnStep {
  const { record, persona, params, now } = session;
  const elapsed = input.elapsedSeconds ?? Math.max(0, (now - record.state.time) / 1000);
  const address =
    options.address ??
    resolveAddress(
      record.state,
      { from: input.from, to: input.to, text: input.context },
      persona.identity.name,
      now,
    );
  const memory = record.memory ?? emptyMemory;
  const speaker = input.from?.id ?? null;
  const recall = recallForTurn(memory, {
    text: input.context,
    speaker,
    appraisal: input.appraisal,
    mood: record.state.mood.V,
    baseline: params.baseline,
    now,
  });
  const outcome = applyTurn(record.state, params, input.appraisal, {
    elapsedSeconds: elapsed,
    now,
    interaction: input.interaction,
    from: input.from,
    address,
    maxParticipants: options.maxParticipants,
    ...(input.conduct ? { conduct: input.conduct } : {}),
    ...(input.feeling ? { feeling: input.feeling } : {}),
    ...(recall.influence ? { memory: recall.influence } : {}),
  });
  const remembered = rememberTurn(memory, recall, {
    turn: outcome.state.turns,
    now,
    text: input.summary ?? input.context,
    speaker,
    participants: (cues) => involved(record.state, speaker, address, cues),
    appraisal: input.appraisal,
    eventIntensity: outcome.eventIntensity,
    relevance: outcome.relevance,
    label: outcome.after.primary,
    ...toExposedVad(outcome.after.felt),
    intensity: outcome.after.intensity,
  });
  let proactive: ProactiveState = record.proactive;
  let action: ProactiveAction | null = null;
  if (proactive.preferences.enabled) {
    ({ state: proactive, action } = raiseFromState(
      proactive,
      outcome.state,
      outcome.after,
      persona,
      params,
      now,
      options.random,
      remembered.memory,
    ));
  }
  const r = outcome.relationship;
  const health = healthStep(record, input, {
    sender: speaker,
    relationship: { rapport: r.rapport, trust: r.trust, familiarity: familiarity(r.familiarityCount) },
    participants: participantsOf(outcome.state),
    maxParticipants: options.maxParticipants,
    now,
  });
  const overridden = overridePart(record.overrides, record.state, params);
  const result = buildTurnResult(
    overridden ? { ...outcome, attribution: withOverride(outcome.attribution, overridden) } : outcome,
    input.appraisal,
    persona,
    params,
    input.context,
    { from: input.from, address, support: health.support },
    { now, recalled: recall.recalled, encoded: remembered.encoded },
    input.text,
  );
  const next: SessionRecord = {
    id: record.id,
    owner: record.owner,
    version: record.version,
    createdAt: record.createdAt,
    updatedAt: now,
    persona: record.persona,
    state: outcome.state,
    proactive,
    nextDueAt: dueAt(outcome.state, params, proactive, now),
  };
  if (record.memory !== undefined || remembered.memory !== memory) next.memory = remembered.memory;
  if (health.activity !== undefined) next.activity = health.activity;
  // The turn explained the overrides before it: the next one measures from its own state.
  if (record.overrides)
    next.overrides = overridden ? { ...record.overrides, feltBefore: null } : record.overrides;
  return { record: next, result, action, signals: health.started };
}

const nameCueCache = new LruMap<string, string[]>(4096);

/** The cue words of a participant's name, as a text naming them would give them. */
function nameCues(name: string): string[] {
  let cues = nameCueCache.get(name);
  if (cues === undefined) {
    cues = cueWords(name);
    nameCueCache.set(name, cues);
  }
  return cues;
}

/**
 * The participants a turn's episode involves: its speaker, the participant it was aimed at, and every known
 * participant whose name is one of its cue words ("Ana broke my phone"), so forgetting them forgets it too.
 */
function involved(
  state: EngineState,
  speaker: string | null,
  address: ResolvedAddress,
  cues: readonly string[],
): string[] {
  const out = new Set<string>(speaker === null ? [] : [speaker]);
  if (typeof address.to === 'object') out.add(address.to.id);
  if (cues.length > 0) {
    const words = new Set(cues);
    for (const p of participantsOf(state)) {
      if (p.name === null) continue;
      const name = nameCues(p.name);
      if (name.length > 0 && name.every((cue) => words.has(cue))) out.add(p.id);
    }
  }
  return [...out];
}

/** A turn step as the writer's change: a `turn` and a `state` event after the write, and the action if any. */
export function toTurnChange(step: TurnStep): SessionChange<TurnResult> {
  return {
    record: step.record,
    result: step.result,
    cause: 'turn',
    action: step.action,
    turn: step.result,
    ...(step.signals.length > 0 ? { signals: step.signals } : {}),
  };
}
