import type { Appraisal } from '../appraisal/appraisal.js';
import type { Perceived } from '../appraisal/reader-appraiser.js';
import type { Roles } from '../appraisal/text-roles.js';
import type { StageTransition } from '../body/soul-stage.js';
import type { ReplyAdvice } from '../group/reply.js';
import type { RelationshipSignal } from '../health/relationship-health.js';
import type { EmotionLabel, IntensityLevel } from '../labels/emotion-label.js';
import type { EmotionConfig, ResolvedPersona, Vad } from '../persona/persona.js';
import type { OutreachView } from '../proactive/outreach-view.js';
import type { ParticipantPolicy } from '../proactive/policy.js';
import type { ProactivePreferences } from '../proactive/preferences.js';
import type { ProactiveAction } from '../proactive/proactive-action.js';
import type { PromptData } from '../prompt/prompt-data.js';
import type { NeedState } from '../prompt/prompt-input.js';
import type { BodyBudget, Interpersonal, SoulStageView, StateSnapshot } from './results.js';
import type { OverrideView } from './state-override.js';
import type { TurnExplanation } from './turn-explanation.js';

/** A created session as POST /v1/persona returns it. */
export interface SessionInfo {
  sessionId: string;
  persona: ResolvedPersona;
  /** The complete emotion config (explicit overrides plus personality-derived values). */
  config: EmotionConfig;
  /** ISO 8601 creation time. */
  createdAt: string;
}

/** A session with its current state, as GET /v1/persona/:id returns it. */
export interface SessionDetails extends SessionInfo {
  updatedAt: string;
  preferences: ProactivePreferences;
  state: StateSnapshot;
  /** The latest operator override (docs/time-control.md), or null when the session was never overridden. */
  last_override: OverrideView | null;
  /** When the character would next reach out and what holds it back (docs/proactive.md). */
  outreach: OutreachView;
}

/** One entry of a session list. */
export interface SessionSummary {
  sessionId: string;
  name: string;
  preset: string | null;
  description: string;
  createdAt: string;
  updatedAt: string;
  turns: number;
}

/** A page of sessions; `cursor` is null on the last page. */
export interface SessionPage {
  sessions: SessionSummary[];
  cursor: string | null;
}

/**
 * The result of a turn (REST POST /v1/turn/appraisal and /v1/turn; WebSocket turn_result): the interface's fields,
 * plus the per-dimension prediction errors, mood, secondary emotion, needs and relationship.
 */
export interface TurnResult {
  appraisal: Appraisal;
  /** Magnitude of the prediction error, in [0, 1]. */
  prediction_error: number;
  /** Signed prediction error per dimension (actual − expected). */
  prediction_errors: Appraisal;
  emotion_delta: Vad;
  new_emotion: Vad;
  emotion_intensity: number;
  intensity_level: IntensityLevel;
  discrete_emotion: EmotionLabel;
  secondary_emotion: EmotionLabel | null;
  mood: Vad;
  soul_stage: SoulStageView;
  body_budget: BodyBudget;
  stage_transition: StageTransition | null;
  need_state: NeedState;
  /** The relationship with this turn's speaker (the default person's for turns without `from`), after the turn. */
  interpersonal: Interpersonal;
  prompt_data: PromptData;
  /** Who spoke (`from`, with the name the session knows), or null for turns without `from`. */
  speaker: ParticipantView | null;
  /** Whom the turn was aimed at, as given or inferred (docs/groups.md). */
  to: 'character' | 'everyone' | ParticipantView;
  /** Whether the character should speak now, and why (docs/groups.md); always `should: true` without `from`. */
  reply: ReplyAdvice;
  /** What memory did this turn (docs/memory.md): the episodes it recalled, and the episode it became (or null). */
  memory: TurnMemory;
  /**
   * Why the turn felt as it did: the change of the felt emotion since the previous update and its few largest
   * contributions, each with a short English sentence (docs/emotion-model.md, "Why a turn felt as it did").
   */
  explanation: TurnExplanation;
  /**
   * Text turns only: the appraiser that turned the text into the appraisal: `reader` (the offline reader, the
   * default), `llm` (the configured OpenAI-compatible model), or a custom appraiser's name.
   */
  appraiser?: string;
  /** Text turns only: why the configured appraiser (the LLM) was not used for this turn, or null when it was. */
  fallback_reason?: string | null;
  /** Text turns only: what the offline reader read in the message, or null when it did not run (the LLM answered). */
  perceived?: Perceived | null;
  /**
   * Text turns only: who did what to whom, as the appraiser understood the message: whose fortune it was
   * (`experiencer`), who brought it about (`cause`), and whom it was addressed to (docs/reader.md, "Roles"); null
   * when the appraiser reads no roles (a custom appraiser).
   */
  roles?: Roles | null;
}

/** What memory did in one turn. */
export interface TurnMemory {
  /** The episodes the turn brought back to mind, most relevant first (at most 3): id, strength then, cue similarity. */
  recalled: { id: string; strength: number; similarity: number }[];
  /** The id of the episode the turn became, or null when it did not matter enough (or memory is off). */
  encoded: string | null;
}

/** A participant as results name them: id and display name (null when none was ever given). */
export interface ParticipantView {
  id: string;
  name: string | null;
}

/** A participant with the character's relationship with them, as the participant list shows it. */
export interface ParticipantSummary extends ParticipantView {
  /** Rapport, trust and familiarity now (drifted since they were last present). */
  interpersonal: Interpersonal;
  /** Turns they spoke. */
  turns: number;
  /** ISO 8601 engine-clock times they first and last took part (spoke or were addressed). */
  first_seen_at: string;
  last_seen_at: string;
  /** Their own outreach policy (time zone, quiet hours, opt-out), when they set one. */
  policy?: ParticipantPolicy;
}

/** A page of participants in id order; `cursor` is null on the last page. */
export interface ParticipantPage {
  participants: ParticipantSummary[];
  cursor: string | null;
}

/**
 * Why a session's state changed; `memory`: its memory settings changed or an episode was forgotten; `remote`: another process sharing the store wrote it (seen through its watch); `tick`: an operator advanced its time; `override`: an operator set values of its state (docs/time-control.md). */
export type StateCause =
  | 'created'
  | 'turn'
  | 'proactive'
  | 'preferences'
  | 'ack'
  | 'forget'
  | 'memory'
  | 'remote'
  | 'tick'
  | 'override';

/** The typed events of the session service. */
export interface SessionEvents {
  /** A session's state or proactive queue changed (turns from any transport, time-driven checks). */
  state: [{ owner: string; sessionId: string; cause: StateCause; snapshot: StateSnapshot }];
  /**
   * A turn was processed (by this process); `version` is the session's stored version the turn wrote and
   * `copingThreshold` the character's (its emotion config's `coping_threshold`), for rules such as `overflowOf`.
   */
  turn: [{ owner: string; sessionId: string; result: TurnResult; version: number; copingThreshold: number }];
  /** A proactive action arose; `remote` when another process raised it (seen through the store's watch). */
  proactive: [{ owner: string; sessionId: string; action: ProactiveAction; remote?: boolean }];
  /** A session was deleted; `remote` when another process deleted it (seen through the store's watch). */
  deleted: [{ owner: string; sessionId: string; remote?: boolean }];
  /**
   * A relationship signal started for the sender of a turn (docs/relationship-health.md): emitted once, after the
   * write, by the process that wrote the turn (never re-emitted for another process's writes). `participant` is null
   * for the default person.
   */
  signal: [
    { owner: string; sessionId: string; participant: ParticipantView | null; signal: RelationshipSignal },
  ];
  /**
   * A write changed when the session is next due for a time-driven check (for schedulers): a write of this process,
   * or one of another process seen through the store's watch.
   */
  due: [{ sessionId: string; nextDueAt: number | null }];
}
