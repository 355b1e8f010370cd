import type { Appraisal } from './appraisal.js';
import type { Perceived } from './reader-appraiser.js';

/** Who produced an event: the person talking to the character, the world around it, or the character's own mind. */
export type EventSource = 'user' | 'system' | 'internal';

/** The event sources, for validation and documentation. */
export const eventSources = ['user', 'system', 'internal'] as const satisfies readonly EventSource[];

/** A natural-language event to appraise. */
export interface TextEvent {
  /** What happened, in natural language. */
  description: string;
  /** Who produced it; a chat message is `user`. Default `user`. */
  source?: EventSource;
}

/** What an appraiser may know about the character when it appraises an event. */
export interface AppraisalContext {
  /** Character name, role and values, so relevance and norm checks can use them. */
  name?: string;
  role?: string;
  coreValues?: readonly string[];
  goals?: readonly string[];
  /** BCP 47 language of the character (the offline appraiser reads English only). */
  language?: string;
  /** Rapport with the person, [0, 1]: how much the character feels with their fortunes (reader appraiser). */
  rapport?: number;
  /** The character's agreeableness, [0, 1]: the same. */
  agreeableness?: number;
}

/** The outcome of appraising a text: the vector, and which appraiser produced it. */
export interface AppraisalOutcome {
  appraisal: Appraisal;
  /**
   * The appraiser that produced the vector: `reader` (the offline reader), `llm` (an OpenAI-compatible model),
   * `lexicon`, or a custom appraiser's name.
   */
  appraiser: string;
  /** Set when the configured appraiser failed and a fallback produced the vector: why it failed. */
  fallbackReason?: string;
  /** What the offline reader read in the message, when it ran. */
  perceived?: Perceived;
}

/**
 * Turns a natural-language event into a six-dimension appraisal. Implementations must always resolve with a valid
 * appraisal (every dimension in range) or reject with a LimbicError; the session service validates the result.
 */
export interface Appraiser {
  /** A short name for logs and results. */
  readonly name: string;
  appraise(event: TextEvent, context: AppraisalContext, signal?: AbortSignal): Promise<AppraisalOutcome>;
}
