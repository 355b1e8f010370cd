import type { Domain } from '../persona/hexaco.js';
import type { ExperienceKind } from '../reader/experience.js';
import type { AppraisalContext, EventSource } from './appraiser.js';
import type { Party } from './roles.js';

/** What the speaker does to the character by saying it, when the message is aimed at the character. */
export type SpeechAct = 'praise' | 'affection' | 'criticism' | 'none';

/**
 * A message as understood, whoever read it (the offline reader or an LLM): what the experiencer feels, how strongly
 * the evidence says so, and who did what to whom. {@link appraiseHeard} turns it into the character's appraisal.
 */
export interface HeardEvent {
  source: EventSource;
  /** What the experiencer of the event feels. */
  kind: ExperienceKind;
  /** How pleasant the event is for its experiencer, [−1, 1]. */
  valence: number;
  /**
   * How much the evidence says the event matters, [0, 1]: a confident reading of a life event near 1, an uncertain
   * reading or small talk near 0 (docs/reader.md, "Evidence sets strength").
   */
  strength: number;
  /** How activating it is, [−1, 1] (0 when unknown). */
  activation: number;
  /**
   * How much of the reading is threat (fear or nervousness), [0, 1]: an uncertain misfortune ("my grandmother is in
   * the hospital") rather than a settled loss ("my dog died").
   */
  threat: number;
  experiencer: Party;
  cause: Party | 'nobody';
  /** The message is aimed at the character as praise, affection or criticism (its own speech act). */
  act: SpeechAct;
  /** The message apologises. */
  apology: boolean;
  /** Evidence of a moral breach in what happened, [0, 1] ("lied", "cheated", "unfair"). */
  breach: number;
  /** Someone else wronged the experiencer: a harm a third party did to them, with evidence of a breach. */
  wronged: boolean;
  /** The character is said to have acted ("you won", "you did it"): praise is its own success. */
  characterActed: boolean;
  /** Explicit expectation and control cues, or null. */
  expectedness: number | null;
  controllability: number | null;
}

/** The character who hears it. */
export interface Listener {
  /** HEXACO domains, [0, 1]. */
  personality: Readonly<Record<Domain, number>>;
  /** Rapport with the speaker, [0, 1]; 0.5 is neutral. */
  rapport: number;
}

/** The personality of a character with every trait at 0.5, when the context gives none. */
const neutralPersonality = { O: 0.5, C: 0.5, E: 0.5, A: 0.5, N: 0.5, H: 0.5 } as const;

/**
 * The listener an appraisal context describes: its personality (neutral traits with the context's agreeableness
 * when it gives none) and its rapport with the speaker (0.5 when unknown).
 */
export function listenerOf(context: AppraisalContext): Listener {
  const personality = context.personality ?? { ...neutralPersonality, A: context.agreeableness ?? 0.5 };
  return { personality, rapport: context.rapport ?? 0.5 };
}
