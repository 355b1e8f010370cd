import type { Clock } from '../clock.js';
import { isLimbicError } from '../errors.js';
import type { ProactiveAction } from '../proactive/proactive-action.js';
import type { Random } from '../random.js';
import type { SessionStore } from '../store/session-store.js';
import type { LoadedSession } from './loaded-session.js';
import { runProactiveStep } from './proactive-step.js';
import type { SessionWriter } from './session-writer.js';

/**
 * The time-driven checks of a session service: the pure {@link runProactiveStep} on each read, written through the
 * session writer (so a check is serialized with the session's turns and claimed by compare-and-set).
 */
export class DueChecks {
  readonly #store: SessionStore;
  readonly #clock: Clock;
  readonly #writer: SessionWriter;
  readonly #random: Random;

  constructor(store: SessionStore, clock: Clock, writer: SessionWriter, random: Random) {
    this.#store = store;
    this.#clock = clock;
    this.#writer = writer;
    this.#random = random;
  }

  /** Checks a session by id (any owner): resolves with the action raised, or null. */
  async check(sessionId: string): Promise<ProactiveAction | null> {
    const record = await this.#store.get(sessionId);
    if (!record) return null;
    const { persona, params } = this.#writer.paramsOf(record);
    return this.checkRead({ record, persona, params, now: this.#clock.now() });
  }

  /**
   * Checks a session read before the lock; the writer re-reads it when it is stale or the write loses a race. Null
   * when the session is not due (any more), raised nothing, or no longer exists.
   */
  async checkRead(first: LoadedSession): Promise<ProactiveAction | null> {
    const { owner, id } = first.record;
    try {
      return await this.#writer.commit(
        owner,
        id,
        (session) => {
          const { record, action } = runProactiveStep(session, this.#random);
          return { record, result: action, cause: action ? 'proactive' : undefined, action };
        },
        first,
      );
    } catch (error) {
      if (isLimbicError(error, 'NOT_FOUND')) return null;
      throw error;
    }
  }

  /** The pending actions of an owner's session, after the check when one is due. @throws LimbicError NOT_FOUND. */
  async pending(owner: string, sessionId: string): Promise<ProactiveAction[]> {
    const session = await this.#writer.read(owner, sessionId);
    const { record } = session;
    if (record.nextDueAt !== null && record.nextDueAt <= session.now) {
      await this.checkRead(session);
      return (await this.#writer.read(owner, sessionId)).record.proactive.pending;
    }
    return record.proactive.pending;
  }

  /** Checks every session due now (at most `limit`); resolves with the actions raised. */
  async runDue(limit: number): Promise<ProactiveAction[]> {
    const due = await this.#store.due(this.#clock.now(), limit);
    const actions: ProactiveAction[] = [];
    for (const { id } of due) {
      const action = await this.check(id);
      if (action) actions.push(action);
    }
    return actions;
  }
}
