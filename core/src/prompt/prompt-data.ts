import type { SoulStageId } from '../body/soul-stages.js';
import type { EmotionLabel, IntensityLevel } from '../labels/emotion-label.js';
import type { AttachmentStyle } from './prompt-input.js';

/** A language the descriptive text of prompt_data is written in; other languages fall back to English. */
export type PromptLocale = 'en' | 'es' | 'ja';

/** The six HEXACO traits under the names prompt_data uses. */
export type TraitName =
  | 'openness'
  | 'conscientiousness'
  | 'extraversion'
  | 'agreeableness'
  | 'emotionality'
  | 'honesty_humility';

/** Energy band of the body budget: ≥ .8 full, ≥ .6 good, ≥ .4 moderate, ≥ .2 low, else depleted. */
export type EnergyLevel = 'depleted' | 'low' | 'moderate' | 'good' | 'full';

/** Stress band: < .2 none, < .4 low, < .6 moderate, < .8 high, else severe. */
export type StressLevel = 'none' | 'low' | 'moderate' | 'high' | 'severe';

/** How a need stands against its setpoint: more than .25 below is a deficit, more than .1 below is low. */
export type NeedLevel = 'deficit' | 'low' | 'satisfied';

/** Rapport band (0.5 is neutral): < .2 hostile, < .4 cool, < .6 neutral, < .8 warm, else affectionate. */
export type RapportLevel = 'hostile' | 'cool' | 'neutral' | 'warm' | 'affectionate';

/** Trust band: < .2 very_low, < .4 low, < .6 moderate, < .8 high, else very_high. */
export type TrustLevel = 'very_low' | 'low' | 'moderate' | 'high' | 'very_high';

/** Familiarity band: < .15 stranger, < .4 acquaintance, < .7 familiar, else close. */
export type FamiliarityLevel = 'stranger' | 'acquaintance' | 'familiar' | 'close';

/** Reply-length advice, from energy, arousal and soul stage. */
export type LengthHint = 'minimal' | 'short' | 'unhurried' | 'normal' | 'expansive';

/** One trait of the character: its value, its band in words and what it looks like in behaviour. */
export interface PromptTrait {
  value: number;
  /** Localized band: very low, low, moderate, high, very high. */
  level: string;
  behavior: string;
}

/** Who the character is, as stated in the persona. */
export interface PromptIdentity {
  name: string;
  role: string | null;
  core_values: readonly string[];
  speaking_style: string | null;
}

/** The stable part of prompt_data: it depends only on the persona and is shared between turns (frozen). */
export interface PromptSystem {
  identity: PromptIdentity;
  traits: Readonly<Record<TraitName, PromptTrait>>;
  goals: readonly string[];
}

/**
 * The current emotion in words, with the numbers they describe. `primary` and `secondary` are stable label ids.
 */
export interface PromptEmotion {
  primary: EmotionLabel;
  secondary: EmotionLabel | null;
  intensity: number;
  intensity_level: IntensityLevel;
  /** Valence in [-1, 1], two decimals (the same state as the turn result's `new_emotion`). */
  V: number;
  /** Arousal in [0, 1], two decimals. */
  A: number;
  /** Dominance in [-1, 1], two decimals. */
  D: number;
  valence_description: string;
  arousal_description: string;
  dominance_description: string;
}

/** The body budget in words. */
export interface PromptEnergy {
  level: EnergyLevel;
  /** Energy as an integer percentage, 0-100. */
  budget_percentage: number;
  stress_level: StressLevel;
  description: string;
}

/** The current soul stage: stable id and level, localized name and text. */
export interface PromptStage {
  id: SoulStageId;
  level: number;
  name: string;
  description: string;
  behavioral_tendency: string;
}

/** One basic need: its value, its standing against the setpoint, and what that feels like. */
export interface PromptNeed {
  value: number;
  level: NeedLevel;
  description: string;
}

/** The three needs, and a one-line summary of those in deficit (null when none is). */
export interface PromptNeeds {
  belonging: PromptNeed;
  competence: PromptNeed;
  autonomy: PromptNeed;
  deficit_summary: string | null;
}

/** The relationship with the other person in words. */
export interface PromptRelationship {
  rapport_level: RapportLevel;
  trust_level: TrustLevel;
  /** Trust as an integer percentage, 0-100. */
  trust_percentage: number;
  familiarity_level: FamiliarityLevel;
  attachment_style: AttachmentStyle;
  description: string;
}

/** A participant of a group conversation in words. */
export interface PromptPerson {
  id: string;
  /** The display name, sanitized to one line of at most 64 characters (the id when no name was given). */
  name: string;
  rapport_level: RapportLevel;
  trust_level: TrustLevel;
  /** Trust as an integer percentage, 0-100. */
  trust_percentage: number;
  familiarity_level: FamiliarityLevel;
  /** Who they are to the character, in words (`a stranger; feels cool toward them and trusts them little`). */
  description: string;
}

/**
 * Whom a turn was aimed at: the character, everyone present, or one participant. Turns without `from` are
 * `character`.
 */
export type PromptAddressee = 'character' | 'everyone' | { id: string; name: string };

/**
 * A remembered episode that came back to mind this turn (docs/memory.md, "In prompt_data"); `summary` and `sentence`
 * are safe to quote (one line, no double quotes).
 */
export interface PromptMemory {
  /** The episode id (`mem_…`), as the memory API lists it. */
  id: string;
  /** ISO 8601 engine-clock time of the episode. */
  at: string;
  /** When, relative to this turn, in `locale` (`Last Tuesday`). */
  when: string;
  /** What happened, or null when the session keeps no text. */
  summary: string | null;
  /** How the character felt then: the stable label id. */
  feeling: EmotionLabel;
  /** Who spoke then, or null for the person the character talks to. */
  with: { id: string; name: string } | null;
  /** The memory as a sentence in `locale`, as the context block writes it. */
  sentence: string;
}

/** The per-turn part of prompt_data: what the character feels and what just happened. */
export interface PromptContext {
  /** The event text, sanitized to one line of at most 500 characters, or null. */
  event: string | null;
  emotion: PromptEmotion;
  energy: PromptEnergy;
  stage: PromptStage;
  needs: PromptNeeds;
  /** The relationship with the one who spoke (in a group: this turn's speaker). */
  relationship: PromptRelationship;
  /** Group turns: who is speaking; null for turns without `from`. */
  speaker: PromptPerson | null;
  /** Whom the turn was aimed at. */
  addressed_to: PromptAddressee;
  /** Group turns: the few other participants who matter now (recent strong feelings, strong bonds), at most 3. */
  others: PromptPerson[];
  /** Episodes this turn brought back to mind, most relevant first, at most 3 (empty when none did). */
  memories: PromptMemory[];
}

/** How the model should voice the character this turn. */
export interface PromptInstruction {
  language_directive: string;
  stage_instruction: string;
  expression_guide: string;
  response_length_hint: string;
  /** What the character seeks because of a need in deficit, or null when no need is. */
  need_direction: string | null;
  /** Group turns: how to speak in the room (whom to answer, that others read along); null otherwise. */
  group_instruction: string | null;
  /**
   * While the speaker repeatedly expresses distress (docs/relationship-health.md): encourage real-world support
   * (people they trust, professional help, local emergency services if in danger), never claiming to be a
   * professional; null otherwise.
   */
  support_directive: string | null;
}

/** The three ready-to-paste text blocks. */
export interface PromptFormatted {
  /** Who the character is; the same string for every turn of a persona. */
  system_prompt: string;
  context_block: string;
  instruction_block: string;
}

/**
 * The prompt_data of a turn: pre-built context the client pastes into its own LLM prompt so the character speaks
 * in line with how it feels. Structured parts keep stable machine values (label, stage and level ids); descriptive
 * strings and the formatted blocks are in `locale`.
 */
export interface PromptData {
  /** The persona's `identity.language`, as given. */
  language: string;
  /** The language of the descriptive text: `language` when supported, else English. */
  locale: PromptLocale;
  system: PromptSystem;
  context: PromptContext;
  instruction: PromptInstruction;
  formatted: PromptFormatted;
}
