import type { Appraiser } from '../appraisal/appraiser.js';
import type { Clock } from '../clock.js';
import type { PersonaWriter } from '../persona/persona-writer.js';
import type { Random } from '../random.js';
import type { SessionStore } from '../store/session-store.js';

/** Compare-and-set retries of a turn before CONFLICT (several instances writing one session). */
export const defaultMaxRetries = 32;

/**
 * The most commits waiting on one session that the writer plans together and writes with one compare-and-set (one
 * fsync on SQLite FULL). A cap, not a wait: a batch holds what queued during the previous write, up to this.
 */
export const defaultMaxBatch = 64;

/** Options of {@link createSessionService}. */
export interface SessionServiceOptions {
  /** Where sessions live. Default: a new in-memory store. */
  store?: SessionStore;
  /** The engine clock. Default: the system clock. */
  clock?: Clock;
  /**
   * How many times slower than the engine clock feelings fade: the half-lives of emotion, mood and stress are
   * multiplied by it (`slowDecay`). A demo clock sets it to `timeScale / feelingTimeScale`, so absence and
   * proactive timing run fast while a feeling lasts long enough to be seen (docs/proactive.md). Default 1.
   */
  decaySlowdown?: number;
  /** Randomness for identifiers. Default: Web Crypto. */
  random?: Random;
  /**
   * Turns text into appraisals. Default: the offline {@link createReaderAppraiser | reader} (English; its weights
   * load on the first text turn).
   */
  appraiser?: Appraiser;
  /**
   * Writes personas from a description (an LLM, e.g. `createPersonaWriter(settings)`). Without one, a definition that
   * gives only a description is a VALIDATION_ERROR naming the missing setting.
   */
  personaWriter?: PersonaWriter;
  /** Session quota of an owner (undefined: unlimited). */
  maxSessions?: (owner: string) => number | undefined;
  /** Compare-and-set retries before a turn fails with CONFLICT. Default {@link defaultMaxRetries}. */
  maxRetries?: number;
  /**
   * The most commits (turns, due checks, edits) waiting on one session that are planned together and written with
   * one compare-and-set, so one fsync on SQLite FULL; 1 writes each alone. Default {@link defaultMaxBatch} (64).
   */
  maxBatch?: number;
  /** Called when an event listener throws. Default: ignore. */
  onListenerError?: (error: unknown, event: string) => void;
  /**
   * Most participants a session keeps (group sessions); past it, the one seen least recently is forgotten. Default
   * {@link maxParticipants} (1,000).
   */
  maxParticipants?: number;
  /**
   * Re-emit changes that other processes write to a shared store (when the store has `watch`), so subscribers of
   * this process hear about turns, actions and deletions made elsewhere. Default true.
   */
  watchStore?: boolean;
}
