import type { EmotionLabel } from '../labels/emotion-label.js';
import type { Domain } from '../persona/hexaco.js';
import type { Appraisal } from './appraisal.js';
import type { Conduct } from './conduct.js';
import type { Perceived } from './perceived.js';
import type { Roles } from './roles.js';

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
  /** Rapport with the person, [0, 1]: how much the character feels with their fortunes. */
  rapport?: number;
  /**
   * The character's agreeableness, [0, 1]: the same. Superseded by `personality.A` when both are given (kept for
   * callers that set only this).
   */
  agreeableness?: number;
  /** The character's HEXACO domains, [0, 1]: personality shapes what it feels (docs/emotion-model.md §11.5). */
  personality?: Readonly<Record<Domain, number>>;
  /**
   * Whom the message is addressed to: the character (default), another participant of a group (then "you" is that
   * participant, not the character), or everyone.
   */
  addressee?: 'character' | 'participant' | 'everyone';
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
  /** Who did what to whom, as the appraiser understood the message (text appraisers that read roles). */
  roles?: Roles;
  /**
   * What the message means for the relationship with the speaker (text appraisers that read roles): only their
   * conduct toward the character moves trust. Without it, the appraisal's agency decides (docs §8.2).
   */
  conduct?: Conduct;
  /**
   * The emotion the appraiser read the event as, for the character (text appraisers that understand the message):
   * the episode takes it instead of the appraisal labeller's (docs/emotion-model.md §7.2).
   */
  feeling?: EmotionLabel;
}

/**
 * Turns a natural-language event into a six-dimension appraisal. Implementations must always resolve with a valid
 * appraisal (every dimension in range) or reject with a LimbicError; the session service validates the result.
 */
export interface Appraiser {
  /** A short name for logs and results. */
  readonly name: string;
  /**
   * True for an appraiser that does no I/O and answers in microseconds (the offline reader, the lexicon): the session
   * service appraises a text turn inside the session's lock, on the very state the turn is applied to, so each turn
   * is appraised once however many arrive at once. Otherwise (an LLM) it appraises before taking the lock, so a slow
   * answer holds up no other turn, and again only if the state changed what the appraiser is told.
   */
  readonly local?: boolean;
  appraise(event: TextEvent, context: AppraisalContext, signal?: AbortSignal): Promise<AppraisalOutcome>;
}
