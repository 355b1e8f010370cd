import type { Domain, Facet } from './hexaco.js';

/** Who the character is. Every field is optional. */
export interface Identity {
  name?: string;
  /** Values that guide the character's emotional responses, e.g. `["honesty", "loyalty"]`. */
  core_values?: string[];
  /** A natural-language description of how the character talks. */
  speaking_style?: string;
  /** Role or occupation. */
  role?: string;
  /** BCP 47 language tag of the character (`en`, `es`, `ja`, ...): prompt_data tells the model to answer in it. */
  language?: string;
}

/** HEXACO personality: six domains in [0, 1] and optionally any of the 24 facets in [0, 1]. */
export interface PersonalityInput extends Partial<Record<Domain, number>> {
  facets?: Partial<Record<Facet, number>>;
}

/** A VAD point as the interface exposes it: V and D in [-1, 1], A in [0, 1]. */
export interface Vad {
  V: number;
  A: number;
  D: number;
}

/**
 * The emotion dynamics of a character. Every field is derived from personality unless overridden in the persona's
 * `emotion_config`; docs/emotion-model.md explains each one.
 */
export interface EmotionConfig {
  /** Resting emotional state (V, D in [-1, 1]; A in [0, 1]). Default: Mehrabian (1996) from personality. */
  baseline: Vad;
  /** Overall scale of an event's impulse on emotion, [0, 2]. Default 0.6·(1 − 0.15·z_prudence). */
  reactivity: number;
  /** Gain on pleasant impulses, [0, 3]. Default 1 + 0.4·zE + 0.2·(z_liveliness − zE) (Larsen & Ketelaar 1991). */
  positive_gain: number;
  /** Gain on unpleasant impulses, [0, 3]. Default 1 + 0.5·zN + 0.25·(z_anxiety − zN). */
  negative_gain: number;
  /** Gain on arousal impulses, [0, 3]. Default 1 + 0.3·zN + 0.15·zE. */
  arousal_gain: number;
  /** Half-life of an emotion episode toward mood, in seconds, before per-emotion duration factors. Default 90. */
  emotion_half_life_seconds: number;
  /** Half-life of mood toward baseline, in seconds. Default 600 (10 minutes). */
  mood_half_life_seconds: number;
  /** Share of the distance from mood to the new emotion that mood moves per turn, scaled by intensity, [0, 1]. Default 0.3. */
  mood_pull: number;
  /** Delta-rule learning rate of the expectation model, [0, 1]. Default 0.25·(1 + 0.3·z_flexibility). */
  expectation_learning_rate: number;
  /** Emotion intensity above which emotional_overflow fires, [0, 1]. Default 0.75 − 0.15·zN + 0.05·zC. */
  coping_threshold: number;
  /** Energy regained per hour of rest, [0, 10]. Default 0.125 (empty to full in about 8 hours). */
  energy_recovery_per_hour: number;
  /** Half-life of stress at full energy, in seconds. Default 7200·(1 + 0.5·zN)/1.5. */
  stress_half_life_seconds: number;
  /** Least emotional time a turn counts for, in seconds, [0, 3600]. Default 30. */
  turn_seconds: number;
}

/** The emotion_config of a persona definition: any subset of {@link EmotionConfig}. */
export type EmotionConfigInput = Partial<EmotionConfig>;

/** A goal of the character; strings in a definition become goals of priority 0.5. */
export interface Goal {
  content: string;
  /** Importance in [0, 1]. */
  priority: number;
}

/**
 * A persona definition as clients send it (the interface's "persona definition"): a preset, custom fields, or a
 * preset with custom fields that take precedence field by field.
 */
export interface PersonaDefinition {
  preset?: string;
  identity?: Identity;
  personality?: PersonalityInput;
  emotion_config?: EmotionConfigInput;
  goals?: string[];
  /** One line saying who the character is. */
  description?: string;
}

/** A persona after preset merge, validation and facet resolution: every domain and every facet has a value. */
export interface ResolvedPersona {
  /** The preset it started from, or null for a fully custom persona. */
  preset: string | null;
  description: string;
  identity: Identity & { name: string; language: string; core_values: string[] };
  personality: Record<Domain, number> & { facets: Record<Facet, number> };
  goals: string[];
  /** Only the emotion_config fields the definition (or preset) set explicitly; the rest are derived. */
  emotion_config: EmotionConfigInput;
}
