import type { SoulStageId } from '../body/soul-stages.js';
import type { EmotionLabel } from '../labels/emotion-label.js';
import type { ResolvedPersona, Vad } from '../persona/persona.js';

/** Attachment style from the ECR anxiety and avoidance dimensions (Brennan, Clark & Shaver 1998). */
export type AttachmentStyle = 'secure' | 'anxious' | 'avoidant' | 'disorganized';

/** The three basic psychological needs of Self-Determination Theory, each in [0, 1]. */
export interface NeedState {
  belonging: number;
  competence: number;
  autonomy: number;
}

/** Everything prompt_data is built from: the persona and the character's current state. */
export interface PromptInput {
  persona: ResolvedPersona;
  /** Current emotion as exposed: V and D in [-1, 1], A in [0, 1]. */
  emotion: Vad;
  primary: EmotionLabel;
  secondary: EmotionLabel | null;
  /** Emotion intensity in [0, 1]. */
  intensity: number;
  /** Body budget: energy in [0.05, 1], stress in [0, 1]. */
  energy: number;
  stress: number;
  stage: { id: SoulStageId; level: number; progress: number };
  needs: NeedState;
  /** The character's setpoint for each need; below it by 0.25 or more counts as a deficit. */
  needSetpoints: NeedState;
  relationship: { rapport: number; trust: number; familiarity: number; attachment_style: AttachmentStyle };
  /** What just happened, as the client described it (turn context or event text), or null. */
  eventContext: string | null;
  /** Group turns (a speaker named with `from`): who speaks, to whom, and who else matters now. */
  group?: PromptGroupInput;
  /** Episodes the turn recalled, most relevant first, and the engine time of the turn. */
  memories?: { now: number; recalled: readonly PromptMemoryInput[] };
  /** The speaker has repeatedly expressed distress: the instruction gains the support directive. */
  support?: boolean;
}

/** A recalled episode as prompt_data describes it. */
export interface PromptMemoryInput {
  id: string;
  /** Engine-clock time (ms) of the episode. */
  at: number;
  text: string | null;
  feeling: EmotionLabel;
  /** The speaker then, with the name the session knows (null: none given), or null for the default person. */
  speaker: { id: string; name: string | null } | null;
}

/** A participant as prompt_data describes them: id, display name (null: unknown) and relationship. */
export interface PromptPersonInput {
  id: string;
  name: string | null;
  relationship: { rapport: number; trust: number; familiarity: number };
}

/** The group part of {@link PromptInput}. */
export interface PromptGroupInput {
  speaker: PromptPersonInput;
  to: 'character' | 'everyone' | { id: string; name: string | null };
  /** The few others who matter now, most salient first. */
  others: readonly PromptPersonInput[];
}
