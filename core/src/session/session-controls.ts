import type { Random } from '../random.js';
import { type OverrideResult, overrideStep } from './override-step.js';
import type { SessionWriter } from './session-writer.js';
import { parseOverride } from './state-override.js';
import { parseTick, type TickResult, tickStep } from './tick-step.js';

/**
 * The operator's controls of the session service (`service.controls`, docs/time-control.md): advance one session's
 * own time, and set values of its state as a story beat. Both are ordinary writes through the session's queue
 * (compare-and-set, batched with the session's turns, seen by other processes through the store's watch), and each
 * emits a `state` event (cause `tick` or `override`).
 * @example
 * await service.controls.tick('local', sessionId, { seconds: 6 * 3600 });
 * await service.controls.override('local', sessionId, { emotion: { V: -0.6 }, note: 'the storm hits' });
 */
export class SessionControls {
  readonly #writer: SessionWriter;
  readonly #random: Random;

  /** @internal Built by the session service. */
  constructor(writer: SessionWriter, random: Random) {
    this.#writer = writer;
    this.#random = random;
  }

  /**
   * Advances one session's own time by `seconds` (in (0, 30 days]): decay, needs, relationship drift, forgetting
   * and the due proactive check happen as if that time had passed; the engine clock does not move. Resolves with
   * the state after it and the actions the check raised.
   * @throws LimbicError VALIDATION_ERROR naming `seconds`, NOT_FOUND or CONFLICT.
   */
  async tick(owner: string, sessionId: string, input: unknown): Promise<TickResult> {
    const { seconds } = parseTick(input);
    return this.#writer.mutate(owner, sessionId, (session) => tickStep(session, seconds, this.#random));
  }

  /**
   * Sets emotion, mood, body budget or a relationship value (each within its range), recorded in the session's
   * override log with `by` (the API key id; `local` in process) and the engine time; the next turn's explanation
   * names the part of the change it caused (`override`).
   * @throws LimbicError VALIDATION_ERROR naming the field, NOT_FOUND (also for an unknown relationship
   * participant) or CONFLICT.
   */
  async override(owner: string, sessionId: string, input: unknown, by = 'local'): Promise<OverrideResult> {
    const values = parseOverride(input);
    return this.#writer.mutate(owner, sessionId, (session) => overrideStep(session, values, by));
  }
}
