import type { SoulStageId } from '../body/soul-stages.js';
import type { EmotionLabel, IntensityLevel } from '../labels/emotion-label.js';
import type { Facet } from '../persona/hexaco.js';
import type {
  EnergyLevel,
  FamiliarityLevel,
  LengthHint,
  NeedLevel,
  PromptLocale,
  RapportLevel,
  StressLevel,
  TraitName,
  TrustLevel,
} from './prompt-data.js';
import type { AttachmentStyle, NeedState } from './prompt-input.js';

/** Five texts for five ascending bands (cut at .2, .4, .6, .8 of the range). */
export type FiveBands = readonly [string, string, string, string, string];

/** How an emotion sounds at low, moderate and high intensity, and at moderate-to-high intensity when tired. */
export interface ExpressionStyle {
  low: string;
  mid: string;
  high: string;
  tired: string;
}

/** A soul stage in words. */
export interface StageText {
  name: string;
  description: string;
  tendency: string;
  /** Imperative advice to the model while the character is in this stage. */
  instruction: string;
}

/** A basic need in words. */
export interface NeedText {
  name: string;
  levels: Record<NeedLevel, string>;
  /** What the character seeks when the need is in deficit. */
  direction: string;
}

/** Line labels of the formatted blocks, each with its own separator (`Emotion: `, `感情：`). */
export interface FormatLabels {
  /** The first line of the instruction block. */
  header: string;
  emotion: string;
  energy: string;
  stage: string;
  needs: string;
  relationship: string;
  event: string;
  language: string;
  stageInstruction: string;
  expression: string;
  length: string;
  need: string;
  role: string;
  description: string;
  values: string;
  speakingStyle: string;
  personality: string;
  goals: string;
  /** Ends one sentence before another on the same line (`. ` or `。`). */
  stop: string;
  /** Separates the items of a plain enumeration such as the core values (`, ` or `、`). */
  separator: string;
}

/**
 * How a locale puts words together. Only called while tables are compiled or a persona is first seen, never per
 * turn.
 */
export interface LocaleGrammar {
  intro(name: string): string;
  emotion(name: string, intensity: string): string;
  /** The secondary emotion as a clause after the primary one in the context block. */
  secondary(name: string): string;
  vad(valence: string, arousal: string, dominance: string): string;
  expression(name: string, intensity: string, style: string): string;
  /** The secondary emotion as a sentence after the expression guide. */
  undertone(name: string): string;
  /** A low-intensity style when energy is low. */
  tiredLow(style: string): string;
  energy(energy: string, stress: string): string;
  stageLine(stage: StageText): string;
  needLine(name: string, description: string): string;
  needsLine(lines: readonly string[]): string;
  deficitSummary(names: readonly string[]): string;
  needDirection(directions: readonly string[]): string;
  relationship(familiarity: string, rapport: string, trust: string, attachment: string): string;
  trait(name: string, level: string, behavior: string): string;
  withFacets(behavior: string, facets: readonly string[]): string;
}

/** Whom a group turn was aimed at, as {@link GroupText.instruction} distinguishes it. */
export type GroupAddress = 'character' | 'everyone' | 'participant';

/**
 * The text of group turns (a speaker named with `from`). Unlike the rest of a locale, these functions run per group
 * turn, because they put participants' names into sentences.
 */
export interface GroupText {
  /** Line label of the speaker (`Speaking: `). */
  speakerLabel: string;
  /** Line label of the others who matter now (`Also on your mind: `). */
  othersLabel: string;
  /** Line label of the group instruction (`Group: `). */
  instructionLabel: string;
  /** Joins the descriptions of the others (`; `). */
  separator: string;
  /** A person described without a name, from the familiarity, rapport and trust texts (compiled per band). */
  description(familiarity: string, rapport: string, trust: string): string;
  /** A named person with their description: `Bob (a stranger; ...)`. */
  person(name: string, description: string): string;
  /** The speaker line: who speaks, described, and to whom. */
  speaker(person: string, to: GroupAddress, target: string | null): string;
  /** How to voice the character in the room: whom to answer, and that others are listening. */
  instruction(speaker: string, to: GroupAddress, target: string | null): string;
}

/**
 * All descriptive text of prompt_data in one language. Every table is a Record over its key union, so a missing
 * entry fails to typecheck.
 */
export interface LocaleTable {
  locale: PromptLocale;
  /** Tells the model to answer in this locale's language, in that language. */
  languageDirective: string;
  emotions: Record<EmotionLabel, string>;
  intensities: Record<IntensityLevel, string>;
  expressions: Record<EmotionLabel, ExpressionStyle>;
  /** Valence from V = -1 to 1. */
  valence: FiveBands;
  /** Arousal from A = 0 to 1. */
  arousal: FiveBands;
  /** Dominance from D = -1 to 1. */
  dominance: FiveBands;
  traitLevels: FiveBands;
  traits: Record<TraitName, { name: string; behaviors: FiveBands }>;
  /** What a facet adds when it stands well apart from its domain: `[when lower, when higher]`. */
  facets: Record<Facet, readonly [low: string, high: string]>;
  energy: Record<EnergyLevel, string>;
  stress: Record<StressLevel, string>;
  stages: Record<SoulStageId, StageText>;
  needs: Record<keyof NeedState, NeedText>;
  needsMet: string;
  familiarity: Record<FamiliarityLevel, string>;
  rapport: Record<RapportLevel, string>;
  trust: Record<TrustLevel, string>;
  attachment: Record<AttachmentStyle, string>;
  lengths: Record<LengthHint, string>;
  labels: FormatLabels;
  grammar: LocaleGrammar;
  group: GroupText;
  /** The support directive, given while the speaker repeatedly expresses distress (docs/relationship-health.md). */
  support: SupportText;
}

/** The words of the support directive. */
export interface SupportText {
  /** Line label in the instruction block (`Support: `). */
  label: string;
  /** What the character should do: encourage real-world support, and never claim to be a professional. */
  directive: string;
}
