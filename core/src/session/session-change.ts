import type { SignalReading } from '../health/signals.js';
import type { ProactiveAction } from '../proactive/proactive-action.js';
import type { SessionRecord } from '../store/session-store.js';
import type { StateCause, TurnResult } from './session-types.js';

/** What one pass over a session decided: the record to write (null: nothing), its result, and what to emit. */
export interface SessionChange<T> {
  /** A new record object (the writer sets its version), or null for no write. */
  record: SessionRecord | null;
  result: T;
  /** The cause of the `state` event after the write; undefined: no `state` event. */
  cause?: StateCause | undefined;
  /** A proactive action the change raised: pushed as a `proactive` event after the write. */
  action?: ProactiveAction | null | undefined;
  /** A turn's result: emitted as a `turn` event after the write. */
  turn?: TurnResult | undefined;
  /** Relationship signals of the turn's sender that the change started: a `signal` event each after the write. */
  signals?: SignalReading[] | undefined;
}
